import type fs from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FolderAccess, FolderId, LinkTarget, OpenFolder } from './folder-access.js';
import { isOutOfDescriptors, waitForDescriptors } from './out-of-descriptors.js';
import { platformFolderAccess } from './platform-access.js';
import { dropInvalidNames } from './utf8-names.js';
import { leftOutChild, leftOutOpened, openStartChecked } from './walk-leave-out.js';
import { byName, childAbs, Entry, isUnknownType, lowerBound, lstatKind } from './walk-entry.js';

import type { WalkEntry } from './walk-entry.js';

export type { WalkEntry } from './walk-entry.js';
export { comparePaths } from './walk-entry.js';

/** Counters of one walk. */
export interface WalkStats {
  scannedFiles: number;
  scannedDirectories: number;
  skippedUnreadable: number;
  /** Folders at maxDepth whose contents were not read. */
  notEnteredAtMaxDepth: number;
  /** Entries left out because their names are not valid UTF-8 (see utf8-names.ts). */
  invalidNames: number;
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
  /**
   * The folder the person chose as the root: the walk refuses (EREPLACED) to read a root that is
   * not that very folder when it opens it. Null or absent: not recorded (accepted as it is).
   */
  rootId?: FolderId | null | undefined;
  /** Deepest level entered: 0 = direct children only. */
  maxDepth: number;
  followSymlinks: boolean;
  /** Continue strictly after this position (tree order). */
  after: string | null;
  /** Stop after this position, inclusive. */
  until: string | null;
  /** Count limits; null for a region fixed by an earlier page. */
  limits: { maxFiles: number; maxDirectories: number } | null;
  /**
   * What earlier parts of the same scan already counted, when this walk continues one that was
   * split into regions (scan/parallel-scan.ts): the limits and the time limit then apply to the
   * whole scan, exactly as if one walk had done it. `directories` may be negative: it also takes
   * off the folders this walk opens on its way down to `after`, which an earlier part counted.
   */
  prior?: { files: number; directories: number; processed: boolean } | undefined;
  /** performance.now() after which the walk stops. */
  deadline: number;
  signal?: AbortSignal | undefined;
  /** The exclusion (leave-out.ts: its left-out folders' identities are compared too). */
  isExcluded?: ((rel: string) => boolean) | undefined;
  /** Called for every entry in tree order; return false to end the walk. */
  visit(entry: WalkEntry): boolean;
  onProgress?: ((stats: WalkStats) => void) | undefined;
  /** How folders are opened and read; the platform's safest by default (tests pick one). */
  access?: FolderAccess | undefined;
  /**
   * Told about each folder the walk counted but did not list (unreadable, or at maxDepth) and
   * each folder with names that are not valid UTF-8: what the search engine's index records so
   * that its answers count them as a walk does (engine/folder-index.ts).
   */
  onFolderNote?: ((rel: string, note: FolderNote) => void) | undefined;
  /**
   * Asked before a folder is entered: false leaves it unread (its own entry visited, nothing
   * below it, no note), for a crawl that shares the tree with another process (engine/crawl.ts).
   */
  enter?: ((rel: string) => boolean) | undefined;
  /**
   * What a folder that cannot be opened for want of descriptors (EMFILE, ENFILE) still cannot be
   * after the waits of out-of-descriptors.ts: counted unreadable (a search's answer says how
   * many), or 'throw': the walk ends with that error (the engine's crawl, which tries later).
   */
  outOfDescriptors?: 'count' | 'throw' | undefined;
}

/** What {@link WalkSpec.onFolderNote} reports about a folder. */
export type FolderNote =
  { kind: 'unreadable' } | { kind: 'not-entered' } | { kind: 'invalid-names'; count: number };

interface Frame {
  /** The open folder its entries are read and stat'ed through. */
  folder: OpenFolder;
  /** Logical absolute path (start folder + rel), for display only: never read through. */
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
const PROGRESS_MS = 200;
const CHECK_EVERY = 256;

/**
 * Walks a folder tree in tree order (pre-order, children sorted by name in UTF-16 code units,
 * which is `comparePaths` order) without following symbolic links unless asked, and then only to
 * targets inside the root. Every folder is read through a handle opened from its parent's handle
 * without following links (folder-access.ts), so a folder or an ancestor swapped for a link while
 * the walk runs never makes it list anything outside the root. Runs synchronous file-system calls
 * in slices of ~12 ms and yields to the event loop between them, so the server keeps answering
 * and sees cancellation promptly. Unreadable folders are skipped and counted; every handle is
 * closed when the walk ends, however it ends. Throws the start folder's open or read error, and
 * EREPLACED when the root it opens is not the folder the person chose (`rootId`).
 */
export async function walkTree(spec: WalkSpec): Promise<WalkResult> {
  const access = spec.access ?? platformFolderAccess();
  const stats: WalkStats = {
    scannedFiles: 0,
    scannedDirectories: 0,
    skippedUnreadable: 0,
    notEnteredAtMaxDepth: 0,
    invalidNames: 0,
  };
  const afterSegments = spec.after === null ? null : spec.after.split('/');
  const untilSegments = spec.until === null ? null : spec.until.split('/');
  const visitedReal = spec.followSymlinks ? new Set<string>([spec.startReal]) : null;
  const readSorted = (folder: OpenFolder, countInvalid: boolean, rel: string): fs.Dirent[] => {
    const named = dropInvalidNames(access.list(folder), () => access.listRaw(folder));
    if (countInvalid) stats.invalidNames += named.invalidNames;
    if (named.invalidNames > 0)
      spec.onFolderNote?.(rel, { kind: 'invalid-names', count: named.invalidNames });
    return named.entries.sort(byName);
  };

  const stack: Frame[] = [];
  const startRel = path.relative(spec.rootReal, spec.startReal);
  const segments = startRel === '' ? [] : startRel.split(path.sep);
  for (let attempt = 0; ; attempt++) {
    let startFolder: OpenFolder | null = null;
    try {
      const { rootReal, rootId, isExcluded } = spec;
      startFolder = openStartChecked(access, rootReal, segments, rootId ?? null, isExcluded);
      const entries = readSorted(startFolder, afterSegments === null, '');
      stack.push(
        openFrame(startFolder, spec.startReal, '', 0, entries, afterSegments, untilSegments),
      );
      break;
    } catch (error) {
      if (startFolder !== null) access.close(startFolder);
      access.leave();
      // No descriptor left for now: tried again once some are closed (out-of-descriptors.ts).
      if (isOutOfDescriptors(error) && (await waitForDescriptors(attempt))) continue;
      throw error;
    }
  }
  stats.scannedDirectories = 1;
  try {
    return await walkFrames(spec, access, stack, stats, visitedReal, readSorted);
  } finally {
    for (const frame of stack) access.close(frame.folder);
    access.leave();
  }
}

async function walkFrames(
  spec: WalkSpec,
  access: FolderAccess,
  stack: Frame[],
  stats: WalkStats,
  visitedReal: Set<string> | null,
  readSorted: (folder: OpenFolder, countInvalid: boolean, rel: string) => fs.Dirent[],
): Promise<WalkResult> {
  const prior = spec.prior ?? { files: 0, directories: 0, processed: false };
  // Entries processed by this walk, plus one when an earlier part of the scan processed some:
  // the limits never stop a scan before its first entry, wherever it was split.
  let processed = prior.processed ? 1 : 0;
  let lastProcessed: string | null = null;
  let sliceStart = performance.now();
  // The first report comes after half the interval: a client sees the scan has started sooner.
  let lastProgress = sliceStart - PROGRESS_MS / 2;
  let sinceCheck = 0;
  // Waits for descriptors so far (out-of-descriptors.ts): one budget per walk, renewed only when
  // waiting helped, so a shortage that does not pass costs a walk one round of waits, not one
  // per folder.
  let waits = 0;
  const stop = (stopReason: StopReason): WalkResult => ({
    ...stats,
    stopReason,
    stoppedAt: lastProcessed,
  });

  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.entries.length) {
      stack.pop();
      access.close(frame.folder);
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
        access.leave(); // the working folder is the process's again before anything else runs
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
    let isDirectory = dirent.isDirectory();
    // A hard link is listed like any file: it is the same file as its other names, wherever they
    // are, so its size and times are that file's (inherent to hard links; the search shows no
    // contents, and the logic catalog refuses hard-linked files, see logic-catalog.ts).
    let isFile = dirent.isFile();
    let link: LinkTarget | null = null;
    if (dirent.isSymbolicLink()) {
      if (spec.followSymlinks) link = access.followLink(frame.folder, name, spec.rootReal);
      if (link === null) {
        if (lastInRegion) return stop('done');
        continue;
      }
      isDirectory = link.folder !== null;
      isFile = !isDirectory;
    } else if (!isDirectory && !isFile && isUnknownType(dirent)) {
      const kind = lstatKind(access, frame.folder, name);
      isDirectory = kind === 'directory';
      isFile = kind === 'file';
    }
    // A followed folder's handle is closed below unless it becomes a frame.
    let linkFolder = link?.folder ?? null;
    try {
      if (!isDirectory && !isFile) {
        if (lastInRegion) return stop('done');
        continue; // sockets, FIFOs, devices, vanished entries
      }
      if (
        spec.isExcluded?.(rel) ||
        ((link !== null || isDirectory) &&
          leftOutChild(access, frame.folder, name, link, spec.isExcluded, spec.rootReal))
      ) {
        if (lastInRegion) return stop('done');
        continue;
      }

      if (!skipSelf) {
        if (isFile) {
          // Checked before a file, not after, so a tree of exactly the limit completes.
          if (
            spec.limits &&
            processed > 0 &&
            prior.files + stats.scannedFiles >= spec.limits.maxFiles
          )
            return stop('files');
          stats.scannedFiles++;
        }
        processed++;
        lastProcessed = rel;
        const linkStats = link?.stats ?? null;
        const entry = new Entry(
          rel,
          frame.folder,
          frame.abs,
          dirent,
          isDirectory,
          access,
          linkStats,
        );
        if (!spec.visit(entry)) return stop('visitor');
      }
      if (lastInRegion) return stop('done');

      if (!isDirectory) continue;
      if (spec.enter && !spec.enter(rel)) continue;
      if (frame.depth >= spec.maxDepth) {
        if (!skipSelf) stats.notEnteredAtMaxDepth++;
        spec.onFolderNote?.(rel, { kind: 'not-entered' });
        continue;
      }
      if (link !== null && visitedReal !== null) {
        if (visitedReal.has(link.real)) continue; // a link loop or a second way to the same folder
        visitedReal.add(link.real);
      }
      if (
        spec.limits &&
        processed > 0 &&
        prior.directories + stats.scannedDirectories >= spec.limits.maxDirectories
      ) {
        return stop('directories');
      }
      stats.scannedDirectories++;
      for (let waited = false; ; waited = true) {
        let folder: OpenFolder | null = null;
        let entries: fs.Dirent[] | null = null;
        const viaLink = linkFolder !== null;
        try {
          folder = linkFolder ?? access.openChild(frame.folder, name);
          linkFolder = null;
          // A left-out folder swapped in since it was looked at: not entered.
          if (leftOutOpened(access, folder, spec.isExcluded)) {
            access.close(folder);
            break;
          }
          const seek = skipSelf ? childSeek : null;
          entries = readSorted(folder, seek === null, rel);
          const abs = childAbs(frame.abs, name);
          stack.push(openFrame(folder, abs, rel, frame.depth + 1, entries, seek, childBound));
          if (waited) waits = 0;
          break;
        } catch (error) {
          if (folder !== null && entries === null) access.close(folder);
          // No descriptor left for now: not the folder's fault; tried again once some are closed.
          if (isOutOfDescriptors(error) && !viaLink) {
            access.leave();
            if (await waitForDescriptors(waits++)) continue;
            if (spec.outOfDescriptors === 'throw') throw error;
          }
          // unreadable, or no longer the folder the parent listed (swapped, moved, gone)
          stats.skippedUnreadable++;
          spec.onFolderNote?.(rel, { kind: 'unreadable' });
          break;
        }
      }
    } finally {
      if (linkFolder !== null) access.close(linkFolder);
    }
  }
  return stop('done');
}

function openFrame(
  folder: OpenFolder,
  abs: string,
  rel: string,
  depth: number,
  entries: fs.Dirent[],
  seek: string[] | null,
  bound: string[] | null,
): Frame {
  let index = 0;
  if (seek !== null) index = lowerBound(entries, seek[0]!);
  return { folder, abs, rel, depth, entries, index, seek, bound };
}
