// Activity: every tool call of every AI app, newest first and live, in plain words; filters by
// app, tool, outcome and time; the details of one call; a small chart; export as CSV or JSONL;
// and the activity settings (days kept, a desktop notification).
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { clientDisplayName, PREVIEW_CLIENT_NAME } from '#shared/activity/activity-describe.js';
import type { IpcResponse } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { ActivityCharts } from './activity-chart.js';
import { ActivityDetails } from './activity-details.js';
import { ActivityListBox } from './activity-list.js';
import {
  Button,
  Callout,
  EmptyState,
  ErrorCallout,
  Icon,
  PageHeader,
  Section,
  Spinner,
  Switch,
} from '../../ui/ui.js';
import {
  isUnfiltered,
  NO_FILTER,
  TOOL_CHOICES,
  toActivityFilter,
  type ActivityControls,
  type TimeChoice,
} from './activity-view.js';
import { useApp } from '../../app/app-state.js';
import { formatLocal, inputValueToIso, plural } from '../../ui/format.js';
import { useActivityChart, useActivityList, useActivityRecording } from './use-activity.js';
import './activity.css';

const KNOWN_APPS = [
  'Claude Desktop',
  'Claude Code',
  'Cursor',
  'VS Code',
  'Windsurf',
  'Gemini CLI',
  'Codex',
];

/** The Activity screen. */
export function ActivityScreen(): ReactNode {
  const { bridge } = useApp();
  const [controls, setControls] = useState<ActivityControls>(NO_FILTER);
  // "Last hour" is measured from when it was chosen; choosing again measures anew.
  const [stamp, setStamp] = useState(() => Date.now());
  const filter = useMemo(
    () => toActivityFilter(controls, stamp, inputValueToIso),
    [controls, stamp],
  );
  const filterKey = JSON.stringify(filter);
  const list = useActivityList(bridge, filter, filterKey);
  const chart = useActivityChart(bridge);
  const recording = useActivityRecording(bridge);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.entries.find((e) => e.id === selectedId) ?? null;

  // Every app seen while the screen is open stays in the list, whatever the filter shows now.
  const seenApps = useRef(new Set([...KNOWN_APPS, PREVIEW_CLIENT_NAME]));
  const apps = useMemo(() => {
    for (const e of list.entries) seenApps.current.add(clientDisplayName(e.record.client));
    if (controls.client) seenApps.current.add(controls.client);
    return [...seenApps.current].sort((a, b) => a.localeCompare(b));
  }, [list.entries, controls.client]);

  const change = (next: Partial<ActivityControls>) => {
    setStamp(Date.now());
    setControls((c) => ({ ...c, ...next }));
  };
  const unfiltered = isUnfiltered(controls);

  return (
    <>
      <PageHeader
        title="Activity"
        description="Every request of every AI app to FolderGate — answered, refused or stopped — as it happens, newest first."
        actions={<ExportButtons filter={filter} disabled={list.entries.length === 0} />}
      />
      <RecordingNotice state={recording} />
      {chart ? (
        <Section title="Calls over time" className="activity-chart-card">
          <ActivityCharts hours={chart.hours} days={chart.days} />
        </Section>
      ) : null}
      <Section className="activity-card" labelledBy="activity-list-title">
        <h2 className="visually-hidden" id="activity-list-title">
          Calls
        </h2>
        <div className="activity-filters" role="group" aria-label="Filter the calls">
          <label className="field">
            <span className="field-label">AI app</span>
            <select
              className="input input-sm"
              value={controls.client}
              onChange={(e) => change({ client: e.target.value })}
              data-testid="activity-filter-app"
            >
              <option value="">All apps</option>
              {apps.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Tool</span>
            <select
              className="input input-sm"
              value={controls.tool}
              onChange={(e) => change({ tool: e.target.value })}
              data-testid="activity-filter-tool"
            >
              <option value="">All tools</option>
              {TOOL_CHOICES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Outcome</span>
            <select
              className="input input-sm"
              value={controls.outcome}
              onChange={(e) => change({ outcome: e.target.value })}
              data-testid="activity-filter-outcome"
            >
              <option value="">Any outcome</option>
              <option value="ok">Answered</option>
              <option value="error">Failed or refused</option>
              <option value="security">Blocked: tried to leave a folder</option>
              <option value="cancelled">Cancelled</option>
            </select>
          </label>
          <label className="field">
            <span className="field-label">When</span>
            <select
              className="input input-sm"
              value={controls.time}
              onChange={(e) => change({ time: e.target.value as TimeChoice })}
              data-testid="activity-filter-time"
            >
              <option value="hour">Last hour</option>
              <option value="day">Last 24 hours</option>
              <option value="week">Last 7 days</option>
              <option value="all">All time</option>
              <option value="range">Between…</option>
            </select>
          </label>
          {controls.time === 'range' ? (
            <>
              <label className="field">
                <span className="field-label">From</span>
                <input
                  type="datetime-local"
                  className="input input-sm"
                  value={controls.rangeFrom}
                  onChange={(e) => change({ rangeFrom: e.target.value })}
                />
              </label>
              <label className="field">
                <span className="field-label">Until</span>
                <input
                  type="datetime-local"
                  className="input input-sm"
                  value={controls.rangeTo}
                  onChange={(e) => change({ rangeTo: e.target.value })}
                />
              </label>
            </>
          ) : null}
          <label className="field field-grow">
            <span className="field-label">Words</span>
            <input
              type="search"
              className="input input-sm"
              placeholder="A file or folder name…"
              value={controls.text}
              onChange={(e) => change({ text: e.target.value })}
              data-testid="activity-filter-text"
            />
          </label>
          {!unfiltered ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => change(NO_FILTER)}
              data-testid="activity-filter-clear"
            >
              Show everything
            </Button>
          ) : null}
        </div>

        <p className="visually-hidden" role="status" aria-live="polite">
          {list.loading
            ? 'Loading activity'
            : `${plural(list.entries.length, 'call')} shown${list.hasMore ? ', more as you scroll' : ''}`}
        </p>

        {list.error ? (
          <ErrorCallout error={list.error} title="Could not read the activity log" />
        ) : list.loading ? (
          <p className="muted inline-status activity-loading" data-testid="activity-loading">
            <Spinner /> Loading activity…
          </p>
        ) : list.entries.length === 0 ? (
          unfiltered ? (
            <EmptyState
              title="No AI app has used FolderGate yet"
              icon={Icon.search}
              testId="activity-empty"
            >
              When an AI app you connected searches your folders, each request appears here at once
              — with what it asked for, what it was shown, and whether FolderGate said no. Try the
              Search preview to see how it looks.
            </EmptyState>
          ) : (
            <EmptyState
              title="No calls match these filters"
              icon={Icon.search}
              testId="activity-empty"
            >
              Choose another app, outcome or time, or show everything.
            </EmptyState>
          )
        ) : (
          <div className="activity-split">
            <ActivityListBox
              entries={list.entries}
              selectedId={selectedId}
              onSelect={setSelectedId}
              hasMore={list.hasMore}
              loadingMore={list.loadingMore}
              onLoadMore={list.loadMore}
              label="Calls by AI apps, newest first"
            />
            <div className="activity-pane" aria-live="off">
              {selected ? (
                <ActivityDetails record={selected.record} />
              ) : (
                <p className="muted activity-pane-empty">
                  Choose a call to see what the AI app asked for and what it was shown. Use the
                  arrow keys in the list to move between calls.
                </p>
              )}
            </div>
          </div>
        )}
      </Section>
      <ActivitySettings />
    </>
  );
}

function ExportButtons(props: {
  filter: ReturnType<typeof toActivityFilter>;
  disabled: boolean;
}): ReactNode {
  const { bridge } = useApp();
  const [busy, setBusy] = useState<'csv' | 'jsonl' | null>(null);
  const [result, setResult] = useState<{ note: string; warn: boolean } | null>(null);
  const run = async (format: 'csv' | 'jsonl') => {
    setBusy(format);
    setResult(null);
    try {
      const answer = await bridge.invoke('activity:export', { filter: props.filter, format });
      download(answer, format);
      setResult({
        note: answer.truncated
          ? `Exported the newest ${plural(answer.records, 'call')} only: an export is at most 32 MB. Narrow the time or filters to export older calls.`
          : `Exported ${plural(answer.records, 'call')}.`,
        warn: answer.truncated,
      });
    } catch (error) {
      setResult({ note: toIpcError(error).message, warn: true });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="activity-export">
      <Button
        size="sm"
        onClick={() => void run('csv')}
        busy={busy === 'csv'}
        disabled={props.disabled || busy !== null}
        data-testid="activity-export-csv"
      >
        Export for a spreadsheet (CSV)
      </Button>
      <Button
        size="sm"
        onClick={() => void run('jsonl')}
        busy={busy === 'jsonl'}
        disabled={props.disabled || busy !== null}
        data-testid="activity-export-jsonl"
      >
        Export for developers (JSONL)
      </Button>
      <p
        className={`activity-export-note ${result?.warn ? 'field-warning' : 'muted'}`}
        role="status"
      >
        {result?.note ?? ''}
      </p>
    </div>
  );
}

function download(answer: IpcResponse<'activity:export'>, format: 'csv' | 'jsonl'): void {
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8';
  const url = URL.createObjectURL(new Blob([answer.text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `foldergate-activity-${new Date().toISOString().slice(0, 10)}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function ActivitySettings(): ReactNode {
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
          <p className="muted">
            Off: calls are still answered, but nothing is written to the activity log.
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
function RecordingNotice(props: { state: IpcResponse<'activity:recording'> | null }): ReactNode {
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
