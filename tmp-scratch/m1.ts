import { createSearchEngine } from '#server/engine/search-engine.js';
import { enableFastLstat } from '#server/search/fast-lstat.js';
enableFastLstat();
const root = process.argv[2]!;
const engine = createSearchEngine({ driveKindOf: () => 'local' });
const t0 = performance.now();
engine.setFolders([{ rootReal: root, rootId: null, exclude: [] }]);
const wait = async () => { while (engine.status()[0]!.state !== 'ready') await new Promise(r => setTimeout(r, 50)); };
await wait();
const crawlMs = performance.now() - t0;
(globalThis as any).gc?.();
const rss = process.memoryUsage().rss / 1e6;
const q = (extra: any) => ({ rootReal: root, rootId: null, exclude: [], followSymlinks: false, startRel: '', maxDepth: 64, after: null, until: null, sort: 'time_desc' as const, afterKey: null, count: 101, timeField: 'modified' as const, fromMs: Number(process.argv[3] ?? 0) || null, toMs: null, glob: null, includeFiles: true, includeDirectories: false, includeUnknownTime: false, fileTypes: null, ...extra });
for (let i = 0; i < 3; i++) {
  let t = performance.now(); const a = engine.answer(q({})) as any; const first = performance.now() - t;
  const last = a.matches[99];
  t = performance.now(); engine.answer(q({ afterKey: { rel: last.rel, t: last.t } })); const next = performance.now() - t;
  t = performance.now(); const p = engine.answer(q({ sort: 'path_asc', count: 100 })) as any; const pth = performance.now() - t;
  t = performance.now(); engine.answer(q({ glob: '*.md' })); const glob = performance.now() - t;
  console.log({ first: first.toFixed(1), next: next.toFixed(1), pth: pth.toFixed(1), glob: glob.toFixed(1), n: a.matches.length, scanned: a.walk.scannedFiles, pn: p.matches.length });
}
console.log({ crawlMs: Math.round(crawlMs), rss: Math.round(rss), entries: engine.status()[0]!.entries });
await engine.close();
process.exit(0);
