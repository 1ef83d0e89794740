// A global order of the index's entries by time, beside its folder tree (folder-index.ts): one
// sorted array per time field, in the order of keys that are each a time bucket and an entry id in
// one number (bucket · 2²³ + id, exact in a double), the keys of one bucket ordered by their exact
// times. The array holds only the ids (4 bytes an entry, not 8): an unchanged entry's key is made
// again from its time, and the key of every 64th place is kept for the binary search. "The
// newest k after T" is then a binary search and k steps, whatever the shape of the folders, however
// their times scatter, and however many share a bucket (index-time-order.ts).
//
// Kept up to date cheaply: an entry that changes is marked (the index tells every change, see
// FolderIndex.onTouch), a marked entry's old key is skipped where it lies, and its current key
// comes from a small sorted side list made when a search asks. When the marked entries grow many
// they are folded into a new array in one linear merge. The array is built when first asked for
// (a crawl's million additions cost nothing here), in slices that give the event loop back.
//
// A marked entry's place in the array keeps no key (its time has changed since): every reader skips
// it, and the binary search reads only the kept keys and unmarked entries.
import { collectSoon } from '#search/idle-gc.js';
import { breather, CHUNK, ID_SPAN, sortInSlices } from './sort-slices.js';
import { FLAG_STAT_FAILED, KIND_FREE, ROOT_ID, type FolderIndex } from './folder-index.js';

export { ID_SPAN };
/** A key's time bucket, in ms (a bucket's keys are ordered by their entries' exact times). */
export const BUCKET_MS = 4096;
const MAX_BUCKET = 2 ** 30 - 1;
/** Places in the array per kept key (a power of two). */
const BLOCK = 64;
const BLOCK_BITS = 6;

export type OrderField = 'modified' | 'created';

/** The bucket of time `t` (ms): clamped to the keys' range (1970 to about 2109). */
export function bucketOf(t: number): number {
  const b = Math.floor(t / BUCKET_MS);
  return b < 0 ? 0 : b > MAX_BUCKET ? MAX_BUCKET : b;
}

/** The key of an entry whose time in the array `times` is `times[id]`. */
function keyOf(times: Float64Array, id: number): number {
  return bucketOf(times[id]!) * ID_SPAN + id;
}

/** The entry's time in the order of `field`, or null when it has none there. */
export function orderTime(ix: FolderIndex, id: number, field: OrderField): number | null {
  if (id === ROOT_ID || ix.kind[id] === KIND_FREE || (ix.flags[id]! & FLAG_STAT_FAILED) !== 0)
    return null;
  if (field === 'modified') return ix.mtime[id]!;
  return ix.btime[id] !== 0 ? ix.btime[id]! : null;
}

/** One time field's order of an index. */
export class TimeOrder {
  /** Ids in key order as of the last build or fold; marked entries' places here are stale. */
  private base: Int32Array | null = null;
  /** The key of every BLOCK-th place of `base`, as it was when placed. */
  private heads: Float64Array = new Float64Array(0);
  private building: Promise<void> | null = null;
  /** Entries changed since `base` was taken (1: marked), and their ids. */
  private mark = new Uint8Array(0);
  private marked: number[] = [];
  /** Whether changes are being recorded (from the moment a build starts reading the index). */
  private recording = false;
  private side: Float64Array | null = null;
  /** Changes told so far: a fold that saw one come while it ran is not kept. */
  private touches = 0;

  constructor(
    private readonly ix: FolderIndex,
    readonly field: OrderField,
  ) {}

  /** The index tells each entry added, changed or removed. */
  touch(id: number): void {
    if (!this.recording) return;
    this.touches++;
    if (id >= this.mark.length) {
      const next = new Uint8Array(Math.max(id + 1, this.mark.length * 2, 1024));
      next.set(this.mark);
      this.mark = next;
    }
    this.side = null;
    if (this.mark[id] === 0) {
      this.mark[id] = 1;
      this.marked.push(id);
    }
  }

  /**
   * The order, ready to read: built when first asked for, folded when many entries changed.
   * False when the index is too large for keys (the other searches answer then).
   */
  async ready(): Promise<boolean> {
    while (this.building !== null) await this.building;
    if (this.ix.idLimit() >= ID_SPAN) return false;
    if (this.base === null) {
      this.building = this.build().finally(() => (this.building = null));
      await this.building;
    } else if (this.marked.length > Math.max(4096, this.base.length >> 6)) {
      this.building = this.fold().finally(() => (this.building = null));
      await this.building;
    }
    return this.base !== null;
  }

  /** A reader of the keys from bucket `bucket` on, newest first when `descending`. */
  read(bucket: number, descending: boolean): OrderReader {
    const base = this.base!;
    const side = this.sideKeys();
    const times = this.times();
    const bound = descending ? (bucket + 1) * ID_SPAN : bucket * ID_SPAN;
    const i = this.lowerBoundBase(bound, times);
    const j = lowerBound(side, bound);
    return new OrderReader(
      base,
      side,
      this.mark,
      times,
      this.compare(times),
      descending,
      descending ? i - 1 : i,
      descending ? j - 1 : j,
    );
  }

  /**
   * The first place of `base` whose entry, if unmarked, has a key of at least `bound`, all unmarked
   * entries before it having less: a binary search of the kept keys, then one block read.
   */
  private lowerBoundBase(bound: number, times: Float64Array): number {
    const { base, heads, mark } = this;
    const block = lowerBound(heads, bound);
    if (block === 0) return 0;
    const end = Math.min(block << BLOCK_BITS, base!.length);
    for (let i = (block - 1) << BLOCK_BITS; i < end; i++) {
      const id = base![i]!;
      if (mark[id] !== 1 && keyOf(times, id) >= bound) return i;
    }
    return end;
  }

  /**
   * The base made of `n` sorted keys (from `next()`): their ids, and every BLOCK-th key. In
   * slices: a million keys take tens of milliseconds.
   */
  private async place(
    n: number,
    next: () => number,
  ): Promise<{ ids: Int32Array; heads: Float64Array }> {
    const ids = new Int32Array(n);
    const heads = new Float64Array((n + BLOCK - 1) >> BLOCK_BITS);
    const breathe = breather();
    for (let i = 0; i < n; i++) {
      const key = next();
      if ((i & (BLOCK - 1)) === 0) heads[i >> BLOCK_BITS] = key;
      // The id: the key's low 23 bits (exact: the key is below 2⁵³).
      ids[i] = key - Math.floor(key / ID_SPAN) * ID_SPAN;
      if ((i & (CHUNK - 1)) === 0) await breathe();
    }
    return { ids, heads };
  }

  /** The entries' current times in this order's field (the array the index holds now). */
  times(): Float64Array {
    return this.field === 'modified' ? this.ix.mtime : this.ix.btime;
  }

  /** The order of two keys: by bucket, then by the entry's exact time in `times`, then by id. */
  private compare(times: Float64Array): (a: number, b: number) => number {
    return (a, b) => {
      const ba = Math.floor(a / ID_SPAN);
      const bb = Math.floor(b / ID_SPAN);
      if (ba !== bb) return ba - bb;
      return times[a % ID_SPAN]! - times[b % ID_SPAN]! || a - b;
    };
  }

  /** Keys held, the stale ones of marked entries included (a fold leaves none of those). */
  get size(): number {
    return (this.base?.length ?? 0) + this.marked.length;
  }

  /** The current keys of the marked entries, sorted. */
  private sideKeys(): Float64Array {
    if (this.side !== null) return this.side;
    const keys = new Float64Array(this.marked.length);
    let n = 0;
    for (const id of this.marked) {
      const t = orderTime(this.ix, id, this.field);
      if (t !== null) keys[n++] = bucketOf(t) * ID_SPAN + id;
    }
    this.side = keys.subarray(0, n).sort(this.compare(this.times()));
    return this.side;
  }

  /** Reads every entry's key and sorts them, a slice at a time. */
  private async build(): Promise<void> {
    const ix = this.ix;
    this.recording = true;
    this.mark = new Uint8Array(ix.idLimit());
    this.marked = [];
    this.side = null;
    const limit = ix.idLimit();
    const keys = new Float64Array(limit);
    // The times the keys were made with: the sort compares these, so an entry changed while it
    // runs (marked, so its key is never read) cannot unsettle the others' order.
    const snap = new Float64Array(limit);
    let n = 0;
    const breathe = breather();
    for (let id = 1; id < limit; id++) {
      // An entry changed while this runs is marked, so its key here is never read.
      const t = orderTime(ix, id, this.field);
      if (t !== null) {
        keys[n++] = bucketOf(t) * ID_SPAN + id;
        snap[id] = t;
      }
      if ((id & (CHUNK - 1)) === 0) await breathe();
    }
    const sorted = await sortInSlices(keys.subarray(0, n), this.compare(snap));
    let at = 0;
    ({ ids: this.base, heads: this.heads } = await this.place(n, () => sorted[at++]!));
    // The other array of the sort (as large) is garbage now: collected at once, not held.
    collectSoon();
  }

  /**
   * Merges the marked entries' current keys into a new array (one linear pass, in slices). Not
   * kept if the index changed meanwhile (searches and changes take turns, so that is rare): the
   * order as it was stays true, and the next search folds again.
   */
  private async fold(): Promise<void> {
    const touches = this.touches;
    const times = this.times();
    const reader = new OrderReader(
      this.base!,
      this.sideKeys(),
      this.mark,
      times,
      this.compare(times),
      false,
      0,
      0,
    );
    // The ids kept (unmarked), and the marked entries that have a time: the side list.
    let n = this.side!.length;
    for (const id of this.base!) if (this.mark[id] !== 1) n++;
    const placed = await this.place(n, () => reader.next());
    if (this.touches !== touches) return;
    // A new mark array, not this one cleared: a search reading the old keys keeps its marks.
    this.mark = new Uint8Array(this.mark.length);
    this.base = placed.ids;
    this.heads = placed.heads;
    this.marked = [];
    this.side = null;
  }
}

/** Reads the base (ids in key order) and the side keys as one sorted run of keys, skipping marked entries. */
export class OrderReader {
  constructor(
    private readonly base: Int32Array,
    private readonly side: Float64Array,
    private readonly mark: Uint8Array,
    private readonly times: Float64Array,
    private readonly compare: (a: number, b: number) => number,
    private readonly descending: boolean,
    private i: number,
    private j: number,
  ) {}

  /** The next key, or -1 at the end. */
  next(): number {
    const { base, side, mark, times } = this;
    if (this.descending) {
      while (this.i >= 0 && mark[base[this.i]!] === 1) this.i--;
      const a = this.i >= 0 ? keyOf(times, base[this.i]!) : -1;
      const b = this.j >= 0 ? side[this.j]! : -1;
      if (a === -1 && b === -1) return -1;
      if (b === -1 || (a !== -1 && this.compare(a, b) > 0)) {
        this.i--;
        return a;
      }
      this.j--;
      return b;
    }
    while (this.i < base.length && mark[base[this.i]!] === 1) this.i++;
    const a = this.i < base.length ? keyOf(times, base[this.i]!) : Infinity;
    const b = this.j < side.length ? side[this.j]! : Infinity;
    if (a === Infinity && b === Infinity) return -1;
    if (b === Infinity || (a !== Infinity && this.compare(a, b) < 0)) {
      this.i++;
      return a;
    }
    this.j++;
    return b;
  }
}

/** The first position whose key is at least `key`. */
function lowerBound(keys: Float64Array, key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
