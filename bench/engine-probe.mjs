// The search engine's own event loop, measured from outside it: a worker thread (its own loop,
// so the app's core in the bench's main thread cannot delay it) asks the engine a query every
// 5 ms for a folder it does not hold, which the engine declines at once; the time each answer
// takes is what the engine's loop made it wait (plus the channel's round trip: the connection is
// proven once and kept, as a server's is). The worker runs the product's own asking end
// (appdata/engine/engine-ask.ts), bundled now.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { BENCH_DIR } from './bench-common.mjs';

const SOURCE = `
import { workerData, parentPort } from 'node:worker_threads';
import { askEngine } from './appdata/engine/engine-ask.ts';
import { enginePaths } from './shared/engine/engine.ts';
const paths = enginePaths(workerData.appData, process.platform);
const query = {
  rootReal: '/nonexistent-foldergate-probe', rootId: null, exclude: [], followSymlinks: false,
  startRel: '', maxDepth: 64, after: null, until: null, sort: 'time_desc', afterKey: null,
  count: 1, timeField: 'modified', fromMs: null, toMs: null, glob: null, includeFiles: true,
  includeDirectories: false, includeUnknownTime: false, fileTypes: null, kinds: null,
  minSize: null, maxSize: null,
};
let running = true;
const times = [];
parentPort.on('message', (m) => { if (m === 'stop') running = false; else if (m === 'reset') times.length = 0; });
while (running) {
  const started = performance.now();
  const answer = await askEngine({ paths, query, timeoutMs: 5000 });
  if (answer !== null) times.push(performance.now() - started);
  await new Promise((r) => setTimeout(r, 5));
}
parentPort.postMessage(times);
`;

let bundled = null;

/** Starts probing the engine of the app whose data folder is `appData`. */
export async function probeEngineLoop(appData) {
  bundled ??= (async () => {
    const out = path.join(BENCH_DIR, '.build', 'engine-probe-worker.mjs');
    await build({
      stdin: { contents: SOURCE, resolveDir: path.join(BENCH_DIR, '..'), loader: 'ts' },
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    return out;
  })();
  const worker = new Worker(await bundled, { workerData: { appData } });
  return {
    /** Forgets the answers so far (a new phase). */
    reset: () => worker.postMessage('reset'),
    /** Stops; resolves with the answers' p99, max and count (ms). */
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (times) => {
          const sorted = [...times].sort((a, b) => a - b);
          const at = (q) =>
            sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
          resolve({ p99Ms: at(0.99), maxMs: sorted.at(-1) ?? NaN, count: sorted.length });
          void worker.terminate();
        });
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}
