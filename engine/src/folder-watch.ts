// File-system events for one indexed folder, through Node's own native watchers (libuv):
// - Linux: one inotify watch per folder the index holds, added when the folder enters the index
//   and before it is listed (so nothing created in it is missed), removed when it leaves. Events
//   are mapped to the folder's entry id, not its path, so a folder moved or renamed is followed:
//   its old entry leaves with its watch, the new one is crawled and watched.
// - macOS (FSEvents) and Windows (ReadDirectoryChangesW): one recursive watch of the root, which
//   both systems provide natively.
// @parcel/watcher was measured first (issue 20): on Linux it keeps its own copy of every path
// (306 MB of RSS for 1,000,000 files, 3.5 s to subscribe) and reports nothing inside a folder
// created with subfolders at once (mkdir -p) or moved in, which would leave the index stale.
import fs from 'node:fs';
import path from 'node:path';
import { KIND_DIR, ROOT_ID, type FolderIndex } from './folder-index.js';

/**
 * Where an event points: a path below the root ('/'-separated), or null for "reread it all".
 * `renamed`: the name was created, removed or moved (not only written to), so what it names may
 * be another object now; a folder's contents are then read again (apply-change.ts).
 */
export type WatchSink = (rel: string | null, renamed: boolean) => void;

/** The watches of one folder. */
export interface FolderWatch {
  /** Binds the watches to an index (its folders are watched as they come and go). */
  attach(ix: FolderIndex): void;
  /** Watches folder `id` again: the object its name leads to may have been replaced. */
  rewatch(id: number): void;
  close(): void;
}

/** Thrown (as `code`) when the system allows no more watches. */
export const WATCH_LIMIT_CODES = new Set(['ENOSPC', 'EMFILE']);

/** Starts watching `rootReal`; throws when even the root cannot be watched. */
export function watchFolder(
  rootReal: string,
  sink: WatchSink,
  onError: (error: NodeJS.ErrnoException) => void,
  platform: NodeJS.Platform = process.platform,
): FolderWatch {
  if (platform === 'darwin' || platform === 'win32') {
    const watcher = fs.watch(rootReal, { recursive: true, persistent: false }, (type, name) => {
      sink(name === null ? null : name.split(path.sep).join('/'), type === 'rename');
    });
    watcher.on('error', onError);
    return { attach: () => {}, rewatch: () => {}, close: () => watcher.close() };
  }
  return watchEachFolder(rootReal, sink, onError);
}

function watchEachFolder(
  rootReal: string,
  sink: WatchSink,
  onError: (error: NodeJS.ErrnoException) => void,
): FolderWatch {
  const watches = new Map<number, fs.FSWatcher>();
  let index: FolderIndex | null = null;
  let failed = false;
  const closeAll = () => {
    for (const w of watches.values()) w.close();
    watches.clear();
  };
  const add = (ix: FolderIndex, id: number) => {
    if (failed || watches.has(id)) return;
    const rel = id === ROOT_ID ? '' : ix.relOf(id);
    const abs = rel === '' ? rootReal : path.join(rootReal, ...rel.split('/'));
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(abs, { persistent: false }, (type, name) => {
        // The folder's path now, from its entry: right even after the folder was moved.
        if (index !== ix || watches.get(id) !== watcher || ix.kind[id] !== KIND_DIR) return;
        const folderRel = id === ROOT_ID ? '' : ix.relOf(id);
        const renamed = type === 'rename';
        if (name === null) sink(folderRel === '' ? null : folderRel, true);
        else sink(folderRel === '' ? name : `${folderRel}/${name}`, renamed);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      // Gone already: its parent's event removes it. Anything else: events can't be trusted.
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      failed = true;
      closeAll();
      onError(error as NodeJS.ErrnoException);
      return;
    }
    watcher.on('error', (error: NodeJS.ErrnoException) => {
      if (watches.get(id) !== watcher) return;
      watcher.close();
      watches.delete(id);
      if (error.code === 'EPERM' || error.code === 'ENOENT') return; // the folder went away
      onError(error);
    });
    watches.set(id, watcher);
  };
  return {
    attach(ix) {
      if (index) index.onFolder = null;
      closeAll();
      failed = false;
      index = ix;
      ix.onFolder = (id, added) => {
        if (added) add(ix, id);
        else {
          watches.get(id)?.close();
          watches.delete(id);
        }
      };
      add(ix, ROOT_ID);
      // Folders already in it (an index filled before it was attached).
      const stack = [ROOT_ID];
      while (stack.length > 0) {
        for (const child of ix.childrenOf(stack.pop()!) ?? []) {
          if (ix.kind[child] === KIND_DIR) {
            add(ix, child);
            stack.push(child);
          }
        }
      }
    },
    rewatch(id) {
      // A watch follows the object it was given, which a name swapped meanwhile (for a link, or
      // another folder) no longer leads to: the name is watched again as it is now.
      if (index === null || index.kind[id] !== KIND_DIR) return;
      watches.get(id)?.close();
      watches.delete(id);
      add(index, id);
    },
    close() {
      if (index) index.onFolder = null;
      index = null;
      closeAll();
    },
  };
}
