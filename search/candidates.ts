// What a search finds and how time sorts order it: the one shape of a match for the walk, the
// scan pool, the engine and the check of the engine's matches.
import { comparePaths } from '#search/walker.js';

/** What time sorts order by: the sort time, then the path. */
export interface SortKey {
  rel: string;
  /** Sort time in epoch ms; null = unknown creation time (listed last). */
  t: number | null;
}

/** One match of a search, as the walk found it. */
export interface Candidate extends SortKey {
  isDirectory: boolean;
  size: number;
  mtimeMs: number;
  birthtimeMs: number;
}

/** How a time sort compares two keys. */
export type Compare = (a: SortKey, b: SortKey) => number;

/** Newest first; unknown times last; ties by path. */
export function compareDesc(a: SortKey, b: SortKey): number {
  if (a.t === b.t) return comparePaths(a.rel, b.rel);
  if (a.t === null) return 1;
  if (b.t === null) return -1;
  return b.t - a.t;
}

/** Oldest first; unknown times last; ties by path. */
export function compareAsc(a: SortKey, b: SortKey): number {
  if (a.t === b.t) return comparePaths(a.rel, b.rel);
  if (a.t === null) return 1;
  if (b.t === null) return -1;
  return a.t - b.t;
}

/** Newest first, unknown times last; ties left as they are (see sortTreeOrdered). */
function byTimeDesc(a: SortKey, b: SortKey): number {
  if (a.t === b.t) return 0;
  if (a.t === null) return 1;
  if (b.t === null) return -1;
  return b.t - a.t;
}

/** Oldest first, unknown times last; ties left as they are (see sortTreeOrdered). */
function byTimeAsc(a: SortKey, b: SortKey): number {
  if (a.t === b.t) return 0;
  if (a.t === null) return 1;
  if (b.t === null) return -1;
  return a.t - b.t;
}

/**
 * Sorts, in place, candidates listed in tree order into a time sort's order. A walk meets entries
 * in `comparePaths` order, so a stable sort by time alone (Array.prototype.sort is stable) leaves
 * ties in path order: exactly compareDesc/compareAsc's order, without a path comparison per tie
 * (on the benchmark's tree, where many files share a time, that was most of a region's sort).
 * Also right for a list whose sorted head is followed by entries that come later in tree order
 * than every entry of the head (how a region keeps its best candidates).
 */
export function sortTreeOrdered<T extends SortKey>(list: T[], sort: 'time_desc' | 'time_asc'): T[] {
  return list.sort(sort === 'time_desc' ? byTimeDesc : byTimeAsc);
}
