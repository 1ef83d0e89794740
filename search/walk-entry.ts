// The walker's entries and the small pieces of its listing (walker.ts): what a visit sees of an
// entry, name order, and what an entry is when its listing did not say.
import type fs from 'node:fs';
import path from 'node:path';
import type { EntryTimes } from './fast-lstat.js';
import type { FolderAccess, OpenFolder } from './folder-access.js';

/** One entry met by the walk. `rel` is '/'-separated, relative to the start folder. */
export interface WalkEntry {
  rel: string;
  /** The entry's own name (the last segment of `rel`). */
  name: string;
  abs: string;
  isDirectory: boolean;
  /** Reached through a followed symbolic link (its stats are the target's). */
  viaLink: boolean;
  /**
   * The entry's stats, read through the folder the walk holds open (lstat, or the link target's
   * stat when `viaLink`): never through `abs`, which a swapped ancestor could redirect. Call it only
   * inside `visit`. Undefined when the entry is gone; throws when it cannot be read.
   */
  stat(): EntryTimes | undefined;
}

// One object per entry and nothing else: no closure, and `abs` only built when asked for (the
// search never asks). A walk meets every entry of the tree, so this is per-entry cost.
export class Entry implements WalkEntry {
  readonly name: string;
  constructor(
    readonly rel: string,
    private readonly parent: OpenFolder,
    private readonly parentAbs: string,
    private readonly dirent: fs.Dirent,
    readonly isDirectory: boolean,
    private readonly access: FolderAccess,
    private readonly linkStats: fs.Stats | null,
  ) {
    this.name = dirent.name;
  }

  get abs(): string {
    return childAbs(this.parentAbs, this.name);
  }

  get viaLink(): boolean {
    return this.linkStats !== null;
  }

  stat(): EntryTimes | undefined {
    return this.linkStats ?? this.access.times(this.parent, this.name, this.dirent);
  }
}

/** The logical path of `name` in the folder at `parentAbs` (for display, never read). */
export function childAbs(parentAbs: string, name: string): string {
  return parentAbs.endsWith(path.sep) ? parentAbs + name : parentAbs + path.sep + name;
}

/** Where `name` is, or would go, among entries sorted by name. */
export function lowerBound(entries: fs.Dirent[], name: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.name < name) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Name order (UTF-16 code units), the walk's. */
export function byName(a: fs.Dirent, b: fs.Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** True for an entry whose listing did not say what it is (some file systems do not). */
export function isUnknownType(dirent: fs.Dirent): boolean {
  return (
    !dirent.isBlockDevice() && !dirent.isCharacterDevice() && !dirent.isFIFO() && !dirent.isSocket()
  );
}

/** What an entry is, by lstat through its open folder ('other' when gone or unreadable). */
export function lstatKind(
  access: FolderAccess,
  folder: OpenFolder,
  name: string,
): 'file' | 'directory' | 'other' {
  try {
    const st = access.lstat(folder, name);
    if (!st) return 'other';
    return st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * Tree order of two '/'-separated relative paths: segment by segment in UTF-16 code units, a
 * folder before everything below it. The order the walk meets entries in, and `path_asc`.
 */
export function comparePaths(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let ca = a.charCodeAt(i);
    let cb = b.charCodeAt(i);
    if (ca === cb) continue;
    if (ca === 47) ca = -1;
    if (cb === 47) cb = -1;
    return ca - cb;
  }
  return a.length - b.length;
}
