import path from 'node:path';
import { clientDisplayName } from '#shared/activity/activity-describe.js';
import {
  activityDayStart,
  activityFileName,
  parseActivityLine,
  type ActivityFilter,
  type ActivityRecord,
} from '#shared/activity/activity.js';
import { compileActivityFilter } from '#shared/activity/activity-filter.js';
import { listActivityDays, readLinesBackward } from './activity-files.js';

/** A record with a stable id (`<day>@<byte offset>`), for list keys and de-duplication. */
export interface ActivityEntry {
  id: string;
  record: ActivityRecord;
}

/** Where a scan resumes: lines of `day` before byte `offset`, then older days. */
export interface ActivityPosition {
  day: string;
  offset: number;
}

/** Counts of lines a scan could not use. */
export interface ScanCounts {
  /** Lines that are not JSON or fail the record schema (a torn write, another version). */
  skipped: number;
}

const DAY_MS = 86_400_000;

/** The id of the record whose line starts at `offset` of `day`'s file. */
export function activityEntryId(day: string, offset: number): string {
  return `${day}@${offset}`;
}

/** Parses an id or cursor (`<day>@<offset>`); null when it is not one. */
export function parseActivityPosition(text: string): ActivityPosition | null {
  const match = /^(\d{4}-\d{2}-\d{2})@(\d{1,15})$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { day: match[1], offset: Number(match[2]) };
}

/**
 * The records matching `filter`, newest written first, streamed: day files newest first, each
 * read backwards, so memory stays at one chunk plus the caller's page. Day files outside the
 * filter's time range are not opened. Yields each entry with the position just before it.
 */
export async function* scanActivity(
  dir: string,
  filter: ActivityFilter,
  from: ActivityPosition | null,
  counts: ScanCounts,
): AsyncGenerator<ActivityEntry & { day: string; start: number }> {
  const compiled = compileActivityFilter(filter, clientDisplayName);
  // JSON escapes only quotes, backslashes and control characters, so for other text a match in
  // the record is a match in the raw line: lines without it are skipped before parsing.
  const rawText =
    compiled.text !== null && ![...compiled.text].some((c) => c === '"' || c === '\\' || c < ' ');
  const days = (await listActivityDays(dir)).reverse();
  for (const day of days) {
    if (from && day > from.day) continue;
    const start = activityDayStart(day);
    if (compiled.toMs !== null && start >= compiled.toMs) continue;
    if (compiled.fromMs !== null && start + DAY_MS <= compiled.fromMs) break;
    const end = from && day === from.day ? from.offset : undefined;
    for await (const line of readLinesBackward(path.join(dir, activityFileName(day)), end)) {
      if (rawText && !line.text.toLowerCase().includes(compiled.text ?? '')) continue;
      const record = parseActivityLine(line.text);
      if (!record) {
        counts.skipped++;
        continue;
      }
      if (!compiled.matches(record)) continue;
      yield { id: activityEntryId(day, line.start), record, day, start: line.start };
    }
  }
}
