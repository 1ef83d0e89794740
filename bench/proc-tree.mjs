// A process and its descendants, read from Linux's /proc: who they are, their peak RSS (VmHWM)
// and their CPU time. The benchmark samples these while the server runs, because the server may
// hand work to child processes, and their memory and CPU count as the server's.
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ; 100 on Linux). */
export const CLOCK_TICKS_PER_SECOND = 100;

/** The pids of `pid`'s direct children, from /proc/<pid>/task/<tid>/children; null when absent. */
function childrenFromTasks(pid) {
  let tasks;
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = [];
  for (const tid of tasks) {
    let text;
    try {
      text = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch (error) {
      // Kernels built without CONFIG_PROC_CHILDREN have no such file: use the ppid scan.
      if (error?.code === 'ENOENT' && fs.existsSync(`/proc/${pid}/task/${tid}`)) return null;
      continue; // the thread ended meanwhile
    }
    for (const word of text.split(/\s+/)) if (word) children.push(Number(word));
  }
  return children;
}

/**
 * Parses the fields of /proc/<pid>/stat after the command name (which may hold spaces and
 * parentheses, so it is cut at the last ')'): state is field 3, ppid 4, utime 14, stime 15.
 */
export function parseStat(text) {
  const close = text.lastIndexOf(')');
  if (close === -1) return null;
  const fields = text
    .slice(close + 2)
    .trim()
    .split(' ');
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (![ppid, utime, stime].every(Number.isFinite)) return null;
  return { state: fields[0], ppid, cpuTicks: utime + stime };
}

function readStat(pid) {
  try {
    return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** Map ppid → child pids over every process in /proc (the fallback discovery). */
function childrenByParent() {
  const map = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (!stat) continue;
    const list = map.get(stat.ppid);
    if (list) list.push(Number(name));
    else map.set(stat.ppid, [Number(name)]);
  }
  return map;
}

/**
 * `pid` and all its descendants (children, their children, …), `pid` first. Walks
 * /proc/<pid>/task/*\/children recursively, or, where the kernel does not provide those files,
 * the ppid of every process in /proc.
 */
export function processTree(pid) {
  const seen = new Set([pid]);
  const queue = [pid];
  let byParent = null;
  while (queue.length > 0) {
    const current = queue.shift();
    let children = childrenFromTasks(current);
    if (children === null) {
      byParent ??= childrenByParent();
      children = byParent.get(current) ?? [];
    }
    for (const child of children) {
      if (seen.has(child)) continue;
      seen.add(child);
      queue.push(child);
    }
  }
  return [...seen];
}

/** Peak resident set size (VmHWM) of `pid` in kB, or null when it has gone or is a zombie. */
export function peakRssKb(pid) {
  let status;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) : null;
}

/** True while `pid` exists and is not a zombie (exited, not yet reaped). */
export function isRunning(pid) {
  const state = readStat(pid)?.state;
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** CPU time (user + system) of `pid` in clock ticks, or null when it has gone. */
export function cpuTicks(pid) {
  return readStat(pid)?.cpuTicks ?? null;
}

/**
 * Keeps the largest value seen per pid, so a child that has exited still counts with what it
 * used. `total()` sums those maxima over every pid ever seen.
 */
export function createPerPidMax() {
  const max = new Map();
  return {
    add(pid, value) {
      if (value === null || value === undefined) return;
      const old = max.get(pid);
      if (old === undefined || value > old) max.set(pid, value);
    },
    get: (pid) => max.get(pid) ?? null,
    total: () => [...max.values()].reduce((a, b) => a + b, 0),
    pids: () => [...max.keys()],
  };
}
