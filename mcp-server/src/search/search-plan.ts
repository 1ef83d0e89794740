// A search call made ready to run: its arguments checked, its root and start folder resolved
// without following links, its cursor read, and what matches it in plain data. Every source of
// an answer (the engine, a walk in tree order, a scan in time order) starts from this.
import path from 'node:path';
import { decodeCursor, hashQuery, type SearchCursor } from '#shared/tools/cursor.js';
import {
  parseSearchArguments,
  SEARCH_LIMITS,
  type SearchRequest,
} from '#shared/tools/search-by-time.js';
import type { ServerConfig } from '#appdata/settings/server-config.js';
import { isReplacedError } from '#search/folder-access.js';
import type { Candidate } from '#search/candidates.js';
import { compileGlob, type MatchQuery } from '#search/matcher.js';
import { effectiveExclude, isLeftOutError, startLeftOut } from '#search/leave-out.js';
import { startLeftOutById } from '#search/walk-leave-out.js';
import { resolveStartFolder, startFolderError, toRelativeSegments } from '#search/path-guard.js';
import {
  assertRootStillThere,
  resolveRoot,
  rootReplacedError,
  type ResolvedRoot,
} from '#search/roots.js';
import type { WalkResult } from '#search/walker.js';
import { ToolError } from '#shared/errors/errors.js';

/** A search call ready to run. */
export interface SearchPlan {
  req: SearchRequest;
  root: ResolvedRoot;
  /** The start folder below the root, as path segments ([] for the root itself). */
  segments: string[];
  /** The start folder relative to the root, '/'-separated ('' for the root). */
  startRel: string;
  /** The start folder's real path (resolved without following links). */
  startReal: string;
  /** The folder as the person knows it: the root's name and the segments. */
  startShown: string;
  cursor: SearchCursor | null;
  /** What the cursor's of a next page start from (its version, query hash and sort). */
  cursorBase: { v: 1; q: string; s: SearchRequest['sort'] };
  queryHash: string;
  match: MatchQuery;
  /**
   * What this search leaves out: the settings' excludes and the root's own left-out subfolders and
   * names (#search/leave-out.js), as every walk, scan and engine query carries it.
   */
  exclude: string[];
  /** How deep the walk goes below the start folder (0: not recursive). */
  maxDepth: number;
  /** The settings' scan limits of a walk that may stop early (not for a page of fixed region). */
  countLimits: { maxFiles: number; maxDirectories: number };
  /** performance.now() after which a walk stops. */
  deadline: number;
  /** Whether this page covers a region fixed by an earlier page (a time sort's later page). */
  fixed: boolean;
  /** The error a walk's failure to open the start folder becomes (RootReplaced, a bad path). */
  asStartError(error: unknown): never;
}

/** Checks the arguments and resolves the root and start folder; throws a ToolError when bad. */
export function planSearch(args: unknown, config: ServerConfig): SearchPlan {
  const req = parseSearchArguments(args);
  const root = resolveRoot(req.root, config);
  const segments = toRelativeSegments(req.path ?? '', path);
  const startShown = segments.length === 0 ? root.name : `${root.name}/${segments.join('/')}`;
  let startReal: string;
  try {
    startReal = resolveStartFolder(root.real, segments, startShown);
  } catch (error) {
    assertRootStillThere(root);
    throw error;
  }
  const startRel = segments.join('/');
  const exclude = effectiveExclude(config.exclude, root.leaveOut);
  if (startLeftOut(exclude, segments) || startLeftOutById(root.real, root.id, segments, exclude))
    throw pathExcludedError(startRel);
  const queryHash = hashQuery({
    root: root.real,
    start: startRel,
    timeField: req.timeField,
    from: req.fromMs,
    to: req.toMs,
    glob: req.glob ?? null,
    recursive: req.recursive,
    maxDepth: req.maxDepth ?? null,
    includeFiles: req.includeFiles,
    includeDirectories: req.includeDirectories,
    includeUnknownTime: req.includeUnknownTime,
    // Only when asked, so the hash (and a cursor) of a query without them stays what it was.
    ...(req.kinds !== undefined && { kinds: req.kinds }),
    ...(req.minSize !== undefined && { minSize: req.minSize }),
    ...(req.maxSize !== undefined && { maxSize: req.maxSize }),
  });
  const cursor = req.cursor === undefined ? null : decodeCursor(req.cursor, req.sort, queryHash);
  compileGlob(req.glob); // an invalid pattern is refused before anything is walked
  const { limits } = config;
  return {
    req,
    root,
    segments,
    startRel,
    startReal,
    startShown,
    cursor,
    cursorBase: { v: 1, q: queryHash, s: req.sort },
    queryHash,
    match: {
      timeField: req.timeField,
      fromMs: req.fromMs,
      toMs: req.toMs,
      glob: req.glob ?? null,
      includeFiles: req.includeFiles,
      includeDirectories: req.includeDirectories,
      includeUnknownTime: req.includeUnknownTime,
      fileTypes: root.fileTypes,
      kinds: req.kinds ?? null,
      minSize: req.minSize ?? null,
      maxSize: req.maxSize ?? null,
    },
    exclude,
    maxDepth: req.recursive
      ? Math.min(req.maxDepth ?? SEARCH_LIMITS.maxDepthCeiling, SEARCH_LIMITS.maxDepthCeiling)
      : 0,
    countLimits: { maxFiles: limits.maxFilesScanned, maxDirectories: limits.maxDirectoriesScanned },
    deadline: performance.now() + limits.timeoutMs,
    fixed: cursor?.fx === true,
    // The walk opens the start folder again, without following links: a swap since
    // resolveStartFolder surfaces here, and gets the same codes as a bad `path`; a root that is
    // no longer the folder the person chose (checked on the folder opened) is RootReplaced.
    asStartError(error: unknown): never {
      if (isReplacedError(error)) throw rootReplacedError(root.name);
      if (isLeftOutError(error)) throw pathExcludedError(startRel);
      assertRootStillThere(root);
      throw startFolderError(error, startShown);
    },
  };
}

/** The refusal of a start folder that is, or lies inside, a subfolder the person leaves out. */
export function pathExcludedError(startRel: string): ToolError {
  return new ToolError(
    'PathExcluded',
    `'${startRel}' is inside a subfolder the user keeps private from AI apps.`,
    'Search another folder; only the user can change this in FolderGate.',
    { about: 'subfolder', name: startRel },
  );
}

/** What a source of an answer (the engine, a walk, a scan, a snapshot) found for a page. */
export interface Found {
  /** Matches in the query's order: the page, and one more where more follow. */
  matches: Candidate[];
  /** More matches follow in tree order (the engine says so without listing one more). */
  more: boolean;
  walk: WalkResult;
  /** Entries matched by name but unreadable by stat. */
  skippedUnreadable: number;
  /** When the scan that a snapshot kept was made (Date.now()); null for a fresh answer. */
  snapshotMadeAt: number | null;
  /** The engine's count of every match of the search (asked by `countAll`), not proven on disk. */
  total?: number;
}
