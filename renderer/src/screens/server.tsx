// Server: the supervised preview server's status and restart, the pause switch, and advanced
// settings (scan limits, exclude patterns, following symbolic links).
import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { IpcRequest, ServerStatus } from '../../../shared/ipc.js';
import { DEFAULT_SCAN_LIMITS } from '../../../shared/settings.js';
import type { Settings } from '../../../shared/settings.js';
import { PauseSwitch } from '../components/pause-switch.js';
import {
  Badge,
  Button,
  Callout,
  ErrorCallout,
  PageHeader,
  Section,
  Spinner,
  Switch,
} from '../components/ui.js';
import { useApp } from '../lib/app-state.js';
import { formatLocal } from '../lib/format.js';
import { useAction } from '../lib/use-action.js';

const STATE_TONES: Record<
  ServerStatus['state'],
  { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  running: { label: 'Running', tone: 'success' },
  starting: { label: 'Starting', tone: 'warning' },
  unresponsive: { label: 'Not responding, restarting', tone: 'danger' },
  restarting: { label: 'Restarting', tone: 'warning' },
  crashed: { label: 'Stopped after errors', tone: 'danger' },
  stopped: { label: 'Stopped', tone: 'neutral' },
};

/** How a server state reads in the UI. */
export function serverStateLabel(state: ServerStatus['state']): {
  label: string;
  tone: 'success' | 'warning' | 'danger' | 'neutral';
} {
  return STATE_TONES[state];
}

/** The Server screen. */
export function ServerScreen(): ReactNode {
  const { info, view } = useApp();
  return (
    <>
      <PageHeader
        title="Server"
        description="The FolderGate server answers AI apps. Here you can check it, restart it, pause AI access and tune how searches run."
      />
      <StatusCard />
      <Section title="AI access">
        <div className="setting-row">
          <div>
            <p className="setting-title" id="pause-title">
              Pause AI access
            </p>
            <p className="muted" id="pause-desc">
              While paused, every AI app gets “AI access is paused in FolderGate” instead of
              results. Your folders stay configured.
            </p>
          </div>
          <PauseSwitch describedBy="pause-desc" testId="pause-switch-server" />
        </div>
      </Section>
      {info.features.startAtLogin ? <StartAtLogin /> : null}
      <AdvancedSettings settings={view.settings} />
      <Section title="About">
        <dl className="meta meta-grid">
          <div>
            <dt>Version</dt>
            <dd>{info.version}</dd>
          </div>
          <div>
            <dt>Running as</dt>
            <dd>{info.host === 'electron' ? 'Desktop app' : 'Web page (headless host)'}</dd>
          </div>
          <div>
            <dt>Settings file</dt>
            <dd>
              <code className="path">{view.file}</code>
            </dd>
          </div>
        </dl>
      </Section>
    </>
  );
}

function StartAtLogin(): ReactNode {
  const { bridge } = useApp();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const load = useAction(() => bridge.invoke('app:getStartAtLogin', {}));
  const save = useAction((next: boolean) =>
    bridge.invoke('app:setStartAtLogin', { enabled: next }),
  );
  const runLoad = load.run;
  useEffect(() => {
    void runLoad().then((result) => result && setEnabled(result.enabled));
  }, [runLoad]);
  const onChange = (next: boolean): void => {
    void save.run(next).then((result) => result && setEnabled(result.enabled));
  };
  return (
    <Section title="Start at login">
      <div className="setting-row">
        <div>
          <p className="setting-title">Start FolderGate when I log in</p>
          <p className="muted" id="login-desc">
            FolderGate waits in the tray, so AI apps find your folders right after you sign in.
          </p>
        </div>
        {enabled === null ? (
          <Spinner />
        ) : (
          <Switch
            checked={enabled}
            onChange={onChange}
            label="Start at login"
            busy={save.busy}
            describedBy="login-desc"
            testId="start-at-login"
          />
        )}
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

function StatusCard(): ReactNode {
  const { bridge, status, setStatus } = useApp();
  const restart = useAction(() => bridge.invoke('server:restart', {}));
  const onRestart = async (): Promise<void> => {
    const result = await restart.run();
    if (result) setStatus(result);
  };
  const state = status ? STATE_TONES[status.state] : null;

  return (
    <Section
      title="Status"
      actions={
        <Button
          onClick={() => void onRestart()}
          busy={restart.busy}
          busyLabel="Restarting…"
          data-testid="server-restart"
        >
          Restart server
        </Button>
      }
    >
      <div className="status-body" data-testid="server-status">
        {status === null || state === null ? (
          <p className="muted inline-status">
            <Spinner /> Checking the server…
          </p>
        ) : (
          <>
            <dl className="meta meta-grid">
              <div>
                <dt>State</dt>
                <dd aria-live="polite" data-testid="server-state">
                  <Badge tone={state.tone}>
                    <span className={`dot dot-${state.tone}`} aria-hidden="true" />
                    {state.label}
                  </Badge>
                </dd>
              </div>
              <div>
                <dt>Process ID</dt>
                <dd>{status.pid ?? '—'}</dd>
              </div>
              <div>
                <dt>Restarts</dt>
                <dd>{status.restarts}</dd>
              </div>
              <div>
                <dt>Started</dt>
                <dd>{formatLocal(status.startedAt, '—')}</dd>
              </div>
            </dl>
            {status.lastError ? (
              <Callout tone="warning" title="Last error">
                <p className="mono-text">{status.lastError}</p>
              </Callout>
            ) : null}
            <details className="details" open={status.state === 'crashed' || undefined}>
              <summary>Recent server messages ({status.stderrTail.length})</summary>
              {status.stderrTail.length === 0 ? (
                <p className="muted">The server has not written any messages.</p>
              ) : (
                <pre className="code-block log-block" data-testid="server-stderr">
                  <code>{status.stderrTail.join('\n')}</code>
                </pre>
              )}
            </details>
          </>
        )}
      </div>
      {restart.error ? (
        <ErrorCallout
          error={restart.error}
          title="The server did not restart"
          onDismiss={restart.clearError}
        />
      ) : null}
    </Section>
  );
}

interface LimitsForm {
  maxFilesScanned: string;
  maxDirectoriesScanned: string;
  timeoutSeconds: string;
  exclude: string;
  followSymlinks: boolean;
}

function toForm(settings: Settings): LimitsForm {
  return {
    maxFilesScanned: String(settings.limits.maxFilesScanned),
    maxDirectoriesScanned: String(settings.limits.maxDirectoriesScanned),
    timeoutSeconds: String(settings.limits.timeoutMs / 1000),
    exclude: settings.exclude.join('\n'),
    followSymlinks: settings.followSymlinks,
  };
}

function sameForm(a: LimitsForm, b: LimitsForm): boolean {
  return (
    a.maxFilesScanned === b.maxFilesScanned &&
    a.maxDirectoriesScanned === b.maxDirectoriesScanned &&
    a.timeoutSeconds === b.timeoutSeconds &&
    normalizeExclude(a.exclude).join('\n') === normalizeExclude(b.exclude).join('\n') &&
    a.followSymlinks === b.followSymlinks
  );
}

function normalizeExclude(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function AdvancedSettings(props: { settings: Settings }): ReactNode {
  const { bridge, setView } = useApp();
  const saved = toForm(props.settings);
  // null while nothing is edited, so changes made elsewhere (the CLI, another window) show up.
  const [edits, setEdits] = useState<LimitsForm | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const save = useAction((request: IpcRequest<'settings:update'>) =>
    bridge.invoke('settings:update', request),
  );
  const id = useId();
  const f = (name: string): string => `${id}-${name}`;
  const form = edits ?? saved;
  const dirty = edits !== null && !sameForm(edits, saved);

  useEffect(() => {
    if (!justSaved) return;
    const timer = window.setTimeout(() => setJustSaved(false), 4000);
    return () => window.clearTimeout(timer);
  }, [justSaved]);

  const update = <K extends keyof LimitsForm>(key: K, value: LimitsForm[K]): void => {
    setJustSaved(false);
    setEdits({ ...form, [key]: value });
  };

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const result = await save.run({
      limits: {
        maxFilesScanned: Math.round(Number(form.maxFilesScanned)),
        maxDirectoriesScanned: Math.round(Number(form.maxDirectoriesScanned)),
        timeoutMs: Math.round(Number(form.timeoutSeconds) * 1000),
      },
      exclude: normalizeExclude(form.exclude),
      followSymlinks: form.followSymlinks,
    });
    if (result) {
      setView(result);
      setEdits(null);
      setJustSaved(true);
    }
  };

  const restoreDefaults = (): void => {
    setJustSaved(false);
    setEdits({
      ...form,
      maxFilesScanned: String(DEFAULT_SCAN_LIMITS.maxFilesScanned),
      maxDirectoriesScanned: String(DEFAULT_SCAN_LIMITS.maxDirectoriesScanned),
      timeoutSeconds: String(DEFAULT_SCAN_LIMITS.timeoutMs / 1000),
    });
  };

  return (
    <Section
      title="Advanced settings"
      description="Limits keep one search from scanning for too long. They apply to every AI app and to the preview."
    >
      <form
        className="settings-form"
        onSubmit={(e) => void onSubmit(e)}
        aria-label="Advanced settings"
        data-testid="advanced-settings"
      >
        <div className="form-grid form-grid-3">
          <div className="field">
            <label className="field-label" htmlFor={f('files')}>
              Files scanned per page
            </label>
            <input
              id={f('files')}
              className="input"
              type="number"
              min={1}
              max={100_000_000}
              step={1}
              required
              value={form.maxFilesScanned}
              onChange={(e) => update('maxFilesScanned', e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={f('dirs')}>
              Folders scanned per page
            </label>
            <input
              id={f('dirs')}
              className="input"
              type="number"
              min={1}
              max={10_000_000}
              step={1}
              required
              value={form.maxDirectoriesScanned}
              onChange={(e) => update('maxDirectoriesScanned', e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={f('timeout')}>
              Time limit per page (seconds)
            </label>
            <input
              id={f('timeout')}
              className="input"
              type="number"
              min={0.1}
              max={600}
              step={0.1}
              required
              value={form.timeoutSeconds}
              onChange={(e) => update('timeoutSeconds', e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={f('exclude')}>
            Never search these <span className="muted">(one pattern per line)</span>
          </label>
          <textarea
            id={f('exclude')}
            className="input input-mono textarea"
            rows={4}
            value={form.exclude}
            spellCheck={false}
            placeholder={'For example:\nnode_modules\n**/*.tmp'}
            onChange={(e) => update('exclude', e.target.value)}
            aria-describedby={f('exclude-hint')}
            data-testid="settings-exclude"
          />
          <p className="field-hint" id={f('exclude-hint')}>
            Patterns are matched inside every allowed folder, with “/” between folder names.
            Matching files and folders are never listed, and matching folders are not opened.
          </p>
        </div>
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              checked={form.followSymlinks}
              onChange={(e) => update('followSymlinks', e.target.checked)}
              aria-describedby={f('symlink-warning')}
              data-testid="settings-follow-symlinks"
            />
            Follow symbolic links inside allowed folders
          </label>
          <p
            className={form.followSymlinks ? 'field-warning' : 'field-hint'}
            id={f('symlink-warning')}
          >
            Only links whose target stays inside the same allowed folder are followed. Turning this
            on can make searches slower and can list the same file twice.
          </p>
        </div>
        <div className="form-actions">
          <Button
            type="submit"
            variant="primary"
            busy={save.busy}
            busyLabel="Saving…"
            disabled={!dirty}
            data-testid="settings-save"
          >
            Save changes
          </Button>
          <Button variant="ghost" onClick={restoreDefaults} disabled={save.busy}>
            Restore default limits
          </Button>
          {dirty ? (
            <Button variant="ghost" onClick={() => setEdits(null)} disabled={save.busy}>
              Discard changes
            </Button>
          ) : null}
          <span className="success-text" role="status">
            {justSaved ? 'Saved. Every AI app uses the new settings from its next search.' : ''}
          </span>
        </div>
        {save.error ? (
          <ErrorCallout
            error={save.error}
            title="The settings were not saved"
            onDismiss={save.clearError}
          />
        ) : null}
      </form>
    </Section>
  );
}
