// The Search preview over one folder or all of them: each folder's pages, in the order the tool
// sorts (newest first, oldest first, or by path; ties by path), merged into one list shown 25 at a
// time. Pure: the hook (use-search-session.ts) fetches the pages.
import type { SearchMatch, Sort, TimeField } from '#shared/tools/search-by-time.js';

/** One match with the allowed folder it was found in. */
export interface FoundRow extends SearchMatch {
  rootName: string;
  rootPath: string;
}

/** One folder's part of a search: what is fetched and not shown yet, and where to go on. */
export interface FolderStream {
  rootName: string;
  rootPath: string;
  /** Null before the first page, then the next page's cursor; `done` once none is left. */
  cursor: string | null;
  fetched: boolean;
  done: boolean;
  buffer: FoundRow[];
  /**
   * How many match in this folder in all, from its first page: the page's own count when it was
   * the only one, the app's index's count when more followed; null: not known (the folder was
   * walked, or counting took too long).
   */
  total?: number | null;
}

/** How many rows "Show more" adds, and the first view shows. */
export const ROWS_STEP = 25;

/** The tool's order: by the chosen time (nulls last) or by path, ties by path. */
export function compareRows(
  sort: Sort,
  timeField: TimeField,
): (a: FoundRow, b: FoundRow) => number {
  const time = (r: FoundRow) => {
    const iso = timeField === 'created' ? r.createdAt : r.modifiedAt;
    return iso === null || iso === undefined ? null : Date.parse(iso);
  };
  const byPath = (a: FoundRow, b: FoundRow) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  if (sort === 'path_asc') return byPath;
  return (a, b) => {
    const ta = time(a);
    const tb = time(b);
    if (ta === null || tb === null) return ta === tb ? byPath(a, b) : ta === null ? 1 : -1;
    if (ta !== tb) return sort === 'time_desc' ? tb - ta : ta - tb;
    return byPath(a, b);
  };
}

/**
 * The next row in order, taken from its stream's buffer; null when some stream must fetch first
 * (its buffer is empty and it is not done) or when every stream is finished.
 */
export function takeNext(
  streams: FolderStream[],
  compare: (a: FoundRow, b: FoundRow) => number,
): FoundRow | null {
  let best: FolderStream | null = null;
  for (const s of streams) {
    if (s.buffer.length === 0) {
      if (!s.done) return null; // cannot know yet what comes first
      continue;
    }
    if (!best || compare(s.buffer[0]!, best.buffer[0]!) < 0) best = s;
  }
  return best ? best.buffer.shift()! : null;
}

/** The streams that must fetch before the next row can be known. */
export function needFetch(streams: FolderStream[]): FolderStream[] {
  return streams.filter((s) => s.buffer.length === 0 && !s.done);
}

/** True once every stream is finished and empty: every match has been shown. */
export function exhausted(streams: FolderStream[]): boolean {
  return streams.every((s) => s.done && s.buffer.length === 0);
}

/** How many match in all the folders, when every folder's count is known; else null. */
export function totalOf(streams: FolderStream[]): number | null {
  let sum = 0;
  for (const s of streams) {
    if (typeof s.total !== 'number') return null;
    sum += s.total;
  }
  return sum;
}
