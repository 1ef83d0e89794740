import fs from 'node:fs';
import path from 'node:path';
import type { WalkResult } from '../walker.js';

const CLOCK_SLACK_MS = 50;

/** What time sorts order by: the sort time, then the path. */
export interface SortKey {
  rel: string;
  /** Sort time in epoch ms; null = unknown creation time (listed last). */
  t: number | null;
}

/** One match of a time-sorted search, as the walk found it. */
export interface Candidate extends SortKey {
  isDirectory: boolean;
  size: number;
  mtimeMs: number;
  birthtimeMs: number;
}

/** Everything a completed scan of one region found, sorted in the query's order. */
export interface Snapshot {
  /** performance-independent wall clock (Date.now()) when the scan ended. */
  readonly createdAt: number;
  /** What the walk reported; a page served from the snapshot reports the same. */
  readonly walk: WalkResult;
  /** Entries the search could not stat (counted on top of the walk's own). */
  readonly skippedUnreadable: number;
  readonly count: number;
  /**
   * True while no folder the scan went through has changed since it started (an entry added,
   * removed or renamed, or the folder's permissions or times set: its ctime moves). Costs one
   * stat per folder. Changes inside files (a file's own time) are not seen: the summary says so.
   */
  isCurrent(): boolean;
  /** Index of the first candidate strictly after `key` in the snapshot's order. */
  indexAfter(key: SortKey): number;
  /** Candidates [from, to) as objects. */
  slice(from: number, to: number): Candidate[];
}

/** A bounded, expiring LRU of snapshots. */
export interface SnapshotCache {
  /** The live snapshot under `key` (and marks it recently used), or null. */
  get(key: string): Snapshot | null;
  /** Keeps `candidates` (any order; sorted with `compare` when first needed) under every key. */
  put(keys: string[], scan: ScanRecord, compare: (a: SortKey, b: SortKey) => number): void;
  /** Drops everything when the settings that shape results differ from the last call's. */
  useSettings(fingerprint: string): void;
  clear(): void;
  /** Estimated bytes held (for tests). */
  bytes(): number;
}

/** What one complete scan of a region found, to be kept. */
export interface ScanRecord {
  candidates: Candidate[];
  walk: WalkResult;
  skippedUnreadable: number;
  /** Date.now() when the scan started. */
  startedAt: number;
  /** The start folder's real path, and every folder the scan met, relative to it ('' itself). */
  startReal: string;
  folders: string[];
}

/** Estimated bytes one candidate costs while it is collected as an object (rel, fields, slot). */
export function candidateBytes(rel: string): number {
  return rel.length * 2 + 120;
}

/** Options of {@link createSnapshotCache}. */
export interface SnapshotCacheOptions {
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

interface Entry {
  keys: string[];
  snapshot: CompactSnapshot;
  bytes: number;
  lastUsed: number;
}

/**
 * The snapshot cache of time-sorted scans (issue 12): a page with a cursor, or a repeat of the
 * same first page, is answered from what a recent complete scan found instead of walking again.
 * Bounded by estimated bytes (least recently used dropped first) and by age; the caller makes
 * the settings part of every key and calls useSettings() so a settings change drops everything.
 */
export function createSnapshotCache(options: SnapshotCacheOptions): SnapshotCache {
  const now = options.now ?? Date.now;
  const byKey = new Map<string, Entry>();
  const entries = new Set<Entry>();
  let total = 0;
  let settings: string | null = null;

  const drop = (entry: Entry) => {
    if (!entries.delete(entry)) return;
    total -= entry.bytes;
    for (const key of entry.keys) if (byKey.get(key) === entry) byKey.delete(key);
  };
  const clear = () => {
    byKey.clear();
    entries.clear();
    total = 0;
  };

  return {
    get(key) {
      const entry = byKey.get(key);
      if (!entry) return null;
      const t = now();
      if (t - entry.snapshot.createdAt > options.ttlMs || !entry.snapshot.isCurrent()) {
        drop(entry);
        return null;
      }
      entry.lastUsed = t;
      return entry.snapshot;
    },
    put(keys, scan, compare) {
      let bytes = 256;
      for (const c of scan.candidates) bytes += c.rel.length * 2 + 64;
      for (const rel of scan.folders) bytes += rel.length * 2 + 32;
      if (bytes > options.maxBytes) return;
      for (const key of keys) {
        const old = byKey.get(key);
        if (old) drop(old);
      }
      const t = now();
      const entry: Entry = {
        keys,
        snapshot: new CompactSnapshot(t, scan, compare),
        bytes,
        lastUsed: t,
      };
      entries.add(entry);
      for (const key of keys) byKey.set(key, entry);
      total += bytes;
      while (total > options.maxBytes) {
        let oldest: Entry | null = null;
        for (const e of entries) if (oldest === null || e.lastUsed < oldest.lastUsed) oldest = e;
        if (oldest === null) break;
        drop(oldest);
      }
      // Sorted and compacted once the answer that made it has gone out, not on its way.
      setImmediate(() => entry.snapshot.prepare()).unref();
    },
    useSettings(fingerprint) {
      if (settings !== fingerprint) clear();
      settings = fingerprint;
    },
    clear,
    bytes: () => total,
  };
}

/**
 * Candidates held as parallel arrays (paths, a Float64Array of t/size/mtime/birthtime, a flag
 * array) instead of one object each. Built lazily from the scan's objects: sorting 100k
 * candidates takes tens of milliseconds, which the first page should not wait for.
 */
class CompactSnapshot implements Snapshot {
  private pending: Candidate[] | null;
  private rels: string[] = [];
  private nums = new Float64Array(0);
  private dirs = new Uint8Array(0);
  private readonly startedAt: number;
  private readonly startReal: string;
  private readonly folders: string[];
  readonly count: number;
  readonly walk: WalkResult;
  readonly skippedUnreadable: number;

  constructor(
    readonly createdAt: number,
    scan: ScanRecord,
    private readonly compare: (a: SortKey, b: SortKey) => number,
  ) {
    this.pending = scan.candidates;
    this.count = scan.candidates.length;
    this.walk = scan.walk;
    this.skippedUnreadable = scan.skippedUnreadable;
    this.startedAt = scan.startedAt;
    this.startReal = scan.startReal;
    this.folders = scan.folders;
  }

  isCurrent(): boolean {
    // File-system times come from a coarse kernel clock that may lag Date.now() by a tick: a
    // folder changed shortly before the scan started counts as changed (a needless rescan only).
    const changedSince = this.startedAt - CLOCK_SLACK_MS;
    for (const rel of this.folders) {
      const abs = rel === '' ? this.startReal : path.join(this.startReal, rel);
      // Metadata only, to decide whether to walk again: nothing is listed or shown through it.
      const st = fs.statSync(abs, { throwIfNoEntry: false });
      if (st === undefined || st.ctimeMs >= changedSince || st.mtimeMs >= changedSince)
        return false;
    }
    return true;
  }

  prepare(): void {
    const list = this.pending;
    if (list === null) return;
    this.pending = null;
    list.sort(this.compare);
    const n = list.length;
    this.rels = new Array<string>(n);
    this.nums = new Float64Array(n * 4);
    this.dirs = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      this.rels[i] = c.rel;
      this.nums[i * 4] = c.t === null ? Number.NaN : c.t;
      this.nums[i * 4 + 1] = c.size;
      this.nums[i * 4 + 2] = c.mtimeMs;
      this.nums[i * 4 + 3] = c.birthtimeMs;
      this.dirs[i] = c.isDirectory ? 1 : 0;
    }
  }

  private keyAt(i: number): SortKey {
    const t = this.nums[i * 4]!;
    return { rel: this.rels[i]!, t: Number.isNaN(t) ? null : t };
  }

  indexAfter(key: SortKey): number {
    this.prepare();
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.keyAt(mid), key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  slice(from: number, to: number): Candidate[] {
    this.prepare();
    const out: Candidate[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.count); i++) {
      const t = this.nums[i * 4]!;
      out.push({
        rel: this.rels[i]!,
        t: Number.isNaN(t) ? null : t,
        isDirectory: this.dirs[i] === 1,
        size: this.nums[i * 4 + 1]!,
        mtimeMs: this.nums[i * 4 + 2]!,
        birthtimeMs: this.nums[i * 4 + 3]!,
      });
    }
    return out;
  }
}
