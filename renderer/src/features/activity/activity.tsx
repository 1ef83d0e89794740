// Activity: every tool call of every AI app, newest first and live, in plain words; filters by
// app, tool, outcome and time; the details of one call; a small chart; export as CSV or JSONL;
// and the activity settings (days kept, a desktop notification).
import '../../app/later-words.js';
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ClientId } from '#shared/clients/clients.js';
import {
  clientDisplayName,
  clientNameOf,
  PREVIEW_CLIENT_NAME,
} from '#shared/activity/activity-describe.js';
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
import { inputValueToIso } from '../../ui/format.js';
import { useActivityChart, useActivityList, useActivityRecording } from './use-activity.js';
import './activity.css';
import { ExportButtons } from './activity-export.js';
import { ActivitySettings, RecordingNotice } from './activity-settings.js';
import { ActivityFilters } from './activity-filters.js';
import { useT } from '../../ui/i18n.js';
import { ScreenHelp } from '../../app/screen-help.js';

// The apps the filter lists before any has called (by the names the activity gives them).
const KNOWN_APPS: ClientId[] = [
  'claude-desktop',
  'claude-code',
  'cursor',
  'vscode',
  'windsurf',
  'gemini-cli',
  'codex',
];

/** The Activity screen. */
export function ActivityScreen(): ReactNode {
  const { bridge } = useApp();
  const [controls, setControls] = useState<ActivityControls>(NO_FILTER);
  const t = useT();
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
  const seenApps = useRef(new Set([...KNOWN_APPS.map(clientNameOf), PREVIEW_CLIENT_NAME]));
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
        title={t('activity.title')}
        description={t('activity.description')}
        actions={<ExportButtons filter={filter} disabled={list.entries.length === 0} />}
      />
      <ScreenHelp screen="activity" />
      <RecordingNotice state={recording} />
      {chart ? (
        <Section title={t('activity.chartTitle')} className="activity-chart-card">
          <ActivityCharts hours={chart.hours} days={chart.days} />
        </Section>
      ) : null}
      <Section className="activity-card" labelledBy="activity-list-title">
        <h2 className="visually-hidden" id="activity-list-title">
          {t('activity.calls')}
        </h2>
        <ActivityFilters controls={controls} apps={apps} onChange={change} />

        <p className="visually-hidden" role="status" aria-live="polite">
          {list.loading
            ? t('activity.loading')
            : t('activity.shown', { count: list.entries.length }) +
              (list.hasMore ? t('activity.moreAsYouScroll') : '')}
        </p>

        {list.error ? (
          <ErrorCallout error={list.error} title={t('activity.readFailed')} />
        ) : list.loading ? (
          <p className="muted inline-status activity-loading" data-testid="activity-loading">
            <Spinner /> {t('activity.loadingList')}
          </p>
        ) : list.entries.length === 0 ? (
          unfiltered ? (
            <EmptyState title={t('activity.emptyTitle')} icon={Icon.search} testId="activity-empty">
              {t('activity.emptyBody')}
            </EmptyState>
          ) : (
            <EmptyState
              title={t('activity.noMatchTitle')}
              icon={Icon.search}
              testId="activity-empty"
            >
              {t('activity.noMatchBody')}
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
              label={t('activity.listLabel')}
            />
            <div className="activity-pane" aria-live="off">
              {selected ? (
                <ActivityDetails record={selected.record} />
              ) : (
                <p className="muted activity-pane-empty">{t('activity.choose')}</p>
              )}
            </div>
          </div>
        )}
      </Section>
      <ActivitySettings />
    </>
  );
}
