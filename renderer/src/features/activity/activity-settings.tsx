// Activity settings: whether calls are recorded, how long they are kept, and a warning when recording stops.
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcResponse } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { Button, Callout, ErrorCallout, Section, Switch } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { formatLocal } from '../../ui/format.js';
import './activity.css';
import { useT } from '../../ui/i18n.js';

export function ActivitySettings(): ReactNode {
  const { bridge, view, setView, info } = useApp();
  const activity = view.settings.activity;
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof toIpcError> | null>(null);
  const save = async (change: { enabled?: boolean; retentionDays?: number; notify?: boolean }) => {
    setBusy(true);
    setError(null);
    try {
      setView(await bridge.invoke('activity:setSettings', change));
    } catch (e) {
      setError(toIpcError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section
      className="activity-settings"
      title={t('activitySettings.title')}
      description={t('activitySettings.description')}
    >
      <LogFolder dir={`${info.appDataDir}/audit`} />
      {error ? <ErrorCallout error={error} onDismiss={() => setError(null)} /> : null}
      <div className="setting-row">
        <div>
          <p className="setting-title" id="activity-record-label">
            {t('activitySettings.record')}
          </p>
          <p className="muted" data-testid="activity-enabled-state">
            {activity.enabled ? t('activitySettings.recordOn') : t('activitySettings.recordOff')}
          </p>
        </div>
        <Switch
          checked={activity.enabled}
          label={t('activitySettings.record')}
          busy={busy}
          onChange={(enabled) => void save({ enabled })}
          testId="activity-enabled"
        />
      </div>
      <div className="setting-row">
        <label className="setting-title" htmlFor="activity-retention">
          {t('activitySettings.keep')}
        </label>
        <select
          id="activity-retention"
          className="input input-sm input-narrow"
          value={activity.retentionDays}
          disabled={busy}
          onChange={(e) => void save({ retentionDays: Number(e.target.value) })}
        >
          {[...new Set([7, 30, 90, 365, activity.retentionDays])]
            .sort((a, b) => a - b)
            .map((d) => (
              <option key={d} value={d}>
                {t('activitySettings.days', { count: d })}
              </option>
            ))}
        </select>
      </div>
      <div className="setting-row">
        <div>
          <p className="setting-title">{t('activitySettings.notify')}</p>
          <p className="muted">
            {info.host === 'electron'
              ? t('activitySettings.notifyDesktop')
              : t('activitySettings.notifyWeb')}
          </p>
        </div>
        <Switch
          checked={activity.notify}
          label={t('activitySettings.notify')}
          busy={busy}
          onChange={(notify) => void save({ notify })}
          testId="activity-notify"
        />
      </div>
    </Section>
  );
}

/** Says when calls cannot be recorded (a full disk), or some were not. */
export function RecordingNotice(props: {
  state: IpcResponse<'activity:recording'> | null;
}): ReactNode {
  const { state } = props;
  const t = useT();
  if (!state) return null;
  if (state.diskFull) {
    return (
      <Callout tone="warning" role="status" title={t('activitySettings.diskFullTitle')}>
        <p>{t('activitySettings.diskFullBody')}</p>
      </Callout>
    );
  }
  const lost = state.unrecorded;
  if (!lost) return null;
  const why =
    lost.reason === 'ENOSPC' ? t('activitySettings.whyFull') : t('activitySettings.whyWrite');
  return (
    <Callout tone="info" role="status" title={t('activitySettings.lostTitle')}>
      <p>
        {t('activitySettings.lostBody', {
          requests: t('activitySettings.requests', { count: lost.count }),
          app: lost.app,
          from: formatLocal(lost.from),
          to: formatLocal(lost.to),
          why,
        })}
      </p>
    </Callout>
  );
}

/** Where the log is kept: the path only for whoever looks for it (Details), with Copy path. */
function LogFolder(props: { dir: string }): ReactNode {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(props.dir);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <details className="details activity-where" data-testid="activity-where">
      <summary>{t('activitySettings.where')}</summary>
      <p className="activity-where-path">
        <code className="path" data-testid="activity-log-folder">
          {props.dir}
        </code>{' '}
        <Button size="sm" variant="ghost" onClick={() => void copy()} data-testid="copy-log-folder">
          {copied ? t('activitySettings.copied') : t('activitySettings.copy')}
        </Button>
      </p>
    </details>
  );
}
