import path from 'node:path';
import { decodeCursor, encodeCursor, hashQuery, type SearchCursor } from '#shared/tools/cursor.js';
import { formatUtc } from '#shared/text/date-time.js';
import { ToolError } from '#shared/errors/errors.js';
import { describeFileTypes } from '#shared/tools/file-types.js';
import {
  parseSearchArguments,
  SEARCH_LIMITS,
  type SearchMatch,
  type SearchOutput,
  type SearchRequest,
} from '#shared/tools/search-by-time.js';
import type { ServerConfig } from '#appdata/settings/server-config.js';
import { resolveStartFolder, startFolderError, toRelativeSegments } from '#search/path-guard.js';
import { isReplacedError } from '#search/folder-access.js';
import {
  assertRootStillThere,
  resolveRoot,
  rootReplacedError,
  type ResolvedRoot,
} from '#search/roots.js';
import { takeAfter } from '../scan/parts.js';
import { type Candidate } from '#search/candidates.js';
import { scanTimeSorted } from '../scan/parallel-scan.js';
import {
  compareOf,
  compileExcludes,
  compileGlob,
  createMatcher,
  type MatchQuery,
} from '#search/matcher.js';
import { type RegionSpec, type ScanQuery } from '../scan/region-scan.js';
import { createSnapshotCache, type Snapshot } from '../scan/snapshot-cache.js';
import { collectAfterLongAnswer, collectSoon } from '#search/idle-gc.js';
import { walkTree, type WalkResult, type WalkStats } from '#search/walker.js';
import type { EngineAnswer, EngineQuery } from '#shared/engine/engine.js';
import { changedMatches } from '#search/verify-matches.js';

/** What a search call needs besides its arguments. */
export interface SearchContext {
  config: ServerConfig;
  signal?: AbortSignal | undefined;
  onProgress?: ((stats: WalkStats) => void) | undefined;
  /** Scan a first page anew even when a recent snapshot of it exists. */
  fresh?: boolean | undefined;
  /** The app's search engine, asked before walking (absent: always walk). */
  engine?: EngineAsk | undefined;
}

/** How a search asks the app's search engine (engine-client.ts, or an engine in the process). */
export interface EngineAsk {
  /** The engine's answer or decline; null when it could not be asked. Never rejects. */
  ask(query: EngineQuery, signal?: AbortSignal): Promise<EngineAnswer | null>;
  /** Entries found changed on disk since the engine listed them (an engine in the process). */
  recheck?(rootReal: string, rels: string[]): void;
}

/** A successful search: structuredContent and its one-line summary. */
export interface SearchResult {
  output: SearchOutput;
  summary: string;
}

// Recent complete scans of time sorts (see scan/snapshot-cache.ts), held in the server and in the
// scan children. 16 MB of estimated bytes (about 180,000 matches; two scans of the benchmark's
// 80,000) and two minutes by default: the 64 MB, and then 32 MB, left the server and its
// scan child above their 200 MB peak on 200,000 files (measured: 32 MB 199–205 MB, 16 MB 187
// MB). FOLDERGATE_SNAPSHOT_TTL_MS=0 turns snapshots off (tests of the rescan path).
const SNAPSHOT_MAX_BYTES = 16 * 1024 * 1024;
/** Matches from which an answer is followed by a full collection (see idle-gc.ts). */
const LARGE_ANSWER = 200;
const snapshotTtlMs = Number(process.env.FOLDERGATE_SNAPSHOT_TTL_MS ?? 120_000);
const snapshots = createSnapshotCache({ maxBytes: SNAPSHOT_MAX_BYTES, ttlMs: snapshotTtlMs });

/** Runs `fs.search_by_time`: validates, resolves the root safely, walks, sorts and pages. */
export async function searchByTime(args: unknown, ctx: SearchContext): Promise<SearchResult> {
  const req = parseSearchArguments(args);
  const root = resolveRoot(req.root, ctx.config);
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

  const query = {
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
  };
  const queryHash = hashQuery(query);
  const cursor = req.cursor === undefined ? null : decodeCursor(req.cursor, req.sort, queryHash);

  compileGlob(req.glob); // an invalid pattern is refused before anything is walked
  const maxDepth = req.recursive
    ? Math.min(req.maxDepth ?? SEARCH_LIMITS.maxDepthCeiling, SEARCH_LIMITS.maxDepthCeiling)
    : 0;
  const fixed = cursor?.fx === true;
  const limits = ctx.config.limits;
  let skippedUnreadable!: number;
  const deadline = performance.now() + limits.timeoutMs;
  const countLimits = {
    maxFiles: limits.maxFilesScanned,
    maxDirectories: limits.maxDirectoriesScanned,
  };
  const matchQuery: MatchQuery = {
    timeField: req.timeField,
    fromMs: req.fromMs,
    toMs: req.toMs,
    glob: req.glob ?? null,
    includeFiles: req.includeFiles,
    includeDirectories: req.includeDirectories,
    includeUnknownTime: req.includeUnknownTime,
    fileTypes: root.fileTypes,
  };
  // The walk opens the start folder again, without following links: a swap since
  // resolveStartFolder surfaces here, and gets the same codes as a bad `path`; a root that is
  // no longer the folder the person chose (checked on the folder opened) is RootReplaced.
  const asStartError = (error: unknown): never => {
    if (isReplacedError(error)) throw rootReplacedError(root.name);
    assertRootStillThere(root);
    throw startFolderError(error, startShown);
  };

  let page: Candidate[];
  let walk!: WalkResult;
  let fromSnapshot: Snapshot | null = null;
  let next: SearchCursor | null = null;
  const base = { v: 1 as const, q: queryHash, s: req.sort };

  // What the engine needs besides the region and the page: the query and the settings that shape it.
  const ask = (region: {
    after: string | null;
    until: string | null;
    afterKey: { rel: string; t: number | null } | null;
    count: number;
  }) =>
    askEngine(ctx, root, segments, startRel, {
      rootReal: root.real,
      rootId: root.id,
      exclude: ctx.config.exclude,
      followSymlinks: ctx.config.followSymlinks,
      startRel,
      maxDepth,
      sort: req.sort,
      ...region,
      ...matchQuery,
      glob: matchQuery.glob,
      fileTypes: matchQuery.fileTypes ? [...matchQuery.fileTypes] : null,
    });

  if (req.sort === 'path_asc') {
    // Walks only until the page is full: already cheap, so in the server and never cached.
    const matcher = createMatcher(matchQuery);
    page = [];
    let more = false;
    const indexed = await ask({
      after: cursor?.ws ?? null,
      until: null,
      afterKey: null,
      count: req.limit,
    });
    if (indexed) {
      page = indexed.matches;
      more = indexed.more;
      walk = indexed.walk;
    } else
      walk = await walkTree({
        startReal,
        rootReal: root.real,
        rootId: root.id,
        maxDepth,
        followSymlinks: ctx.config.followSymlinks,
        deadline,
        signal: ctx.signal,
        isExcluded: compileExcludes(ctx.config.exclude, startRel),
        onProgress: ctx.onProgress,
        after: cursor?.ws ?? null,
        until: null,
        limits: countLimits,
        visit(entry) {
          const c = matcher.candidateOf(entry);
          if (c === null) return true;
          if (page.length < req.limit) {
            page.push(c);
            return true;
          }
          more = true;
          return false;
        },
      }).catch(asStartError);
    skippedUnreadable = indexed ? indexed.skippedUnreadable : matcher.skippedUnreadable;
    assertProgress(walk);
    if (more) next = { ...base, ws: page[page.length - 1]!.rel, we: null, fx: false, a: null };
    else if (isLimitStop(walk))
      next = { ...base, ws: walk.stoppedAt, we: null, fx: false, a: null };
  } else {
    const compare = compareOf(req.sort);
    const after = cursor?.a ? { rel: cursor.a.p, t: cursor.a.t } : null;
    const keep = req.limit + 1;
    const ws = cursor?.ws ?? null;
    const we = fixed ? (cursor?.we ?? null) : null;
    // Everything that shapes results besides the query: a change drops every snapshot.
    snapshots.useSettings(
      JSON.stringify([ctx.config.roots, ctx.config.exclude, ctx.config.followSymlinks, limits]),
    );
    const keyBase = JSON.stringify([queryHash, req.sort, root.fileTypes]);
    const openKey = `${keyBase}|open|${ws}`;
    const fixedKey = `${keyBase}|fixed|${ws}|${we}`;
    // A first page asked with a progress token is scanned anew: that client waits for and watches
    // the scan (progress, cancellation). A plain repeat within the TTL comes from the snapshot.
    const useSnapshot = snapshotTtlMs > 0 && (cursor !== null || ctx.fresh !== true);
    let buffer: Candidate[] | null = null;
    // The engine answers for the whole folder (no scan limit), so its pages need no snapshot.
    const indexed = await ask({ after: ws, until: we, afterKey: after, count: keep });
    if (indexed) {
      buffer = indexed.matches;
      walk = indexed.walk;
      skippedUnreadable = indexed.skippedUnreadable;
    }
    const snapshot =
      buffer === null && useSnapshot ? snapshots.get(fixed ? fixedKey : openKey) : null;
    if (snapshot) {
      buffer = await snapshot.page(after, keep);
      // Part of it is gone (a scan child exited): the rescan below answers, as without one.
      if (buffer === null) snapshots.forget(snapshot);
      walk = snapshot.walk;
      skippedUnreadable = snapshot.skippedUnreadable;
      fromSnapshot = buffer === null ? null : snapshot;
    }
    if (buffer === null) {
      const startedAt = Date.now();
      const scanQuery: ScanQuery = {
        ...matchQuery,
        startReal,
        rootReal: root.real,
        rootId: root.id,
        startRel,
        exclude: ctx.config.exclude,
        maxDepth,
        followSymlinks: ctx.config.followSymlinks,
        sort: req.sort,
        after,
        keep,
        collectAllBytes: snapshotTtlMs > 0 ? SNAPSHOT_MAX_BYTES : 0,
      };
      const region: RegionSpec = {
        after: ws,
        until: we,
        limits: fixed ? null : countLimits,
        deadline,
      };
      const scan = await scanTimeSorted(scanQuery, region, {
        signal: ctx.signal,
        onProgress: ctx.onProgress,
      }).catch(asStartError);
      walk = scan.walk;
      skippedUnreadable = scan.skippedUnreadable;
      buffer = takeAfter(scan.parts, after, keep, compare);
      if (scan.complete) {
        const keys =
          walk.stopReason === 'done'
            ? fixed
              ? [fixedKey]
              : [openKey, `${keyBase}|fixed|${ws}|null`]
            : !fixed && (walk.stopReason === 'files' || walk.stopReason === 'directories')
              ? [openKey]
              : [];
        if (keys.length > 0) {
          const record = { ...scan, ...scan.all, startedAt, startReal };
          snapshots.put(keys, record, compare);
        } else scan.all.remote?.release();
      }
      // The scan's garbage is collected, and what the snapshot keeps compacted, once answered.
      collectSoon(() => snapshots.compact());
    }
    if (fixed && walk.stopReason === 'time') {
      throw new ToolError(
        'TimeoutExceeded',
        `This page could not be completed within ${limits.timeoutMs} ms (the folder got slower than when the first page was made).`,
        'Repeat the call, or start again without cursor and with a narrower path, glob or time range.',
      );
    }
    assertProgress(walk);
    page = buffer.slice(0, req.limit);
    const limitStop = !fixed && isLimitStop(walk);
    const regionEnd = fixed ? (cursor?.we ?? null) : limitStop ? walk.stoppedAt : null;
    if (buffer.length > req.limit) {
      const last = page[page.length - 1]!;
      next = {
        ...base,
        ws: cursor?.ws ?? null,
        we: regionEnd,
        fx: true,
        a: { t: last.t, p: last.rel },
      };
    } else if (regionEnd !== null) {
      next = { ...base, ws: regionEnd, we: null, fx: false, a: null };
    }
  }

  const shownBase = segments.length === 0 ? root.path : path.join(root.path, ...segments);
  const matches = page.map((c) => toMatch(c, shownBase));
  const output: SearchOutput = {
    timeField: req.timeField,
    range: {
      from: req.fromMs === null ? null : formatUtc(req.fromMs),
      to: req.toMs === null ? null : formatUtc(req.toMs),
    },
    matches,
    nextCursor: next ? encodeCursor(next) : null,
    stats: {
      scannedFiles: walk.scannedFiles,
      scannedDirectories: walk.scannedDirectories,
      returned: matches.length,
    },
  };
  // A long answer becomes large strings (its text and its structured copy) that V8 keeps in its
  // large-object space until a full collection: paging 80,000 matches 1,000 at a time otherwise
  // grew the server by ~35 MB.
  if (matches.length >= LARGE_ANSWER) collectAfterLongAnswer();
  return {
    output,
    summary: summarize(
      req,
      output,
      walk,
      skippedUnreadable + walk.skippedUnreadable,
      limits,
      root,
      {
        tooDeep: maxDepth === SEARCH_LIMITS.maxDepthCeiling ? walk.notEnteredAtMaxDepth : 0,
        invalidNames: walk.invalidNames,
      },
      fromSnapshot,
    ),
  };
}

/**
 * Asks the engine; the answer counts only when every match is still on disk as listed (checked
 * just before it is returned). Null: walk instead (no engine, a decline, a changed match).
 */
async function askEngine(
  ctx: SearchContext,
  root: ResolvedRoot,
  segments: readonly string[],
  startRel: string,
  query: EngineQuery,
): Promise<Extract<EngineAnswer, { type: 'answer' }> | null> {
  if (!ctx.engine || ctx.config.followSymlinks) return null;
  const answer = await ctx.engine.ask(query, ctx.signal);
  if (answer === null || answer.type !== 'answer') return null;
  const changed = changedMatches(root.real, root.id, segments, answer.matches);
  if (changed.length > 0) {
    const prefix = startRel === '' ? '' : `${startRel}/`;
    ctx.engine.recheck?.(
      root.real,
      changed.map((rel) => prefix + rel),
    );
    return null;
  }
  return answer;
}

function toMatch(c: Candidate, shownBase: string): SearchMatch {
  return {
    path: path.join(shownBase, ...c.rel.split('/')),
    isDirectory: c.isDirectory,
    sizeBytes: c.isDirectory ? null : c.size,
    modifiedAt: formatUtc(c.mtimeMs),
    createdAt: c.birthtimeMs !== 0 ? formatUtc(c.birthtimeMs) : null,
  };
}

function isLimitStop(walk: WalkResult): boolean {
  return (
    walk.stopReason === 'files' || walk.stopReason === 'directories' || walk.stopReason === 'time'
  );
}

function assertProgress(walk: WalkResult): void {
  if (!isLimitStop(walk) || walk.stoppedAt !== null) return;
  if (walk.stopReason === 'time') {
    throw new ToolError(
      'TimeoutExceeded',
      'The time limit ran out before any entry could be scanned.',
      'Retry with a narrower path, glob or time range.',
    );
  }
  throw new ToolError(
    'ScanLimitExceeded',
    'The scan limit was reached before any entry could be scanned.',
    'Retry with a narrower path or glob.',
  );
}

function summarize(
  req: SearchRequest,
  output: SearchOutput,
  walk: WalkResult,
  skipped: number,
  limits: ServerConfig['limits'],
  root: ResolvedRoot,
  leftOut: { tooDeep: number; invalidNames: number },
  fromSnapshot: Snapshot | null,
): string {
  const n = output.matches.length;
  const what =
    req.includeFiles && req.includeDirectories
      ? 'entr'
      : req.includeDirectories
        ? 'folder'
        : 'file';
  const noun = what === 'entr' ? (n === 1 ? 'entry' : 'entries') : n === 1 ? what : `${what}s`;
  const order =
    req.sort === 'path_asc'
      ? 'sorted by path'
      : `sorted by ${req.timeField} ${req.sort === 'time_desc' ? 'desc' : 'asc'}`;
  const parts = [`Found ${n} ${noun} in '${root.name}' (${order}).`];
  if (
    walk.stopReason === 'files' ||
    walk.stopReason === 'directories' ||
    walk.stopReason === 'time'
  ) {
    const limit =
      walk.stopReason === 'files'
        ? `the limit of ${count(limits.maxFilesScanned, 'file')}`
        : walk.stopReason === 'directories'
          ? `the limit of ${count(limits.maxDirectoriesScanned, 'folder')}`
          : `the time limit of ${limits.timeoutMs.toLocaleString('en-US')} ms`;
    parts.push(
      `The scan stopped early at ${limit}: these are the matches in the part scanned so far, not the whole folder. Call again with nextCursor to continue scanning.`,
    );
  } else if (output.nextCursor) {
    parts.push('More matches: call again with nextCursor for the next page.');
  }
  if (root.fileTypes) {
    const shown = root.fileTypes.slice(0, 20).join(', ');
    const more = root.fileTypes.length > 20 ? ', …' : '';
    parts.push(
      `A file type filter applies: the person allows only some file types in '${root.name}' (${describeFileTypes(root.fileTypes)}: ${shown}${more}); files of other types are never listed.`,
    );
  }
  if (skipped > 0) parts.push(`Skipped ${skipped} unreadable entr${skipped === 1 ? 'y' : 'ies'}.`);
  // The ceiling is not the caller's choice, so what it cut off is said (a smaller maxDepth is).
  if (leftOut.tooDeep > 0) {
    const n = leftOut.tooDeep;
    parts.push(
      `${count(n, 'folder')} at the depth limit of ${SEARCH_LIMITS.maxDepthCeiling} levels ${n === 1 ? 'was' : 'were'} not searched (what is inside lies deeper). Search again with 'path' set to a deeper folder to see it.`,
    );
  }
  // Names that are not valid UTF-8 have no usable path to show (see utf8-names.ts): counted only.
  if (leftOut.invalidNames > 0) {
    const n = leftOut.invalidNames;
    parts.push(
      `Left out ${n} entr${n === 1 ? 'y' : 'ies'} whose name${n === 1 ? ' is' : 's are'} not valid UTF-8 (no usable path can be shown for ${n === 1 ? 'it' : 'them'}).`,
    );
  }
  if (fromSnapshot !== null) {
    const seconds = Math.round((Date.now() - fromSnapshot.createdAt) / 1000);
    parts.push(
      `This page comes from a scan made ${seconds < 1 ? 'less than a second' : count(seconds, 'second')} ago; changes since then are not shown.`,
    );
  }
  return parts.join(' ');
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
