// Advanced › About › Updates: whether FolderGate is up to date, the new version ready to install
// with what changed, "Restart to update" (which waits while an approval waits or a search runs, and
// on Windows while an AI app runs FolderGate), and the switch of automatic checks.
import type { ReactNode } from 'react';
import type { UpdateState, UpdateWait } from '#shared/updates/updates.js';
import { Button, Callout, ErrorCallout, Section, Switch } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { useLive } from '../../app/use-live.js';
import { formatLocal } from '../../ui/format.js';
import { useT } from '../../ui/i18n.js';

/** The updater's state, live. */
export function useUpdateState(): UpdateState | null {
  return useLive(useApp().bridge, 'updates:state', 'updates:changed');
}

/** One thing a restart waits for, in words. */
function WaitLine(props: { wait: UpdateWait }): ReactNode {
  const t = useT();
  const { wait } = props;
  if (wait.kind === 'approval')
    return <li>{t('advanced.updates.waitApproval', { count: wait.count })}</li>;
  if (wait.kind === 'search')
    return <li>{t('advanced.updates.waitSearch', { count: wait.count })}</li>;
  return (
    <li>
      {wait.app
        ? t('advanced.updates.waitApp', { app: wait.app })
        : t('advanced.updates.waitUnknownApp', { pid: wait.pid })}
    </li>
  );
}

/** What the updater is doing, in one sentence. */
function StatusLine(props: { state: UpdateState }): ReactNode {
  const t = useT();
  const { state } = props;
  const version = state.available?.version ?? '';
  const text =
    state.unsupported !== null
      ? t(`advanced.updates.unsupported.${state.unsupported}`)
      : state.phase === 'checking'
        ? t('advanced.updates.checking')
        : state.phase === 'downloading'
          ? t('advanced.updates.downloading', { version, percent: state.progress ?? 0 })
          : state.phase === 'ready'
            ? t('advanced.updates.ready', { version })
            : state.phase === 'up-to-date'
              ? t('advanced.updates.upToDate', { when: formatLocal(state.checkedAt) })
              : state.phase === 'failed'
                ? t(`advanced.updates.problem.${state.problem?.kind ?? 'other'}`)
                : t('advanced.updates.notChecked');
  return (
    <p data-testid="updates-status" role="status">
      {text}
    </p>
  );
}

/** The Updates section of About. */
export function Updates(): ReactNode {
  const { bridge, view } = useApp();
  const state = useUpdateState();
  const t = useT();
  const check = useAction(() => bridge.invoke('updates:check', {}));
  const restart = useAction(() => bridge.invoke('updates:restart', {}));
  const cancel = useAction(() => bridge.invoke('updates:cancelRestart', {}));
  const auto = useAction((next: boolean) =>
    bridge.invoke('settings:update', { checkForUpdates: next }),
  );
  if (!state) return null;
  const supported = state.unsupported === null;
  const busy = state.phase === 'checking' || state.phase === 'downloading';
  const ready = state.phase === 'ready' && state.available !== null;
  const error = check.error ?? restart.error ?? cancel.error;
  return (
    <Section title={t('advanced.updates.title')}>
      <StatusLine state={state} />
      {ready && state.available?.notes ? (
        <div className="updates-notes" data-testid="updates-notes">
          <p className="setting-title">
            {t('advanced.updates.whatChanged', { version: state.available.version })}
          </p>
          <p className="updates-notes-text">{state.available.notes}</p>
        </div>
      ) : null}
      {state.phase === 'failed' && state.problem ? (
        <details className="callout-details" data-testid="updates-problem">
          <summary>{t('common.error.details')}</summary>
          <pre className="callout-details-text">{state.problem.detail}</pre>
        </details>
      ) : null}
      {ready && !state.restartRequested ? (
        <p className="muted" data-testid="updates-running-apps">
          {t(`advanced.updates.runningApps.${state.runningApps}`)}
        </p>
      ) : null}
      {state.restartRequested && state.waitingFor.length > 0 ? (
        <Callout tone="info" role="status" title={t('advanced.updates.waitingTitle')}>
          <ul className="about-list" data-testid="updates-waiting">
            {state.waitingFor.map((wait, i) => (
              <WaitLine key={i} wait={wait} />
            ))}
          </ul>
        </Callout>
      ) : null}
      {supported ? (
        <div className="updates-actions">
          {ready && !state.restartRequested ? (
            <Button
              variant="primary"
              onClick={() => void restart.run()}
              busy={restart.busy}
              data-testid="updates-restart"
            >
              {t('advanced.updates.restart', { version: state.available?.version ?? '' })}
            </Button>
          ) : null}
          {state.restartRequested ? (
            <Button
              onClick={() => void cancel.run()}
              busy={cancel.busy}
              data-testid="updates-cancel"
            >
              {t('advanced.updates.cancel')}
            </Button>
          ) : null}
          {!ready ? (
            <Button
              onClick={() => void check.run()}
              busy={busy || check.busy}
              data-testid="updates-check"
            >
              {t('advanced.updates.check')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {error ? <ErrorCallout error={error} title={t('advanced.updates.failed')} /> : null}
      {/* A copy that cannot update itself has no checks to switch: no switch that does nothing. */}
      {supported ? (
        <div className="setting-row">
          <div>
            <p className="setting-title">{t('advanced.updates.auto')}</p>
            <p className="muted" id="updates-auto-desc">
              {t('advanced.updates.autoHint')}
            </p>
          </div>
          <Switch
            checked={view.settings.checkForUpdates}
            onChange={(next) => void auto.run(next)}
            label={t('advanced.updates.auto')}
            busy={auto.busy}
            describedBy="updates-auto-desc"
            testId="updates-auto"
          />
        </div>
      ) : null}
      {auto.error ? (
        <ErrorCallout
          error={auto.error}
          title={t('advanced.couldNotChange')}
          onDismiss={auto.clearError}
        />
      ) : null}
    </Section>
  );
}
