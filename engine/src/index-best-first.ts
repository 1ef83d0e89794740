// The time-ordered page of the index found best first (one of the usual query's fast paths beside
// index-walk.ts's searchTimeOrder, which answers every other): the same answer, found by taking
// folders in the order of the best time below them.
import type { SortKey } from '#search/candidates.js';
import { KIND_DIR, type FolderIndex } from './folder-index.js';
import type { IndexQuery, TimeAnswer } from './index-query.js';
import { SLICE_CHECK_EVERY, type Slicer } from './slicer.js';
import { createSubtreeTest } from './subtree-kinds.js';
import { TimePage, wholeStart } from './time-page.js';

/**
 * The same page as searchTimeOrder, found best first: folders are taken in the order of the best
 * time below them (a heap), so the page fills from the newest (or oldest) folders and the search
 * stops as soon as no folder left can hold anything better than the page's worst. For the usual
 * query (time-page.ts's wholeStart) the walk's counters are the start folder's totals, so the
 * answer is the walk's; otherwise null (searchTimeOrder answers). Ties are ordered by path at the
 * end, since folders are not met in tree order here.
 */
export async function searchTimeBestFirst(
  ix: FolderIndex,
  q: IndexQuery,
  sort: 'time_desc' | 'time_asc',
  after: SortKey | null,
  keep: number,
  slicer?: Slicer,
): Promise<TimeAnswer | null> {
  const start = wholeStart(ix, q);
  if (start === -1) return null;
  const modified = q.timeField === 'modified';
  const { sub, slot, kind } = ix;
  const descending = sort === 'time_desc';
  const page = new TimePage(ix, q, sort, after, keep);
  // No file of the kinds and sizes asked for below a folder (subtree-kinds.ts).
  const cannotHold = createSubtreeTest(sub, q);
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

  let countdown = SLICE_CHECK_EVERY;
  const first = bestOf(start);
  if (!Number.isNaN(first)) push(start, first);
  while (heapIds.length > 0) {
    // Nothing left can be better than the page's worst: done (equal times may still order
    // before it by path, so only a strictly worse folder ends the search).
    const w = page.worst();
    if (w !== null && better(w, heapKeys[0]!)) break;
    const dir = pop();
    for (const child of ix.childrenOf(dir) ?? []) {
      if (slicer && --countdown === 0) {
        countdown = SLICE_CHECK_EVERY;
        await slicer.check();
      }
      page.consider(child);
      if (kind[child] === KIND_DIR) {
        const best = bestOf(child);
        if (!Number.isNaN(best)) push(child, best);
      }
    }
  }
  return page.answer(start);
}
