// What one search leaves out of an allowed folder, in one place: the settings' global `exclude`
// (globs matched by name or path), the folder's own left-out name patterns (`node_modules`, `.*`),
// and its left-out subfolders, by their path anchored at the root and by their identity (device
// and inode, so a left-out folder renamed or moved inside the root stays out). It travels as one
// list of strings, so every place that carried `exclude` carries it unchanged: the walk, the scan
// processes, the engine's folder spec (a change means a new crawl) and its query (whose list must
// equal the engine's), and the check of the engine's matches.
import picomatch from 'picomatch';
import type { LeaveOut } from '#shared/settings/leave-out.js';
import type { FolderId } from './folder-access.js';

const CASE_INSENSITIVE = process.platform === 'win32' || process.platform === 'darwin';

// Markers no glob of the settings can start with (NUL is refused in settings' excludes below).
const FOLDER = '\0leave-out-folder:';
const NAME = '\0leave-out-name:';
const ID = '\0leave-out-id:';

/** The key of a folder's identity in {@link Exclusion.leftOutIds}. */
export function idKey(id: {
  dev: string | number | bigint;
  ino: string | number | bigint;
}): string {
  return `${String(id.dev)}:${String(id.ino)}`;
}

/** The exclusion of one allowed folder: the global globs, then what the folder leaves out. */
export function effectiveExclude(
  exclude: readonly string[],
  leaveOut: LeaveOut | undefined,
): string[] {
  const list = exclude.filter((glob) => !glob.startsWith('\0'));
  if (leaveOut === undefined) return list;
  for (const name of leaveOut.names) list.push(NAME + name);
  for (const folder of leaveOut.folders) list.push(FOLDER + folder.rel);
  for (const folder of leaveOut.folders) if (folder.id) list.push(ID + idKey(folder.id));
  return list;
}

/**
 * Whether a path relative to the start folder is left out (its own name or path; the walk never
 * enters what is left out, so one test per entry covers everything below), with the identities
 * of the left-out folders for the walk to compare each folder it opens with.
 */
export interface Exclusion {
  (rel: string): boolean;
  /** `dev:ino` of left-out folders (null: none recorded). */
  readonly leftOutIds: ReadonlySet<string> | null;
  /** Whether a path relative to the root is, or lies inside, what the folder itself leaves out. */
  readonly leftOutByFolder: (rootRel: string) => boolean;
}

const fold = (s: string) => (CASE_INSENSITIVE ? s.toLowerCase() : s);

/** Compiles an effective exclusion for paths relative to `startRel`; undefined when empty. */
export function compileExclusion(
  exclude: readonly string[],
  startRel: string,
): Exclusion | undefined {
  if (exclude.length === 0) return undefined;
  const globs: string[] = [];
  const names: string[] = [];
  const folders: string[] = [];
  const ids = new Set<string>();
  for (const item of exclude) {
    if (item.startsWith(FOLDER)) folders.push(fold(item.slice(FOLDER.length)));
    else if (item.startsWith(NAME)) names.push(item.slice(NAME.length));
    else if (item.startsWith(ID)) ids.add(item.slice(ID.length));
    else if (!item.startsWith('\0')) globs.push(item);
  }
  const options = { dot: true, basename: true, nocase: CASE_INSENSITIVE };
  const byGlob = globs.length === 0 ? null : picomatch(globs, options);
  // A name pattern is matched against the entry's own name only (never a path).
  const byName = names.length === 0 ? null : picomatch(names, { ...options, basename: false });
  const leftOutByFolder = (rootRel: string): boolean => {
    if (folders.length === 0) return false;
    const at = fold(rootRel);
    return folders.some((f) => at === f || at.startsWith(`${f}/`));
  };
  const prefix = startRel === '' ? '' : `${startRel}/`;
  const exclusion = (rel: string): boolean => {
    const rootRel = prefix + rel;
    if (byGlob?.(rootRel)) return true;
    if (byName?.(rootRel.slice(rootRel.lastIndexOf('/') + 1))) return true;
    return leftOutByFolder(rootRel);
  };
  return Object.assign(exclusion, { leftOutIds: ids.size === 0 ? null : ids, leftOutByFolder });
}

/**
 * Whether the start folder (segments below the root) is inside what the folder leaves out by
 * path or by name: such a start is refused (PathExcluded), never walked. The global excludes are
 * not asked here (a start inside one is walked, as before).
 */
export function startLeftOut(exclude: readonly string[], segments: readonly string[]): boolean {
  const own = exclude.filter((e) => e.startsWith(NAME) || e.startsWith(FOLDER));
  const exclusion = compileExclusion(own, '');
  if (exclusion === undefined) return false;
  for (let i = 1; i <= segments.length; i++) {
    if (exclusion(segments.slice(0, i).join('/'))) return true;
  }
  return false;
}

/** True when `id` is one of the left-out folders' identities. */
export function isLeftOutId(exclusion: Exclusion | undefined, id: FolderId): boolean {
  return exclusion?.leftOutIds?.has(idKey(id)) === true;
}

const EXCLUDED = 'EEXCLUDED';

/** The error a walk throws when its start folder, or one on its way, is a left-out folder. */
export function leftOutError(): NodeJS.ErrnoException {
  return Object.assign(new Error('the folder is left out'), { code: EXCLUDED });
}

/** True for {@link leftOutError} (also as a scan child reports it: a message and a code). */
export function isLeftOutError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === EXCLUDED;
}
