// Activity: every tool call of every AI app, newest first and live, in plain words; filters by
// app, tool, outcome and time; the details of one call; a small chart; export as CSV or JSONL;
// and the activity settings (days kept, a desktop notification).
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { clientDisplayName, PREVIEW_CLIENT_NAME } from '#shared/activity/activity-describe.js';
import { ActivityCharts } from './activity-chart.js';
import { ActivityDetails } from './activity-details.js';
import { ActivityListBox } from './activity-list.js';
import { EmptyState, ErrorCallout, PageHeader, Section, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import {
  isUnfiltered,
  NO_FILTER,
  toActivityFilter,
  type ActivityControls,
} from './activity-view.js';
import { useApp } from '../../app/app-state.js';
import { inputValueToIso, plural } from '../../ui/format.js';
import { useActivityChart, useActivityList, useActivityRecording } from './use-activity.js';
import './activity.css';
import { ExportButtons } from './activity-export.js';
import { ActivitySettings, RecordingNotice } from './activity-settings.js';
import { ActivityFilters } from './activity-filters.js';

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
        <ActivityFilters controls={controls} apps={apps} onChange={change} />

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
