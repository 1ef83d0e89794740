// When the settings file cannot be used: what happened and the way out (start over, keeping a copy).
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Callout, ErrorCallout } from '../ui/ui.js';
import { ConfirmDialog } from '../ui/dialog.js';
import { useApp } from './app-state.js';
import { useAction } from './use-action.js';
import './shell.css';
import { useT } from '../ui/i18n.js';

// What is wrong with the settings file; for a file that cannot be used (every change is refused
// until then), the one way on besides fixing it: start over, keeping the old file aside.
export function SettingsProblem(): ReactNode {
  const { view, bridge, setView } = useApp();
  const [asking, setAsking] = useState(false);
  const startOver = useAction(() => bridge.invoke('settings:startOver', {}));
  const t = useT();
  if (!view.problem) return null;
  const onConfirm = async (): Promise<void> => {
    const next = await startOver.run();
    if (next) {
      setView(next);
      setAsking(false);
    }
  };
  return (
    <Callout tone="warning" title={t('shell.settingsProblem.title')} role="note">
      <p>{view.problem}</p>
      {view.canStartOver ? (
        <>
          <Button size="sm" onClick={() => setAsking(true)} data-testid="start-over">
            {t('shell.settingsProblem.startOver')}
          </Button>
          <ConfirmDialog
            open={asking}
            title={t('shell.settingsProblem.confirmTitle')}
            confirmLabel={t('shell.settingsProblem.confirm')}
            busy={startOver.busy}
            onConfirm={() => void onConfirm()}
            onCancel={() => {
              startOver.clearError();
              setAsking(false);
            }}
          >
            <p>{t('shell.settingsProblem.body')}</p>
            {startOver.error ? (
              <ErrorCallout error={startOver.error} title={t('shell.settingsProblem.notChanged')} />
            ) : null}
          </ConfirmDialog>
        </>
      ) : null}
    </Callout>
  );
}
