import v8 from 'node:v8';
import vm from 'node:vm';
import { log } from './log.js';

const DEBUG = process.env.FOLDERGATE_SCAN_DEBUG === '1';

let gc: (() => void) | null | undefined;

/**
 * V8's full collection, made callable without a command-line flag (the server is started by AI
 * apps with a plain `node index.js`): the flag is set at run time and a new context exposes the
 * function. Null where the runtime refuses.
 */
function fullGc(): (() => void) | null {
  if (gc !== undefined) return gc;
  try {
    v8.setFlagsFromString('--expose-gc');
    const fn: unknown = vm.runInNewContext('gc');
    gc = typeof fn === 'function' ? (fn as () => void) : null;
  } catch {
    gc = null;
  }
  return gc;
}

let timer: NodeJS.Timeout | null = null;
let dueAt = Number.POSITIVE_INFINITY;
let lastRun = Number.NEGATIVE_INFINITY;
const tasks = new Set<() => void>();
/** Answers of many matches collect at most this often (paging 1,000 at a time, one per page). */
const ANSWER_GAP_MS = 400;

function run(): void {
  timer = null;
  dueAt = Number.POSITIVE_INFINITY;
  lastRun = performance.now();
  for (const t of [...tasks]) t();
  tasks.clear();
  fullGc()?.();
  if (DEBUG) {
    const m = process.memoryUsage();
    const who = typeof process.send === 'function' ? `scan child ${process.pid}` : 'server';
    log(
      `${who} after collection: rss ${m.rss >> 20} MB, heap ${m.heapUsed >> 20}/${m.heapTotal >> 20} MB`,
    );
  }
}

function schedule(wait: number): void {
  const at = performance.now() + wait;
  if (timer !== null) {
    if (at >= dueAt) return;
    clearTimeout(timer);
  }
  dueAt = at;
  timer = setTimeout(run, wait);
  timer.unref();
}

/**
 * After a scan: runs `task` (say, compacting what was kept) and then a full collection, a moment
 * after the answer has gone out. A scan of 200,000 files leaves tens of megabytes of garbage that
 * V8 would otherwise keep (and grow on) until its own heuristics collect it; collected at once,
 * a process's peak memory stays near what one scan needs. Costs ~10–30 ms of idle time.
 */
export function collectSoon(task?: () => void): void {
  if (task) tasks.add(task);
  schedule(20);
}

/**
 * After an answer of many matches: its large strings are collected too, but at most every
 * ANSWER_GAP_MS (paging 80,000 matches 1,000 at a time took 10 s with one collection per page,
 * 6 s with this gap, at the same peak memory).
 */
export function collectAfterLongAnswer(task?: () => void): void {
  if (task) tasks.add(task);
  schedule(Math.max(20, lastRun + ANSWER_GAP_MS - performance.now()));
}

/**
 * Keeps V8's young generation at its initial size (1 MB semispaces) instead of letting it grow to
 * 2 × 16 MB while a scan keeps many objects alive. The server cannot be given
 * --max-semi-space-size (AI apps start it with a plain `node index.js`); the growth factor is
 * read each time V8 would grow the space, so it can be set at run time. Measured on 200,000
 * files: one process's peak 65–72 MB instead of 96–128 MB; the benchmark's server 103 MB instead
 * of ~150 MB. The cost, side by side in one run: first pages up to ~10% slower, about the size of
 * this machine's run-to-run noise; the issue's memory target decided it.
 */
export function keepYoungGenerationSmall(): void {
  try {
    v8.setFlagsFromString('--semi-space-growth-factor=1');
  } catch {
    // a runtime without the flag: the default sizes apply
  }
}
