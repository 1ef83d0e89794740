// A first crawl on two cores: the engine and a helper process (crawl-helper.js beside engine.js,
// each process with its own working folder for the walker's cheap stats) share the root's
// top-level folders from both ends. The engine reads them first to last; the helper asks the
// engine for the next one from the end before it reads it, and the engine hands out only folders
// its own walk has not reached, so each folder is read once and both finish together however the
// folders' sizes differ (a split in the middle waited for the slower half; a second helper, tried
// on two cores, made the crawl slower).
// The helper sends what it read in batches, and watches every folder it lists from before it lists
// it, forwarding the events, until the engine has inserted everything (and so watches those
// folders itself): no change made during the crawl goes unseen.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SEARCH_LIMITS } from '#shared/tools/search-names.js';
import type { FolderId } from '#search/folder-access.js';
import { compileExcludes } from '#search/matcher.js';
import { walkTree, type FolderNote } from '#search/walker.js';
import { enableFastLstat } from '#search/fast-lstat.js';
import { createEventMeter, maxQueuedEvents } from './event-meter.js';

/** What the engine asks a helper to crawl. */
export interface HelperJob {
  rootReal: string;
  rootId: FolderId | null;
  exclude: string[];
}

/** Entries read by the helper, in tree order. */
export interface HelperBatch {
  type: 'batch';
  /** Paths relative to the root, joined with NUL (no name contains one). */
  rels: string;
  /** One character per entry: '1' for a folder, '0' for a file. */
  dirs: string;
  /**
   * Size, modified and created time per entry, as a Float64Array's bytes in base64 (NaN size:
   * the stats could not be read): one string per batch instead of a number object per time.
   */
  times: string;
  notes: Array<[string, FolderNote]>;
}

/** Messages from a helper. */
export type HelperMessage =
  | HelperBatch
  /** A change in a folder it read (see folder-watch.ts's WatchSink), or one it could not read. */
  | { type: 'event'; rel: string | null; renamed: boolean }
  /** Which top-level folder may the helper read next? Answered with a {@link ClaimAnswer}. */
  | { type: 'claim' }
  | { type: 'done' }
  | { type: 'failed'; message: string };

/** The engine's answer to a claim: the folder to read, or null when none is left. */
export interface ClaimAnswer {
  type: 'granted';
  name: string | null;
}

const BATCH = 8192;

/** Errors of a handed-out folder that is no longer a folder there. */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP']);

/** Runs in the helper process. */
export function runCrawlHelper(): void {
  enableFastLstat();
  const send = (message: HelperMessage) => process.send?.(message);
  const watchers: fs.FSWatcher[] = [];
  const answers: Array<(name: string | null) => void> = [];
  process.on('disconnect', () => process.exit(0));
  process.on(
    'message',
    (message: { type: 'crawl'; job: HelperJob } | { type: 'release' } | ClaimAnswer) => {
      if (message.type === 'release') {
        for (const w of watchers) w.close();
        process.exit(0);
      }
      if (message.type === 'granted') {
        answers.shift()?.(message.name); // answered in the order asked
        return;
      }
      if (message.type !== 'crawl') return;
      const claim = () =>
        new Promise<string | null>((resolve) => {
          answers.push(resolve);
          send({ type: 'claim' });
        });
      crawlClaimed(message.job, claim, send, watchers)
        .then(() => send({ type: 'done' }))
        .catch((error: unknown) =>
          send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
        );
    },
  );
}

/**
 * Reads the top-level folders the engine hands out until it has none left; the next one is asked
 * for while the current one is read, so no time is spent waiting for an answer.
 */
export async function crawlClaimed(
  job: HelperJob,
  claim: () => Promise<string | null>,
  send: (message: HelperMessage) => void,
  watchers: fs.FSWatcher[],
): Promise<void> {
  let rels: string[] = [];
  let dirs = '';
  let times: number[] = [];
  let notes: Array<[string, FolderNote]> = [];
  const flush = () => {
    if (rels.length === 0 && notes.length === 0) return;
    send({
      type: 'batch',
      rels: rels.join('\0'),
      dirs,
      times: Buffer.from(Float64Array.from(times).buffer).toString('base64'),
      notes,
    });
    rels = [];
    dirs = '';
    times = [];
    notes = [];
  };
  // This process's own event queue: a sign that it overflowed reads the whole folder again.
  const meter = createEventMeter({
    queueSize: maxQueuedEvents(),
    onOverflow: () => send({ type: 'event', rel: null, renamed: true }),
  });
  const watch = (rel: string) => {
    try {
      const w = fs.watch(
        path.join(job.rootReal, ...rel.split('/')),
        { persistent: false },
        (type, name) => {
          meter.note();
          if (name === null) send({ type: 'event', rel, renamed: true });
          else send({ type: 'event', rel: `${rel}/${name}`, renamed: type === 'rename' });
        },
      );
      w.on('error', () => send({ type: 'event', rel, renamed: true }));
      watchers.push(w);
    } catch {
      send({ type: 'event', rel, renamed: true }); // cannot watch it: the engine reads it again
    }
  };
  let next = claim();
  for (;;) {
    const top = await next;
    if (top === null) break;
    next = claim();
    // The folder's own entry is the engine's; what is below it, read as a crawl of it would.
    watch(top);
    try {
      await walkTree({
        startReal: path.join(job.rootReal, top),
        rootReal: job.rootReal,
        rootId: job.rootId,
        maxDepth: SEARCH_LIMITS.maxDepthCeiling - 1,
        followSymlinks: false,
        after: null,
        until: null,
        limits: null,
        deadline: Infinity,
        isExcluded: compileExcludes(job.exclude, top),
        // Out of descriptors even after waiting: the helper fails, and the engine reads alone.
        outOfDescriptors: 'throw',
        visit(entry) {
          let st;
          try {
            st = entry.stat();
          } catch {
            st = null;
          }
          if (st === undefined) return true;
          const rel = `${top}/${entry.rel}`;
          // Watched before the walk lists it (the walk lists a folder right after visiting it).
          if (entry.isDirectory) watch(rel);
          rels.push(rel);
          dirs += entry.isDirectory ? '1' : '0';
          if (st === null) times.push(NaN, 0, 0);
          else times.push(st.size, st.mtimeMs, st.birthtimeMs);
          if (rels.length >= BATCH) flush();
          return true;
        },
        onFolderNote(rel, note) {
          notes.push([rel === '' ? top : `${top}/${rel}`, note]);
        },
      });
    } catch (error) {
      // Gone or replaced since the engine listed it (a link now, say): the engine reads it again
      // once the crawl ends, whatever the name holds by then (renamed: its contents too).
      if (!GONE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      send({ type: 'event', rel: top, renamed: true });
    }
    flush();
  }
}

/** A running helper as the engine sees it. */
export interface CrawlHelper {
  /** Resolves once every batch was handed to `onBatch`; rejects when the helper failed. */
  readonly done: Promise<void>;
  /** Ends the helper (after the engine watches its folders itself). */
  release(): void;
}

/** Starts a helper on `job`; batches and forwarded events arrive through the callbacks. */
export function startCrawlHelper(
  job: HelperJob,
  onBatch: (batch: HelperBatch) => void,
  onEvent: (rel: string | null, renamed: boolean) => void,
  onClaim: () => string | null,
  entry: string,
): CrawlHelper {
  const child: ChildProcess = fork(entry, [], {
    execPath: process.execPath,
    execArgv: ['--max-semi-space-size=4', '--expose-gc'],
    env: process.env,
    // JSON, not 'advanced': typed arrays received the advanced way kept ~20 MB of the engine's
    // memory alive after a 1,000,000-file crawl (measured), and JSON was no slower.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let settle!: { resolve(): void; reject(error: Error): void };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let finished = false;
  child.on('message', (message: HelperMessage) => {
    if (message.type === 'batch') onBatch(message);
    else if (message.type === 'event') onEvent(message.rel, message.renamed);
    else if (message.type === 'claim') {
      const answer: ClaimAnswer = { type: 'granted', name: onClaim() };
      if (child.connected) child.send(answer);
    } else if (message.type === 'done') {
      finished = true;
      settle.resolve();
    } else if (message.type === 'failed') settle.reject(new Error(message.message));
  });
  child.on('exit', (code) => {
    if (!finished) settle.reject(new Error(`the crawl helper exited (${code})`));
  });
  child.on('error', (error) => settle.reject(error));
  child.send({ type: 'crawl', job });
  return {
    done,
    release() {
      if (child.connected) child.send({ type: 'release' });
      setTimeout(() => child.kill(), 2000).unref();
    },
  };
}
