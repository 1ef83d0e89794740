import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isWithin } from '../../shared/path-compare.js';

/** One entry met by the walk. `rel` is '/'-separated, relative to the start folder. */
export interface WalkEntry {
  rel: string;
  abs: string;
  isDirectory: boolean;
  /** Reached through a followed symbolic link: stat (not lstat) it. */
  viaLink: boolean;
}

/** Counters of one walk. */
export interface WalkStats {
  scannedFiles: number;
  scannedDirectories: number;
  skippedUnreadable: number;
}

/** Why a walk ended. */
export type StopReason = 'done' | 'visitor' | 'files' | 'directories' | 'time';

/** What a walk did: its counters, why it ended and, when a limit stopped it, the last entry done. */
export interface WalkResult extends WalkStats {
  stopReason: StopReason;
  /** Position of the last entry processed when a limit stopped the walk (null: none processed). */
  stoppedAt: string | null;
}

/** What to walk and how. Positions are '/'-separated paths relative to the start folder. */
export interface WalkSpec {
  startReal: string;
  rootReal: string;
  /** Deepest level entered: 0 = direct children only. */
  maxDepth: number;
  followSymlinks: boolean;
  /** Continue strictly after this position (tree order). */
  after: string | null;
  /** Stop after this position, inclusive. */
  until: string | null;
  /** Count limits; null for a region fixed by an earlier page. */
  limits: { maxFiles: number; maxDirectories: number } | null;
  /** performance.now() after which the walk stops. */
  deadline: number;
  signal?: AbortSignal | undefined;
  isExcluded?: ((rel: string) => boolean) | undefined;
  /** Called for every entry in tree order; return false to end the walk. */
  visit(entry: WalkEntry): boolean;
  onProgress?: ((stats: WalkStats) => void) | undefined;
}

interface Frame {
  abs: string;
  rel: string;
  /** Depth of this folder's children (0 for the start folder's). */
  depth: number;
  entries: fs.Dirent[];
  index: number;
  /** Remaining segments of `after` when this folder lies on its path. */
  seek: string[] | null;
  /** Remaining segments of `until` when this folder lies on its path. */
  bound: string[] | null;
}

const SLICE_MS = 12;
const PROGRESS_MS = 250;
const CHECK_EVERY = 256;

/**
 * Walks a folder tree in tree order (pre-order, children sorted by name in UTF-16 code units,
 * which is `comparePaths` order) without following symbolic links unless asked, and then only to
 * targets inside the root. Runs synchronous file-system calls in slices of ~12 ms and yields to
 * the event loop between them, so the server keeps answering and sees cancellation promptly.
 * Unreadable folders are skipped and counted. Throws the start folder's readdir error.
 */
export async function walkTree(spec: WalkSpec): Promise<WalkResult> {
  const stats: WalkStats = { scannedFiles: 0, scannedDirectories: 0, skippedUnreadable: 0 };
  const afterSegments = spec.after === null ? null : spec.after.split('/');
  const untilSegments = spec.until === null ? null : spec.until.split('/');
  const visitedReal = spec.followSymlinks ? new Set<string>([spec.startReal]) : null;

  const stack: Frame[] = [];
  stack.push(
    openFrame(spec.startReal, '', 0, readSorted(spec.startReal), afterSegments, untilSegments),
  );
  stats.scannedDirectories = 1;

  let processed = 0;
  let lastProcessed: string | null = null;
  let sliceStart = performance.now();
  let lastProgress = sliceStart;
  let sinceCheck = 0;
  const stop = (stopReason: StopReason): WalkResult => ({
    ...stats,
    stopReason,
    stoppedAt: lastProcessed,
  });

  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.entries.length) {
      stack.pop();
      continue;
    }
    const dirent = frame.entries[frame.index++]!;

    if (++sinceCheck >= CHECK_EVERY) {
      sinceCheck = 0;
      const now = performance.now();
      if (now >= spec.deadline && processed > 0) return stop('time');
      if (now - sliceStart >= SLICE_MS) {
        if (spec.onProgress && now - lastProgress >= PROGRESS_MS) {
          lastProgress = now;
          spec.onProgress(stats);
        }
        await yieldToEventLoop();
        spec.signal?.throwIfAborted();
        sliceStart = performance.now();
      }
    }

    const name = dirent.name;
    let skipSelf = false;
    let childSeek: string[] | null = null;
    if (frame.seek !== null) {
      const target = frame.seek[0]!;
      if (name < target) continue;
      if (name === target) {
        skipSelf = true;
        childSeek = frame.seek.length > 1 ? frame.seek.slice(1) : null;
      }
      frame.seek = null;
    }
    let childBound: string[] | null = null;
    let lastInRegion = false;
    if (frame.bound !== null) {
      const target = frame.bound[0]!;
      if (name > target) return stop('done');
      if (name === target) {
        if (frame.bound.length === 1) lastInRegion = true;
        else childBound = frame.bound.slice(1);
      }
      if (name !== target) childBound = null;
    }

    const rel = frame.rel === '' ? name : `${frame.rel}/${name}`;
    const abs = frame.abs.endsWith(path.sep) ? frame.abs + name : frame.abs + path.sep + name;
    let isDirectory = dirent.isDirectory();
    let isFile = dirent.isFile();
    let viaLink = false;
    let realDir: string | null = null;
    if (dirent.isSymbolicLink()) {
      if (!spec.followSymlinks) {
        if (lastInRegion) return stop('done');
        continue;
      }
      const target = resolveLink(abs, spec.rootReal);
      if (target === null) {
        if (lastInRegion) return stop('done');
        continue;
      }
      viaLink = true;
      isDirectory = target.isDirectory;
      isFile = !target.isDirectory;
      realDir = target.isDirectory ? target.real : null;
    } else if (!isDirectory && !isFile && isUnknownType(dirent)) {
      const kind = lstatKind(abs);
      isDirectory = kind === 'directory';
      isFile = kind === 'file';
    }
    if (!isDirectory && !isFile) {
      if (lastInRegion) return stop('done');
      continue; // sockets, FIFOs, devices, vanished entries
    }
    if (spec.isExcluded?.(rel)) {
      if (lastInRegion) return stop('done');
      continue;
    }

    if (!skipSelf) {
      if (isFile) {
        // Checked before a file, not after, so a tree of exactly the limit completes.
        if (spec.limits && processed > 0 && stats.scannedFiles >= spec.limits.maxFiles)
          return stop('files');
        stats.scannedFiles++;
      }
      processed++;
      lastProcessed = rel;
      if (!spec.visit({ rel, abs, isDirectory, viaLink })) return stop('visitor');
    }
    if (lastInRegion) return stop('done');

    if (isDirectory && frame.depth < spec.maxDepth) {
      if (realDir !== null && visitedReal !== null) {
        if (visitedReal.has(realDir)) continue; // a link loop or a second way to the same folder
        visitedReal.add(realDir);
      }
      if (spec.limits && processed > 0 && stats.scannedDirectories >= spec.limits.maxDirectories) {
        return stop('directories');
      }
      const entries = readSortedOrNull(abs);
      stats.scannedDirectories++;
      if (entries === null) {
        stats.skippedUnreadable++;
      } else {
        stack.push(
          openFrame(abs, rel, frame.depth + 1, entries, skipSelf ? childSeek : null, childBound),
        );
      }
    }
  }
  return stop('done');
}

function openFrame(
  abs: string,
  rel: string,
  depth: number,
  entries: fs.Dirent[],
  seek: string[] | null,
  bound: string[] | null,
): Frame {
  let index = 0;
  if (seek !== null) index = lowerBound(entries, seek[0]!);
  return { abs, rel, depth, entries, index, seek, bound };
}

function lowerBound(entries: fs.Dirent[], name: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.name < name) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function byName(a: fs.Dirent, b: fs.Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function readSorted(dir: string): fs.Dirent[] {
  return fs.readdirSync(dir, { withFileTypes: true }).sort(byName);
}

function readSortedOrNull(dir: string): fs.Dirent[] | null {
  try {
    return readSorted(dir);
  } catch {
    return null;
  }
}

function isUnknownType(dirent: fs.Dirent): boolean {
  return (
    !dirent.isBlockDevice() && !dirent.isCharacterDevice() && !dirent.isFIFO() && !dirent.isSocket()
  );
}

function lstatKind(abs: string): 'file' | 'directory' | 'other' {
  try {
    const st = fs.lstatSync(abs, { throwIfNoEntry: false });
    if (!st) return 'other';
    return st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'other';
  } catch {
    return 'other';
  }
}

/** A followed link's target when it is a file or folder inside the root; null otherwise. */
function resolveLink(abs: string, rootReal: string): { real: string; isDirectory: boolean } | null {
  try {
    const real = fs.realpathSync.native(abs);
    if (!isWithin(real, rootReal, path)) return null;
    const st = fs.statSync(real);
    if (st.isDirectory()) return { real, isDirectory: true };
    return st.isFile() ? { real, isDirectory: false } : null;
  } catch {
    return null; // dangling link, loop, or unreadable
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
