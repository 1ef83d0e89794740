import path from 'node:path';
import { activityDay, activityFileName } from '#shared/activity/activity.js';
import { readLinesBackward } from '#appdata/activity/activity-files.js';

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
  /** The last 7 UTC days, oldest first; the last bucket is today. */
  days: ActivityBucket[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Counts calls per hour (last 24 h) and per UTC day (last 7 days), errors included ("error"
 * outcome; cancelled calls are not errors). Reads only the last seven day files, and parses
 * only `time` and `outcome` of each line (no schema check: a chart tolerates odd lines).
 */
export async function activityChart(dir: string, now: number = Date.now()): Promise<ActivityChart> {
  const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const hours = buckets(hourStart - 23 * HOUR_MS, HOUR_MS, 24);
  const days = buckets(dayStart - 6 * DAY_MS, DAY_MS, 7);
  for (let d = 0; d < 7; d++) {
    const day = activityDay(dayStart - d * DAY_MS);
    for await (const line of readLinesBackward(path.join(dir, activityFileName(day)))) {
      const fact = timeAndOutcome(line.text);
      if (!fact) continue;
      add(days, dayStart - 6 * DAY_MS, DAY_MS, fact);
      add(hours, hourStart - 23 * HOUR_MS, HOUR_MS, fact);
    }
  }
  return { hours, days };
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

function timeAndOutcome(text: string): { time: number; error: boolean } | null {
  try {
    const value = JSON.parse(text) as { time?: unknown; outcome?: unknown };
    const time = typeof value.time === 'string' ? Date.parse(value.time) : NaN;
    return Number.isNaN(time) ? null : { time, error: value.outcome === 'error' };
  } catch {
    return null;
  }
}
