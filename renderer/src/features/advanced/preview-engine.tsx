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

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

const STATE_TONES: Record<ServerStatus['state'], { label: string; tone: Tone }> = {
  running: { label: 'Running', tone: 'success' },
  starting: { label: 'Starting', tone: 'warning' },
  unresponsive: { label: 'Not responding, restarting', tone: 'danger' },
  restarting: { label: 'Restarting', tone: 'warning' },
  crashed: { label: 'Stopped after errors', tone: 'danger' },
  stopped: { label: 'Stopped', tone: 'neutral' },
};

/** How a preview engine state reads in the UI. */
export function serverStateLabel(state: ServerStatus['state']): { label: string; tone: Tone } {
  return STATE_TONES[state];
}

/** Advanced › Preview engine: what it is, its state, restart, and the technical details. */
export function PreviewEngine(): ReactNode {
  const { bridge, status, setStatus, info } = useApp();
  const restart = useAction(() => bridge.invoke('server:restart', {}));
  const onRestart = async (): Promise<void> => {
    const result = await restart.run();
    if (result) setStatus(result);
  };
  const state = status ? STATE_TONES[status.state] : null;

  return (
    <Section
      title="Preview engine"
      actions={
        <Button
          onClick={() => void onRestart()}
          busy={restart.busy}
          busyLabel="Restarting…"
          data-testid="server-restart"
        >
          Restart preview engine
        </Button>
      }
    >
      <div className="engine-explainer" data-testid="engine-explainer">
        <p>
          The preview engine runs only the searches you make in <strong>Search preview</strong>, in
          this window.
        </p>
        <p>
          Your AI apps (Claude, Cursor and the others) each start their own copy of FolderGate when
          they need it. Restarting the preview engine does not affect them.
        </p>
      </div>
      <div className="status-body" data-testid="server-status">
        {status === null || state === null ? (
          <p className="muted inline-status">
            <Spinner /> Checking the preview engine…
          </p>
        ) : (
          <>
            <p className="engine-state">
              <span id="engine-state-label">State:</span>{' '}
              <span aria-live="polite" aria-describedby="engine-state-label">
                <Badge tone={state.tone}>
                  <span className={`dot dot-${state.tone}`} aria-hidden="true" />
                  <span data-testid="server-state">{state.label}</span>
                </Badge>
              </span>
            </p>
            {status.state === 'crashed' ? (
              <Callout tone="warning" title="The preview engine stopped after repeated errors">
                <p>
                  Press <strong>Restart preview engine</strong>. If it stops again, the messages
                  under Details say why. Your AI apps are not affected.
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
          title="The preview engine did not restart"
          onDismiss={restart.clearError}
        />
      ) : null}
    </Section>
  );
}

function EngineDetails(props: { status: ServerStatus; host: string }): ReactNode {
  const { status } = props;
  return (
    <details
      className="details engine-details"
      open={status.state === 'crashed' || undefined}
      data-testid="engine-details"
    >
      <summary>Details</summary>
      <dl className="meta meta-grid">
        <div>
          <dt>Technical state</dt>
          <dd>
            <code>{status.state}</code>
          </dd>
        </div>
        <div>
          <dt>Process ID</dt>
          <dd data-testid="engine-pid">{status.pid ?? '—'}</dd>
        </div>
        <div>
          <dt>Restarts</dt>
          <dd>{status.restarts}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatLocal(status.startedAt, '—')}</dd>
        </div>
        <div>
          <dt>Running as</dt>
          <dd data-testid="engine-host">
            {props.host === 'electron' ? 'Desktop app' : 'Web page in your browser'}
          </dd>
        </div>
      </dl>
      {status.lastError ? (
        <>
          <p className="subheading">Last error</p>
          <p className="mono-text">{status.lastError}</p>
        </>
      ) : null}
      <p className="subheading">Recent messages ({status.stderrTail.length})</p>
      {status.stderrTail.length === 0 ? (
        <p className="muted">The preview engine has not written any messages.</p>
      ) : (
        <pre className="code-block log-block" data-testid="server-stderr" tabIndex={0}>
          <code>{status.stderrTail.join('\n')}</code>
        </pre>
      )}
    </details>
  );
}
