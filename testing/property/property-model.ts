// The reference behind the property tests of fs.search_by_time (search-property*.test.ts): the
// documented semantics applied, entry by entry, to a tree read with readdirSync + lstatSync
// (search-property-tree.ts), independently of the engine; random queries and settings; and the
// small helpers the checks share. Test support only: never bundled.
import path from 'node:path';
import type { LeaveOut } from '#shared/settings/leave-out.js';
import picomatch from 'picomatch';
import { formatUtc } from '#shared/text/date-time.js';
import { SEARCH_KINDS, searchKindTypes, type SearchKind } from '#shared/tools/file-types.js';
import type { SearchMatch, SearchOutput } from '#shared/tools/search-by-time.js';
import { TIME_BASE_S, type EntryState, type Rng, type TreeState } from './property-tree.js';

/** The search arguments a property run sends (every option of the tool except root). */
export interface QueryArgs {
  timeField: 'modified' | 'created';
  path?: string;
  from?: string;
  to?: string;
  glob?: string;
  recursive?: boolean;
  maxDepth?: number;
  includeFiles?: boolean;
  includeDirectories?: boolean;
  sort?: 'time_desc' | 'time_asc' | 'path_asc';
  limit: number;
  includeUnknownTime?: boolean;
  kinds?: SearchKind[];
  minSize?: number;
  maxSize?: number;
}

/** The server-side settings a run uses that change results. */
export interface RunSettings {
  exclude: string[];
  /** What the root leaves out (issue 36): subfolders by path (and identity), name patterns. */
  leaveOut?: LeaveOut;
  maxFilesScanned: number;
  maxDirectoriesScanned: number;
}

const NOCASE = process.platform === 'win32' || process.platform === 'darwin';

/** Tree order by segments: each segment in UTF-16 code units, a folder before its contents. */
export function compareTreeOrder(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    if (sa[i] !== sb[i]) return sa[i]! < sb[i]! ? -1 : 1;
  }
  return sa.length - sb.length;
}

/** The documented semantics of one query, applied entry by entry. */
export interface Reference {
  /** Whether the entry at `rel` (relative to the root) in this state matches the query. */
  matches(rel: string, st: EntryState): boolean;
  /** The sort key time of an entry (null: unknown creation time). */
  timeOf(st: EntryState): number | null;
  /** Result order of two matching entries. */
  compare(a: { rel: string; t: number | null }, b: { rel: string; t: number | null }): number;
  /** Every match in a tree state, in result order. */
  list(state: TreeState): string[];
}

/** Builds the reference for `args` under `settings`, from the README's and schema's wording. */
export function createReference(args: QueryArgs, settings: RunSettings): Reference {
  const start = args.path ?? '';
  const recursive = args.recursive ?? true;
  const maxDepth = recursive ? (args.maxDepth ?? 256) : 0;
  const includeFiles = args.includeFiles ?? true;
  const includeDirectories = args.includeDirectories ?? false;
  const sort = args.sort ?? 'time_desc';
  const fromMs = args.from === undefined ? null : Date.parse(args.from);
  const toMs = args.to === undefined ? null : Date.parse(args.to);
  const glob =
    args.glob === undefined
      ? null
      : picomatch(args.glob, { dot: true, basename: !args.glob.includes('/'), nocase: NOCASE });
  const exclude =
    settings.exclude.length === 0
      ? null
      : picomatch(settings.exclude, { dot: true, basename: true, nocase: NOCASE });

  // Kinds and sizes describe files: with any of them, no folder is listed.
  const ofKind = args.kinds === undefined ? null : new Set(searchKindTypes(args.kinds));
  const filesOnly =
    args.kinds !== undefined || args.minSize !== undefined || args.maxSize !== undefined;
  const fileFits = (rel: string, st: EntryState): boolean =>
    (ofKind === null || ofKind.has(path.posix.extname(rel).toLowerCase())) &&
    (args.minSize === undefined || st.size >= args.minSize) &&
    (args.maxSize === undefined || st.size <= args.maxSize);
  // Left out by the folder itself: a subfolder by its path from the root (never by name), a name
  // pattern by each entry's own name.
  const leftOutFolders = settings.leaveOut?.folders.map((f) => f.rel) ?? [];
  const leftOutNames =
    (settings.leaveOut?.names.length ?? 0) === 0
      ? null
      : picomatch(settings.leaveOut!.names, { dot: true, nocase: NOCASE });
  const leftOut = (rootRel: string): boolean =>
    leftOutFolders.some((f) => rootRel === f || rootRel.startsWith(`${f}/`)) ||
    (leftOutNames !== null && leftOutNames(rootRel.slice(rootRel.lastIndexOf('/') + 1)));

  const timeOf = (st: EntryState): number | null =>
    args.timeField === 'modified' ? st.mtimeMs : st.birthtimeMs !== 0 ? st.birthtimeMs : null;

  const matches = (rel: string, st: EntryState): boolean => {
    if (start !== '' && !rel.startsWith(`${start}/`)) return false;
    const below = start === '' ? rel : rel.slice(start.length + 1);
    const segments = below.split('/');
    if (segments.length - 1 > maxDepth) return false;
    // Excluded entries are neither listed nor descended: the entry and every folder between the
    // start folder and it must be clear.
    if (exclude || settings.leaveOut) {
      let prefix = start;
      for (const segment of segments) {
        prefix = prefix === '' ? segment : `${prefix}/${segment}`;
        if (exclude?.(prefix) || leftOut(prefix)) return false;
      }
    }
    if (st.isDirectory ? !includeDirectories || filesOnly : !includeFiles) return false;
    if (!st.isDirectory && !fileFits(rel, st)) return false;
    if (glob && !glob(below)) return false;
    const t = timeOf(st);
    if (t === null) return args.includeUnknownTime === true;
    return (fromMs === null || t >= fromMs) && (toMs === null || t < toMs);
  };

  const compare = (
    a: { rel: string; t: number | null },
    b: { rel: string; t: number | null },
  ): number => {
    if (sort === 'path_asc' || a.t === b.t) return compareTreeOrder(a.rel, b.rel);
    if (a.t === null) return 1;
    if (b.t === null) return -1;
    return sort === 'time_desc' ? b.t - a.t : a.t - b.t;
  };

  return {
    matches,
    timeOf,
    compare,
    list(state) {
      const found: Array<{ rel: string; t: number | null }> = [];
      for (const [rel, st] of state) if (matches(rel, st)) found.push({ rel, t: timeOf(st) });
      return found.sort(compare).map((e) => e.rel);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Random queries and settings

const GLOBS = [
  '*.txt',
  '*.TXT',
  '*.md',
  '**/*.md',
  '*',
  '**',
  '**/*',
  'a*',
  '*a*',
  'a',
  'a b*',
  '*.{txt,md}',
  '?.txt',
  '*/*',
  '*/**',
  'a/**',
  'a/*',
  '**/a/**',
  '.*',
  '**/.*',
  '[ab]*',
  '*[0-9]*',
  '!*.txt',
  '*😀*',
  'é*',
  '**/sub/*',
  'sub/**/*.md',
  'note*',
  '*.tmp',
  '**/a b/*',
] as const;

const EXCLUDES = ['node_modules', '*.tmp', '.hidden', 'skip*', 'a b/**', 'docs/*.md'] as const;

/** Random exclude globs (none half of the time), as settings.json's `exclude` would hold. */
export function randomExcludes(rng: Rng): string[] {
  if (rng.chance(0.5)) return [];
  const chosen = new Set<string>();
  const n = rng.int(1, 3);
  for (let i = 0; i < n; i++) chosen.add(rng.pick(EXCLUDES));
  return [...chosen];
}

const LEFT_OUT_NAMES = ['a', 'sub', '.*', 'node_modules', '*.md', 'note*'] as const;

/**
 * What the root leaves out (none half of the time): one or two of the tree's folders, by path and
 * with their identity (`idOf`; none when it is not given), and a name pattern or none.
 */
export function randomLeaveOut(
  rng: Rng,
  state: TreeState,
  idOf?: (rel: string) => { dev: string; ino: string },
): LeaveOut | undefined {
  if (rng.chance(0.5)) return undefined;
  const folders = [...state].filter(([, st]) => st.isDirectory).map(([rel]) => rel);
  const chosen = new Set<string>();
  for (let i = rng.int(0, 2); i > 0 && folders.length > 0; i--) chosen.add(rng.pick(folders));
  return {
    folders: [...chosen].map((rel) => (idOf ? { rel, id: idOf(rel) } : { rel })),
    names: rng.chance(0.6) ? [rng.pick(LEFT_OUT_NAMES)] : [],
  };
}

/** Page sizes to draw from: 1 and small ones make many pages, 1000 makes one. */
export const PAGE_LIMITS = [1, 1, 2, 3, 4, 5, 7, 10, 16, 50, 1000] as const;

/** A random query over `state`, with bounds taken from the tree's own times. */
export function randomQuery(rng: Rng, state: TreeState, settings: RunSettings): QueryArgs {
  const args: QueryArgs = {
    timeField: rng.chance(0.75) ? 'modified' : 'created',
    limit: rng.pick(PAGE_LIMITS),
  };
  if (rng.chance(0.25)) {
    const startable = [...state]
      .filter(
        ([rel, st]) =>
          st.isDirectory &&
          !isUnderExcluded(rel, settings.exclude) &&
          !isUnderExcluded(rel, settings.leaveOut?.names ?? []) &&
          !(settings.leaveOut?.folders ?? []).some(
            (f) => rel === f.rel || rel.startsWith(`${f.rel}/`),
          ),
      )
      .map(([rel]) => rel);
    if (startable.length > 0) args.path = rng.pick(startable);
  } else if (rng.chance(0.1)) {
    args.path = '';
  }
  const times = [...state.values()].map((st) =>
    args.timeField === 'modified' ? st.mtimeMs : st.birthtimeMs,
  );
  const bound = (): number => {
    const t = times.length > 0 ? rng.pick(times) : TIME_BASE_S * 1000;
    // The exact time (to test inclusive/exclusive), or just around it.
    return Math.floor(t) + rng.pick([0, 0, 0, -1, 1, -1000, 1000]);
  };
  let from = rng.chance(0.5) ? bound() : null;
  let to = rng.chance(0.5) ? bound() : null;
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  if (from !== null) args.from = new Date(from).toISOString();
  if (to !== null) args.to = new Date(to).toISOString();
  if (rng.chance(0.45)) args.glob = rng.pick(GLOBS);
  const r = rng.next();
  if (r < 0.15) args.recursive = false;
  else if (r < 0.25) args.recursive = true;
  if (rng.chance(0.3)) args.maxDepth = rng.int(0, 4);
  const kinds = rng.next();
  if (kinds < 0.3) {
    args.includeDirectories = true;
  } else if (kinds < 0.48) {
    args.includeFiles = false;
    args.includeDirectories = true;
  } else if (kinds < 0.5) {
    args.includeFiles = false;
  } else if (kinds < 0.6) {
    args.includeFiles = true;
    args.includeDirectories = false;
  }
  const s = rng.next();
  if (s < 0.3) args.sort = 'path_asc';
  else if (s < 0.6) args.sort = 'time_asc';
  else if (s < 0.9) args.sort = 'time_desc';
  if (args.timeField === 'created' && rng.chance(0.3)) args.includeUnknownTime = true;
  // Kinds and sizes (the tree's files hold 0..40 bytes).
  if (rng.chance(0.3)) {
    const chosen = new Set<SearchKind>();
    for (let i = rng.int(1, 3); i > 0; i--) chosen.add(rng.pick(SEARCH_KINDS));
    args.kinds = [...chosen];
  }
  let minSize = rng.chance(0.25) ? rng.int(0, 45) : null;
  let maxSize = rng.chance(0.25) ? rng.int(0, 45) : null;
  if (minSize !== null && maxSize !== null && minSize > maxSize)
    [minSize, maxSize] = [maxSize, minSize];
  if (minSize !== null) args.minSize = minSize;
  if (maxSize !== null) args.maxSize = maxSize;
  return args;
}

function isUnderExcluded(rel: string, exclude: string[]): boolean {
  if (exclude.length === 0) return false;
  const matcher = picomatch(exclude, { dot: true, basename: true, nocase: NOCASE });
  const segments = rel.split('/');
  for (let i = 1; i <= segments.length; i++) {
    if (matcher(segments.slice(0, i).join('/'))) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Paging and the checks

/** One page as the property needs it. */
export interface Page {
  output: SearchOutput;
  summary: string;
}

/** Calls the search (in-process or over stdio) with the given arguments. */
export type SearchCall = (args: Record<string, unknown>) => Promise<Page>;

/** The path of a match relative to the root folder, '/'-separated. */
export function relOf(match: SearchMatch, rootDir: string): string {
  return path.relative(rootDir, match.path).split(path.sep).join('/');
}

/** Whether a match shows exactly this entry version. */
export function showsState(match: SearchMatch, st: EntryState): boolean {
  return (
    match.isDirectory === st.isDirectory &&
    match.sizeBytes === (st.isDirectory ? null : st.size) &&
    match.modifiedAt === formatUtc(st.mtimeMs) &&
    match.createdAt === (st.birthtimeMs !== 0 ? formatUtc(st.birthtimeMs) : null)
  );
}

/** The arguments of one page, and where it sits in the run; printed when a check fails. */
export function describeCall(
  seed: number,
  settings: RunSettings,
  args: Record<string, unknown>,
  pageIndex: number,
): string {
  const { cursor, ...rest } = args;
  return `seed ${seed} (rerun: FOLDERGATE_PROPERTY_SEED=${seed}), settings ${JSON.stringify(settings)}, page ${pageIndex + 1}${cursor === undefined ? '' : ' (with the previous nextCursor)'} of fs.search_by_time ${JSON.stringify(rest)}`;
}

/** Page sizes of a run: the query's limit, and now and then another one (cursors allow it). */
export function pageLimit(rng: Rng, args: QueryArgs, pageIndex: number): number {
  return pageIndex > 0 && rng.chance(0.3) ? rng.pick(PAGE_LIMITS) : args.limit;
}

/**
 * Upper bound on pages for a tree of `entries` files and folders, so that a cursor that never
 * ends fails instead of hanging (a page with scan limits of one file may find nothing).
 */
export function maxPages(entries: number): number {
  return entries * 4 + 50;
}
