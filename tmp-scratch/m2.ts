import { createSearchEngine } from '#server/engine/search-engine.js';
import { enableFastLstat } from '#server/search/fast-lstat.js';
console.log('fast', enableFastLstat());
const root = process.argv[2]!;
const engine = createSearchEngine({ driveKindOf: () => 'local' });
const t0 = performance.now();
engine.setFolders([{ rootReal: root, rootId: null, exclude: [] }]);
while (engine.status()[0]!.state !== 'ready') await new Promise(r => setTimeout(r, 50));
console.log('crawl ms', Math.round(performance.now() - t0));
for (let i = 0; i < 3; i++) { (globalThis as any).gc?.(); await new Promise(r => setTimeout(r, 100)); }
const m = process.memoryUsage();
console.log(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v / 1e6)])));
process.exit(0);
