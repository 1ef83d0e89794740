// Whether an entry matches a search: the time range, the glob, the kinds and sizes asked for, the
// person's file types and the settings' excludes, applied alike by the walk, the scan pool, the
// engine's index and the check of the engine's matches.
import picomatch from 'picomatch';
import { ToolError } from '#shared/errors/errors.js';
import {
  createFileTypeFilter,
  searchKindTypes,
  type SearchKind,
} from '#shared/tools/file-types.js';
import type { TimeField } from '#shared/tools/search-by-time.js';
import type { EntryTimes } from './fast-lstat.js';
import type { WalkEntry } from './walker.js';
import { compileExclusion, type Exclusion } from './leave-out.js';
import { compareAsc, compareDesc, type Candidate, type Compare } from './candidates.js';

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
  /** The kinds of file asked for (null: any); they narrow the file types, never widen them. */
  kinds: readonly SearchKind[] | null;
  /** The smallest and largest size asked for, in bytes, both inclusive (null: no bound). */
  minSize: number | null;
  maxSize: number | null;
}

/** True when the query asks for files by kind or size: a folder has neither, so none is listed. */
export function filesOnly(query: MatchQuery): boolean {
  return query.kinds !== null || query.minSize !== null || query.maxSize !== null;
}

/**
 * The test of a file's name by type: the person's allowed types and the kinds asked for, both
 * (an intersection); null when neither applies.
 */
export function createTypeFilter(query: MatchQuery): ((name: string) => boolean) | null {
  const allowed = createFileTypeFilter(query.fileTypes);
  const ofKind = query.kinds === null ? null : createFileTypeFilter(searchKindTypes(query.kinds));
  if (allowed === null || ofKind === null) return allowed ?? ofKind;
  return (name) => allowed(name) && ofKind(name);
}

/** True when a file of `size` bytes is outside the query's sizes. */
export function sizeRefused(query: MatchQuery, size: number): boolean {
  return (
    (query.minSize !== null && size < query.minSize) ||
    (query.maxSize !== null && size > query.maxSize)
  );
}

/** What the matcher reads of an entry: a walk's entry, or one of the search engine's index. */
export type MatchEntry = Pick<WalkEntry, 'rel' | 'isDirectory' | 'stat'>;

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
  // is applied on top, so it can narrow the types further but never widen them. Kinds narrow
  // them the same way; kinds and sizes describe files, so with them no folder is listed.
  const allowedType = createTypeFilter(query);
  const includeDirectories = query.includeDirectories && !filesOnly(query);
  const bySize = query.minSize !== null || query.maxSize !== null;
  const matcher = {
    skippedUnreadable: 0,
    /** The sort time of the entry `statOf` last accepted (null: unknown creation time). */
    t: null as number | null,
    /** The entry's stats when it matches (its time in `t`), else null; no object made for it. */
    statOf(entry: MatchEntry): EntryTimes | null {
      if (entry.isDirectory ? !includeDirectories : !query.includeFiles) return null;
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
      if (bySize && sizeRefused(query, st.size)) return null;
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

/** An entry that matched, with its sort time and stats, as a candidate. */
export function candidate(entry: MatchEntry, t: number | null, st: EntryTimes): Candidate {
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

/**
 * The settings' excludes and what the folder leaves out (leave-out.ts), matched against paths
 * relative to the start folder `startRel`.
 */
export function compileExcludes(
  exclude: readonly string[],
  startRel: string,
): Exclusion | undefined {
  return compileExclusion(exclude, startRel);
}
