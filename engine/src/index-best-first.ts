// The time-ordered page of the index found best first (the usual query's fast path beside
// index-walk.ts's searchTimeOrder, which answers every other): the same answer, found by taking
// folders in the order of the best time below them.
import { SEARCH_LIMITS } from '#shared/tools/search-by-time.js';
import type { Candidate, SortKey } from '#search/candidates.js';
import {
  compareOf,
  compileGlob,
  createMatcher,
  createTypeFilter,
  filesOnly,
  sizeRefused,
} from '#search/matcher.js';
import type { WalkResult } from '#search/walker.js';
import { FLAG_NOT_ENTERED, FLAG_UNREADABLE, KIND_DIR, type FolderIndex } from './folder-index.js';
import { IndexEntry, type IndexQuery, type TimeAnswer } from './index-walk.js';
import { SLICE_CHECK_EVERY, type Slicer } from './slicer.js';
import { createKindRefusal, createSubtreeTest } from './subtree-kinds.js';

/**
 * The same page as searchTimeOrder, found best first: folders are taken in the order of the best
 * time below them (a heap), so the page fills from the newest (or oldest) folders and the search
 * stops as soon as no folder left can hold anything better than the page's worst. For the usual
 * query (the whole of a start folder, no region, no depth limit reached, nothing unreadable by
 * stat, no unknown creation times wanted) the walk's counters are the start folder's totals, so
 * the answer is the walk's; otherwise null (searchTimeOrder answers). Ties are ordered by path
 * at the end, since folders are not met in tree order here.
 */
export async function searchTimeBestFirst(
  ix: FolderIndex,
  q: IndexQuery,
  sort: 'time_desc' | 'time_asc',
  after: SortKey | null,
  keep: number,
  slicer?: Slicer,
): Promise<TimeAnswer | null> {
  if (q.after !== null || q.until !== null) return null;
  const start = ix.find(q.startRel);
  if (start === -1 || ix.kind[start] !== KIND_DIR) return null;
  if ((ix.flags[start]! & (FLAG_UNREADABLE | FLAG_NOT_ENTERED)) !== 0) return null;
  const modified = q.timeField === 'modified';
  if (!modified && q.includeUnknownTime) return null;
  const { sub, slot, kind, mtime, btime, children } = ix;
  const s0 = slot[start]!;
  const maxDepth = Math.min(q.maxDepth, SEARCH_LIMITS.maxDepthCeiling);
  if (sub.notEntered[s0] !== 0 || sub.statFailed[s0] !== 0 || sub.height[s0]! > maxDepth)
    return null;

  const descending = sort === 'time_desc';
  const compare = compareOf(sort);
  const matcher = createMatcher(q);
  const entry = new IndexEntry(ix);
  const byName = q.glob !== null && !q.glob.includes('/') ? compileGlob(q.glob) : null;
  const byType = createTypeFilter(q);
  const listDirs = q.includeDirectories && !filesOnly(q);
  const bySize = q.minSize !== null || q.maxSize !== null;
  const prefix = q.startRel === '' ? 0 : q.startRel.length + 1;
  const relOf = (id: number) => ix.relOf(id).slice(prefix);
  // No file of the kinds and sizes asked for below a folder, or in this file (subtree-kinds.ts).
  const cannotHold = createSubtreeTest(sub, q);
  const refused = createKindRefusal(ix.fileKind, q);
  // The best time a folder's subtree can offer this page (its range, within the cursor's).
  const bestOf = (dir: number): number => {
    const at = slot[dir]!;
    const hi = modified ? sub.maxM[at]! : sub.maxB[at]!;
    const lo = modified ? sub.minM[at]! : sub.minB[at]!;
    if (hi === -Infinity) return NaN; // no known time below
    if (cannotHold !== null && cannotHold(at)) return NaN;
    if ((q.fromMs !== null && hi < q.fromMs) || (q.toMs !== null && lo >= q.toMs)) return NaN;
    if (after !== null && after.t !== null) {
      if (descending ? lo > after.t : hi < after.t) return NaN;
      return descending ? Math.min(hi, after.t) : Math.max(lo, after.t);
    }
    return descending ? hi : lo;
  };
  // A heap of folders, the best first.
  const heapIds: number[] = [];
  const heapKeys: number[] = [];
  const better = (a: number, b: number) => (descending ? a > b : a < b);
  const push = (id: number, key: number) => {
    let i = heapIds.length;
    heapIds.push(id);
    heapKeys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!better(heapKeys[i]!, heapKeys[parent]!)) break;
      [heapIds[i], heapIds[parent]] = [heapIds[parent]!, heapIds[i]!];
      [heapKeys[i], heapKeys[parent]] = [heapKeys[parent]!, heapKeys[i]!];
      i = parent;
    }
  };
  const pop = (): number => {
    const top = heapIds[0]!;
    const lastId = heapIds.pop()!;
    const lastKey = heapKeys.pop()!;
    if (heapIds.length > 0) {
      heapIds[0] = lastId;
      heapKeys[0] = lastKey;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < heapIds.length && better(heapKeys[l]!, heapKeys[best]!)) best = l;
        if (r < heapIds.length && better(heapKeys[r]!, heapKeys[best]!)) best = r;
        if (best === i) break;
        [heapIds[i], heapIds[best]] = [heapIds[best]!, heapIds[i]!];
        [heapKeys[i], heapKeys[best]] = [heapKeys[best]!, heapKeys[i]!];
        i = best;
      }
    }
    return top;
  };

  let buffer: Candidate[] = [];
  let worst: Candidate | null = null;
  let cutSincePush = true;
  const key: SortKey = { rel: '', t: null };
  const cut = () => {
    cutSincePush = true;
    buffer.sort(compare);
    buffer = buffer.slice(0, keep);
    worst = buffer.length >= keep ? buffer[buffer.length - 1]! : null;
  };
  const consider = (id: number) => {
    const isDirectory = kind[id] === KIND_DIR;
    if (isDirectory ? !listDirs : !q.includeFiles) return;
    if (refused !== null && !isDirectory && refused(id)) return;
    if (bySize && !isDirectory && sizeRefused(q, ix.size[id]!)) return;
    const t = modified ? mtime[id]! : btime[id] !== 0 ? btime[id]! : null;
    if (t === null) return; // unknown times are not wanted here (see above)
    if ((q.fromMs !== null && t < q.fromMs) || (q.toMs !== null && t >= q.toMs)) return;
    if (after !== null && after.t !== null && (descending ? t > after.t : t < after.t)) return;
    if (worst !== null && worst.t !== null && (descending ? t < worst.t : t > worst.t)) return;
    if (byName !== null || (byType !== null && !isDirectory)) {
      const name = ix.nameOf(id);
      if (byName !== null && !byName(name)) return;
      if (byType !== null && !isDirectory && !byType(name)) return;
    }
    entry.id = id;
    entry.isDirectory = isDirectory;
    entry.rel = relOf(id);
    const c = matcher.candidateOf(entry);
    if (c === null) return;
    key.rel = c.rel;
    key.t = c.t;
    if (after !== null && compare(key, after) <= 0) return;
    if (worst !== null && compare(key, worst) >= 0) return;
    buffer.push(c);
    cutSincePush = false;
    if (buffer.length >= keep * 2 + 64) cut();
  };

  let countdown = SLICE_CHECK_EVERY;
  const first = bestOf(start);
  if (!Number.isNaN(first)) push(start, first);
  while (heapIds.length > 0) {
    // Nothing left can be better than the page's worst: done (equal times may still order
    // before it by path, so only a strictly worse folder ends the search).
    if (buffer.length >= keep && !cutSincePush) cut();
    const w = worst as Candidate | null;
    if (w !== null && w.t !== null && better(w.t, heapKeys[0]!)) break;
    const dir = pop();
    for (const child of children[dir] ?? []) {
      if (slicer && --countdown === 0) {
        countdown = SLICE_CHECK_EVERY;
        await slicer.check();
      }
      consider(child);
      if (kind[child] === KIND_DIR) {
        const best = bestOf(child);
        if (!Number.isNaN(best)) push(child, best);
      }
    }
  }
  buffer.sort(compare);
  const last = ix.lastBelow(start);
  const walk: WalkResult = {
    scannedFiles: sub.files[s0]!,
    scannedDirectories: 1 + sub.dirs[s0]!,
    skippedUnreadable: sub.unreadable[s0]!,
    notEnteredAtMaxDepth: 0,
    invalidNames: (ix.invalidNames.get(start) ?? 0) + sub.invalid[s0]!,
    stopReason: 'done',
    stoppedAt: last === start ? null : relOf(last),
  };
  return { walk, skippedUnreadable: 0, part: buffer.slice(0, keep) };
}
