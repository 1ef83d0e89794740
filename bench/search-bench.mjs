// Benchmark of `fs.search_by_time` (`npm run bench`, `npm run bench -- --quick`): issue 12's
// targets, each measured side by side with GNU find (and fd when installed) on the same query,
// printed as a Markdown table next to its target. Exit 0 when every target is met, 2 when one is
// missed (a wrong answer is a missed target), 1 when the bench cannot run.
//
// Trees (tree.mjs) are built once and cached: 200,000 files in bench/.tree/, 1,000,000 empty
// files in bench/.tree-1m/ (skipped with --quick). The built server is started over stdio with
// the SDK client (server-session.mjs); a worker thread samples its process tree in /proc
// (proc-sampler.mjs: peak RSS, CPU time). measure-200k.mjs and measure-1m.mjs take the figures,
// commands.mjs runs find and fd, report.mjs and bench-lib.mjs (pure, unit-tested) judge them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { closingLine, exitCodeFor, fmtMs, formatTable, tally } from './bench-lib.mjs';
import { BENCH_DIR, count, LIMIT, say, SERVER_ENTRY } from './bench-common.mjs';
import { detectFd } from './commands.mjs';
import { measure1mCancelProgress, measure1mDefault } from './measure-1m.mjs';
import { measure200k } from './measure-200k.mjs';
import { DEEP_200K_DIR, measureDeepWalk } from './measure-deep-walk.mjs';
import { measureEngine } from './measure-engine.mjs';
import { measureShapes } from './measure-shapes.mjs';
import { buildRows, machine } from './report.mjs';
import { walkRows } from './report-walk.mjs';
import { measureStartup } from './server-session.mjs';
import { ensureTree, fileCount, folderCount, TREE_1M, TREE_200K } from './tree.mjs';
import {
  deepFileCount,
  deepFolderCount,
  ensureDeepTree,
  TREE_DEEP,
  TREE_DEEP_200K,
} from './tree-deep.mjs';

const QUICK = process.argv.includes('--quick');

async function main() {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const benchStart = performance.now();
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const fd = detectFd();
  const t200 = ensureTree(TREE_200K, path.join(BENCH_DIR, '.tree'));
  const t1m = QUICK ? null : ensureTree(TREE_1M, path.join(BENCH_DIR, '.tree-1m'));
  const tDeep = QUICK ? null : ensureDeepTree(TREE_DEEP, path.join(BENCH_DIR, '.tree-deep'));
  const tDeepWalk = ensureDeepTree(TREE_DEEP_200K, DEEP_200K_DIR);

  say('server start → tools/list …');
  const startup = await measureStartup(t200.path);
  const k200 = await measure200k(t200.path, fd);
  const deep = await measureDeepWalk(tDeepWalk.path);
  const m1 = t1m ? await measure1mDefault(t1m.path, fd) : null;
  const m1cp = t1m ? await measure1mCancelProgress(t1m.path) : null;
  const engine = await measureEngine({
    t200: t200.path,
    t1m: t1m?.path ?? null,
    p200: TREE_200K,
    p1m: TREE_1M,
  });

  const shapes = tDeep
    ? await measureShapes({ tDeep: tDeep.path, pDeep: TREE_DEEP, t1m: t1m.path, p1m: TREE_1M })
    : null;

  const rows = [
    ...buildRows({ startup, k200, m1, m1cp, fd, quick: QUICK, engine, shapes }),
    ...walkRows(deep),
  ];
  const m = machine(t200.path);
  const built = (t, n) =>
    `${count(n)} files${t.built ? `, built now in ${fmtMs(t.ms)}` : ', cached'}`;
  console.log(
    [
      `Machine: ${m.cores} cores (${m.cpu}), ${m.disk}, ${m.os}, Node ${m.node}; ` +
        `find: ${spawnSync('find', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]}; ` +
        `fd: ${fd ? fd.version : 'not installed'}; ` +
        `load average (1, 5, 15 min) ${loadAtStart} at the start, ${m.load} at the end.`,
      `Trees: ${built(t200, fileCount(TREE_200K))} in ${count(folderCount(TREE_200K))} folders (${t200.path}); ` +
        (t1m
          ? `${built(t1m, fileCount(TREE_1M))} (empty) in ${count(folderCount(TREE_1M))} folders (${t1m.path}).`
          : '1M tree skipped (--quick).') +
        ` Deep 200k: ${built(tDeepWalk, deepFileCount(TREE_DEEP_200K))} (empty, times scattered) in ${count(deepFolderCount(TREE_DEEP_200K))} folders (${tDeepWalk.path}).` +
        (tDeep
          ? ` Deep 1M: ${built(tDeep, deepFileCount(TREE_DEEP))} (empty, times scattered across folders) in ${count(deepFolderCount(TREE_DEEP))} folders, ${TREE_DEEP.levels} levels (${tDeep.path}).`
          : ''),
      `Query: timeField modified, from ${k200.fromIso} (40% of the files match), limit ${LIMIT}, warm OS cache; ` +
        `each timed first page uses a from a few seconds apart (same files), so no earlier answer can serve it.`,
      '',
      formatTable(rows),
      '',
      `Total bench time: ${fmtMs(performance.now() - benchStart)}.`,
    ].join('\n'),
  );
  const result = tally(rows);
  console.log(closingLine(result));
  process.exitCode = exitCodeFor(result);
}

main().catch((error) => {
  console.error(`bench: cannot run: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
});
