import { firstChangedFolder } from '#search/folders-changed.js';
import type { WalkResult } from '#search/walker.js';
import type { RemoteMatches } from './parallel-scan.js';
import { compareDesc, type Candidate, type Compare, type SortKey } from '#search/candidates.js';
import { matchBytes, takeAfter, type Collected, type Part } from './parts.js';

const CLOCK_SLACK_MS = 50;

/** Everything a completed scan of one region found, sorted in the query's order. */
export interface Snapshot {
  /** Date.now() when the snapshot was kept. */
  readonly createdAt: number;
  /** What the walk reported; a page served from the snapshot reports the same. */
  readonly walk: WalkResult;
  /** Entries the search could not stat (counted on top of the walk's own). */
  readonly skippedUnreadable: number;
  /** Number of candidates held. */
  readonly count: number;
  /**
   * True while no folder the scan went through has changed since it started (an entry added,
   * removed or renamed, or the folder's permissions or times set: its ctime moves), nor became
   * unreadable. Costs one stat per folder (one native call for them all: folders-changed.ts).
   * Changes inside files (a file's own time) are not seen: the summary says so.
   */
  isCurrent(): boolean;
  /**
   * The first `keep` candidates strictly after `after` (null: from the first) in order; null
   * when part of the snapshot is gone (a scan child that kept it exited): scan again.
   */
  page(after: SortKey | null, keep: number): Promise<Candidate[] | null>;
}

/** A bounded, expiring LRU of snapshots. */
export interface SnapshotCache {
  /** The live snapshot under `key` (and marks it recently used), or null. */
  get(key: string): Snapshot | null;
  /**
   * Keeps what a complete scan found under every one of `keys`; when it is not kept (too big),
   * lets the children forget their share.
   */
  put(keys: string[], scan: ScanRecord, compare: Compare): void;
  /** Sorts what snapshots hold unsorted into compact parts (when idle, after a scan). */
  compact(): void;
  /** Drops a snapshot that could not answer (see Snapshot.page). */
  forget(snapshot: Snapshot): void;
  /** Drops everything when the settings that shape results differ from the last call's. */
  useSettings(fingerprint: string): void;
  clear(): void;
  /** Estimated bytes held (for tests). */
  bytes(): number;
}

/** What one complete scan of a region found, to be kept. */
export interface ScanRecord {
  /**
   * Every match: in sorted parts, in unsorted lists (one per region the server scanned, in tree
   * order) and in what the scan children keep.
   */
  parts: Part[];
  pending: Collected[];
  remote: RemoteMatches | null;
  walk: WalkResult;
  skippedUnreadable: number;
  /** Date.now() when the scan started. */
  startedAt: number;
  /** The start folder's real path, and every folder the scan met, relative to it ('' itself). */
  startReal: string;
  folders: string[];
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
    entry.snapshot.release();
  };
  const clear = () => {
    for (const entry of entries) entry.snapshot.release();
    byKey.clear();
    entries.clear();
    total = 0;
  };
  // Expired snapshots are dropped when met and by this sweep, so what children keep for them
  // does not wait for the least-recently-used eviction.
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () => {
    const t = now();
    for (const entry of [...entries]) if (t - entry.snapshot.createdAt > options.ttlMs) drop(entry);
    if (entries.size === 0 && sweeper !== null) {
      clearInterval(sweeper);
      sweeper = null;
    }
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
      for (const part of scan.parts) for (const rel of part.rels) bytes += matchBytes(rel);
      for (const list of scan.pending) bytes += list.bytes();
      for (const rel of scan.folders) bytes += rel.length * 2 + 32;
      if (scan.remote) bytes += scan.remote.bytes;
      if (bytes > options.maxBytes) {
        scan.remote?.release();
        return;
      }
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
      if (sweeper === null && Number.isFinite(options.ttlMs)) {
        sweeper = setInterval(sweep, Math.max(1000, options.ttlMs / 2));
        sweeper.unref();
      }
    },
    compact() {
      for (const entry of entries) entry.snapshot.compact();
    },
    forget(snapshot) {
      for (const entry of entries) if (entry.snapshot === snapshot) drop(entry);
    },
    useSettings(fingerprint) {
      if (settings !== fingerprint) clear();
      settings = fingerprint;
    },
    clear,
    bytes: () => total,
  };
}

/** A snapshot over sorted parts; a page is a binary search in each and a merge of their heads. */
class CompactSnapshot implements Snapshot {
  private readonly parts: Part[];
  private pending: Collected[];
  private readonly remote: RemoteMatches | null;
  private readonly startedAt: number;
  private readonly startReal: string;
  private readonly folders: string[];
  readonly count: number;
  readonly walk: WalkResult;
  readonly skippedUnreadable: number;

  constructor(
    readonly createdAt: number,
    scan: ScanRecord,
    private readonly compare: Compare,
  ) {
    this.parts = scan.parts;
    this.pending = scan.pending;
    this.remote = scan.remote;
    this.count =
      scan.parts.reduce((n, p) => n + p.rels.length, 0) +
      scan.pending.reduce((n, l) => n + l.length, 0) +
      (scan.remote?.count ?? 0);
    this.walk = scan.walk;
    this.skippedUnreadable = scan.skippedUnreadable;
    this.startedAt = scan.startedAt;
    this.startReal = scan.startReal;
    this.folders = scan.folders;
  }

  isCurrent(): boolean {
    // File-system times come from a coarse kernel clock that may lag Date.now() by a tick: a
    // folder changed shortly before the scan started counts as changed (a needless rescan only).
    return firstChangedFolder(this.startReal, this.folders, this.startedAt - CLOCK_SLACK_MS) < 0;
  }

  release(): void {
    this.remote?.release();
  }

  /** Sorts the pending lists into parts (the scan that made them did not wait for this). */
  compact(): void {
    // Each pending list is one region's matches in tree order (see Collected.sorted).
    const sort = this.compare === compareDesc ? 'time_desc' : 'time_asc';
    for (const list of this.pending) this.parts.push(list.sorted(sort));
    this.pending = [];
  }

  async page(after: SortKey | null, keep: number): Promise<Candidate[] | null> {
    // The children are asked first: they sort what they keep while this process sorts its own.
    const asked = this.remote?.page(after, keep) ?? null;
    this.compact();
    if (asked === null) return takeAfter(this.parts, after, keep, this.compare);
    const theirs = await asked;
    if (theirs === null) return null;
    return takeAfter([...this.parts, theirs], after, keep, this.compare);
  }
}
