import { createSearchEngine } from '#server/engine/search-engine.js';
import { enableFastLstat } from '#server/search/fast-lstat.js';
enableFastLstat();
const root = process.argv[2]!;
const noWatch = process.argv[3] === 'nowatch';
const engine = createSearchEngine({ driveKindOf: () => 'local', ...(noWatch ? { watch: () => ({ attach() {}, close() {} }) } : {}) });
engine.setFolders([{ rootReal: root, rootId: null, exclude: [] }]);
while (engine.status()[0]!.state !== 'ready') await new Promise(r => setTimeout(r, 50));
for (let i = 0; i < 3; i++) { (globalThis as any).gc?.(); await new Promise(r => setTimeout(r, 100)); }
const m = process.memoryUsage();
console.log(noWatch ? 'no watch' : 'watch', Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v / 1e6)])));
process.exit(0);
