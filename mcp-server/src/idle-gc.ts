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
const tasks = new Set<() => void>();

/**
 * After a scan: runs `task` (say, compacting what was kept) and then a full collection, a moment
 * after the answer has gone out. A scan of 200,000 files leaves tens of megabytes of garbage that
 * V8 would otherwise keep (and grow on) until its own heuristics collect it; collected at once,
 * a process's peak memory stays near what one scan needs. Costs ~10–30 ms of idle time.
 */
export function collectSoon(task?: () => void): void {
  if (task) tasks.add(task);
  if (timer !== null) return;
  timer = setTimeout(() => {
    timer = null;
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
  }, 20);
  timer.unref();
}
