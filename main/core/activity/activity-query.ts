import type { ActivityFilter } from '#shared/activity/activity.js';
import {
  parseActivityPosition,
  scanActivity,
  type ActivityEntry,
} from '#appdata/activity/activity-scan.js';

/** One page of history. */
export interface ActivityPage {
  entries: ActivityEntry[];
  /** Pass back as `cursor` for the next (older) page; null when the history is exhausted. */
  nextCursor: string | null;
  /** Lines skipped while reading this page (corrupt, or not this record version). */
  skippedLines: number;
}

/** Options of {@link queryActivity}. */
export interface ActivityQuery {
  filter?: ActivityFilter;
  /** Records per page, 1..1000 (default 100). */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string | null;
}

/**
 * A page of the activity log, newest first, filtered. Reads only as much as the page needs
 * (day files newest first, backwards); the cursor is the position of the page's last record, so
 * records appended meanwhile never shift later pages. A full page may be followed by an empty
 * last one: whether anything older matches is only known by reading on.
 */
export async function queryActivity(dir: string, query: ActivityQuery = {}): Promise<ActivityPage> {
  const limit = Math.min(1000, Math.max(1, Math.floor(query.limit ?? 100)));
  const from = query.cursor ? parseActivityPosition(query.cursor) : null;
  if (query.cursor && !from)
    throw new Error('The activity cursor is not valid: start from the first page.');
  const counts = { skipped: 0 };
  const entries: ActivityEntry[] = [];
  for await (const entry of scanActivity(dir, query.filter ?? {}, from, counts)) {
    entries.push({ id: entry.id, record: entry.record });
    if (entries.length === limit) {
      return { entries, nextCursor: entry.id, skippedLines: counts.skipped };
    }
  }
  return { entries, nextCursor: null, skippedLines: counts.skipped };
}
