// Targets 1–3 and the full paging check, on the 200,000-file tree.
import fs from 'node:fs';
import {
  comparePaths,
  compareTimeDesc,
  compareWithReference,
  countOutOfOrder,
  median,
} from './bench-lib.mjs';
import { GLOB, iso, LIMIT, RUNS, samePaths, say, toEntries } from './bench-common.mjs';
import { fdFiles, findFiles, findListing } from './commands.mjs';
import { pageAll, search, startServer } from './server-session.mjs';
import { fileCount, fromSecForShare, TREE_200K } from './tree.mjs';

/**
 * In-process floors of the same walk in Node, one thread, no server: readdir with file types
 * alone, and readdir plus an lstat of every file (what a time filter needs). Medians of 3 after a
 * warm-up walk.
 */
function floors(tree) {
  const walk = (withLstat) => {
    const started = performance.now();
    const stack = [tree];
    while (stack.length > 0) {
      const dir = stack.pop();
      for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
        const abs = `${dir}/${d.name}`;
        if (d.isDirectory()) stack.push(abs);
        else if (withLstat && d.isFile()) fs.lstatSync(abs);
      }
    }
    return performance.now() - started;
  };
  walk(false);
  const three = (withLstat) => median([0, 1, 2].map(() => walk(withLstat)));
  return { readdirMs: three(false), readdirLstatMs: three(true) };
}

/** Targets 1–3 and the full paging check on the 200,000-file tree. */
export async function measure200k(tree, fd) {
  const p = TREE_200K;
  const n = fileCount(p);
  const fromSec = fromSecForShare(p, 0.4);
  const expected = n - Math.round(n * 0.6);
  // Files sit 30 s past a whole minute, so from + 0…29 s selects the same files: each timed
  // first page is a new query (no snapshot of an earlier run can answer it).
  const fromOf = (i) => iso(fromSec + i);
  const reference = await findListing(tree, fromSec);
  const byTime = [...reference].sort(compareTimeDesc);
  const byPath = [...reference].sort((a, b) => comparePaths(a.path, b.path));

  const server = await startServer(tree);
  try {
    const { client } = server;
    say('200k: warming up (server, find, fd) …');
    await search(client, { from: fromOf(29), limit: LIMIT });
    await findFiles(tree, fromSec);
    if (fd) await fdFiles(fd, tree, fromSec);

    const first = [];
    const next = [];
    const repeat = [];
    const find = [];
    const fdRuns = [];
    const pageProblems = [];
    for (let i = 0; i < RUNS; i++) {
      say(`200k: round ${i + 1} of ${RUNS} …`);
      const args = { from: fromOf(i + 1), limit: LIMIT, sort: 'time_desc' };
      const a = await search(client, args);
      first.push(a.ms);
      const f = await findFiles(tree, fromSec);
      find.push(f);
      if (fd) fdRuns.push(await fdFiles(fd, tree, fromSec));
      if (!a.out.nextCursor) throw new Error('the first page has no nextCursor');
      const b = await search(client, { ...args, cursor: a.out.nextCursor });
      next.push(b.ms);
      const c = await search(client, args);
      repeat.push(c.ms);
      if (!samePaths(toEntries(a.out.matches), byTime.slice(0, LIMIT)))
        pageProblems.push(`round ${i + 1}: first page is not the newest ${LIMIT}`);
      if (!samePaths(toEntries(b.out.matches), byTime.slice(LIMIT, 2 * LIMIT)))
        pageProblems.push(`round ${i + 1}: next page is not matches ${LIMIT + 1}–${2 * LIMIT}`);
      if (!samePaths(toEntries(c.out.matches), byTime.slice(0, LIMIT)))
        pageProblems.push(`round ${i + 1}: the repeated first page differs`);
    }

    say('200k: path_asc and glob first pages …');
    const pathAsc = [];
    const glob = [];
    for (let i = 0; i < RUNS; i++) {
      pathAsc.push(
        (await search(client, { from: fromOf(10 + i), limit: LIMIT, sort: 'path_asc' })).ms,
      );
      glob.push((await search(client, { from: fromOf(15 + i), limit: LIMIT, glob: GLOB })).ms);
    }
    const rssTimed = await server.sampler.peak();

    say('200k: paging through every match (path_asc, then time_desc, limit 1000) …');
    const asc = await pageAll(client, { from: fromOf(20), limit: 1000, sort: 'path_asc' });
    const desc = await pageAll(client, { from: fromOf(21), limit: 1000, sort: 'time_desc' });
    const ascAll = asc.pages.flatMap((pg) => toEntries(pg.out.matches));
    const descAll = desc.pages.flatMap((pg) => toEntries(pg.out.matches));
    const ascCmp = compareWithReference(
      reference.map((m) => m.path),
      ascAll.map((m) => m.path),
    );
    const descCmp = compareWithReference(
      reference.map((m) => m.path),
      descAll.map((m) => m.path),
    );
    const problems = [...pageProblems];
    if (find.some((f) => f.count !== expected))
      problems.push(`find counted ${find.map((f) => f.count).join('/')}, expected ${expected}`);
    if (!ascCmp.ok || !samePaths(ascAll, byPath))
      problems.push(
        `path_asc: missing ${ascCmp.missing}, extra ${ascCmp.extra}, repeated ${ascCmp.duplicates}, out of order ${countOutOfOrder(ascAll, (x, y) => comparePaths(x.path, y.path))}`,
      );
    if (!descCmp.ok || !samePaths(descAll, byTime))
      problems.push(
        `time_desc: missing ${descCmp.missing}, extra ${descCmp.extra}, repeated ${descCmp.duplicates}, out of order ${countOutOfOrder(descAll, compareTimeDesc)}`,
      );
    const rss = await server.sampler.peak();
    const firstMs = median(first);
    const findMs = median(find.map((f) => f.ms));
    return {
      expected,
      fromIso: iso(fromSec),
      firstMs,
      findMs,
      fdMs: fdRuns.length ? median(fdRuns.map((f) => f.ms)) : null,
      fdCounts: fdRuns.map((f) => f.count),
      nextMs: median(next),
      repeatMs: median(repeat),
      pathAscMs: median(pathAsc),
      globMs: median(glob),
      floors: floors(tree),
      rssTimed,
      rss,
      paging: { asc, desc, problems, ms: asc.ms + desc.ms, matches: reference.length },
    };
  } catch (error) {
    say(`server stderr:\n${server.stderr()}`);
    throw error;
  } finally {
    await server.close();
  }
}
