import type { Candidate, Compare, SortKey } from '#search/candidates.js';

/**
 * Candidates sorted in a query's order, held as parallel arrays instead of one object each:
 * paths, a Float64Array of t (NaN = null) / size / mtime / birthtime, and a folder flag. This is
 * also what a scan child sends (paths joined with NUL, which no file name contains).
 */
export interface Part {
  rels: string[];
  nums: Float64Array;
  dirs: Uint8Array;
}

/** Estimated bytes one kept match costs (its path, four numbers, array slots). */
export function matchBytes(rel: string): number {
  return rel.length * 2 + 48;
}

/**
 * Matches listed in tree order (the walk's order) as parallel arrays, not one object each: what
 * a region keeps for a snapshot until it is sorted. Objects that live past a scan are copied by
 * V8's young-generation collections and then kept in the old generation; plain arrays of strings
 * and numbers cost far less of both.
 */
export class Collected {
  readonly rels: string[] = [];
  /** Four per match: t (NaN = unknown), size, mtimeMs, birthtimeMs. */
  readonly nums: number[] = [];
  readonly dirs: number[] = [];

  static of(candidates: readonly Candidate[]): Collected {
    const c = new Collected();
    for (const candidate of candidates) c.push(candidate);
    return c;
  }

  get length(): number {
    return this.rels.length;
  }

  /** Estimated bytes held (see matchBytes). */
  bytes(): number {
    let n = 0;
    for (const rel of this.rels) n += matchBytes(rel);
    return n;
  }

  push(c: Candidate): void {
    this.add(c.rel, c.t, c, c.isDirectory);
  }

  add(
    rel: string,
    t: number | null,
    times: { size: number; mtimeMs: number; birthtimeMs: number },
    isDirectory: boolean,
  ): void {
    this.rels.push(rel);
    this.nums.push(t === null ? Number.NaN : t, times.size, times.mtimeMs, times.birthtimeMs);
    this.dirs.push(isDirectory ? 1 : 0);
  }

  /**
   * The matches sorted into a time sort's order: by time alone, ties by their position (tree
   * order, which is path order; see sortTreeOrdered), unknown times last.
   */
  sorted(sort: 'time_desc' | 'time_asc'): Part {
    const n = this.rels.length;
    const nums = this.nums;
    const order = timeOrder(nums, n, sort);
    const part: Part = {
      rels: new Array<string>(n),
      nums: new Float64Array(n * 4),
      dirs: new Uint8Array(n),
    };
    for (let i = 0; i < n; i++) {
      const from = order[i]!;
      part.rels[i] = this.rels[from]!;
      for (let k = 0; k < 4; k++) part.nums[i * 4 + k] = nums[from * 4 + k]!;
      part.dirs[i] = this.dirs[from]!;
    }
    return part;
  }
}

/**
 * Positions 0…n-1 of matches listed in tree order (t at nums[i * 4], NaN = unknown), in a time
 * sort's order: by time, ties by position, unknown times last. A stable counting sort by the rank
 * of each time among the distinct times, found in a copy sorted by the engine's numeric sort:
 * no comparison function is called per pair (a page 2 waits for this sort of every match).
 */
export function timeOrder(
  nums: ArrayLike<number>,
  n: number,
  sort: 'time_desc' | 'time_asc',
): Uint32Array {
  const sign = sort === 'time_desc' ? -1 : 1;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = nums[i * 4]!;
    // + 0 makes -0 a 0 (the numeric sort puts -0 before 0; they are the same time).
    keys[i] = Number.isNaN(t) ? Number.POSITIVE_INFINITY : sign * t + 0;
  }
  const distinct = keys.slice().sort();
  let m = 0;
  for (let i = 0; i < n; i++)
    if (i === 0 || distinct[i] !== distinct[m - 1]) distinct[m++] = distinct[i]!;
  const ranks = new Uint32Array(n);
  const starts = new Uint32Array(m + 1);
  for (let i = 0; i < n; i++) {
    const k = keys[i]!;
    let lo = 0;
    let hi = m - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    ranks[i] = lo;
    starts[lo + 1]!++;
  }
  for (let r = 0; r < m; r++) starts[r + 1]! += starts[r]!;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[starts[ranks[i]!]!++] = i;
  return order;
}

/** A part over candidates already sorted. */
export function toPart(sorted: readonly Candidate[]): Part {
  const n = sorted.length;
  const part: Part = {
    rels: new Array<string>(n),
    nums: new Float64Array(n * 4),
    dirs: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const c = sorted[i]!;
    part.rels[i] = c.rel;
    part.nums[i * 4] = c.t === null ? Number.NaN : c.t;
    part.nums[i * 4 + 1] = c.size;
    part.nums[i * 4 + 2] = c.mtimeMs;
    part.nums[i * 4 + 3] = c.birthtimeMs;
    part.dirs[i] = c.isDirectory ? 1 : 0;
  }
  return part;
}

function keyAt(part: Part, i: number): SortKey {
  const t = part.nums[i * 4]!;
  return { rel: part.rels[i]!, t: Number.isNaN(t) ? null : t };
}

function candidateAt(part: Part, i: number): Candidate {
  const t = part.nums[i * 4]!;
  return {
    rel: part.rels[i]!,
    t: Number.isNaN(t) ? null : t,
    isDirectory: part.dirs[i] === 1,
    size: part.nums[i * 4 + 1]!,
    mtimeMs: part.nums[i * 4 + 2]!,
    birthtimeMs: part.nums[i * 4 + 3]!,
  };
}

/** Index of the first entry of `part` strictly after `key`. */
function indexAfter(part: Part, key: SortKey, compare: Compare): number {
  let lo = 0;
  let hi = part.rels.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(keyAt(part, mid), key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The first `keep` candidates strictly after `after` (null: from the start) across sorted
 * parts, in order: a binary search in each part and a merge of their heads, so a page costs
 * O(parts · log n + keep · parts) whatever the parts hold.
 */
export function takeAfter(
  parts: readonly Part[],
  after: SortKey | null,
  keep: number,
  compare: Compare,
): Candidate[] {
  const heads = parts.map((p) => (after === null ? 0 : indexAfter(p, after, compare)));
  const out: Candidate[] = [];
  while (out.length < keep) {
    let best = -1;
    let bestKey: SortKey | null = null;
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p]!;
      if (heads[p]! >= part.rels.length) continue;
      const key = keyAt(part, heads[p]!);
      if (bestKey === null || compare(key, bestKey) < 0) {
        best = p;
        bestKey = key;
      }
    }
    if (best < 0) break;
    out.push(candidateAt(parts[best]!, heads[best]!));
    heads[best] = heads[best]! + 1;
  }
  return out;
}

/** Number of candidates in `parts`. */
export function countOf(parts: readonly Part[]): number {
  let n = 0;
  for (const p of parts) n += p.rels.length;
  return n;
}

/** A part as sent between processes (one string instead of one per path: far cheaper to copy). */
export interface WirePart {
  rels: string;
  nums: Float64Array;
  dirs: Uint8Array;
}

/** @see WirePart */
export function toWire(part: Part): WirePart {
  return { rels: part.rels.join('\0'), nums: part.nums, dirs: part.dirs };
}

/** @see WirePart */
export function fromWire(wire: WirePart): Part {
  return {
    rels: wire.dirs.length === 0 ? [] : wire.rels.split('\0'),
    nums: wire.nums,
    dirs: wire.dirs,
  };
}
