// Advanced › Preview engine and Search limits: the supervised server child that runs this
// window's own searches (its pid, state and raw messages under Details), and the limits, skipped
// patterns and links settings that every AI app's server reads.
import type { ReactNode } from 'react';
import type { ServerStatus } from '#shared/contract/ipc.js';
import { Badge, Button, Callout, ErrorCallout, Section, Spinner } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { formatLocal } from '../../ui/format.js';
import { useAction } from '../../app/use-action.js';
import './advanced.css';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';
import { t as translate } from '#shared/i18n/i18n.js';

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

const STATE_TONES: Record<ServerStatus['state'], Tone> = {
  running: 'success',
  starting: 'warning',
  unresponsive: 'danger',
  restarting: 'warning',
  crashed: 'danger',
  stopped: 'neutral',
};

/** How a preview engine state reads in the UI. */
export function serverStateLabel(state: ServerStatus['state']): { label: string; tone: Tone } {
  return { label: translate(`advanced.engine.states.${state}`), tone: STATE_TONES[state] };
}

/** Advanced › Preview engine: what it is, its state, restart, and the technical details. */
export function PreviewEngine(): ReactNode {
  const { bridge, status, setStatus, info } = useApp();
  const restart = useAction(() => bridge.invoke('server:restart', {}));
  const onRestart = async (): Promise<void> => {
    const result = await restart.run();
    if (result) setStatus(result);
  };
  const state = status ? serverStateLabel(status.state) : null;
  const t = useT();

  return (
    <Section
      title={t('advanced.engine.title')}
      actions={
        <Button
          onClick={() => void onRestart()}
          busy={restart.busy}
          busyLabel={t('advanced.engine.restarting')}
          data-testid="server-restart"
        >
          {t('advanced.engine.restart')}
        </Button>
      }
    >
      <div className="engine-explainer" data-testid="engine-explainer">
        <p>
          <Trans i18nKey="advanced.engine.explain1" components={[<strong key="preview" />]} />
        </p>
        <p>{t('advanced.engine.explain2')}</p>
      </div>
      <div className="status-body" data-testid="server-status">
        {status === null || state === null ? (
          <p className="muted inline-status">
            <Spinner /> {t('advanced.engine.checking')}
          </p>
        ) : (
          <>
            <p className="engine-state">
              <span id="engine-state-label">{t('advanced.engine.state')}</span>{' '}
              <span aria-live="polite" aria-describedby="engine-state-label">
                <Badge tone={state.tone}>
                  <span className={`dot dot-${state.tone}`} aria-hidden="true" />
                  <span data-testid="server-state">{state.label}</span>
                </Badge>
              </span>
            </p>
            {status.state === 'crashed' ? (
              <Callout tone="warning" title={t('advanced.engine.crashedTitle')}>
                <p>
                  <Trans
                    i18nKey="advanced.engine.crashedBody"
                    components={[<strong key="restart" />]}
                  />
                </p>
              </Callout>
            ) : null}
            <EngineDetails status={status} host={info.host} />
          </>
        )}
      </div>
      {restart.error ? (
        <ErrorCallout
          error={restart.error}
          title={t('advanced.engine.notRestarted')}
          onDismiss={restart.clearError}
        />
      ) : null}
    </Section>
  );
}

function EngineDetails(props: { status: ServerStatus; host: string }): ReactNode {
  const { status } = props;
  const t = useT();
  return (
    <details
      className="details engine-details"
      open={status.state === 'crashed' || undefined}
      data-testid="engine-details"
    >
      <summary>{t('advanced.engine.details')}</summary>
      <dl className="meta meta-grid">
        <div>
          <dt>{t('advanced.engine.technical')}</dt>
          <dd>
            <code>{status.state}</code>
          </dd>
        </div>
        <div>
          <dt>{t('advanced.engine.pid')}</dt>
          <dd data-testid="engine-pid">{status.pid ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('advanced.engine.restarts')}</dt>
          <dd>{status.restarts}</dd>
        </div>
        <div>
          <dt>{t('advanced.engine.started')}</dt>
          <dd>{formatLocal(status.startedAt, '—')}</dd>
        </div>
        <div>
          <dt>{t('advanced.engine.runningAs')}</dt>
          <dd data-testid="engine-host">
            {props.host === 'electron' ? t('advanced.engine.desktop') : t('advanced.engine.web')}
          </dd>
        </div>
      </dl>
      {status.lastError ? (
        <>
          <p className="subheading">{t('advanced.engine.lastError')}</p>
          <p className="mono-text">{status.lastError}</p>
        </>
      ) : null}
      <p className="subheading">
        {t('advanced.engine.messages', { count: status.stderrTail.length })}
      </p>
      {status.stderrTail.length === 0 ? (
        <p className="muted">{t('advanced.engine.noMessages')}</p>
      ) : (
        <pre className="code-block log-block" data-testid="server-stderr" tabIndex={0}>
          <code>{status.stderrTail.join('\n')}</code>
        </pre>
      )}
    </details>
  );
}
