// Issue 40's targets: instant on any shape of folder. The app's core runs in this process with
// its engine (as measure-engine.mjs runs it) on the deep tree whose times scatter across folders
// (tree-deep.mjs, 1,000,000 files in 19,531 folders); servers are started as AI apps start them
// and asked through the SDK client; every page is checked against find's listing. Beside the
// pages: the engine's own event loop while it reads the folder and while it answers
// (engine-probe.mjs), its memory once it has answered, and the cost of the server's check of each
// match on disk at depth 7 (this tree) and depth 3 (the bench's 1M tree).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { compareTimeDesc, median } from './bench-lib.mjs';
import { BENCH_DIR, iso, LIMIT, samePaths, say, sleep, toEntries } from './bench-common.mjs';
import { findListing } from './commands.mjs';
import { probeEngineLoop } from './engine-probe.mjs';
import { appWith, ask, connect, enginePid, loadCore, rssKb } from './measure-engine.mjs';
import { fromSecForShare } from './tree.mjs';
import { deepFromSecForShare } from './tree-deep.mjs';

/** Issue 40's targets. */
export const TS = {
  firstMs: 25,
  nextMs: 10,
  engineLoopP99Ms: 20,
  engineRssMb: 150,
  /** The check's cost per match at depth 7 against depth 3: it must not grow with depth. */
  checkDeepVsShallow: 1.5,
};

const RUNS = 5;
const compareTimeAsc = (a, b) => -compareTimeDesc(a, b);

/** The queries asked of each tree: both sorts, a range, a glob, kinds and sizes. */
function shapeQueries(p, share = deepFromSecForShare) {
  const from = share(p, 0.4);
  const to = share(p, 0.2);
  const images = (file) => /\.(jpg|png)$/.test(file);
  return [
    { label: 'newest after T', args: { from }, sort: 'time_desc' },
    { label: 'newest created', args: { timeField: 'created' }, sort: 'time_desc', created: true },
    { label: 'oldest after T', args: { from }, sort: 'time_asc' },
    { label: 'a range [T1, T2)', args: { from, to }, sort: 'time_desc' },
    {
      label: "glob '**/*.pdf'",
      args: { from, glob: '**/*.pdf' },
      sort: 'time_desc',
      keep: (f) => f.endsWith('.pdf'),
    },
    {
      label: "kinds ['image'], 0–6 bytes",
      args: { from, kinds: ['image'], minSize: 0, maxSize: 6 },
      sort: 'time_desc',
      keep: images,
    },
  ];
}

/** First and next pages of each query (median of RUNS), checked against find. */
async function queryPages(app, tree, p) {
  const server = await connect(app.appData);
  const out = [];
  try {
    for (const q of shapeQueries(p)) {
      const reference = (
        q.created ? birthTimes(tree) : await findListing(tree, q.args.from, q.args.to ?? null)
      )
        .filter((e) => (q.keep ? q.keep(e.path) : true))
        .sort(q.sort === 'time_desc' ? compareTimeDesc : compareTimeAsc);
      const base = { ...q.args, limit: LIMIT, sort: q.sort };
      // Each timed page asks with a `from` a second apart (the same files: times are 31 s apart),
      // so no earlier answer can serve it; every creation time lies after the `from` asked then.
      const shifted = (i) => ({
        ...base,
        from: iso(q.created ? i + 1 : q.args.from + i),
        ...(q.args.to ? { to: iso(q.args.to) } : {}),
      });
      await ask(server.client, shifted(29)); // warm-up (the first asks the engine to order its index)
      const first = [];
      const next = [];
      const problems = [];
      for (let i = 0; i < RUNS; i++) {
        say(`shapes: ${q.label}, round ${i + 1} of ${RUNS} …`);
        const a = await ask(server.client, shifted(i + 1));
        first.push(a.ms);
        if (!samePaths(toEntries(a.out.matches), reference.slice(0, LIMIT)))
          problems.push(`${q.label}: the first page is not find's first ${LIMIT}`);
        const b = await ask(server.client, { ...shifted(i + 1), cursor: a.out.nextCursor });
        next.push(b.ms);
        if (!samePaths(toEntries(b.out.matches), reference.slice(LIMIT, 2 * LIMIT)))
          problems.push(`${q.label}: the next page is not find's next ${LIMIT}`);
      }
      out.push({ label: q.label, firstMs: median(first), nextMs: median(next), problems });
    }
    return out;
  } finally {
    await server.client.close();
  }
}

/** Every file's creation time, read as the server reads it (find prints none here), by path. */
function birthTimes(tree) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else out.push({ path: file, t: fs.lstatSync(file).birthtimeMs });
    }
  };
  walk(tree);
  return out;
}

let verifyModule = null;
/**
 * The server's check of a page's matches on disk, bundled from its source, with the native
 * module on as a server turns it on before its first check (stat-below.ts).
 */
export async function loadVerify() {
  verifyModule ??= (async () => {
    const out = path.join(BENCH_DIR, '.build', 'verify-matches.mjs');
    const entry = path.join(BENCH_DIR, '.build', 'verify-entry.ts');
    const search = path.join(BENCH_DIR, '..', 'search');
    fs.mkdirSync(path.dirname(entry), { recursive: true });
    fs.writeFileSync(
      entry,
      [
        `export { checkMatchesOnDisk } from ${JSON.stringify(path.join(search, 'verify-matches.ts'))};`,
        `export { enableNativeList, NATIVE_LIST_FILE } from ${JSON.stringify(path.join(search, 'native-list.ts'))};`,
      ].join('\n'),
    );
    await build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    const module = await import(out);
    const native = path.join(BENCH_DIR, '..', 'engine', 'dist', module.NATIVE_LIST_FILE);
    if (process.platform === 'linux' && !module.enableNativeList(native))
      throw new Error(`the native module did not load from ${native}: run npm run build`);
    return module;
  })();
  return verifyModule;
}

/**
 * A page to check: the newest LIMIT files of the tree after `fromSec`, as an engine lists them.
 */
async function checkPage(tree, fromSec) {
  const page = (await findListing(tree, fromSec)).sort(compareTimeDesc).slice(0, LIMIT);
  return page.map(({ path: file }) => {
    const st = fs.lstatSync(file);
    const rel = path.relative(tree, file).split(path.sep).join('/');
    return {
      rel,
      t: st.mtimeMs,
      isDirectory: false,
      size: st.size,
      mtimeMs: st.mtimeMs,
      birthtimeMs: st.birthtimeMs,
    };
  });
}

const CHECK_QUERY = {
  timeField: 'modified',
  fromMs: null,
  toMs: null,
  glob: null,
  includeFiles: true,
  includeDirectories: false,
  includeUnknownTime: false,
  fileTypes: null,
  kinds: null,
  minSize: null,
  maxSize: null,
};

/**
 * The check's cost per match (µs) on each of `pages` ({ tree, fromSec }), each page looked at
 * on disk as the server does before it answers: the pages' checks taken in turn, 101 rounds
 * after 20 to warm up, so that a slower moment of the machine falls on every page alike; the
 * median of each.
 */
export async function checkCosts(pages) {
  const { checkMatchesOnDisk } = await loadVerify();
  const loaded = [];
  for (const { tree, fromSec } of pages)
    loaded.push({ tree, matches: await checkPage(tree, fromSec), times: [] });
  for (let round = 0; round < 121; round++)
    for (const p of loaded) {
      const started = performance.now();
      const found = checkMatchesOnDisk(p.tree, null, [], p.matches, CHECK_QUERY);
      if (round >= 20) p.times.push(performance.now() - started);
      if (found.changed.length + found.unfit.length > 0)
        throw new Error(`check: ${JSON.stringify(found)}`);
    }
  return loaded.map(({ matches, times }) => ({
    perMatchUs: (median(times) * 1000) / matches.length,
    depth: Math.max(...matches.map((m) => m.rel.split('/').length)),
    folders: new Set(matches.map((m) => path.posix.dirname(m.rel))).size,
  }));
}

/** Issue 40's figures on the deep tree (and the check's cost on the bench's 1M tree beside it). */
export async function measureShapes({ tDeep, pDeep, t1m, p1m }) {
  say('shapes: the check of a page of matches on disk, at depth 7 and depth 3 …');
  const [checkDeep, checkShallow] = await checkCosts([
    { tree: tDeep, fromSec: deepFromSecForShare(pDeep, 0.4) },
    { tree: t1m, fromSec: fromSecForShare(p1m, 0.4) },
  ]);
  const Core = await loadCore();
  const app = appWith(Core, []);
  await app.core.start();
  await app.running();
  try {
    say('shapes: first read of the deep 1M tree, with the engine’s own event loop probed …');
    let probe = await probeEngineLoop(app.appData);
    const started = performance.now();
    await app.core.handlers['roots:add']({ path: tDeep });
    await app.ready(1);
    const crawlMs = performance.now() - started;
    const crawlLoop = await probe.stop();
    probe = await probeEngineLoop(app.appData);
    const queries = await queryPages(app, tDeep, pDeep);
    const answerLoop = await probe.stop();
    await sleep(5000); // settled, as E7 waits: the engine collects once answers stop for 2 s
    const pid = enginePid();
    const rss = pid ? rssKb(pid) : null;
    return { crawlMs, crawlLoop, answerLoop, queries, engineRssKb: rss, checkDeep, checkShallow };
  } finally {
    await app.close();
  }
}
