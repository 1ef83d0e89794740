// What a search call answers, whichever source found the matches: the page, the cursor of the next
// one, the structured output and the one-paragraph summary an AI reads.
import path from 'node:path';
import { ToolError } from '#shared/errors/errors.js';
import { formatUtc } from '#shared/text/date-time.js';
import { encodeCursor, type SearchCursor } from '#shared/tools/cursor.js';
import { describeFileTypes } from '#shared/tools/file-types.js';
import {
  SEARCH_LIMITS,
  type SearchMatch,
  type SearchOutput,
} from '#shared/tools/search-by-time.js';
import type { ServerConfig } from '#appdata/settings/server-config.js';
import type { Candidate } from '#search/candidates.js';
import { filesOnly } from '#search/matcher.js';
import type { WalkResult } from '#search/walker.js';
import type { Found, SearchPlan } from './search-plan.js';

/** A successful search: structuredContent and its one-line summary. */
export interface SearchResult {
  output: SearchOutput;
  summary: string;
  /** Found.total, when the engine counted. */
  total?: number;
}

/** The answer to the plan's call from what was found. */
export function answerOf(
  plan: SearchPlan,
  found: Found,
  limits: ServerConfig['limits'],
): SearchResult {
  const { req } = plan;
  const { walk } = found;
  if (plan.fixed && walk.stopReason === 'time') {
    throw new ToolError(
      'TimeoutExceeded',
      `This page could not be completed within ${limits.timeoutMs} ms (the folder got slower than when the first page was made).`,
      'Repeat the call, or start again without cursor and with a narrower path, glob or time range.',
    );
  }
  assertProgress(walk);
  const page = found.matches.slice(0, req.limit);
  const next = nextCursor(plan, found, page);
  const shownBase =
    plan.segments.length === 0 ? plan.root.path : path.join(plan.root.path, ...plan.segments);
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
  const summary = summarize(plan, found, output, limits);
  return { output, summary, ...(found.total === undefined ? {} : { total: found.total }) };
}

/**
 * Where the next page starts. Tree order: after this page's last match, or where a walk stopped
 * at a limit. Time order: after this page's last match within the same region of the tree
 * (fixed), or, when the region was cut at a limit and this page ends it, in the next region.
 */
function nextCursor(plan: SearchPlan, found: Found, page: Candidate[]): SearchCursor | null {
  const { walk } = found;
  const base = plan.cursorBase;
  const limitStop = !plan.fixed && isLimitStop(walk);
  if (plan.req.sort === 'path_asc') {
    if (found.more || found.matches.length > plan.req.limit)
      return { ...base, ws: page[page.length - 1]!.rel, we: null, fx: false, a: null };
    return limitStop ? { ...base, ws: walk.stoppedAt, we: null, fx: false, a: null } : null;
  }
  const regionEnd = plan.fixed ? (plan.cursor?.we ?? null) : limitStop ? walk.stoppedAt : null;
  if (found.matches.length > plan.req.limit) {
    const last = page[page.length - 1]!;
    return {
      ...base,
      ws: plan.cursor?.ws ?? null,
      we: regionEnd,
      fx: true,
      a: { t: last.t, p: last.rel },
    };
  }
  return regionEnd === null ? null : { ...base, ws: regionEnd, we: null, fx: false, a: null };
}

function toMatch(c: Candidate, shownBase: string): SearchMatch {
  return {
    // One join: it turns the rel's '/' into the platform's separator (a rel holds no '.' or '..').
    path: path.join(shownBase, c.rel),
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

/** The answer in a paragraph: what was found, whether it is complete, and what was left out. */
function summarize(
  plan: SearchPlan,
  found: Found,
  output: SearchOutput,
  limits: ServerConfig['limits'],
): string {
  const { req, root } = plan;
  const { walk } = found;
  const skipped = found.skippedUnreadable + walk.skippedUnreadable;
  const leftOut = {
    tooDeep: plan.maxDepth === SEARCH_LIMITS.maxDepthCeiling ? walk.notEnteredAtMaxDepth : 0,
    invalidNames: walk.invalidNames,
  };
  const n = output.matches.length;
  const folders = req.includeDirectories && !filesOnly(plan.match);
  const what = req.includeFiles && folders ? 'entr' : folders ? 'folder' : 'file';
  const noun = what === 'entr' ? (n === 1 ? 'entry' : 'entries') : n === 1 ? what : `${what}s`;
  const order =
    req.sort === 'path_asc'
      ? 'sorted by path'
      : `sorted by ${req.timeField} ${req.sort === 'time_desc' ? 'desc' : 'asc'}`;
  const parts = [`Found ${n} ${noun} in '${root.name}' (${order}).`];
  const narrowed = kindsAndSizes(plan.match);
  if (narrowed) parts.push(narrowed);
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
  if (found.snapshotMadeAt !== null) {
    const seconds = Math.round((Date.now() - found.snapshotMadeAt) / 1000);
    parts.push(
      `This page comes from a scan made ${seconds < 1 ? 'less than a second' : count(seconds, 'second')} ago; changes since then are not shown.`,
    );
  }
  return parts.join(' ');
}

/** "Only files of kind document or image, of 100 to 400 bytes; no folder is listed." */
function kindsAndSizes(match: SearchPlan['match']): string | null {
  if (!filesOnly(match)) return null;
  const { kinds, minSize, maxSize } = match;
  const bytes = (n: number) => count(n, 'byte');
  const size =
    minSize !== null && maxSize !== null
      ? `${minSize.toLocaleString('en-US')} to ${bytes(maxSize)}`
      : minSize !== null
        ? `at least ${bytes(minSize)}`
        : maxSize !== null
          ? `at most ${bytes(maxSize)}`
          : null;
  const of = [kinds ? `of kind ${kinds.join(' or ')}` : null, size ? `of ${size}` : null];
  return `Only files ${of.filter(Boolean).join(', ')}; no folder is listed.`;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
