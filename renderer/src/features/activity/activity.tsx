// Activity: every tool call of every AI app, newest first and live, in plain words; filters by
// app, tool, outcome and time; the details of one call; a small chart; export as CSV or JSONL;
// and the activity settings (days kept, a desktop notification).
import '../../app/later-words.js';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { clientDisplayName } from '#shared/activity/activity-describe.js';
import { useActivityApps } from '../control/use-seen-apps.js';
import { ActivityCharts } from './activity-chart.js';
import { ActivityDetails } from './activity-details.js';
import { groupPreviewSearches } from './preview-groups.js';
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
import { WhatAiSaw } from './what-ai-saw.js';
import { ScreenHelp } from '../../app/screen-help.js';

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
  const chart = useActivityChart(bridge, filter, filterKey);
  const recording = useActivityRecording(bridge);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // A preview search over several folders is one entry (its words follow the language: no memo).
  const entries = groupPreviewSearches(list.entries);
  const selected = entries.find((e) => e.id === selectedId) ?? null;

  // The apps in the records kept (all of them, whatever the filter shows now): an app that never
  // called is not offered, as choosing it could only empty the list.
  const recorded = useActivityApps(bridge);
  const apps = useMemo(() => {
    const names = new Set((recorded ?? []).map((a) => clientDisplayName(a.client)));
    if (controls.client) names.add(controls.client);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [recorded, controls.client]);

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
      <WhatAiSaw />
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
            : t('activity.shown', { count: entries.length }) +
              (list.hasMore ? t('activity.moreAsYouScroll') : '')}
        </p>

        {list.error ? (
          <ErrorCallout error={list.error} title={t('activity.readFailed')} />
        ) : list.loading ? (
          <p className="muted inline-status activity-loading" data-testid="activity-loading">
            <Spinner /> {t('activity.loadingList')}
          </p>
        ) : entries.length === 0 ? (
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
              entries={entries}
              selectedId={selectedId}
              onSelect={setSelectedId}
              hasMore={list.hasMore}
              loadingMore={list.loadingMore}
              onLoadMore={list.loadMore}
              label={t('activity.listLabel')}
            />
            <div className="activity-pane" aria-live="off">
              {selected ? (
                <ActivityDetails record={selected.record} pages={selected.pages} />
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
