import type fs from 'node:fs';
import type { BelowStat } from './stat-below.js';
import type { EntryTimes } from './fast-lstat.js';

/**
 * The device and inode numbers (decimal strings) an allowed folder had when the person chose it:
 * the folder a walk opens as its root must be that very object (see openStart).
 */
export interface FolderId {
  readonly dev: string;
  readonly ino: string;
}

/** A folder opened by the walk; its children are reached through it, never through its logical path. */
export interface OpenFolder {
  /** Prefix for a child's path (`${via}/${name}`): /proc/self/fd/N on Linux, a checked path elsewhere. */
  readonly via: string;
}

/** Where a followed link leads, when that is a file or folder inside the root. */
export interface LinkTarget {
  /** stat() of the target at the moment it was opened. */
  stats: fs.Stats;
  /** Its realpath (inside the root). */
  real: string;
  /** The opened folder when the target is one; the caller closes it. */
  folder: OpenFolder | null;
}

/**
 * How the walk opens, lists and stats folders so that a folder swapped for a link (or an ancestor
 * swapped) while the walk runs can never make it read outside the root. Two ways: descriptors on
 * Linux (exact), and checks of device and inode before and after each read elsewhere.
 */
export interface FolderAccess {
  /** 'fd' reads through descriptors; 'verify' re-checks device and inode around path reads. */
  readonly kind: 'fd' | 'verify';
  /**
   * Opens `rootReal`, then each segment below it, never following a link. Throws fs errors, and
   * EREPLACED when the folder opened as the root is not `rootId` (the check is made on what was
   * opened, so a folder or a parent swapped between the caller's checks and the open is caught).
   */
  openStart(rootReal: string, segments: readonly string[], rootId: FolderId | null): OpenFolder;
  /** Opens child folder `name` of `parent` without following a link. Throws when it cannot. */
  openChild(parent: OpenFolder, name: string): OpenFolder;
  /**
   * Opens the folder `segments` below `root` (opened by openStart from `rootReal`) in one call,
   * and proves it by the kernel's own path of what was opened, which must be `rootReal/segments`
   * exactly (a link anywhere on the way, or a root moved away, shows there): one open however
   * deep the folder is. Throws ECHANGED when the proof fails. Absent where no such path exists.
   */
  openBelow?(root: OpenFolder, segments: readonly string[], rootReal: string): OpenFolder;
  /**
   * Looks at each of `rels` below `root` (opened by openStart) in one call, no link followed
   * anywhere on their ways (stat-below.ts); null where that cannot be done. Absent likewise.
   */
  statBelow?(root: OpenFolder, rels: string[]): BelowStat[] | null;
  /** Follows link `name` of `parent`; null unless it leads to a file or folder inside `rootReal`. */
  followLink(parent: OpenFolder, name: string, rootReal: string): LinkTarget | null;
  /** The folder's entries (names decoded as UTF-8). Throws when unreadable or changed while read. */
  list(folder: OpenFolder): fs.Dirent[];
  /** The same entries with names as raw bytes (to tell names that are not valid UTF-8). */
  listRaw(folder: OpenFolder): fs.Dirent<Buffer>[];
  /** lstat() of child `name`; undefined when it is gone. Throws when unreadable or the folder changed. */
  lstat(parent: OpenFolder, name: string): fs.Stats | undefined;
  /**
   * The same lstat() reduced to size and times, as cheaply as the platform allows (fast-lstat.ts);
   * `listed` is the entry as `list` gave it, which may carry them already (native-list.ts).
   */
  times(parent: OpenFolder, name: string, listed?: fs.Dirent): EntryTimes | undefined;
  /** Device and inode of the open folder itself (decimal strings), as `openStart` compares them. */
  identify(folder: OpenFolder): FolderId;
  /**
   * Opens file `name` of `parent` for reading without following a link, and returns its
   * descriptor (the caller closes it, and compares its fstat with what was listed).
   */
  openFile(parent: OpenFolder, name: string): number;
  /** Releases the folder (closes its descriptor). Never throws. */
  close(folder: OpenFolder): void;
  /**
   * Undoes process-wide state an access may hold within one synchronous slice (the working
   * folder, see folder-access-fd.ts). The walk calls it before every await and when it ends.
   */
  leave(): void;
}

/** The error thrown when a folder changed (was swapped or moved) while it was read. */
export function changedError(): NodeJS.ErrnoException {
  return Object.assign(new Error('the folder changed while it was read'), { code: 'ECHANGED' });
}

const REPLACED = 'EREPLACED';

/** The error thrown when the folder opened as the root is not the one the person chose. */
export function replacedError(): NodeJS.ErrnoException {
  return Object.assign(new Error('the allowed folder was moved or replaced'), { code: REPLACED });
}

/** True for {@link replacedError} (also as a scan child reports it: a message and a code). */
export function isReplacedError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === REPLACED;
}

/**
 * Throws EREPLACED unless `st` (of the folder opened as the root) is `rootId`. A root that is no
 * longer a folder at all (a link in its place: ELOOP, ENOTDIR) was replaced too.
 */
export function assertRootIdentity(
  st: { dev: bigint; ino: bigint },
  rootId: FolderId | null,
): void {
  if (rootId === null) return;
  if (st.dev.toString() !== rootId.dev || st.ino.toString() !== rootId.ino) throw replacedError();
}
