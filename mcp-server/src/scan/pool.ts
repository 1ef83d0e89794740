import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { log } from '#appdata/log.js';
import { fromWire, takeAfter, toPart, type Part } from './parts.js';
import { type SortKey } from '#search/candidates.js';
import { SCAN_CHILD_ARG, type FromChild, type ToChild } from './child.js';
import { compareOf } from '#search/matcher.js';
import {
  type KeptRegion,
  type RegionResult,
  type RegionSpec,
  type ScanQuery,
} from './region-scan.js';

/** A region scan running in a child; `cancel` tells the child to stop (it replies when it has). */
export interface PoolJob {
  result: Promise<RegionResult>;
  cancel(): void;
}

/** Persistent scan children. */
export interface ScanPool {
  /** Number of children. */
  readonly size: number;
  /** Regions the children can take now (none while starting, after an idle stop, or all busy). */
  idleCount(): number;
  /** Runs a region in a child that has room; null when none has. */
  run(
    query: ScanQuery,
    region: RegionSpec,
    onProgress: (files: number, directories: number) => void,
  ): PoolJob | null;
  /**
   * The first `keep` matches after `after` across kept regions, sorted; null when a child that
   * kept one is gone or no longer keeps it (the caller scans again).
   */
  page(
    regions: readonly KeptRegion[],
    sort: 'time_desc' | 'time_asc',
    after: SortKey | null,
    keep: number,
  ): Promise<Part | null>;
  /** Tells the children to forget kept regions. */
  drop(regions: readonly KeptRegion[]): void;
  /** Process ids of the running children (tests). */
  pids(): number[];
  /** True once children died before they were ready too often: no child is forked any more. */
  gaveUp(): boolean;
  stop(): void;
}

interface Job {
  resolve(result: RegionResult): void;
  reject(error: Error): void;
  onProgress(files: number, directories: number): void;
}

interface Worker {
  child: ChildProcess;
  ready: boolean;
  /** Regions sent and not yet answered, in the order sent (the child runs them in turn). */
  jobs: Map<number, Job>;
  pages: Map<number, (part: Part | null) => void>;
}

interface Kept extends KeptRegion {
  worker: Worker;
  store: number;
}

const MAX_EARLY_DEATHS = 3;

/**
 * Regions a child holds at once: the one it scans and the next, so it starts the next the moment
 * it ends one, without waiting for the server (whose event loop may be in a slice of its own walk).
 */
const PIPELINE = 2;

/**
 * Children stop after this long without a scan (each holds ~45 MB); the next scan restarts them.
 * FOLDERGATE_SCAN_IDLE_MS shortens it (tests).
 */
const IDLE_MS = Number(process.env.FOLDERGATE_SCAN_IDLE_MS) || 60_000;

/**
 * A pool of child processes that scan regions of a tree (scan/parallel-scan.ts splits and
 * merges; the server scans regions too). Child processes and not worker threads, measured on 2
 * cores and 200,000 files: the cheapest safe stat is lstat(name) after chdir into the folder's
 * descriptor (370 ms for the tree on one thread, against 575 ms through /proc/self/fd/N/name);
 * the working folder is process-wide, so threads would have to use /proc paths, and 2 threads
 * took 415 ms, while 2 forked children, each with its own working folder, took 193–257 ms. The
 * children are the server's own bundle run again with a hidden argument (the AI-app install
 * copies that one file), with the same executable and environment (ELECTRON_RUN_AS_NODE stays
 * set under Electron); their stdout is not the server's (which is JSON-RPC only), their stderr
 * is. They exit when the server goes (the IPC channel closes) and after IDLE_MS without work.
 */
export function createScanPool(options: { size?: number; entry?: string } = {}): ScanPool {
  // One core is the server's: it scans regions too.
  const size = options.size ?? Math.max(1, Math.min(3, os.availableParallelism() - 1));
  const entry = options.entry ?? process.argv[1] ?? '';
  const workers = new Set<Worker>();
  let nextId = 1;
  // Children that died before they were ready: a runtime that cannot run them (say, an
  // executable that refuses the flags) would otherwise be forked again on every search.
  let earlyDeaths = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  const touch = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if ([...workers].some((w) => w.jobs.size > 0)) return touch();
      for (const w of workers) w.child.disconnect();
      workers.clear();
    }, IDLE_MS);
    idleTimer.unref();
  };

  const spawn = () => {
    const child = fork(entry, [SCAN_CHILD_ARG], {
      execPath: process.execPath,
      // A small young generation that does not grow: the peak of server + child on 200,000
      // files fell from ~245 to ~190 MB; first pages within the run-to-run noise of three
      // configurations measured side by side (earlier, --optimize-for-size with a 1 MB young
      // generation cost ~35%). --expose-gc: a full collection after each scan (idle-gc.ts).
      // Flags on the command line, never set at run time.
      execArgv: ['--max-semi-space-size=4', '--semi-space-growth-factor=1', '--expose-gc'],
      env: process.env,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const worker: Worker = { child, ready: false, jobs: new Map(), pages: new Map() };
    workers.add(worker);
    // Neither the children nor their channels keep the server alive.
    child.unref();
    child.channel?.unref();
    child.on('message', (message: FromChild) => {
      if (message.type === 'ready') {
        worker.ready = true;
        return;
      }
      if (message.type === 'page') {
        const answer = worker.pages.get(message.id);
        worker.pages.delete(message.id);
        answer?.(message.part === null ? null : fromWire(message.part));
        return;
      }
      const job = worker.jobs.get(message.id);
      if (job === undefined) return;
      if (message.type === 'progress') {
        job.onProgress(message.files, message.directories);
        return;
      }
      worker.jobs.delete(message.id);
      if (message.type === 'done') {
        const kept: Kept | null =
          message.kept === null ? null : { ...message.kept, worker, store: message.id };
        job.resolve({
          walk: message.walk,
          skippedUnreadable: message.skippedUnreadable,
          part: fromWire(message.part),
          unsorted: null,
          complete: message.complete,
          folders: message.folders === '' ? [] : message.folders.split('\0'),
          kept,
        });
      } else {
        job.reject(Object.assign(new Error(message.message), { code: message.code }));
      }
    });
    const gone = (why: string) => {
      if (!workers.delete(worker)) return;
      if (!worker.ready && ++earlyDeaths >= MAX_EARLY_DEATHS && !stopped) {
        stopped = true;
        log(`scan children could not start (${why}); scanning in the server from now on`);
      }
      for (const job of worker.jobs.values()) job.reject(new Error(`the scan child ${why}`));
      worker.jobs.clear();
      for (const answer of worker.pages.values()) answer(null);
      worker.pages.clear();
    };
    child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
    child.on('error', (error) => {
      log(`scan child: ${error.message}`);
      gone('failed');
    });
  };

  const fill = () => {
    if (stopped) return;
    while (workers.size < size) spawn();
    touch();
  };
  fill();

  const send = (worker: Worker, message: ToChild): boolean => {
    if (!workers.has(worker) || !worker.child.connected) return false;
    worker.child.send(message);
    return true;
  };

  return {
    size,
    idleCount() {
      if (workers.size < size) fill(); // after an idle stop or a child's death: ready next time
      let n = 0;
      for (const w of workers) if (w.ready) n += Math.max(0, PIPELINE - w.jobs.size);
      return n;
    },
    run(query, region, onProgress) {
      let worker: Worker | null = null;
      for (const w of workers) {
        if (!w.ready || w.jobs.size >= PIPELINE) continue;
        if (worker === null || w.jobs.size < worker.jobs.size) worker = w;
      }
      if (worker === null) return null;
      touch();
      const id = nextId++;
      let settle!: { resolve(r: RegionResult): void; reject(e: Error): void };
      const result = new Promise<RegionResult>((resolve, reject) => {
        settle = { resolve, reject };
      });
      // A job given up (cancelled, or its scan cut) may still fail later: nobody waits for it then.
      result.catch(() => undefined);
      worker.jobs.set(id, { ...settle, onProgress });
      const { deadline, ...rest } = region;
      send(worker, {
        type: 'scan',
        id,
        query,
        region: rest,
        deadlineIn: deadline - performance.now(),
      });
      const owner = worker;
      return {
        result,
        cancel: () => {
          if (owner.jobs.has(id)) send(owner, { type: 'cancel', id });
        },
      };
    },
    async page(regions, sort, after, keep) {
      const byWorker = storesByWorker(regions as readonly Kept[]);
      const answers = await Promise.all(
        [...byWorker].map(
          ([worker, stores]) =>
            new Promise<Part | null>((resolve) => {
              const id = nextId++;
              worker.pages.set(id, resolve);
              if (!send(worker, { type: 'page', id, stores, sort, after, keep })) {
                worker.pages.delete(id);
                resolve(null);
              }
            }),
        ),
      );
      if (answers.some((a) => a === null)) return null;
      return toPart(takeAfter(answers as Part[], after, keep, compareOf(sort)));
    },
    drop(regions) {
      const byWorker = storesByWorker(regions as readonly Kept[]);
      for (const [worker, stores] of byWorker) send(worker, { type: 'drop', stores });
    },
    pids: () => [...workers].map((w) => w.child.pid ?? -1),
    gaveUp: () => stopped && earlyDeaths >= MAX_EARLY_DEATHS,
    stop() {
      stopped = true;
      if (idleTimer) clearTimeout(idleTimer);
      for (const w of workers) w.child.kill();
      workers.clear();
    },
  };
}

/** Kept regions grouped by the child that keeps them. */
function storesByWorker(regions: readonly Kept[]): Map<Worker, number[]> {
  const byWorker = new Map<Worker, number[]>();
  for (const region of regions) {
    const stores = byWorker.get(region.worker) ?? [];
    stores.push(region.store);
    byWorker.set(region.worker, stores);
  }
  return byWorker;
}

let current: ScanPool | null = null;

/** Starts the server's scan pool (after the server is ready: forking costs CPU at start-up). */
export function startScanPool(): void {
  const wanted = process.env.FOLDERGATE_SCAN_POOL;
  if (!allowed || wanted === '0' || wanted === 'off' || current !== null) return;
  const size = wanted !== undefined && /^\d+$/.test(wanted) ? Number(wanted) : undefined;
  try {
    current = createScanPool({ size });
  } catch (error) {
    log(
      `scan children could not start (${error instanceof Error ? error.message : String(error)}); scanning in the server`,
    );
  }
}

/** Only the server's own process forks scan processes (see allowScanPool). */
let allowed = false;

/**
 * Lets this process start scan processes when a walk needs them: called by the server's entry
 * (index.ts), whose bundle the children run. Code that searches in any other process (tests,
 * tools) scans in that process.
 */
export function allowScanPool(): void {
  allowed = true;
}

/** The server's scan pool, when started. */
export function scanPool(): ScanPool | null {
  return current;
}
