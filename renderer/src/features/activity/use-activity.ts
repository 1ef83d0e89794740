// The activity screen's data: pages of the log newest first (more on scroll), records pushed by
// main prepended live when they match the filter, the chart (refreshed as calls arrive), and the
// newest call for the sidebar's live line.
import { useCallback, useEffect, useRef, useState } from 'react';
import { clientDisplayName } from '#shared/activity/activity-describe.js';
import type { ActivityFilter, ActivityRecord } from '#shared/activity/activity.js';
import { compileActivityFilter } from '#shared/activity/activity-filter.js';
import type { ActivityEntryView, IpcError, IpcResponse } from '#shared/contract/ipc.js';
import type { RendererBridge } from '../../app/bridge.js';
import { toIpcError } from '../../app/bridge.js';

/** Records fetched per page. */
export const ACTIVITY_PAGE = 200;

/** The list as the screen shows it. */
export interface ActivityList {
  entries: ActivityEntryView[];
  /** True until the first page arrived (for this filter). */
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: IpcError | null;
  loadMore(): void;
}

/** Loads the log for `filter` (re-queried when `filterKey` changes) and follows new records. */
export function useActivityList(
  bridge: RendererBridge,
  filter: ActivityFilter,
  filterKey: string,
): ActivityList {
  const [entries, setEntries] = useState<ActivityEntryView[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const generation = useRef(0);
  const ids = useRef(new Set<string>());
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const merge = useCallback(
    (prev: ActivityEntryView[], page: ActivityEntryView[], atTop: boolean) => {
      const fresh = page.filter((e) => !ids.current.has(e.id));
      for (const e of fresh) ids.current.add(e.id);
      if (fresh.length === 0) return prev;
      return atTop ? [...fresh, ...prev] : [...prev, ...fresh];
    },
    [],
  );

  useEffect(() => {
    const id = ++generation.current;
    ids.current = new Set();
    setEntries([]);
    setLoading(true);
    setError(null);
    setCursor(null);
    bridge.invoke('activity:query', { filter: filterRef.current, limit: ACTIVITY_PAGE }).then(
      (page) => {
        if (id !== generation.current) return;
        setEntries((prev) => merge(prev, page.entries, false));
        setCursor(page.nextCursor);
        setLoading(false);
      },
      (e: unknown) => {
        if (id !== generation.current) return;
        setError(toIpcError(e));
        setLoading(false);
      },
    );
  }, [bridge, filterKey, merge]);

  useEffect(() => {
    const compiled = compileActivityFilter(filterRef.current, clientDisplayName);
    return bridge.on('activity:added', (payload) => {
      // Pushed oldest first; the list is newest first.
      const matching = payload.entries.filter((e) => compiled.matches(e.record)).reverse();
      if (matching.length > 0) setEntries((prev) => merge(prev, matching, true));
    });
  }, [bridge, filterKey, merge]);

  const busy = useRef(false);
  const loadMore = useCallback(() => {
    if (busy.current || cursor === null || loading) return;
    busy.current = true;
    setLoadingMore(true);
    const id = generation.current;
    bridge
      .invoke('activity:query', { filter: filterRef.current, limit: ACTIVITY_PAGE, cursor })
      .then(
        (page) => {
          if (id !== generation.current) return;
          setEntries((prev) => merge(prev, page.entries, false));
          setCursor(page.nextCursor);
        },
        (e: unknown) => {
          if (id === generation.current) setError(toIpcError(e));
        },
      )
      .finally(() => {
        busy.current = false;
        setLoadingMore(false);
      });
  }, [bridge, cursor, loading, merge]);

  return { entries, loading, loadingMore, hasMore: cursor !== null, error, loadMore };
}

/** The last 7 local midnights up to today's, oldest first (epoch ms), in this page's time zone. */
export function localDayStarts(now: Date): number[] {
  return Array.from({ length: 7 }, (_, i) =>
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - (6 - i)).getTime(),
  );
}

/**
 * The chart of the calls `filter` lets through (the list's own: both count the same calls),
 * fetched anew when `filterKey` changes and now and again (at most every few seconds) as calls
 * arrive.
 */
export function useActivityChart(
  bridge: RendererBridge,
  filter: ActivityFilter,
  filterKey: string,
): IpcResponse<'activity:chart'> | null {
  const [chart, setChart] = useState<IpcResponse<'activity:chart'> | null>(null);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = () => {
      timer = null;
      const request = { dayStarts: localDayStarts(new Date()), filter: filterRef.current };
      bridge.invoke('activity:chart', request).then(
        (next) => live && setChart(next),
        () => undefined,
      );
    };
    load();
    const off = bridge.on('activity:added', () => {
      timer ??= setTimeout(load, 2_000);
    });
    return () => {
      live = false;
      off();
      if (timer) clearTimeout(timer);
    };
  }, [bridge, filterKey]);
  return chart;
}

/** The newest call pushed since the window opened (null until one arrives). */
export function useLastActivity(bridge: RendererBridge): ActivityRecord | null {
  const [last, setLast] = useState<ActivityRecord | null>(null);
  useEffect(() => {
    let pushed = false;
    // The newest call in the log (also from before this window opened), then each new one.
    bridge.invoke('activity:query', { limit: 1 }).then(
      (page) => {
        const newest = page.entries[0];
        if (!pushed && newest) setLast(newest.record);
      },
      () => undefined,
    );
    return bridge.on('activity:added', (payload) => {
      const newest = payload.entries.at(-1);
      if (newest) {
        pushed = true;
        setLast(newest.record);
      }
    });
  }, [bridge]);
  return last;
}

/**
 * The newest call of one AI app (by the name people know it by, "Cursor"), then each new one as
 * it arrives; null until it made one. Drives "Last used 2 min ago" and the "Try it" check.
 */
export function useAppLastCall(
  bridge: RendererBridge,
  appName: string,
  enabled = true,
): ActivityRecord | null {
  const [last, setLast] = useState<ActivityRecord | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let pushed = false;
    bridge.invoke('activity:query', { filter: { client: appName }, limit: 1 }).then(
      (page) => {
        const newest = page.entries[0];
        if (live && !pushed && newest) setLast(newest.record);
      },
      () => undefined,
    );
    const off = bridge.on('activity:added', (payload) => {
      const mine = payload.entries.filter((e) => clientDisplayName(e.record.client) === appName);
      const newest = mine.at(-1);
      if (newest) {
        pushed = true;
        setLast(newest.record);
      }
    });
    return () => {
      live = false;
      off();
    };
  }, [bridge, appName, enabled]);
  return last;
}

/** Re-renders every `ms`, for texts like "2 min ago". */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** How often the recording state is asked again while the Activity screen is open. */
const RECORDING_CHECK_MS = 30_000;

/** Whether calls can be recorded now (a full disk), asked on open, on new calls and every 30 s. */
export function useActivityRecording(
  bridge: RendererBridge,
): IpcResponse<'activity:recording'> | null {
  const [state, setState] = useState<IpcResponse<'activity:recording'> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      bridge.invoke('activity:recording', {}).then(
        (next) => live && setState(next),
        () => undefined,
      );
    load();
    const timer = setInterval(load, RECORDING_CHECK_MS);
    const off = bridge.on('activity:added', () => void load());
    return () => {
      live = false;
      off();
      clearInterval(timer);
    };
  }, [bridge]);
  return state;
}
