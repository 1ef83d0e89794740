// Advanced › Search limits: the switch of instant search (the app's live index of the allowed
// folders), with what it costs and what it holds now.
import type { ReactNode } from 'react';
import { ErrorCallout, Section, Switch } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { useEngineStatus } from '../folders/search-readiness.js';

export function InstantSearch(): ReactNode {
  const { bridge, view } = useApp();
  const status = useEngineStatus();
  const save = useAction((next: boolean) =>
    bridge.invoke('settings:update', { instantSearch: next }),
  );
  const on = view.settings.instantSearch;
  const held = status?.folders.reduce((n, f) => n + f.entries, 0) ?? 0;
  return (
    <Section title="Instant search">
      <div className="setting-row">
        <div>
          <p className="setting-title">Keep a list of my folders for instant search</p>
          <p className="muted" id="instant-search-desc">
            FolderGate keeps the names, sizes and dates of the files in your folders (never what is
            inside them), so AI apps get complete answers at once. It takes about 140 MB of memory
            for a million files. Turned off, every search looks through the folder again: slower,
            and on very large folders in several parts.
          </p>
          {on && status?.running ? (
            <p className="muted" data-testid="instant-search-held">
              Holding {held.toLocaleString()} files and folders now.
            </p>
          ) : null}
        </div>
        <Switch
          checked={on}
          onChange={(next) => void save.run(next)}
          label="Instant search"
          busy={save.busy}
          describedBy="instant-search-desc"
          testId="instant-search"
        />
      </div>
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title="Could not change this"
          onDismiss={save.clearError}
        />
      ) : null}
    </Section>
  );
}
