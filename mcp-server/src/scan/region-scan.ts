import type { FolderId } from '#search/folder-access.js';
import { walkTree, type WalkResult, type WalkStats } from '#search/walker.js';
import { sortTreeOrdered, type Candidate, type SortKey } from '#search/candidates.js';
import {
  candidate,
  compareOf,
  compileExcludes,
  createMatcher,
  type MatchQuery,
} from '#search/matcher.js';
import { toPart, Collected, matchBytes, type Part } from './parts.js';

/** A time-sorted scan of the tree below a start folder, in plain data. */
export interface ScanQuery extends MatchQuery {
  startReal: string;
  rootReal: string;
  /** The folder the person chose as the root (see WalkSpec.rootId): checked by every open of it. */
  rootId: FolderId | null;
  /** The start folder relative to the root ('/'-separated), for the excludes. */
  startRel: string;
  exclude: string[];
  maxDepth: number;
  followSymlinks: boolean;
  sort: 'time_desc' | 'time_asc';
  /** Keep only candidates strictly after this key (the cursor's), unless collecting all. */
  after: SortKey | null;
  /** How many candidates after `after` a page needs (limit + 1). */
  keep: number;
  /** Collect every match of the region (for a snapshot) while it stays under this many bytes. */
  collectAllBytes: number;
}

/** Which part of the tree order a scan covers and within which limits. */
export interface RegionSpec {
  after: string | null;
  until: string | null;
  limits: { maxFiles: number; maxDirectories: number } | null;
  /** performance.now() after which the walk stops. */
  deadline: number;
  prior?: { files: number; directories: number; processed: boolean } | undefined;
}

/** Matches of a region a scan child keeps for a snapshot (see child.ts); opaque outside the pool. */
export interface KeptRegion {
  readonly count: number;
  readonly bytes: number;
}

/** What a region scan found. */
export interface RegionResult {
  walk: WalkResult;
  /** Entries matched by name but unreadable by stat. */
  skippedUnreadable: number;
  /** The best `keep` after `after`, sorted in the query's order (what the page needs). */
  part: Part;
  /**
   * Every match in tree order, when `complete`: sorted later, when idle or first paged, since a
   * first page should not wait for it (Collected.sorted).
   */
  unsorted: Collected | null;
  complete: boolean;
  /** Every folder the walk met ('' for the start folder), when `complete`. */
  folders: string[];
  /** When a scan child ran it: every match, kept in that child (`part` holds only the best). */
  kept?: KeptRegion | null;
}

/**
 * Walks one region of a time-sorted scan and keeps what the page (or a snapshot) needs: every
 * match while they fit `collectAllBytes`, else only the best `keep` after the cursor's key
 * (memory stays bounded on any tree). The same function runs in the server and in scan children.
 */
export async function scanRegion(
  query: ScanQuery,
  region: RegionSpec,
  options: {
    signal?: AbortSignal | undefined;
    onProgress?: ((stats: WalkStats) => void) | undefined;
  },
): Promise<RegionResult> {
  const compare = compareOf(query.sort);
  const matcher = createMatcher(query);
  const after = query.after;
  const keep = query.keep;
  let all: Collected | null = query.collectAllBytes > 0 ? new Collected() : null;
  let allBytes = 0;
  const folders: string[] = [''];
  let buffer: Candidate[] = [];
  // The worst of the best `keep` so far, once the buffer was cut: anything after it in the
  // query's order cannot be on the page, and is not kept (most matches, late in a scan).
  let worst: Candidate | null = null;
  const key: SortKey = { rel: '', t: null };
  const walk = await walkTree({
    startReal: query.startReal,
    rootReal: query.rootReal,
    rootId: query.rootId,
    maxDepth: query.maxDepth,
    followSymlinks: query.followSymlinks,
    after: region.after,
    until: region.until,
    limits: region.limits,
    prior: region.prior,
    deadline: region.deadline,
    signal: options.signal,
    isExcluded: compileExcludes(query.exclude, query.startRel),
    onProgress: options.onProgress,
    visit(entry) {
      if (all !== null && entry.isDirectory) folders.push(entry.rel);
      const st = matcher.statOf(entry);
      if (st === null) return true;
      const t = matcher.t;
      const rel = entry.rel;
      if (all !== null) {
        all.add(rel, t, st, entry.isDirectory);
        allBytes += matchBytes(rel);
        if (allBytes > query.collectAllBytes) all = null; // too many: the best `keep` only
      }
      // Compared as a key first: most matches are not on the page and need no object.
      key.rel = rel;
      key.t = t;
      if (after !== null && compare(key, after) <= 0) return true;
      if (worst !== null && compare(key, worst) > 0) return true;
      buffer.push(candidate(entry, t, st));
      if (buffer.length >= keep * 2 + 1024) {
        buffer = sortTreeOrdered(buffer, query.sort).slice(0, keep);
        worst = buffer[buffer.length - 1] ?? null;
      }
      return true;
    },
  });
  sortTreeOrdered(buffer, query.sort);
  return {
    walk,
    skippedUnreadable: matcher.skippedUnreadable,
    part: toPart(buffer.slice(0, keep)),
    unsorted: all,
    complete: all !== null,
    folders: all !== null ? folders : [],
  };
}
