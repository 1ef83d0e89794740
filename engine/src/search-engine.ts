// The search engine: one live index per allowed folder. A folder is watched first (so nothing
// that changes during the crawl is missed), crawled with the walker's rules, then kept fresh from
// file-system events (folder-watch.ts). When events cannot be trusted (the watcher failed, the
// system's event queue may have overflowed, or a network or removable drive where events are not
// reliable), the folder is read again or left to the servers' walking, and its status says which:
// never answered from a stale index.
import fs from 'node:fs';
import type {
  EngineAnswer,
  EngineFolderStatus,
  EngineQuery,
  WalkingReason,
} from '#shared/engine/engine.js';
import type { FolderId } from '#search/folder-access.js';
import { compileExcludes } from '#search/matcher.js';
import { collectSoon } from '#search/idle-gc.js';
import { trimNativeMemory } from '#search/native-list.js';
import { isOutOfDescriptors } from '#search/out-of-descriptors.js';
import { answerQuery } from './answer-query.js';
import {
  applyBatch,
  applyPending,
  recheck,
  takePending,
  type ApplyHooks,
} from './apply-pending.js';
import { crawlRoot } from './crawl.js';
import { driveKind } from './drive-kind.js';
import { createEventMeter, maxQueuedEvents } from './event-meter.js';
import { FolderIndex, ROOT_ID } from './folder-index.js';
import { IndexGate } from './index-gate.js';
import {
  watchFolder,
  WATCH_LIMIT_CODES,
  type FolderWatch,
  type WatchSink,
} from './folder-watch.js';

/**
 * Changes waiting to be applied in one folder from which it is read again instead: more than the
 * system's event queue holds costs more applied one by one than a crawl (and memory meanwhile).
 */
const PENDING_LIMIT = maxQueuedEvents();
/** The first wait before a crawl that ran out of descriptors is tried again, and the longest. */
const BUSY_RETRY_MS = 1000;
const BUSY_RETRY_MAX_MS = 60_000;

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
  /** Searches and changes of the index take turns (index-gate.ts). */
  gate: IndexGate;
  state: 'preparing' | 'ready' | 'walking';
  reason: WalkingReason | null;
  percent: number | null;
  watch: FolderWatch | null;
  /** Where this folder's events go (its watches', and a crawl helper's): see WatchSink. */
  onEvent: WatchSink;
  /** Paths below the root that changed ('/'-separated); null (always last): reread everything. */
  pending: Array<string | null>;
  /** Those of them whose names were created, removed or moved (WatchSink's `renamed`). */
  renamed: Set<string>;
  /** Events are applied one batch at a time (a new folder's crawl is awaited). */
  applying: Promise<void>;
  /** An application of the pending changes is queued on `applying`. */
  applyQueued: boolean;
  crawling: boolean;
  /** Rescan asked while a crawl runs. */
  rescan: boolean;
  /** Crawls in a row that ran out of descriptors (each waits twice as long before the next). */
  busyRetries: number;
  closed: boolean;
  abort: AbortController;
  isExcluded: ((rel: string) => boolean) | undefined;
}

/** The engine as its process (and tests) use it. */
export interface SearchEngine {
  /** Makes the held folders these (new ones are watched and crawled, others dropped). */
  setFolders(specs: EngineFolderSpec[]): void;
  /** Answers a query from the index, or says why not; `signal`: nobody waits any more. */
  answer(query: EngineQuery, signal?: AbortSignal): Promise<EngineAnswer>;
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
  // One meter for every watch of this process: the kernel's event queue is the process's, not a
  // folder's, so events lost to it may belong to any folder. A sign of that reads all of them.
  const meter = createEventMeter({
    queueSize: maxQueuedEvents(),
    onOverflow(why) {
      const watched = [...folders.values()].filter((f) => !f.closed && f.watch !== null);
      if (watched.length === 0) return;
      log(
        `engine: the system's event queue may have overflowed (${why}); reading every folder again: ${watched.map((f) => f.spec.rootReal).join(', ')}`,
      );
      for (const folder of watched) void rescan(folder);
    },
  });

  async function start(folder: Folder): Promise<void> {
    const drive = kindOf(folder.spec.rootReal);
    if (drive !== 'local') {
      setWalking(folder, drive === 'network' ? 'network-drive' : 'removable-drive');
      return;
    }
    const onEvent = (rel: string | null, renamed: boolean) => {
      if (folder.closed || isWalking(folder)) return;
      const pending = folder.pending;
      if (pending.length > 0 && pending[pending.length - 1] === null) return; // read again anyway
      if (pending.length >= PENDING_LIMIT) {
        log(`engine: too many changes at once in ${folder.spec.rootReal}; reading it again`);
        folder.pending = [null];
      } else {
        pending.push(rel);
        if (renamed && rel !== null) folder.renamed.add(rel);
      }
      if (!folder.crawling) scheduleApply(folder);
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
    // The watches' events are this process's queue's: counted (the helper's are its own).
    const sink: WatchSink = (rel, renamed) => {
      meter.note();
      onEvent(rel, renamed);
    };
    try {
      folder.watch = (options.watch ?? watchFolder)(folder.spec.rootReal, sink, onError);
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
    folder.renamed = new Set();
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
              Math.floor(((index.childrenOf(ROOT_ID)!.length - 1) / tops) * 100),
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
      const message = error instanceof Error ? error.message : String(error);
      if (isOutOfDescriptors(error)) {
        // Not the folder's fault: read again later, preparing meanwhile (servers walk), never
        // ready with what could not be opened left out.
        const wait = Math.min(BUSY_RETRY_MAX_MS, BUSY_RETRY_MS * 2 ** folder.busyRetries++);
        log(
          `engine: out of descriptors reading ${folder.spec.rootReal} (${message}); reading it again in ${wait} ms`,
        );
        setTimeout(() => {
          if (!folder.closed && !isWalking(folder)) void rescan(folder);
        }, wait).unref();
        return;
      }
      log(`engine: cannot read ${folder.spec.rootReal}: ${message}`);
      setWalking(folder, 'unreadable');
      return;
    }
    folder.crawling = false;
    folder.busyRetries = 0;
    if (folder.closed || isWalking(folder)) return;
    folder.index = index;
    if (folder.rescan) {
      log(`engine: ${folder.spec.rootReal}: changed while it was read; reading it again`);
      return crawl(folder);
    }
    log(
      `engine: ${folder.spec.rootReal}: ${index.files + index.folders} entries read in ${Math.round(performance.now() - crawlStarted)} ms, ${how}`,
    );
    // What changed while the crawl ran is applied before the folder says it is ready (the crawl
    // may have read some of it already: applying is idempotent); what comes later, as it comes.
    const during = takePending(folder);
    folder.applying = folder.applying.then(async () => {
      await applyBatch(folder, hooksOf(folder), during);
      if (folder.closed || folder.crawling || isWalking(folder) || folder.index !== index) return;
      folder.state = 'ready';
      folder.reason = null;
      folder.percent = null;
      notify();
    });
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

  function scheduleApply(folder: Folder): void {
    if (folder.applyQueued) return;
    folder.applyQueued = true;
    folder.applying = folder.applying.then(async () => {
      folder.applyQueued = false;
      await applyPending(folder, hooksOf(folder));
      notify(); // what it holds may have changed: the status says so (engine-main.ts throttles)
    });
  }

  function hooksOf(folder: Folder): ApplyHooks {
    return { rescan: () => void rescan(folder), log };
  }

  function close(folder: Folder): void {
    folder.closed = true;
    folder.abort.abort();
    folder.watch?.close();
    folder.watch = null;
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
          gate: new IndexGate(),
          state: 'preparing',
          reason: null,
          percent: 0,
          watch: null,
          onEvent: () => {},
          pending: [],
          renamed: new Set(),
          applying: Promise.resolve(),
          applyQueued: false,
          crawling: false,
          rescan: false,
          busyRetries: 0,
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

    answer(query, signal) {
      return answerQuery(folders.get(query.rootReal) ?? null, query, signal);
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
      folder.applying = folder.applying.then(() => recheck(folder, hooksOf(folder), rels));
    },

    async close() {
      meter.close();
      for (const folder of folders.values()) close(folder);
      folders.clear();
    },
  };
}

function keyOf(spec: EngineFolderSpec): string {
  return JSON.stringify([spec.rootReal, spec.rootId, spec.exclude]);
}

// A folder's state changes while a crawl awaits: read it afresh, not as narrowed before the await.
function isWalking(folder: { state: string }): boolean {
  return folder.state === 'walking';
}
