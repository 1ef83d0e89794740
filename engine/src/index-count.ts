// How many entries of a folder's index match a whole query (no cursor): the Search preview's
// "20,092 files changed …" while it shows the first 25. The same walk of the index and the same
// matcher as a page (index-walk.ts), counting instead of listing. A subtree whose times all lie
// inside the range, when nothing else narrows the query, is counted from the index's totals; one
// outside the range is passed over. Counting stops, with no number, after `budgetMs`.
import { SEARCH_LIMITS } from '#shared/tools/search-by-time.js';
import { createMatcher, createTypeFilter, filesOnly, sizeRefused } from '#search/matcher.js';
import { FLAG_STAT_FAILED, KIND_DIR, type FolderIndex } from './folder-index.js';
import { IndexEntry, type IndexQuery } from './index-query.js';
import { walkIndex } from './index-walk.js';
import { SLICE_CHECK_EVERY, type Slicer } from './slicer.js';
import { createKindRefusal, createSubtreeTest } from './subtree-kinds.js';

/**
 * How long a count may take before it gives up: the preview's first page waits for it, so it
 * stays short (a million entries filtered by time and size count in ~25 ms; by name, more).
 */
export const COUNT_BUDGET_MS = 50;

/** The number of matches of `q` (its cursor positions ignored), or null (not in time, not here). */
export async function countMatches(
  ix: FolderIndex,
  q: IndexQuery,
  slicer?: Slicer,
  budgetMs = COUNT_BUDGET_MS,
  now: () => number = () => performance.now(),
): Promise<number | null> {
  const start = ix.find(q.startRel);
  if (start === -1) return null;
  const matcher = createMatcher(q);
  const entry = new IndexEntry(ix);
  const { sub, slot } = ix;
  const modified = q.timeField === 'modified';
  const listDirs = q.includeDirectories && !filesOnly(q);
  const cannotHold = createSubtreeTest(sub, q);
  const refused = createKindRefusal(ix.fileKind, q);
  // The path is needed only by a glob and the file types (a name's ending).
  const byPath = q.glob !== null || createTypeFilter(q) !== null;
  // Nothing but the time range narrows the query: a subtree inside it counts whole.
  const timeOnly = !byPath && q.kinds === null && q.minSize === null && q.maxSize === null;
  // What the matcher decides without a name, read straight from the index's arrays (as its
  // statOf does: the kind asked for, a readable entry, the sizes, the time or its absence).
  const { kind, flags, mtime, btime } = ix;
  const bySize = q.minSize !== null || q.maxSize !== null;
  const matchesByNumbers = (id: number, isDirectory: boolean): boolean => {
    if (isDirectory ? !listDirs : !q.includeFiles) return false;
    if (refused !== null && !isDirectory && refused(id)) return false;
    if ((flags[id]! & FLAG_STAT_FAILED) !== 0) return false;
    if (bySize && sizeRefused(q, ix.sizeOf(id))) return false;
    const t = modified ? mtime[id]! : btime[id] !== 0 ? btime[id]! : null;
    if (t === null) return q.includeUnknownTime;
    return (q.fromMs === null || t >= q.fromMs) && (q.toMs === null || t < q.toMs);
  };
  const began = now();
  let count = 0;
  let countdown = SLICE_CHECK_EVERY;
  let late = false;
  const skip = (dir: number): boolean => {
    const at = slot[dir]!;
    if (cannotHold !== null && cannotHold(at)) return true;
    const unknown = modified ? 0 : sub.unknownBirth[at]!;
    if (unknown > 0 && q.includeUnknownTime) return false;
    const hi = modified ? sub.maxM[at]! : sub.maxB[at]!;
    const lo = modified ? sub.minM[at]! : sub.minB[at]!;
    if (hi === -Infinity) return unknown === sub.files[at]! + sub.dirs[at]!; // no known time below
    if ((q.fromMs !== null && hi < q.fromMs) || (q.toMs !== null && lo >= q.toMs)) return true;
    if (!timeOnly || unknown > 0) return false;
    if ((q.fromMs !== null && lo < q.fromMs) || (q.toMs !== null && hi >= q.toMs)) return false;
    count += (q.includeFiles ? sub.files[at]! : 0) + (listDirs ? sub.dirs[at]! : 0);
    return true;
  };
  const walk = await walkIndex(ix, {
    start,
    maxDepth: Math.min(q.maxDepth, SEARCH_LIMITS.maxDepthCeiling),
    after: null,
    until: null,
    slicer,
    skip,
    visit(id, folderRel) {
      if (--countdown === 0) {
        countdown = SLICE_CHECK_EVERY;
        if (now() - began > budgetMs) {
          late = true;
          return false;
        }
      }
      entry.isDirectory = kind[id] === KIND_DIR;
      if (!byPath) {
        if (matchesByNumbers(id, entry.isDirectory)) count++;
        return true;
      }
      if (refused !== null && !entry.isDirectory && refused(id)) return true;
      entry.id = id;
      entry.rel = byPath
        ? folderRel === ''
          ? ix.nameOf(id)
          : `${folderRel}/${ix.nameOf(id)}`
        : '';
      if (matcher.statOf(entry) !== null) count++;
      return true;
    },
  });
  return walk === null || late ? null : count;
}
