// When the settings file cannot be used: what happened and the way out (start over, keeping a copy).
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Callout, ErrorCallout } from '../ui/ui.js';
import { ConfirmDialog } from '../ui/dialog.js';
import { useApp } from './app-state.js';
import { useAction } from './use-action.js';
import './shell.css';

// What is wrong with the settings file; for a file that cannot be used (every change is refused
// until then), the one way on besides fixing it: start over, keeping the old file aside.
export function SettingsProblem(): ReactNode {
  const { view, bridge, setView } = useApp();
  const [asking, setAsking] = useState(false);
  const startOver = useAction(() => bridge.invoke('settings:startOver', {}));
  if (!view.problem) return null;
  const onConfirm = async (): Promise<void> => {
    const next = await startOver.run();
    if (next) {
      setView(next);
      setAsking(false);
    }
  };
  return (
    <Callout tone="warning" title="Your settings file could not be read" role="note">
      <p>{view.problem}</p>
      {view.canStartOver ? (
        <>
          <Button size="sm" onClick={() => setAsking(true)} data-testid="start-over">
            Start over…
          </Button>
          <ConfirmDialog
            open={asking}
            title="Start over with default settings?"
            confirmLabel="Start over"
            busy={startOver.busy}
            onConfirm={() => void onConfirm()}
            onCancel={() => {
              startOver.clearError();
              setAsking(false);
            }}
          >
            <p>
              FolderGate begins again with no folders and its usual settings. Your current settings
              file is not deleted: it is kept beside the new one (settings.corrupt-…json), so you
              can copy your folders back from it.
            </p>
            {startOver.error ? (
              <ErrorCallout error={startOver.error} title="Nothing was changed" />
            ) : null}
          </ConfirmDialog>
        </>
      ) : null}
    </Callout>
  );
}
