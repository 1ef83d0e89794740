import { log } from '#appdata/log.js';
import { trimNativeMemory } from './native-list.js';

const DEBUG = process.env.FOLDERGATE_SCAN_DEBUG === '1';

/**
 * V8's full collection where the process was started with --expose-gc (scan processes are:
 * scan/pool.ts); null in the server, which AI apps start with a plain `node index.js` and which
 * sets no V8 flag at run time (they may abort a runtime that does not know them).
 */
function fullGc(): (() => void) | null {
  const gc: unknown = (globalThis as { gc?: unknown }).gc;
  if (typeof gc !== 'function') return null;
  // V8's incremental major collection: the same collection, marked in steps between the loop's
  // turns instead of one pause (a million-entry index held the engine's loop ~80 ms otherwise).
  if (inSteps)
    return () => void (gc as (o: object) => unknown)({ type: 'major', execution: 'async' });
  return gc as () => void;
}

let inSteps = false;

/** This process's collections run in steps beside its event loop (the engine's, which must not be held). */
export function collectInSteps(): void {
  inSteps = true;
}

let quietTimer: NodeJS.Timeout | null = null;

/**
 * After an answer: a collection once no answer has come for `quietMs` (the engine answers many
 * small queries; their garbage goes when they stop, not at V8's next heuristic, and never while
 * they come).
 */
export function collectWhenQuiet(quietMs = 2000): void {
  if (quietTimer !== null) clearTimeout(quietTimer);
  quietTimer = setTimeout(() => {
    quietTimer = null;
    collectSoon();
    // Then the C heap's free pages (large buffers freed by the collection stay with malloc).
    setTimeout(() => trimNativeMemory(), 1500).unref();
  }, quietMs);
  quietTimer.unref();
}

let timer: NodeJS.Timeout | null = null;
let dueAt = Number.POSITIVE_INFINITY;
let lastRun = Number.NEGATIVE_INFINITY;
const tasks = new Set<() => void>();
/** Answers of many matches collect at most this often (paging 1,000 at a time, one per page). */
const ANSWER_GAP_MS = 400;

/** Calls being answered now (see whileAnswering): a collection due meanwhile waits for them. */
let answering = 0;
let waiting = false;
/** When the collection waiting for calls fell due: it waits no longer than HOLD_MAX_MS. */
let heldSince = 0;
const HOLD_MAX_MS = 1000;

function run(): void {
  timer = null;
  dueAt = Number.POSITIVE_INFINITY;
  if (answering > 0) {
    if (!waiting) heldSince = performance.now();
    waiting = true;
    // Calls one after another without a pause: collected anyway, a moment later.
    if (performance.now() - heldSince < HOLD_MAX_MS) return schedule(50);
  }
  waiting = false;
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
 * Runs `answer` (one call) with no collection meanwhile: one that falls due waits until no call
 * is being answered (at most HOLD_MAX_MS), then runs a moment later. A next page asked right after a scan would
 * otherwise wait for the scan's collection (tens of milliseconds) before it is answered.
 */
export async function whileAnswering<T>(answer: () => Promise<T>): Promise<T> {
  answering++;
  try {
    return await answer();
  } finally {
    answering--;
    if (answering === 0 && waiting) schedule(20);
  }
}
