// The time-ordered page of the index read off its global time order (time-order.ts): the usual
// query's first fast path. "The newest k after T" is a binary search to T and then steps through
// the entries newest first (in exact time order), each filtered as the walk's matcher would (time-page.ts), until the
// page is full and the next entry's time bucket is worse than the page's worst. That costs about
// k steps on any shape of folder when the start folder holds most of the index; a start folder
// holding a small part of it, or a filter that rejects almost everything, would cost many steps,
// so the search gives up after a budget and the best-first search (index-best-first.ts) answers.
import type { SortKey } from '#search/candidates.js';
import { ROOT_ID, type FolderIndex } from './folder-index.js';
import type { IndexQuery, TimeAnswer } from './index-query.js';
import { SLICE_CHECK_EVERY, type Slicer } from './slicer.js';
import { createSubtreeTest } from './subtree-kinds.js';
import { bucketOf, ID_SPAN, TimeOrder, type OrderField } from './time-order.js';
import { TimePage, wholeStart } from './time-page.js';

/** Steps a search may take before it leaves the answer to the best-first search. */
export const STEP_BUDGET = 40_000;

const orders = new WeakMap<FolderIndex, Map<OrderField, TimeOrder>>();

/** The index's order of `field`, made (and told of the index's changes) when first asked for. */
export function timeOrderOf(ix: FolderIndex, field: OrderField): TimeOrder {
  let held = orders.get(ix);
  if (held === undefined) {
    const mine = new Map<OrderField, TimeOrder>();
    held = mine;
    orders.set(ix, mine);
    ix.onTouch = (id) => {
      for (const order of mine.values()) order.touch(id);
    };
  }
  let order = held.get(field);
  if (order === undefined) {
    order = new TimeOrder(ix, field);
    held.set(field, order);
  }
  return order;
}

/**
 * The same page as searchTimeOrder, read off the global time order; null when this search cannot
 * answer it (not the usual query, the order not available, or over its step budget).
 */
export async function searchTimeGlobal(
  ix: FolderIndex,
  q: IndexQuery,
  sort: 'time_desc' | 'time_asc',
  after: SortKey | null,
  keep: number,
  slicer?: Slicer,
  budget = STEP_BUDGET,
): Promise<TimeAnswer | null> {
  const start = wholeStart(ix, q);
  if (start === -1) return null;
  // Nothing of the kinds and sizes asked for anywhere below: the best-first search says so at once.
  const cannotHold = createSubtreeTest(ix.sub, q);
  if (cannotHold !== null && cannotHold(ix.slot[start]!)) return null;
  const order = timeOrderOf(ix, q.timeField === 'modified' ? 'modified' : 'created');
  if (!(await order.ready())) return null;
  const page = new TimePage(ix, q, sort, after, keep);
  const descending = page.descending;
  // Where the order is read from: the cursor's time, within the range asked for.
  let from = descending ? Infinity : -Infinity;
  if (after !== null && after.t !== null) from = after.t;
  if (descending && q.toMs !== null) from = Math.min(from, q.toMs);
  if (!descending && q.fromMs !== null) from = Math.max(from, q.fromMs);
  const first = Number.isFinite(from) ? bucketOf(from) : descending ? bucketOf(Infinity) : 0;
  // Past this bucket nothing is in the range.
  const end = descending
    ? q.fromMs === null
      ? -1
      : bucketOf(q.fromMs)
    : q.toMs === null
      ? Infinity
      : bucketOf(q.toMs);
  const reader = order.read(first, descending);
  const times = order.times();
  const { parent } = ix;
  let countdown = SLICE_CHECK_EVERY;
  for (let steps = 0; ; steps++) {
    const key = reader.next();
    if (key === -1) break;
    const bucket = Math.floor(key / ID_SPAN);
    if (descending ? bucket < end : bucket > end) break;
    // The page is full and this entry, and all after it (in exact time order), are worse than
    // its worst (an equal time may still come first by path: only a worse one ends it).
    const worst = page.worst();
    const t = times[key % ID_SPAN]!;
    if (worst !== null && (descending ? t < worst : t > worst)) break;
    if (steps >= budget) return null;
    if (slicer && --countdown === 0) {
      countdown = SLICE_CHECK_EVERY;
      await slicer.check();
    }
    const id = key % ID_SPAN;
    if (start !== ROOT_ID && !below(parent, id, start)) continue;
    page.consider(id);
  }
  return page.answer(start);
}

/** Whether entry `id` lies below folder `dir`. */
function below(parent: Int32Array, id: number, dir: number): boolean {
  for (let at = parent[id]!; at !== -1; at = parent[at]!) if (at === dir) return true;
  return false;
}
