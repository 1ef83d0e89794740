import picomatch from 'picomatch';
import { ToolError } from '#shared/errors/errors.js';
import { createFileTypeFilter } from '#shared/tools/file-types.js';
import type { EntryTimes } from '../fast-lstat.js';
import type { FolderId } from '../folder-access.js';
import type { TimeField } from '#shared/tools/search-by-time.js';
import { walkTree, type WalkEntry, type WalkResult, type WalkStats } from '../walker.js';
import {
  compareAsc,
  compareDesc,
  toPart,
  type Candidate,
  type Compare,
  type Part,
  type SortKey,
  Collected,
  matchBytes,
  sortTreeOrdered,
} from './candidates.js';

const CASE_INSENSITIVE = process.platform === 'win32' || process.platform === 'darwin';

/** What decides whether an entry matches, in plain data (it crosses to scan children as is). */
export interface MatchQuery {
  timeField: TimeField;
  fromMs: number | null;
  toMs: number | null;
  glob: string | null;
  includeFiles: boolean;
  includeDirectories: boolean;
  includeUnknownTime: boolean;
  /** The person's allowed file types for the root (null: all). */
  fileTypes: readonly string[] | null;
}

/** What the matcher reads of an entry: a walk's entry, or one of the search engine's index. */
export type MatchEntry = Pick<WalkEntry, 'rel' | 'isDirectory' | 'stat'>;

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

/** The query's order. */
export function compareOf(sort: 'time_desc' | 'time_asc'): Compare {
  return sort === 'time_desc' ? compareDesc : compareAsc;
}

/**
 * Turns walk entries into candidates: type, file type and glob filters first (no stat for what
 * they reject), then one stat through the folder the walk holds open, then the time range.
 */
export function createMatcher(query: MatchQuery) {
  const matchesGlob = compileGlob(query.glob ?? undefined);
  // The person's allowed file types for this folder narrow files only: folders are still walked
  // (a PDF may lie deep inside), and listed when asked for, since a folder has no type. A glob
  // is applied on top, so it can narrow the types further but never widen them.
  const allowedType = createFileTypeFilter(query.fileTypes);
  const matcher = {
    skippedUnreadable: 0,
    /** The sort time of the entry `statOf` last accepted (null: unknown creation time). */
    t: null as number | null,
    /** The entry's stats when it matches (its time in `t`), else null; no object made for it. */
    statOf(entry: MatchEntry): EntryTimes | null {
      if (entry.isDirectory ? !query.includeDirectories : !query.includeFiles) return null;
      if (allowedType && !entry.isDirectory && !allowedType(entry.rel)) return null;
      if (matchesGlob && !matchesGlob(entry.rel)) return null;
      let st: EntryTimes | undefined;
      try {
        st = entry.stat(); // through the folder the walk holds open, never through entry.abs
      } catch {
        matcher.skippedUnreadable++;
        return null;
      }
      if (!st) return null; // vanished since the folder was read
      const birth = st.birthtimeMs !== 0 ? st.birthtimeMs : null;
      const t = query.timeField === 'modified' ? st.mtimeMs : birth;
      if (t === null) {
        if (!query.includeUnknownTime) return null;
      } else if (
        (query.fromMs !== null && t < query.fromMs) ||
        (query.toMs !== null && t >= query.toMs)
      ) {
        return null;
      }
      matcher.t = t;
      return st;
    },
    /** The entry as a candidate when it matches, else null. */
    candidateOf(entry: MatchEntry): Candidate | null {
      const st = matcher.statOf(entry);
      if (st === null) return null;
      return candidate(entry, matcher.t, st);
    },
  };
  return matcher;
}

function candidate(entry: MatchEntry, t: number | null, st: EntryTimes): Candidate {
  return {
    rel: entry.rel,
    t,
    isDirectory: entry.isDirectory,
    size: st.size,
    mtimeMs: st.mtimeMs,
    birthtimeMs: st.birthtimeMs,
  };
}

/** Compiles the glob; throws InvalidArgument for a pattern picomatch refuses. */
export function compileGlob(glob: string | undefined): ((rel: string) => boolean) | null {
  if (glob === undefined || glob === '' || glob === '**' || glob === '**/*') return null;
  try {
    return picomatch(glob, { dot: true, basename: !glob.includes('/'), nocase: CASE_INSENSITIVE });
  } catch (error) {
    throw new ToolError(
      'InvalidArgument',
      `'glob' is not a valid pattern (${error instanceof Error ? error.message : String(error)}).`,
      "Use a pattern like '**/*.md' or '*.pdf'.",
      { about: 'name-pattern' },
    );
  }
}

/** The settings' excludes, matched against paths relative to the root. */
export function compileExcludes(
  exclude: string[],
  startRel: string,
): ((rel: string) => boolean) | undefined {
  if (exclude.length === 0) return undefined;
  const matcher = picomatch(exclude, { dot: true, basename: true, nocase: CASE_INSENSITIVE });
  const prefix = startRel === '' ? '' : `${startRel}/`;
  return (rel) => matcher(prefix + rel);
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
