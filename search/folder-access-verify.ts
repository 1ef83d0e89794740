import fs from 'node:fs';
import path from 'node:path';
import { isWithin } from '#shared/text/path-compare.js';
import { lstatTimes } from './fast-lstat.js';
import {
  assertRootIdentity,
  changedError,
  replacedError,
  type FolderAccess,
  type LinkTarget,
  type OpenFolder,
} from './folder-access.js';

// Windows has no O_NOFOLLOW (0 there): the caller's fstat comparison with the listing decides.
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

interface CheckedFolder extends OpenFolder {
  readonly dev: bigint;
  readonly ino: bigint;
}

/** lstat() with 64-bit device and inode numbers (a Windows file index does not fit a double). */
function identity(p: string): fs.BigIntStats {
  return fs.lstatSync(p, { bigint: true });
}

/** Throws ECHANGED unless `folder.via` is still the same real folder (not a link, same inode). */
function assertUnchanged(folder: CheckedFolder): void {
  const now = identity(folder.via);
  if (!now.isDirectory() || now.dev !== folder.dev || now.ino !== folder.ino) throw changedError();
}

function checked(p: string): CheckedFolder {
  const st = identity(p);
  if (!st.isDirectory()) {
    throw Object.assign(new Error(`not a folder: ${p}`), {
      code: st.isSymbolicLink() ? 'ELOOP' : 'ENOTDIR',
    });
  }
  return { via: p, dev: st.dev, ino: st.ino };
}

/**
 * Folder access by path with checks (macOS, Windows, Linux without /proc): Node has no
 * descriptor-relative calls there, so each folder's device and inode are taken when it is opened
 * and compared again after it is listed and after each child is stat'ed; a folder that changed is
 * dropped (ECHANGED, counted as unreadable). A swap and a swap back between two checks (a few
 * microseconds) is not seen: this narrows the race, it does not close it.
 */
export function createVerifyingFolderAccess(): FolderAccess {
  const child = (parent: OpenFolder, name: string) => path.join(parent.via, name);
  return {
    kind: 'verify',
    openStart(rootReal, segments, rootId) {
      let folder: CheckedFolder;
      try {
        folder = checked(rootReal);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (rootId !== null && (code === 'ELOOP' || code === 'ENOTDIR')) throw replacedError();
        throw error;
      }
      // Compared on the device and inode this access then checks around every read of the
      // folder: one swapped later is caught there (ECHANGED), as for any folder of the walk.
      assertRootIdentity(folder, rootId);
      for (const segment of segments) folder = checked(child(folder, segment));
      return folder;
    },
    openChild(parent, name) {
      const folder = checked(child(parent, name));
      assertUnchanged(parent as CheckedFolder);
      return folder;
    },
    followLink(parent, name, rootReal): LinkTarget | null {
      try {
        const real = fs.realpathSync.native(child(parent, name));
        if (!isWithin(real, rootReal, path)) return null;
        const stats = fs.statSync(real);
        let folder: CheckedFolder | null = null;
        if (stats.isDirectory()) folder = checked(real);
        else if (!stats.isFile()) return null;
        assertUnchanged(parent as CheckedFolder);
        return { stats, real, folder };
      } catch {
        return null; // dangling link, loop, unreadable, or the folder changed
      }
    },
    list(folder) {
      const entries = fs.readdirSync(folder.via, { withFileTypes: true });
      assertUnchanged(folder as CheckedFolder);
      return entries;
    },
    listRaw(folder) {
      const entries = fs.readdirSync(folder.via, { withFileTypes: true, encoding: 'buffer' });
      assertUnchanged(folder as CheckedFolder);
      return entries;
    },
    lstat(parent, name) {
      const st = fs.lstatSync(child(parent, name), { throwIfNoEntry: false });
      assertUnchanged(parent as CheckedFolder);
      return st;
    },
    times(parent, name) {
      const st = lstatTimes(child(parent, name));
      assertUnchanged(parent as CheckedFolder);
      return st;
    },
    identify(folder) {
      const { dev, ino } = folder as CheckedFolder;
      return { dev: dev.toString(), ino: ino.toString() };
    },
    openFile(parent, name) {
      const fd = fs.openSync(child(parent, name), fs.constants.O_RDONLY | O_NOFOLLOW);
      try {
        assertUnchanged(parent as CheckedFolder);
      } catch (error) {
        fs.closeSync(fd);
        throw error;
      }
      return fd;
    },
    close() {
      // nothing is held open
    },
    leave() {
      // no process-wide state
    },
  };
}
