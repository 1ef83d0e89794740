import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { log } from '../log.js';
import { fromWire } from './candidates.js';
import { SCAN_CHILD_ARG, type FromChild, type ToChild } from './child.js';
import type { RegionResult, RegionSpec, ScanQuery } from './region-scan.js';

/** A region scan running in a child; `cancel` tells the child to stop (it replies when it has). */
export interface PoolJob {
  result: Promise<RegionResult>;
  cancel(): void;
}

/** Persistent scan children. */
export interface ScanPool {
  readonly size: number;
  /** Children ready for work now (none while starting, after an idle stop, or all busy). */
  idleCount(): number;
  /** Runs a region in an idle child; null when none is idle. */
  run(
    query: ScanQuery,
    region: RegionSpec,
    onProgress: (files: number, directories: number) => void,
  ): PoolJob | null;
  /** Process ids of the running children (tests). */
  pids(): number[];
  stop(): void;
}

interface Worker {
  child: ChildProcess;
  ready: boolean;
  job: {
    id: number;
    resolve(result: RegionResult): void;
    reject(error: Error): void;
    onProgress(files: number, directories: number): void;
  } | null;
}

const MAX_EARLY_DEATHS = 3;

/** Children stop after this long without a scan (each holds ~40 MB); the next scan restarts them. */
const IDLE_MS = 5 * 60_000;

/**
 * A pool of child processes that scan regions of a tree (scan/parallel-scan.ts splits and
 * merges). Child processes and not worker threads, measured on 2 cores and 200,000 files: the
 * cheapest safe stat is lstat(name) after chdir into the folder's descriptor (370 ms for the
 * tree on one thread, against 575 ms through /proc/self/fd/N/name); the working folder is
 * process-wide, so threads would have to use /proc paths, and 2 threads took 415 ms, while 2
 * forked children, each with its own working folder, took 193–257 ms. The children are the
 * server's own bundle run again with a hidden argument (the AI-app install copies that one file),
 * with the same executable and environment (ELECTRON_RUN_AS_NODE stays set under Electron);
 * their stdout is not the server's (which is JSON-RPC only), their stderr is. They exit when the
 * server goes (the IPC channel closes) and after IDLE_MS without work.
 */
export function createScanPool(options: { size?: number; entry?: string } = {}): ScanPool {
  const size = options.size ?? Math.max(1, Math.min(4, os.availableParallelism()));
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
      if ([...workers].some((w) => w.job !== null)) return touch();
      for (const w of workers) w.child.disconnect();
      workers.clear();
    }, IDLE_MS);
    idleTimer.unref();
  };

  const spawn = () => {
    const child = fork(entry, [SCAN_CHILD_ARG], {
      execPath: process.execPath,
      // No V8 memory flags: --optimize-for-size with a 1 MB young generation cut a child's peak
      // from ~90 to ~70 MB on 200,000 files but made the first page ~35% slower (measured A/B).
      execArgv: [],
      env: process.env,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const worker: Worker = { child, ready: false, job: null };
    workers.add(worker);
    // Neither the children nor their channels keep the server alive.
    child.unref();
    child.channel?.unref();
    child.on('message', (message: FromChild) => {
      if (message.type === 'ready') {
        worker.ready = true;
        return;
      }
      const job = worker.job;
      if (job === null || job.id !== message.id) return;
      if (message.type === 'progress') {
        job.onProgress(message.files, message.directories);
        return;
      }
      worker.job = null;
      if (message.type === 'done') {
        job.resolve({
          walk: message.walk,
          skippedUnreadable: message.skippedUnreadable,
          part: fromWire(message.part),
          unsorted: null,
          complete: message.complete,
          folders: message.folders === '' ? [] : message.folders.split('\0'),
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
      worker.job?.reject(new Error(`the scan child ${why}`));
      worker.job = null;
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

  return {
    size,
    idleCount() {
      if (workers.size < size) fill(); // after an idle stop or a child's death: ready next time
      let n = 0;
      for (const w of workers) if (w.ready && w.job === null) n++;
      return n;
    },
    run(query, region, onProgress) {
      const worker = [...workers].find((w) => w.ready && w.job === null);
      if (!worker) return null;
      touch();
      const id = nextId++;
      let settle!: { resolve(r: RegionResult): void; reject(e: Error): void };
      const result = new Promise<RegionResult>((resolve, reject) => {
        settle = { resolve, reject };
      });
      // A job given up (cancelled, or its scan cut) may still fail later: nobody waits for it then.
      result.catch(() => undefined);
      worker.job = { id, ...settle, onProgress };
      const { deadline, ...rest } = region;
      const message: ToChild = {
        type: 'scan',
        id,
        query,
        region: rest,
        deadlineIn: deadline - performance.now(),
      };
      worker.child.send(message);
      return {
        result,
        cancel: () => {
          if (worker.job?.id === id && worker.child.connected)
            worker.child.send({ type: 'cancel', id } satisfies ToChild);
        },
      };
    },
    pids: () => [...workers].map((w) => w.child.pid ?? -1),
    stop() {
      stopped = true;
      if (idleTimer) clearTimeout(idleTimer);
      for (const w of workers) w.child.kill();
      workers.clear();
    },
  };
}

let current: ScanPool | null = null;

/** Starts the server's scan pool (after the server is ready: forking costs CPU at start-up). */
export function startScanPool(): void {
  const wanted = process.env.FOLDERGATE_SCAN_POOL;
  if (wanted === '0' || wanted === 'off' || current !== null) return;
  const size = wanted !== undefined && /^\d+$/.test(wanted) ? Number(wanted) : undefined;
  try {
    current = createScanPool({ size });
  } catch (error) {
    log(
      `scan children could not start (${error instanceof Error ? error.message : String(error)}); scanning in the server`,
    );
  }
}

/** The server's scan pool, when started. */
export function scanPool(): ScanPool | null {
  return current;
}
