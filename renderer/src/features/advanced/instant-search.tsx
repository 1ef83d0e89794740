// Advanced › Search limits: the switch of instant search (the app's live index of the allowed
// folders), with what it costs and what it holds now.
import type { ReactNode } from 'react';
import { ErrorCallout, Section, Switch } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { useEngineStatus } from '../folders/search-readiness.js';
import { useT } from '../../ui/i18n.js';

export function InstantSearch(): ReactNode {
  const { bridge, view } = useApp();
  const status = useEngineStatus();
  const save = useAction((next: boolean) =>
    bridge.invoke('settings:update', { instantSearch: next }),
  );
  const on = view.settings.instantSearch;
  const t = useT();
  const held = status?.folders.reduce((n, f) => n + f.entries, 0) ?? 0;
  return (
    <Section title={t('advanced.instant.title')}>
      <div className="setting-row">
        <div>
          <p className="setting-title">{t('advanced.instant.setting')}</p>
          <p className="muted" id="instant-search-desc">
            {t('advanced.instant.hint')}
          </p>
          {on && status?.running ? (
            <p className="muted" data-testid="instant-search-held">
              {t('advanced.instant.holding', { count: held })}
            </p>
          ) : null}
        </div>
        <Switch
          checked={on}
          onChange={(next) => void save.run(next)}
          label={t('advanced.instant.title')}
          busy={save.busy}
          describedBy="instant-search-desc"
          testId="instant-search"
        />
      </div>
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title={t('advanced.couldNotChange')}
          onDismiss={save.clearError}
        />
      ) : null}
    </Section>
  );
}
