// The search engine: one live index per allowed folder. A folder is watched first (so nothing
// that changes during the crawl is missed), crawled with the walker's rules, then kept fresh from
// file-system events (@parcel/watcher). When events cannot be trusted (the watcher failed, or a
// network or removable drive where events are not reliable), the folder is rescanned or left to
// the servers' walking, and its status says which — never answered from a stale index.
import fs from 'node:fs';
import path from 'node:path';
import type {
  EngineAnswer,
  EngineDecline,
  EngineFolderStatus,
  EngineQuery,
  WalkingReason,
} from '#shared/engine/engine.js';
import type { FolderId } from '#search/folder-access.js';
import { compileExcludes } from '#search/matcher.js';
import { crawlInto, crawlRoot } from './crawl.js';
import {
  FLAG_NOT_ENTERED,
  FLAG_UNREADABLE,
  FolderIndex,
  KIND_DIR,
  ROOT_ID,
} from './folder-index.js';
import {
  searchPathOrder,
  searchTimeBestFirst,
  searchTimeOrder,
  type IndexQuery,
} from './index-walk.js';
import { driveKind } from './drive-kind.js';
import { collectSoon } from '#search/idle-gc.js';
import { trimNativeMemory } from '#search/native-list.js';
import { watchFolder, WATCH_LIMIT_CODES, type FolderWatch } from './folder-watch.js';

/**
 * Events in one second from which a folder is read again instead: half the queue the system
 * keeps for a watcher (Linux's fs.inotify.max_queued_events, 16,384 by default), so a burst is
 * caught before the queue could overflow and drop events without a word.
 */
const BURST_LIMIT = Math.max(1000, Math.floor(maxQueuedEvents() / 2));

function maxQueuedEvents(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8')) || 16_384;
  } catch {
    return 16_384;
  }
}

/** An allowed folder the engine should hold. */
export interface EngineFolderSpec {
  /** The folder as the person's settings name it (what its status reports); default rootReal. */
  path?: string;
  /** The folder's real path. */
  rootReal: string;
  rootId: FolderId | null;
  exclude: string[];
}

/** Options of {@link createSearchEngine}. */
export interface SearchEngineOptions {
  /** How folders are watched (folder-watch.ts; tests may count or break it). */
  watch?: typeof watchFolder;
  /** Lines worth a log entry (stderr). */
  log?: (line: string) => void;
  /** Told whenever a folder's status changes. */
  onStatus?: () => void;
  /**
   * The crawl helper's bundle (crawl-helper.js, which the engine process finds beside its own);
   * absent: folders are crawled in this process alone.
   */
  helperEntry?: string | undefined;
  /** Which drive a folder is on (tests pretend). */
  driveKindOf?: (dir: string) => 'local' | 'network' | 'removable';
}

interface Folder {
  spec: EngineFolderSpec;
  key: string;
  index: FolderIndex;
  state: 'preparing' | 'ready' | 'walking';
  reason: WalkingReason | null;
  percent: number | null;
  watch: FolderWatch | null;
  /** Where this folder's events go (its watches', and a crawl helper's). */
  onEvent: (rel: string | null) => void;
  /** Paths below the root that changed ('/'-separated); null: reread everything. */
  pending: Array<string | null>;
  /** Events in the current second (a burst that could overflow the queue means a rescan). */
  burst: { second: number; count: number };
  /** Events are applied one batch at a time (a new folder's crawl is awaited). */
  applying: Promise<void>;
  crawling: boolean;
  /** Rescan asked while a crawl runs. */
  rescan: boolean;
  closed: boolean;
  abort: AbortController;
  isExcluded: ((rel: string) => boolean) | undefined;
}

/** The engine as its process (and tests) use it. */
export interface SearchEngine {
  /** Makes the held folders these (new ones are watched and crawled, others dropped). */
  setFolders(specs: EngineFolderSpec[]): void;
  /** Answers a query from the index, or says why not. */
  answer(query: EngineQuery): EngineAnswer;
  status(): EngineFolderStatus[];
  /** The index of a folder (tests compare it with the disk). */
  indexOf(rootReal: string): FolderIndex | null;
  /** Resolves once every event received so far has been applied. */
  idle(): Promise<void>;
  /** Entries a server found changed on disk: checked again now. */
  recheck(rootReal: string, rels: string[]): void;
  close(): Promise<void>;
}

/** Creates the engine; it holds nothing until setFolders(). */
export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
  const folders = new Map<string, Folder>();
  const log = options.log ?? (() => {});
  const notify = () => options.onStatus?.();
  const kindOf = options.driveKindOf ?? driveKind;

  async function start(folder: Folder): Promise<void> {
    const drive = kindOf(folder.spec.rootReal);
    if (drive !== 'local') {
      setWalking(folder, drive === 'network' ? 'network-drive' : 'removable-drive');
      return;
    }
    const onEvent = (rel: string | null) => {
      if (folder.closed || isWalking(folder)) return;
      const second = Math.floor(Date.now() / 1000);
      if (folder.burst.second !== second) folder.burst = { second, count: 0 };
      // More events at once than the system's queue safely holds: some may be lost unseen.
      if (++folder.burst.count === BURST_LIMIT) {
        log(`engine: a burst of changes in ${folder.spec.rootReal}; reading it again`);
        void rescan(folder);
        return;
      }
      if (folder.burst.count > BURST_LIMIT) return;
      folder.pending.push(rel);
      if (!folder.crawling) folder.applying = folder.applying.then(() => applyPending(folder));
    };
    folder.onEvent = onEvent;
    const onError = (error: NodeJS.ErrnoException) => {
      if (folder.closed) return;
      if (WATCH_LIMIT_CODES.has(error.code ?? '')) {
        log(`engine: too many folders to watch in ${folder.spec.rootReal} (${error.message})`);
        setWalking(folder, 'too-many-folders');
        return;
      }
      log(`engine: watcher error in ${folder.spec.rootReal}: ${error.message}; reading it again`);
      void rescan(folder);
    };
    try {
      folder.watch = (options.watch ?? watchFolder)(folder.spec.rootReal, onEvent, onError);
    } catch (error) {
      onError(error as NodeJS.ErrnoException);
      if (folder.state !== 'walking') setWalking(folder, 'watcher-failed');
      return;
    }
    await crawl(folder);
  }

  function setWalking(folder: Folder, reason: WalkingReason): void {
    folder.watch?.close();
    folder.watch = null;
    folder.abort.abort();
    folder.state = 'walking';
    folder.reason = reason;
    folder.percent = null;
    folder.index = new FolderIndex();
    notify();
  }

  async function crawl(folder: Folder): Promise<void> {
    folder.crawling = true;
    folder.state = 'preparing';
    folder.percent = 0;
    folder.rescan = false;
    folder.pending = []; // the crawl reads everything as it is from now on
    notify();
    const index = new FolderIndex();
    const crawlStarted = performance.now();
    let how: string;
    // Each folder is watched as it enters the index, before it is listed.
    folder.watch?.attach(index);
    let lastPercent = 0;
    try {
      const tops = fs.readdirSync(folder.spec.rootReal).length || 1;
      const parallel = options.helperEntry
        ? { helperEntry: options.helperEntry, onEvent: folder.onEvent }
        : null;
      how = await crawlRoot(
        index,
        {
          rootReal: folder.spec.rootReal,
          rootId: folder.spec.rootId,
          rel: '',
          exclude: folder.spec.exclude,
          signal: folder.abort.signal,
          onProgress: () => {
            // How many of the root's own entries are done: coarse, but it only moves forward.
            const percent = Math.min(
              99,
              Math.floor(((index.children[ROOT_ID]!.length - 1) / tops) * 100),
            );
            if (percent > lastPercent) {
              lastPercent = percent;
              folder.percent = percent;
              notify();
            }
          },
        },
        parallel,
      );
    } catch (error) {
      folder.crawling = false;
      if (folder.closed || isWalking(folder)) return;
      log(
        `engine: cannot read ${folder.spec.rootReal}: ${error instanceof Error ? error.message : String(error)}`,
      );
      setWalking(folder, 'unreadable');
      return;
    }
    folder.crawling = false;
    if (folder.closed || isWalking(folder)) return;
    folder.index = index;
    if (folder.rescan) return crawl(folder);
    folder.state = 'ready';
    folder.reason = null;
    folder.percent = null;
    log(
      `engine: ${folder.spec.rootReal}: ${index.files + index.folders} entries read in ${Math.round(performance.now() - crawlStarted)} ms, ${how}`,
    );
    notify();
    // What changed while the crawl ran (it may have read some of it already: applying is idempotent).
    folder.applying = folder.applying.then(() => applyPending(folder));
    // The crawl's garbage (the walk's entries, a helper's batches) goes now, not at some later
    // collection: the index is what the engine keeps. Again a little later, once the first
    // collection's pages were swept, so they go back to the system.
    collectSoon();
    setTimeout(() => collectSoon(), 3000).unref();
    // Then the C heap's free pages, which held the native listing's buffers (search/native-list.ts).
    setTimeout(() => trimNativeMemory(), 3500).unref();
  }

  async function rescan(folder: Folder): Promise<void> {
    if (folder.crawling) {
      folder.rescan = true;
      return;
    }
    await crawl(folder);
  }

  async function applyPending(folder: Folder): Promise<void> {
    while (folder.pending.length > 0 && !folder.closed && !folder.crawling) {
      const batch = folder.pending.splice(0);
      for (const rel of batch) {
        if (folder.closed || folder.crawling) return;
        if (rel === null) {
          void rescan(folder);
          return;
        }
        try {
          await applyRel(folder, rel);
        } catch (error) {
          log(`engine: ${rel}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      notify(); // what it holds may have changed: the status says so (engine-main.ts throttles)
    }
  }

  /** Brings the index's entry for `rel` in line with the disk. */
  async function applyRel(folder: Folder, rel: string): Promise<void> {
    const ix = folder.index;
    const slash = rel.lastIndexOf('/');
    const parentRel = slash === -1 ? '' : rel.slice(0, slash);
    const name = rel.slice(slash + 1);
    const parent = ix.find(parentRel);
    // A parent not held: excluded, below the depth the crawl entered, or not there yet (its own
    // event then crawls it with what is inside).
    if (parent === -1 || ix.kind[parent] !== KIND_DIR) return;
    if ((ix.flags[parent]! & (FLAG_UNREADABLE | FLAG_NOT_ENTERED)) !== 0) return;
    if (folder.isExcluded?.(rel)) return;
    const abs = path.join(folder.spec.rootReal, ...rel.split('/'));
    // An entry created, removed or renamed changes its folder's modified time, which has no event
    // of its own: read it again with the entry.
    if (parent !== ROOT_ID) {
      const dirSt = lstatOrNone(path.dirname(abs));
      if (dirSt?.isDirectory()) ix.setTimes(parent, timesOf(dirSt));
    }
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(abs, { throwIfNoEntry: false });
    } catch {
      st = undefined;
    }
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
    if (!wasFolder || (ix.flags[id]! & FLAG_UNREADABLE) !== 0) {
      // A new folder (or one that could not be read): what is already in it has no events.
      await crawlInto(ix, {
        rootReal: folder.spec.rootReal,
        rootId: folder.spec.rootId,
        rel,
        exclude: folder.spec.exclude,
        signal: folder.abort.signal,
      }).catch((error: unknown) => {
        if (ix.find(rel) === id) ix.setFlag(id, FLAG_UNREADABLE, true);
        log(
          `engine: cannot read ${rel}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
  }

  function close(folder: Folder): void {
    folder.closed = true;
    folder.abort.abort();
    folder.watch?.close();
    folder.watch = null;
  }

  function decline(why: EngineDecline): EngineAnswer {
    return { type: 'decline', why };
  }

  return {
    setFolders(specs) {
      const wanted = new Map(specs.map((s) => [s.rootReal, s]));
      for (const [root, folder] of folders) {
        const spec = wanted.get(root);
        if (!spec || keyOf(spec) !== folder.key) {
          close(folder);
          folders.delete(root);
        }
      }
      for (const spec of specs) {
        if (folders.has(spec.rootReal)) continue;
        const folder: Folder = {
          spec,
          key: keyOf(spec),
          index: new FolderIndex(),
          state: 'preparing',
          reason: null,
          percent: 0,
          watch: null,
          onEvent: () => {},
          pending: [],
          burst: { second: 0, count: 0 },
          applying: Promise.resolve(),
          crawling: false,
          rescan: false,
          closed: false,
          abort: new AbortController(),
          isExcluded: compileExcludes(spec.exclude, ''),
        };
        folders.set(spec.rootReal, folder);
        void start(folder).catch((error: unknown) => {
          log(
            `engine: ${spec.rootReal}: ${error instanceof Error ? error.message : String(error)}`,
          );
          setWalking(folder, 'watcher-failed');
        });
      }
      notify();
    },

    answer(query) {
      const folder = folders.get(query.rootReal);
      if (!folder || folder.closed) return decline('no-folder');
      if (folder.state === 'walking') return decline('walking');
      if (folder.state !== 'ready' || folder.crawling) return decline('preparing');
      if (
        query.followSymlinks ||
        JSON.stringify(query.exclude) !== JSON.stringify(folder.spec.exclude) ||
        !sameId(query.rootId, folder.spec.rootId)
      )
        return decline('settings-differ');
      const q: IndexQuery = {
        startRel: query.startRel,
        maxDepth: query.maxDepth,
        after: query.after,
        until: query.until,
        timeField: query.timeField,
        fromMs: query.fromMs,
        toMs: query.toMs,
        glob: query.glob,
        includeFiles: query.includeFiles,
        includeDirectories: query.includeDirectories,
        includeUnknownTime: query.includeUnknownTime,
        fileTypes: query.fileTypes,
      };
      if (query.sort === 'path_asc') {
        const found = searchPathOrder(folder.index, q, query.count);
        if (!found) return decline('not-indexed');
        return {
          type: 'answer',
          walk: found.walk,
          skippedUnreadable: found.skippedUnreadable,
          matches: found.page,
          more: found.more,
        };
      }
      const found =
        searchTimeBestFirst(folder.index, q, query.sort, query.afterKey, query.count) ??
        searchTimeOrder(folder.index, q, query.sort, query.afterKey, query.count);
      if (!found) return decline('not-indexed');
      return {
        type: 'answer',
        walk: found.walk,
        skippedUnreadable: found.skippedUnreadable,
        matches: found.part,
        more: false,
      };
    },

    status() {
      return [...folders.values()].map((f) => ({
        path: f.spec.path ?? f.spec.rootReal,
        state: f.state,
        percent: f.state === 'preparing' ? f.percent : null,
        entries: f.index.files + f.index.folders,
        reason: f.reason,
      }));
    },

    indexOf(rootReal) {
      return folders.get(rootReal)?.index ?? null;
    },

    async idle() {
      for (const folder of folders.values()) {
        let seen: Promise<void> | null = null;
        while (seen !== folder.applying) {
          seen = folder.applying;
          await seen;
        }
      }
    },

    recheck(rootReal, rels) {
      const folder = folders.get(rootReal);
      if (!folder || folder.state !== 'ready') return;
      folder.applying = folder.applying.then(async () => {
        for (const rel of rels.slice(0, 1000)) await applyRel(folder, rel).catch(() => {});
      });
    },

    async close() {
      for (const folder of folders.values()) close(folder);
      folders.clear();
    },
  };
}

function keyOf(spec: EngineFolderSpec): string {
  return JSON.stringify([spec.rootReal, spec.rootId, spec.exclude]);
}

function sameId(a: FolderId | null, b: FolderId | null): boolean {
  if (a === null || b === null) return true;
  return a.dev === b.dev && a.ino === b.ino;
}

function lstatOrNone(abs: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function timesOf(st: fs.Stats) {
  return { size: st.size, mtimeMs: st.mtimeMs, birthtimeMs: st.birthtimeMs };
}

// A folder's state changes while a crawl awaits: read it afresh, not as narrowed before the await.
function isWalking(folder: { state: string }): boolean {
  return folder.state === 'walking';
}
