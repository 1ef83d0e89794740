import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { isWithin } from '#shared/text/path-compare.js';
import { lstatTimes } from './fast-lstat.js';
import { ListedEntry, listWithTimes, statFailedError } from './native-list.js';
import { statBelow } from './stat-below.js';
import {
  assertRootIdentity,
  changedError,
  replacedError,
  type FolderAccess,
  type LinkTarget,
  type OpenFolder,
} from './folder-access.js';

interface FdFolder extends OpenFolder {
  readonly fd: number;
}

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = fs.constants;
// A folder is opened by name in its parent's descriptor without following a link: a name swapped
// for a link fails (ELOOP), and a swapped ancestor cannot redirect the read, because nothing
// below the root is ever looked up by its full path again (openBelow looks a path up below the
// root's descriptor, and keeps the result only when the kernel says it is that very path).
const FOLDER_FLAGS = O_RDONLY | O_DIRECTORY | O_NOFOLLOW;
// Linux's O_PATH (the same value on every architecture Node supports): opens a link's target to
// learn what and where it is without reading it, so a link to a FIFO or a device has no effect.
const O_PATH = 0o10000000;

const via = (fd: number): string => `/proc/self/fd/${fd}`;

/** True on Linux when /proc/self/fd resolves an open folder (it may be missing in a sandbox). */
export function isFdAccessAvailable(): boolean {
  if (process.platform !== 'linux') return false;
  let fd = -1;
  try {
    fd = fs.openSync('/', FOLDER_FLAGS);
    return fs.statSync(via(fd)).ino === fs.statSync('/').ino;
  } catch {
    return false;
  } finally {
    if (fd >= 0) fs.closeSync(fd);
  }
}

/**
 * Folder access through descriptors (Linux): each folder is opened relative to its parent's
 * descriptor, listed and stat'ed through /proc/self/fd/N, so what the walk reads is always the
 * object it opened, whatever is renamed or swapped for a link meanwhile.
 */
export function createFdFolderAccess(
  options: { useWorkingFolder?: boolean; nativeList?: boolean } = {},
): FolderAccess {
  // The native listing where the process turned it on, unless told not to (native-list.ts).
  const nativeList = options.nativeList ?? true;
  const open = (fd: number): FdFolder => ({ fd, via: via(fd) });
  // lstat through /proc/self/fd/N/name resolves four proc entries per call, ~1.6x the cost of an
  // lstat by full path (measured on 200k files). lstat of a bare name relative to the working
  // folder costs less than either, and is as safe: chdir('/proc/self/fd/N') makes the working
  // folder the very object the descriptor holds. The working folder is process-wide, so it is
  // changed only inside one synchronous slice of the walk and put back (through a descriptor of
  // the previous one) by leave() before the walk awaits or ends; nothing else runs meanwhile.
  // The server resolves every other path to an absolute one. Workers cannot chdir: /proc paths.
  const useWorkingFolder = (options.useWorkingFolder ?? true) && isMainThread;
  let focused: FdFolder | null = null;
  let homeFd = -1;
  const focus = (folder: FdFolder): boolean => {
    if (focused === folder) return true;
    if (!useWorkingFolder) return false;
    try {
      if (homeFd < 0) homeFd = fs.openSync('.', O_PATH | O_DIRECTORY);
      process.chdir(folder.via);
      focused = folder;
      return true;
    } catch {
      leave();
      return false;
    }
  };
  const leave = (): void => {
    if (homeFd < 0) return;
    try {
      if (focused !== null) process.chdir(via(homeFd));
    } finally {
      fs.closeSync(homeFd);
      homeFd = -1;
      focused = null;
    }
  };
  return {
    kind: 'fd',
    openStart(rootReal, segments, rootId) {
      // O_NOFOLLOW guards only the last component: a parent swapped for a link still redirects
      // this open, so the opened folder itself is compared with the one the person chose.
      let fd: number;
      try {
        fd = fs.openSync(rootReal, FOLDER_FLAGS);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (rootId !== null && (code === 'ELOOP' || code === 'ENOTDIR')) throw replacedError();
        throw error;
      }
      try {
        assertRootIdentity(fs.fstatSync(fd, { bigint: true }), rootId);
        for (const segment of segments) {
          const next = fs.openSync(`${via(fd)}/${segment}`, FOLDER_FLAGS);
          fs.closeSync(fd);
          fd = next;
        }
      } catch (error) {
        fs.closeSync(fd);
        throw error;
      }
      return open(fd);
    },
    openChild(parent, name) {
      return open(fs.openSync(`${parent.via}/${name}`, FOLDER_FLAGS));
    },
    openBelow(root, segments, rootReal) {
      const fd = fs.openSync(`${root.via}/${segments.join('/')}`, FOLDER_FLAGS);
      try {
        // Read after opening: what the descriptor holds, so a swap after this cannot matter.
        if (fs.readlinkSync(via(fd)) !== path.join(rootReal, ...segments)) throw changedError();
      } catch (error) {
        fs.closeSync(fd);
        throw error;
      }
      return open(fd);
    },
    statBelow(root, rels) {
      return statBelow((root as FdFolder).fd, rels);
    },
    followLink(parent, name, rootReal): LinkTarget | null {
      let fd: number;
      try {
        fd = fs.openSync(`${parent.via}/${name}`, O_PATH);
      } catch {
        return null; // dangling link, loop, or unreadable
      }
      try {
        // The kernel's own path of the opened target, read after opening it: a target swapped
        // after this point is not what the walk reads, so this check cannot be raced.
        const real = fs.readlinkSync(via(fd));
        const stats = fs.fstatSync(fd);
        if (isWithin(real, rootReal, path)) {
          if (stats.isDirectory()) return { stats, real, folder: open(fd) };
          if (stats.isFile()) {
            fs.closeSync(fd);
            return { stats, real, folder: null };
          }
        }
      } catch {
        // unreadable: not followed
      }
      fs.closeSync(fd);
      return null;
    },
    list(folder) {
      // Listed with every entry's stats in one call where the process turned that on (the engine,
      // a server's walks). A followed link's folder is held by an O_PATH descriptor, which cannot
      // be read from (EBADF): listed through its /proc path, as without the native listing.
      const listed = nativeList ? listNative((folder as FdFolder).fd) : null;
      if (listed !== null) return listed as unknown as fs.Dirent[];
      return fs.readdirSync(folder.via, { withFileTypes: true });
    },
    listRaw(folder) {
      return fs.readdirSync(folder.via, { withFileTypes: true, encoding: 'buffer' });
    },
    lstat(parent, name) {
      const at = focus(parent as FdFolder) ? name : `${parent.via}/${name}`;
      return fs.lstatSync(at, { throwIfNoEntry: false });
    },
    times(parent, name, listed) {
      if (listed instanceof ListedEntry) {
        if (listed.times === null) throw statFailedError(name);
        return listed.times;
      }
      return lstatTimes(focus(parent as FdFolder) ? name : `${parent.via}/${name}`);
    },
    identify(folder) {
      const st = fs.fstatSync((folder as FdFolder).fd, { bigint: true });
      return { dev: st.dev.toString(), ino: st.ino.toString() };
    },
    openFile(parent, name) {
      return fs.openSync(`${parent.via}/${name}`, O_RDONLY | O_NOFOLLOW);
    },
    close(folder) {
      if (focused === folder) leave();
      try {
        fs.closeSync((folder as FdFolder).fd);
      } catch {
        // already closed: nothing to release
      }
    },
    leave,
  };
}

/** The native listing of the folder at `fd`, or null when it is off or `fd` cannot be read. */
function listNative(fd: number): ReturnType<typeof listWithTimes> {
  try {
    return listWithTimes(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EBADF') return null;
    throw error;
  }
}
