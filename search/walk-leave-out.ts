// The walk's side of what a folder leaves out (leave-out.ts) beyond names and paths: identities.
// A left-out folder renamed or moved inside the root is known by its device and inode, which only
// an open folder tells for sure; so the walk compares each folder it would enter (before it lists
// the folder's own entry, and again on the handle it then reads through, so a swap between the two
// is caught), and opens a start folder one folder at a time from the root.
import fs from 'node:fs';
import path from 'node:path';
import type { FolderAccess, FolderId, LinkTarget, OpenFolder } from './folder-access.js';
import {
  compileExclusion,
  idKey,
  isLeftOutError,
  leftOutError,
  type Exclusion,
} from './leave-out.js';
import { platformFolderAccess } from './platform-access.js';

const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ECHANGED']);

type MaybeExclusion = ((rel: string) => boolean) | Exclusion | undefined;

function idsOf(exclusion: MaybeExclusion): ReadonlySet<string> | null {
  return (exclusion as Partial<Exclusion> | undefined)?.leftOutIds ?? null;
}

/**
 * Opens the start folder (`segments` below the root): as `access.openStart` does, and, when the
 * exclusion knows left-out folders by identity, one folder at a time, throwing EEXCLUDED
 * (leftOutError) when one on the way, or the start itself, is left out.
 */
export function openStartChecked(
  access: FolderAccess,
  rootReal: string,
  segments: readonly string[],
  rootId: FolderId | null,
  exclusion: MaybeExclusion,
): OpenFolder {
  const ids = idsOf(exclusion);
  if (ids === null || segments.length === 0) return access.openStart(rootReal, segments, rootId);
  let folder = access.openStart(rootReal, [], rootId);
  try {
    for (const name of segments) {
      const child = access.openChild(folder, name);
      access.close(folder);
      folder = child;
      if (ids.has(idKey(access.identify(folder)))) throw leftOutError();
    }
  } catch (error) {
    access.close(folder);
    throw error;
  }
  return folder;
}

/**
 * Whether child `name` of `parent` (a folder, or a followed link) is a left-out folder by
 * identity, or a link that leads into what is left out. Unreadable: not said to be (the walk
 * counts it as it would); gone since it was listed: said to be (nothing to list of it).
 */
export function leftOutChild(
  access: FolderAccess,
  parent: OpenFolder,
  name: string,
  link: LinkTarget | null,
  exclusion: MaybeExclusion,
  rootReal: string,
): boolean {
  const own = exclusion as Partial<Exclusion> | undefined;
  if (own?.leftOutByFolder === undefined) return false;
  const ids = idsOf(exclusion);
  if (link !== null) {
    const rootRel = path.relative(rootReal, link.real).split(path.sep).join('/');
    if (own.leftOutByFolder(rootRel)) return true;
    return ids !== null && onWayById(rootReal, link.real, ids);
  }
  if (ids === null) return false;
  let folder: OpenFolder;
  try {
    folder = access.openChild(parent, name);
  } catch (error) {
    // Gone or no longer a folder since it was listed (moved away, swapped for a link): left out,
    // as its name may now be a left-out folder's; unreadable or out of descriptors: the walk
    // counts it as it would.
    return GONE.has((error as NodeJS.ErrnoException).code ?? '');
  }
  try {
    return ids.has(idKey(access.identify(folder)));
  } catch {
    return false;
  } finally {
    access.close(folder);
  }
}

/** Whether a folder the walk just opened to read is a left-out one (by identity). */
export function leftOutOpened(
  access: FolderAccess,
  folder: OpenFolder,
  exclusion: MaybeExclusion,
): boolean {
  const ids = idsOf(exclusion);
  return ids !== null && ids.has(idKey(access.identify(folder)));
}

/** Whether `real` (inside `rootReal`) or a folder between them is a left-out folder by identity. */
function onWayById(rootReal: string, real: string, ids: ReadonlySet<string>): boolean {
  for (let at = real; at.length > rootReal.length; at = path.dirname(at)) {
    try {
      if (ids.has(idKey(fs.lstatSync(at, { bigint: true })))) return true;
    } catch {
      return true; // changed while looked at: not followed
    }
  }
  return false;
}

/**
 * Whether the start folder (`segments` below the root), or a folder on its way, is a left-out
 * folder by identity: looked at once when a search is planned, so a start inside a renamed
 * left-out folder is refused whoever answers (the engine too, whose index may not know it).
 * Anything else that goes wrong opening it is the walk's to report: false.
 */
export function startLeftOutById(
  rootReal: string,
  rootId: FolderId | null,
  segments: readonly string[],
  exclude: readonly string[],
): boolean {
  const exclusion = compileExclusion(exclude, '');
  if (exclusion?.leftOutIds == null || segments.length === 0) return false;
  const access = platformFolderAccess();
  try {
    access.close(openStartChecked(access, rootReal, segments, rootId, exclusion));
    return false;
  } catch (error) {
    return isLeftOutError(error);
  } finally {
    access.leave();
  }
}
