import { measureEngine } from './measure-engine.mjs';
import { TREE_200K, TREE_1M } from './tree.mjs';
const r = await measureEngine({
  t200: '/work/main/bench/.tree/tree',
  t1m: process.argv[2] === '1m' ? '/work/main/bench/.tree-1m/tree' : null,
  p200: TREE_200K,
  p1m: TREE_1M,
});
delete r.app200;
console.log(JSON.stringify(r, null, 1));
process.exit(0);
