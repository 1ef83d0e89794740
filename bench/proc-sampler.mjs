// Samples a process tree from a worker thread, so the benchmark's own event loop (which times
// the server's answers) never waits on /proc reads. Every ~10 ms: the CPU time of the known
// processes (a timeline, for "when did the scan stop"); every ~50 ms: the tree again and each
// process's peak RSS (VmHWM), keeping the largest value seen per pid.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { cpuTicks, createPerPidMax, peakRssKb, processTree } from './proc-tree.mjs';

const CPU_EVERY_MS = 10;
const TREE_EVERY = 5; // CPU samples per tree and RSS sample (~50 ms)
const TIMELINE_KEEP_MS = 60_000;

const now = () => performance.timeOrigin + performance.now();

/** Starts sampling `pid` and its descendants; resolves once the first sample is taken. */
export async function startSampler(pid) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { pid } });
  let nextId = 0;
  const waiting = new Map();
  worker.on('message', (message) => {
    waiting.get(message.id)?.resolve(message.value);
    waiting.delete(message.id);
  });
  worker.on('error', (error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  });
  const ask = (type, args = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, type, ...args });
    });
  await ask('ready');
  return {
    /**
     * Peak RSS in kB: the server itself (parentKb), the sum of the peaks of it and every
     * descendant seen (totalKb), the largest sum over the processes alive at one sample
     * (atOnceKb), and every pid seen.
     */
    peak: () => ask('peak'),
    /** [epoch ms, CPU ticks of the whole tree] samples taken between `from` and `to`. */
    timeline: (from, to) => ask('timeline', { from, to }),
    stop: async () => {
      await worker.terminate();
    },
  };
}

function runWorker() {
  const { pid } = workerData;
  const rss = createPerPidMax();
  const cpu = createPerPidMax();
  let pids = [pid];
  let ticks = 0;
  const timeline = [];
  // The live processes' peaks summed at one moment: below the sum of per-pid peaks when
  // children come and go (each one's peak counts there even after it exited).
  let atOnceKb = 0;
  const sampleTree = () => {
    pids = processTree(pid);
    let sum = 0;
    for (const p of pids) {
      const kb = peakRssKb(p);
      rss.add(p, kb);
      sum += kb ?? 0;
    }
    atOnceKb = Math.max(atOnceKb, sum);
  };
  const sampleCpu = () => {
    for (const p of pids) cpu.add(p, cpuTicks(p));
    const t = now();
    timeline.push([t, cpu.total()]);
    while (timeline.length > 0 && timeline[0][0] < t - TIMELINE_KEEP_MS) timeline.shift();
  };
  sampleTree();
  sampleCpu();
  setInterval(() => {
    if (++ticks % TREE_EVERY === 0) sampleTree();
    sampleCpu();
  }, CPU_EVERY_MS);
  parentPort.on('message', (message) => {
    let value = null;
    if (message.type === 'peak') {
      sampleTree();
      value = { parentKb: rss.get(pid), totalKb: rss.total(), atOnceKb, pids: rss.pids() };
    } else if (message.type === 'timeline') {
      value = timeline.filter(([t]) => t >= message.from && t <= message.to);
    }
    parentPort.postMessage({ id: message.id, value });
  });
}

if (!isMainThread && workerData?.pid !== undefined) runWorker();
