// Activity settings: whether calls are recorded, how long they are kept, and a warning when recording stops.
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcResponse } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { Callout, ErrorCallout, Section, Switch } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { formatLocal, plural } from '../../ui/format.js';
import './activity.css';

export function ActivitySettings(): ReactNode {
  const { bridge, view, setView, info } = useApp();
  const activity = view.settings.activity;
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
      title="Activity settings"
      description={`Kept in ${info.appDataDir}/audit, one file per day; older days are deleted.`}
    >
      {error ? <ErrorCallout error={error} onDismiss={() => setError(null)} /> : null}
      <div className="setting-row">
        <div>
          <p className="setting-title" id="activity-record-label">
            Record what AI apps do
          </p>
          <p className="muted" data-testid="activity-enabled-state">
            {activity.enabled
              ? 'On: every call of every AI app is written to the activity log.'
              : 'Off: calls are still answered, but nothing is written to the activity log.'}
          </p>
        </div>
        <Switch
          checked={activity.enabled}
          label="Record what AI apps do"
          busy={busy}
          onChange={(enabled) => void save({ enabled })}
          testId="activity-enabled"
        />
      </div>
      <div className="setting-row">
        <label className="setting-title" htmlFor="activity-retention">
          Keep the activity of the last
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
                {plural(d, 'day')}
              </option>
            ))}
        </select>
      </div>
      <div className="setting-row">
        <div>
          <p className="setting-title">Show a notification when an AI app searches my folders</p>
          <p className="muted">
            {info.host === 'electron'
              ? 'A quiet desktop notification, at most one every 30 seconds. Your own searches in the preview are not announced.'
              : 'Shown by the FolderGate desktop app; this web page does not show notifications.'}
          </p>
        </div>
        <Switch
          checked={activity.notify}
          label="Show a notification when an AI app searches my folders"
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
  if (!state) return null;
  if (state.diskFull) {
    return (
      <Callout
        tone="warning"
        role="status"
        title="Activity could not be recorded: the disk is full"
      >
        <p>
          AI apps still work. FolderGate keeps their requests and records them here as soon as there
          is room again. Free some space on the disk that holds FolderGate&apos;s data.
        </p>
      </Callout>
    );
  }
  const lost = state.unrecorded;
  if (!lost) return null;
  const why =
    lost.reason === 'ENOSPC' ? 'the disk was full' : 'the activity folder could not be written';
  return (
    <Callout tone="info" role="status" title="Some requests were not recorded">
      <p>
        {plural(lost.count, 'request')} from {lost.app} between {formatLocal(lost.from)} and{' '}
        {formatLocal(lost.to)} could not be recorded because {why}. Recording works again.
      </p>
    </Callout>
  );
}
