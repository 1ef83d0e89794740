import path from 'node:path';
import {
  activityDay,
  activityFileName,
  parseActivityLine,
  type ActivityFilter,
} from '#shared/activity/activity.js';
import { compileActivityFilter } from '#shared/activity/activity-filter.js';
import { readLinesBackward } from '#appdata/activity/activity-files.js';
import { clientDisplayName, isOwnDecision } from '#shared/activity/activity-describe.js';

/** Calls (and how many of them failed) in one bucket starting at `start` (ISO UTC). */
export interface ActivityBucket {
  start: string;
  calls: number;
  errors: number;
}

/** The activity screen's small chart. */
export interface ActivityChart {
  /** The last 24 hours, hour by hour, oldest first; the last bucket is the current hour. */
  hours: ActivityBucket[];
  /** The last 7 days (the person's local days when asked, else UTC), oldest first; the last is today. */
  days: ActivityBucket[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Counts calls per hour (last 24 h) and per day (last 7 days), errors among them (failures: not
 * cancelled calls, nor refusals that were the person's own decision, such as a pause or a Deny). The days are the person's own when `dayStarts` gives
 * their 7 local midnights (oldest first; the renderer knows its time zone), else UTC days. Reads
 * only the day files those days touch (UTC-named: one more for a local day that began the UTC
 * day before), and parses only `time` and `outcome` of each line (a chart tolerates odd lines).
 * With `filter` (the list's own), it counts only the calls the list shows, so both tell one story.
 */
export async function activityChart(
  dir: string,
  now: number = Date.now(),
  dayStarts?: readonly number[],
  filter?: ActivityFilter,
): Promise<ActivityChart> {
  const compiled = filter ? compileActivityFilter(filter, clientDisplayName) : null;
  const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const hours = buckets(hourStart - 23 * HOUR_MS, HOUR_MS, 24);
  const starts =
    dayStarts && dayStarts.length > 0
      ? [...dayStarts]
      : Array.from({ length: 7 }, (_, i) => dayStart - (6 - i) * DAY_MS);
  const days = starts.map((start) => ({
    start: new Date(start).toISOString(),
    calls: 0,
    errors: 0,
  }));
  const oldest = Math.min(starts[0]!, hourStart - 23 * HOUR_MS);
  // A preview search over several folders is one search in the list: one call here too.
  const previewSearches = new Set<string>();
  for (let t = dayStart; t >= Math.floor(oldest / DAY_MS) * DAY_MS; t -= DAY_MS) {
    for await (const line of readLinesBackward(path.join(dir, activityFileName(activityDay(t))))) {
      const fact = timeAndOutcome(line.text);
      if (!fact) continue;
      if (compiled) {
        const record = parseActivityLine(line.text);
        if (!record || !compiled.matches(record)) continue;
      }
      if (fact.previewSearch !== null) {
        if (previewSearches.has(fact.previewSearch)) continue;
        previewSearches.add(fact.previewSearch);
      }
      addToDay(days, starts, fact);
      add(hours, hourStart - 23 * HOUR_MS, HOUR_MS, fact);
    }
  }
  return { hours, days };
}

// The day whose start is the last one at or before the call (none before the first start).
function addToDay(
  days: ActivityBucket[],
  starts: readonly number[],
  fact: { time: number; error: boolean },
): void {
  let i = starts.length - 1;
  while (i >= 0 && starts[i]! > fact.time) i--;
  const bucket = days[i];
  if (!bucket) return;
  bucket.calls++;
  if (fact.error) bucket.errors++;
}

function buckets(first: number, size: number, count: number): ActivityBucket[] {
  return Array.from({ length: count }, (_, i) => ({
    start: new Date(first + i * size).toISOString(),
    calls: 0,
    errors: 0,
  }));
}

function add(
  list: ActivityBucket[],
  first: number,
  size: number,
  fact: { time: number; error: boolean },
): void {
  const bucket = list[Math.floor((fact.time - first) / size)];
  if (!bucket || fact.time < first) return;
  bucket.calls++;
  if (fact.error) bucket.errors++;
}

function timeAndOutcome(
  text: string,
): { time: number; error: boolean; previewSearch: string | null } | null {
  try {
    const value = JSON.parse(text) as {
      time?: unknown;
      outcome?: unknown;
      errorCode?: unknown;
      previewSearch?: { id?: unknown };
    };
    const time = typeof value.time === 'string' ? Date.parse(value.time) : NaN;
    // The person's own decisions (paused, denied, switched off) are calls, not errors.
    const failed =
      value.outcome === 'error' &&
      !isOwnDecision(typeof value.errorCode === 'string' ? value.errorCode : null);
    const search = value.previewSearch?.id;
    return Number.isNaN(time)
      ? null
      : { time, error: failed, previewSearch: typeof search === 'string' ? search : null };
  } catch {
    return null;
  }
}
