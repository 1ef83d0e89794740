// A first crawl with the native listing (search/native-list.ts): folders are listed, with every
// entry's stats, on threads of libuv's pool, while this thread puts what they read into the
// index. The rules are the walker's, applied here to what the threads list: no link followed
// (folders are opened by name in their parent's descriptor with O_NOFOLLOW, links are left out),
// the settings' excludes, the depth ceiling, names that are not UTF-8 counted and left out,
// folders that cannot be read flagged, the start folder checked against the one the person chose.
// A folder enters the index (and so is watched: folder-watch.ts) before it is listed, so a change
// made in it during the crawl is not missed.
import { SEARCH_LIMITS } from '#shared/tools/search-names.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileExcludes } from '#search/matcher.js';
import {
  batchFolderTimes,
  batchInvalidName,
  batchKind,
  batchLister,
  batchTimes,
  type ListedBatch,
} from '#search/native-list.js';
import { platformFolderAccess } from '#search/platform-access.js';
import type { CrawlSpec } from './crawl-spec.js';
import {
  FLAG_NOT_ENTERED,
  FLAG_UNREADABLE,
  KIND_DIR,
  ROOT_ID,
  type FolderIndex,
} from './folder-index.js';

/**
 * Folders listed per call on a pool thread, at most, and calls at a time: three of libuv's four
 * pool threads (one left for the engine's other file work). Measured on two cores and 200,000
 * files: 2 calls of 32 folders ~390 ms, 3 of 8 ~335 ms, 4 no better than 3.
 */
const BATCH = 8;
const THREADS = 3;

/** A folder waiting to be listed: `name` in the folder open at `parentFd`. */
interface Request {
  parentFd: number;
  name: string;
  id: number;
  /** Path below the crawled folder ('' for it). */
  rel: string;
  /** Levels below the crawled folder (0 for it). */
  depth: number;
  /** Folders listed by this crawl when this one was put off for want of descriptors. */
  putOffAt?: number;
}

/**
 * Crawls the folder at `spec.rel` (emptied first unless `spec.keep`) into the index with the native
 * listing; false (nothing done) when that is off in this process or the platform's folder access
 * has no descriptors. Throws what reading the crawled folder itself throws, as the walker does.
 */
export async function crawlNatively(ix: FolderIndex, spec: CrawlSpec): Promise<boolean> {
  const access = platformFolderAccess();
  const listBatch = batchLister();
  if (listBatch === null || access.kind !== 'fd') return false;
  const dirId = ix.find(spec.rel);
  if (dirId === -1 || ix.kind[dirId] !== KIND_DIR) throw new Error(`not indexed: ${spec.rel}`);
  if (!spec.keep) ix.clear(dirId);
  const ceiling = SEARCH_LIMITS.maxDepthCeiling;
  const startDepth = dirId === ROOT_ID ? 0 : ix.depthOf(dirId);
  if (startDepth > ceiling) {
    ix.setFlag(dirId, FLAG_NOT_ENTERED, true);
    return true;
  }
  const maxDepth = ceiling - startDepth;
  const isExcluded = compileExcludes(spec.exclude, spec.rel);
  const start = access.openStart(
    spec.rootReal,
    spec.rel === '' ? [] : spec.rel.split('/'),
    spec.rootId ?? null,
  );
  const startFd = (start as { fd?: unknown }).fd;
  if (typeof startFd !== 'number') {
    access.close(start);
    return false;
  }
  // Descriptors of listed folders, open while some of their folders wait to be listed.
  const waiting = new Map<number, number>();
  const release = (fd: number) => {
    const left = (waiting.get(fd) ?? 1) - 1;
    if (left > 0) waiting.set(fd, left);
    else {
      waiting.delete(fd);
      if (fd !== startFd) closeQuietly(fd);
    }
  };
  const stack: Request[] = [{ parentFd: startFd, name: '', id: dirId, rel: '', depth: 0 }];
  waiting.set(startFd, 1);
  let entries = 0;
  let failure: unknown = null;
  let running = 0;
  let wake: (() => void) | null = null;
  // Out of descriptors (EMFILE, ENFILE) once: one folder at a time from then on, the deepest
  // first, so that the folders held open for their subfolders are closed as soon as can be.
  let threads = THREADS;
  let batchSize = BATCH;
  let listed = 0;

  const take = (share: number): Request[] => {
    const n = Math.min(batchSize, Math.max(1, Math.ceil(stack.length / share)));
    return stack.splice(stack.length - n, n);
  };
  /**
   * A folder that could not be opened for want of descriptors: put off to the end, while other
   * folders listed meanwhile may close some. Put off again with nothing listed since, it ends the
   * crawl with that error (crawl.ts then reads with the walker, which holds far fewer): never
   * flagged unreadable for it.
   */
  const putOff = (request: Request): boolean => {
    if (request.rel === '' || request.putOffAt === listed) return false;
    threads = 1;
    batchSize = 1;
    stack.unshift({ ...request, putOffAt: listed });
    return true;
  };

  // The stats of the entry being put: copied into the index, so one object serves them all.
  const scratch = { size: 0, mtimeMs: 0, birthtimeMs: 0 };
  const put = (request: Request, batch: ListedBatch, r: number) => {
    const { id, rel, depth } = request;
    const error = batch.errors[r]!;
    const fd = batch.fds[r]!;
    if (error !== 0) {
      // The crawled folder itself: thrown, as the walker throws it; so is a lack of descriptors
      // that putting off did not cure (see putOff). Below it, anything else: flagged.
      if (OUT_OF_DESCRIPTORS.has(error) || request.rel === '') {
        const below = [spec.rel, rel].filter((r) => r !== '').join('/');
        failure ??= readError(error, path.join(spec.rootReal, ...below.split('/')));
      } else ix.setFlag(id, FLAG_UNREADABLE, true);
      return;
    }
    listed++;
    // The folder's own times as it was listed (it was watched by then): a change made in it
    // after its parent's listing read them and before the watch has no event of its own.
    if (request.rel !== '') {
      const own = batchFolderTimes(batch, r, scratch);
      if (own !== undefined) ix.setTimes(id, own);
    }
    const names = batch.names;
    const order: number[] = [];
    let invalidNames = 0;
    for (let i = batch.starts[r]!; i < batch.starts[r + 1]!; i++) {
      if (batchInvalidName(batch, i)) invalidNames++;
      else order.push(i);
    }
    if (invalidNames > 0) ix.setInvalidNames(id, invalidNames);
    // In tree order (UTF-16 code units, as the walker sorts): each name goes last in its folder.
    order.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
    let folders = 0;
    for (const i of order) {
      const kind = batchKind(batch, i);
      if (kind === 'other') continue; // links, devices, sockets
      const times = batchTimes(batch, i, scratch);
      if (times === undefined) continue; // gone since the folder was listed
      const name = names[i]!;
      const isDirectory = kind === 'directory';
      // The path below the crawled folder only where it is needed (most entries are files).
      const childRel = isDirectory || isExcluded ? (rel === '' ? name : `${rel}/${name}`) : '';
      if (isExcluded?.(childRel)) continue;
      const child = ix.put(id, name, isDirectory, times);
      if (++entries % 4096 === 0) spec.onProgress?.(entries);
      if (!isDirectory) continue;
      if (depth >= maxDepth) {
        ix.setFlag(child, FLAG_NOT_ENTERED, true);
        continue;
      }
      stack.push({ parentFd: fd, name, id: child, rel: childRel, depth: depth + 1 });
      folders++;
    }
    if (folders > 0) waiting.set(fd, folders);
    else closeQuietly(fd);
  };

  const launch = (requests: Request[]) => {
    running++;
    const parentFds = Int32Array.from(requests, (r) => r.parentFd);
    listBatch(
      parentFds,
      requests.map((r) => r.name),
    )
      .then(
        (batch) => {
          for (let r = 0; r < requests.length; r++) {
            const request = requests[r]!;
            const fd = batch.fds[r]!;
            // Put off, it keeps its folder's descriptor (released when it is listed).
            const errno = batch.errors[r]!;
            if (OUT_OF_DESCRIPTORS.has(errno) && failure === null && putOff(request)) continue;
            try {
              if (failure === null && !spec.signal?.aborted && ix.kind[request.id] === KIND_DIR)
                put(request, batch, r);
              else if (fd >= 0) closeQuietly(fd);
            } catch (error) {
              // The crawl ends with this error; the folder's descriptor is not left open.
              failure ??= error;
              if (fd >= 0 && !waiting.has(fd)) closeQuietly(fd);
            }
            release(request.parentFd);
          }
        },
        (error: unknown) => {
          failure ??= error;
          for (const request of requests) release(request.parentFd);
        },
      )
      .finally(() => {
        running--;
        wake?.();
      });
  };

  try {
    for (;;) {
      if (failure === null && !spec.signal?.aborted)
        while (running < threads && stack.length > 0) launch(take(threads - running));
      if (running === 0) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    for (const fd of waiting.keys()) if (fd !== startFd) closeQuietly(fd);
    access.close(start);
  }
  spec.signal?.throwIfAborted();
  if (failure !== null) throw failure;
  spec.onProgress?.(entries);
  return true;
}

/** Closes a descriptor this crawl opened; never throws (a crawl's callbacks must not). */
function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // already closed
  }
}

/** The errno values of running out of descriptors (EMFILE, ENFILE). */
const OUT_OF_DESCRIPTORS = new Set([os.constants.errno.EMFILE, os.constants.errno.ENFILE]);

const ERRNO_NAMES = new Map<number, string>(
  Object.entries(os.constants.errno).map(([name, value]) => [value, name]),
);

/** The error reading the crawled folder itself throws, as fs would throw it. */
function readError(errno: number, where: string): NodeJS.ErrnoException {
  const code = ERRNO_NAMES.get(errno) ?? 'EIO';
  return Object.assign(new Error(`${code}: cannot list ${where}`), { code, errno: -errno });
}
