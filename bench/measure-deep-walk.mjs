// The walking path on the deep tree (issue 40 item 4): 200,000 files in 11,111 folders whose
// times are scattered (tree-deep.mjs), searched by a server with no app running, so it walks the
// disk itself. First page (time_desc, limit 100) against `find -newermt` timed in the same round,
// and the next page with nextCursor. `node bench/measure-deep-walk.mjs [runs]` prints the figures.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './bench-lib.mjs';
import { BENCH_DIR, iso, LIMIT, RUNS, samePaths, say, toEntries } from './bench-common.mjs';
import { findFiles, findListing } from './commands.mjs';
import { search, startServer } from './server-session.mjs';
import { compareTimeDesc } from './bench-lib.mjs';
import {
  deepFileCount,
  deepFromSecForShare,
  ensureDeepTree,
  TREE_DEEP_200K,
} from './tree-deep.mjs';

/** Where the deep 200k tree is cached. */
export const DEEP_200K_DIR = path.join(BENCH_DIR, '.tree-deep-200k');

/**
 * First page, find and next page on the deep 200k tree, `runs` rounds (each first page a new
 * query: files sit 30 s past their step, so from + 0…29 s selects the same files).
 */
export function measureDeepWalk(tree, runs = RUNS) {
  const p = TREE_DEEP_200K;
  const fromSec = deepFromSecForShare(p, 0.4);
  return measureWalk('deep 200k', tree, fromSec, Math.round(deepFileCount(p) * 0.4), runs);
}

/** The same rounds on any tree whose files sit 30 s past their step (`expected` match `from`). */
export async function measureWalk(label, tree, fromSec, expected, runs = RUNS) {
  const byTime = (await findListing(tree, fromSec)).sort(compareTimeDesc);
  const server = await startServer(tree);
  try {
    const { client } = server;
    say(`${label} walking: warming up (server, find) …`);
    await search(client, { from: iso(fromSec + 29), limit: LIMIT });
    await findFiles(tree, fromSec);
    const first = [];
    const next = [];
    const find = [];
    const problems = [];
    for (let i = 0; i < runs; i++) {
      say(`${label} walking: round ${i + 1} of ${runs} …`);
      const args = { from: iso(fromSec + 1 + (i % 28)), limit: LIMIT, sort: 'time_desc' };
      const a = await search(client, args);
      first.push(a.ms);
      const f = await findFiles(tree, fromSec);
      find.push(f.ms);
      if (f.count !== expected) problems.push(`find counted ${f.count}, expected ${expected}`);
      if (!a.out.nextCursor) throw new Error('the first page has no nextCursor');
      const b = await search(client, { ...args, cursor: a.out.nextCursor });
      next.push(b.ms);
      if (!samePaths(toEntries(a.out.matches), byTime.slice(0, LIMIT)))
        problems.push(`round ${i + 1}: first page is not the newest ${LIMIT}`);
      if (!samePaths(toEntries(b.out.matches), byTime.slice(LIMIT, 2 * LIMIT)))
        problems.push(`round ${i + 1}: next page is not matches ${LIMIT + 1}–${2 * LIMIT}`);
    }
    return {
      expected,
      firstMs: median(first),
      findMs: median(find),
      nextMs: median(next),
      // Per round: the first page over find of the same round.
      ratios: first.map((ms, i) => ms / find[i]),
      problems,
    };
  } catch (error) {
    say(`server stderr:\n${server.stderr()}`);
    throw error;
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Number(process.argv[2] ?? RUNS);
  const which = process.argv[3] ?? 'deep';
  let r;
  if (which === 'deep')
    r = await measureDeepWalk(ensureDeepTree(TREE_DEEP_200K, DEEP_200K_DIR).path, runs);
  else {
    const { ensureTree, fileCount, fromSecForShare, TREE_200K } = await import('./tree.mjs');
    const n = fileCount(TREE_200K);
    const t = ensureTree(TREE_200K, process.argv[4] ?? path.join(BENCH_DIR, '.tree'));
    const fromSec = fromSecForShare(TREE_200K, 0.4);
    r = await measureWalk('200k', t.path, fromSec, n - Math.round(n * 0.6), runs);
  }
  const f = (x) => x.toFixed(1);
  console.log(
    `${which}: first ${f(r.firstMs)} ms, find ${f(r.findMs)} ms = ${(r.firstMs / r.findMs).toFixed(2)}×; ` +
      `next ${f(r.nextMs)} ms = ${(r.nextMs / r.firstMs).toFixed(2)}×; per round ${r.ratios.map((x) => x.toFixed(2)).join(' ')}` +
      (r.problems.length ? `; PROBLEMS ${r.problems.join('; ')}` : ''),
  );
}
