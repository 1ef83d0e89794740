// One change a watch reported, applied to a folder's index: the path is read again as it is now
// (an event says where to look, never what is there), so applying is idempotent and the order of
// a burst's events does not matter for what the index ends with. The entry is read through its
// folder opened from the root without following a link at any step (as the walker opens
// folders), never through its path: a folder above it swapped for a link must not make the index
// hold what the link leads to.
import fs from 'node:fs';
import type { FolderId, OpenFolder } from '#search/folder-access.js';
import { isReplacedError } from '#search/folder-access.js';
import { isOutOfDescriptors } from '#search/out-of-descriptors.js';
import { platformFolderAccess } from '#search/platform-access.js';
import { crawlInto } from './crawl.js';
import {
  FLAG_NOT_ENTERED,
  FLAG_UNREADABLE,
  KIND_DIR,
  ROOT_ID,
  type FolderIndex,
} from './folder-index.js';

/** The folder a change is applied to. */
export interface ChangeTarget {
  rootReal: string;
  rootId: FolderId | null;
  exclude: string[];
  index: FolderIndex;
  signal: AbortSignal;
  isExcluded: ((rel: string) => boolean) | undefined;
  /** Watches folder `id` again (folder-watch.ts): its name may lead to another object now. */
  rewatch(id: number): void;
  log(line: string): void;
}

/**
 * Brings the index's entry for `rel` ('/'-separated, below the root) in line with the disk.
 * `renamed`: its name was created, removed or moved since it was read, so a folder there is read
 * again whole (it may be another folder now, or one the crawl could not list then).
 */
export async function applyChange(
  target: ChangeTarget,
  rel: string,
  renamed: boolean,
): Promise<void> {
  const ix = target.index;
  const slash = rel.lastIndexOf('/');
  const parentRel = slash === -1 ? '' : rel.slice(0, slash);
  const name = rel.slice(slash + 1);
  const parent = ix.find(parentRel);
  // A parent not held: excluded, below the depth the crawl entered, or not there yet (its own
  // event then crawls it with what is inside).
  if (parent === -1 || ix.kind[parent] !== KIND_DIR) return;
  if ((ix.flags[parent]! & (FLAG_UNREADABLE | FLAG_NOT_ENTERED)) !== 0) return;
  if (target.isExcluded?.(rel)) return;
  const seen = readEntry(target, parentRel, name);
  if (seen === 'parent-changed') {
    // Its folder is no longer a folder at its name (or cannot be opened): that folder's own entry
    // is read again instead, which removes it, or reads it whole if it is a folder again.
    if (parent !== ROOT_ID) await applyChange(target, parentRel, true);
    return;
  }
  // An entry created, removed or renamed changes its folder's modified time, which has no event
  // of its own: read it again with the entry.
  if (parent !== ROOT_ID && seen.folder) ix.setTimes(parent, timesOf(seen.folder));
  const st = seen.entry;
  const existing = ix.child(parent, name);
  if (!st || (!st.isFile() && !st.isDirectory())) {
    if (existing !== -1) ix.remove(existing);
    return;
  }
  const times = timesOf(st);
  if (st.isFile()) {
    ix.put(parent, name, false, times);
    return;
  }
  const wasFolder = existing !== -1 && ix.kind[existing] === KIND_DIR;
  const id = ix.put(parent, name, true, times);
  if (wasFolder && !renamed && (ix.flags[id]! & FLAG_UNREADABLE) === 0) return;
  // A new folder, one that could not be read, or one whose name was swapped: what is in it has no
  // events of their own. Watched again first (before it is read), as the object its name leads to
  // now: a watch added while the name was a link watches what the link led to.
  if (wasFolder) target.rewatch(id);
  await crawlInto(ix, {
    rootReal: target.rootReal,
    rootId: target.rootId,
    rel,
    exclude: target.exclude,
    signal: target.signal,
  }).catch((error: unknown) => {
    if (isOutOfDescriptors(error)) throw error; // not now, rather than unreadable: tried again
    if (ix.find(rel) === id) ix.setFlag(id, FLAG_UNREADABLE, true);
    target.log(
      `engine: cannot read ${rel}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
}

/**
 * The entry `name` of folder `parentRel` and that folder's own stats, read through the folder
 * opened from the root without following a link; 'parent-changed' when it cannot be opened so.
 * Throws when the root itself is not the folder the person chose (EREPLACED), and when no
 * descriptor is left to open it with (EMFILE, ENFILE: the change is applied again later).
 */
function readEntry(
  target: ChangeTarget,
  parentRel: string,
  name: string,
): { entry: fs.Stats | undefined; folder: fs.Stats | undefined } | 'parent-changed' {
  const access = platformFolderAccess();
  let dir: OpenFolder;
  try {
    dir = access.openStart(
      target.rootReal,
      parentRel === '' ? [] : parentRel.split('/'),
      target.rootId,
    );
  } catch (error) {
    if (isReplacedError(error) || isOutOfDescriptors(error) || parentRel === '') throw error;
    return 'parent-changed';
  }
  try {
    let entry: fs.Stats | undefined;
    try {
      entry = access.lstat(dir, name);
    } catch {
      entry = undefined; // unreadable now: as good as gone (a folder's listing keeps it otherwise)
    }
    return { entry, folder: parentRel === '' ? undefined : statOrNone(dir.via) };
  } finally {
    access.close(dir);
    access.leave();
  }
}

function statOrNone(via: string): fs.Stats | undefined {
  try {
    return fs.statSync(via); // the open folder itself (a /proc/self/fd path leads to it exactly)
  } catch {
    return undefined;
  }
}

function timesOf(st: fs.Stats) {
  return { size: st.size, mtimeMs: st.mtimeMs, birthtimeMs: st.birthtimeMs };
}
