// Issue 20's targets: the search engine (a live index held by the app) on the same trees, in the
// same run. The app's core runs in this very process, as the tray app runs it (createCore from a
// bundle built now, with the engine process it starts): what this process's event loop does during
// a crawl is what the app's does. Servers are started as AI apps start them (--config-dir, the SDK
// client over stdio) and ask the engine first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { build } from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { compareTimeDesc, median } from './bench-lib.mjs';
import {
  BENCH_DIR,
  iso,
  LIMIT,
  SERVER_ENTRY,
  SERVER_NODE_FLAGS,
  say,
  sleep,
  TOOL,
  toEntries,
  samePaths,
} from './bench-common.mjs';
import { findFiles, findListing } from './commands.mjs';
import { processTree } from './proc-tree.mjs';
import { fileCount, fromSecForShare, indexOfRelPath } from './tree.mjs';

/** Issue 20's targets. */
export const TE = {
  firstMs: 25,
  nextMs: 10,
  changeMs: 1000,
  crawlVsFind: 1.2,
  idleServersMb: 250,
  engineRss1mMb: 150,
  appDelayP99Ms: 50,
};

const CHANGES = 20;
const RUNS = 5;

/** The app's core, bundled from its sources (bench/.build is ignored by git). */
export async function loadCore() {
  const out = path.join(BENCH_DIR, '.build', 'core.mjs');
  await build({
    entryPoints: [path.join(BENCH_DIR, '..', 'main', 'core', 'core.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // As tools/build-app.mjs bundles the core: jsonc-parser's ES module build.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    // CommonJS dependencies call require(), as in the server's own bundle (mcp-server/build.mjs).
    banner: {
      js: [
        "import { createRequire as __fgCreateRequire } from 'node:module';",
        "import { fileURLToPath as __fgToPath } from 'node:url';",
        'const require = __fgCreateRequire(import.meta.url);',
        'const __filename = __fgToPath(import.meta.url);',
        "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
      ].join(' '),
    },
  });
  return import(out);
}

/** Resident set size now (VmRSS) of a process, in kB; 0 once gone. */
export function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}
function peakKb(pid) {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Proportional set size (kB): pages shared with other processes (Node's own code, the same for
 * every server) counted in shares, so the sum over processes is what they take together.
 */
function pssKb(pid) {
  try {
    const m = /^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The engine process the core started (a child of this process running engine.js). */
export function enginePid() {
  for (const pid of processTree(process.pid)) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('engine.js')) return pid;
    } catch {
      // gone
    }
  }
  return null;
}

/** An app data folder whose settings allow `roots`, and a core on it (not started). */
export function appWith(Core, roots) {
  const appData = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-bench-app-'));
  const settings = {
    version: 2,
    roots: roots.map((p, i) => ({ path: p, name: `tree${i}` })),
    firstRunCompleted: true,
  };
  fs.writeFileSync(path.join(appData, 'settings.json'), JSON.stringify(settings));
  const core = Core.createCore({
    appDataDir: appData,
    host: 'headless',
    serverCommand: {
      command: process.execPath,
      args: [...SERVER_NODE_FLAGS, SERVER_ENTRY, '--config-dir', appData],
      env: {},
    },
    previewEngine: false,
    searchEngine: true,
  });
  let status = { running: false, folders: [] };
  core.on('engine:status', (s) => (status = s));
  return {
    appData,
    core,
    status: () => status,
    async running() {
      while (!status.running) await sleep(5);
    },
    async ready(folders = roots.length, ms = 600_000) {
      const end = Date.now() + ms;
      while (!(
        status.running &&
        status.folders.length === folders &&
        status.folders.every((f) => f.state === 'ready')
      )) {
        if (Date.now() > end)
          throw new Error(`the engine was not ready in time: ${JSON.stringify(status)}`);
        await sleep(5);
      }
    },
    async close() {
      await core.stop();
      fs.rmSync(appData, { recursive: true, force: true });
    },
  };
}

/** A server as an AI app starts it, connected with the SDK client. */
export async function connect(appData) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...SERVER_NODE_FLAGS, SERVER_ENTRY, '--config-dir', appData],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'foldergate-bench', version: '2.0.0' });
  await client.connect(transport);
  return { client, transport, pid: transport.pid };
}

export async function ask(client, args) {
  const started = performance.now();
  const result = await client.callTool({
    name: TOOL,
    arguments: { timeField: 'modified', ...args },
  });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`search failed: ${result.content?.[0]?.text ?? '?'}`);
  return { ms, out: result.structuredContent, summary: result.content?.[0]?.text ?? '' };
}

/** First and next pages from the engine on one tree, checked against find. */
export async function pages(app, tree, p, label) {
  const fromSec = fromSecForShare(p, 0.4);
  const reference = (await findListing(tree, fromSec)).sort(compareTimeDesc);
  const server = await connect(app.appData);
  try {
    const first = [];
    const next = [];
    const problems = [];
    await ask(server.client, { from: iso(fromSec + 29), limit: LIMIT }); // warm-up
    for (let i = 0; i < RUNS; i++) {
      say(`engine ${label}: first and next page, round ${i + 1} of ${RUNS} …`);
      const args = { from: iso(fromSec + i + 1), limit: LIMIT, sort: 'time_desc' };
      const a = await ask(server.client, args);
      first.push(a.ms);
      if (/stopped early/i.test(a.summary)) problems.push('a page stopped early at the scan limit');
      if (!samePaths(toEntries(a.out.matches), reference.slice(0, LIMIT)))
        problems.push(
          `round ${i + 1}: the first page is not the newest ${LIMIT} of the whole folder`,
        );
      const b = await ask(server.client, { ...args, cursor: a.out.nextCursor });
      next.push(b.ms);
      if (!samePaths(toEntries(b.out.matches), reference.slice(LIMIT, 2 * LIMIT)))
        problems.push(`round ${i + 1}: the next page is not matches ${LIMIT + 1}–${2 * LIMIT}`);
      if (a.out.stats.scannedFiles !== fileCount(p))
        problems.push(
          `round ${i + 1}: ${a.out.stats.scannedFiles} files counted, not the whole folder`,
        );
    }
    return { firstMs: median(first), nextMs: median(next), problems };
  } finally {
    await server.client.close();
  }
}

/** Issue 36's query: kinds and a size range with the time range (every bench file is a .txt). */
export const KIND_SIZE_ARGS = { kinds: ['document', 'code'], minSize: 0, maxSize: 6 };

/**
 * First pages from the engine with kinds and sizes, checked against find's listing filtered by
 * the same sizes: file g of the 200k tree holds `${g}\n` (sizes 2–7 bytes: half the files are
 * at most 6), the 1M tree's files are empty (all match: the filters' cost, not their reach).
 */
export async function kindSizePages(app, tree, p, label) {
  const fromSec = fromSecForShare(p, 0.4);
  const sizeOf = (file) =>
    p.empty ? 0 : String(indexOfRelPath(p, path.relative(tree, file))).length + 1;
  const reference = (await findListing(tree, fromSec))
    .filter((e) => sizeOf(e.path) <= KIND_SIZE_ARGS.maxSize)
    .sort(compareTimeDesc);
  const server = await connect(app.appData);
  try {
    const first = [];
    const problems = [];
    await ask(server.client, { from: iso(fromSec + 28), limit: LIMIT, ...KIND_SIZE_ARGS });
    for (let i = 0; i < RUNS; i++) {
      say(`engine ${label}: first page with kinds and sizes, round ${i + 1} of ${RUNS} …`);
      const a = await ask(server.client, {
        from: iso(fromSec + i + 1),
        limit: LIMIT,
        ...KIND_SIZE_ARGS,
      });
      first.push(a.ms);
      if (!samePaths(toEntries(a.out.matches), reference.slice(0, LIMIT)))
        problems.push(`round ${i + 1}: the first page is not the newest ${LIMIT} of that size`);
    }
    return { firstMs: median(first), problems };
  } finally {
    await server.client.close();
  }
}

/**
 * Issue 36's selective queries (E9b): a kind and a size no bench file has (every file is a .txt
 * of at most 7 bytes), so nothing matches and a search that looked at every file would take
 * the longest; the folders' summaries of kinds and sizes should answer without looking.
 */
export const SELECTIVE_ARGS = [{ kinds: ['video'] }, { minSize: 8 }];

/** First pages of the selective queries (median of RUNS each): no match, the whole folder. */
export async function selectivePages(app, tree, p, label) {
  const fromSec = fromSecForShare(p, 0.4);
  const server = await connect(app.appData);
  try {
    const out = { firstMs: [], problems: [] };
    for (const extra of SELECTIVE_ARGS) {
      await ask(server.client, { from: iso(fromSec + 27), limit: LIMIT, ...extra });
      const ms = [];
      for (let i = 0; i < RUNS; i++) {
        say(`engine ${label}: first page of ${JSON.stringify(extra)}, round ${i + 1} of ${RUNS} …`);
        const a = await ask(server.client, { from: iso(fromSec + i + 1), limit: LIMIT, ...extra });
        ms.push(a.ms);
        if (a.out.matches.length !== 0) out.problems.push(`${JSON.stringify(extra)} matched`);
        if (a.out.stats.scannedFiles !== fileCount(p))
          out.problems.push(`${JSON.stringify(extra)}: not the whole folder counted`);
      }
      out.firstMs.push(median(ms));
    }
    return out;
  } finally {
    await server.client.close();
  }
}

/** Create / modify / delete a file; time until a search shows it (median of CHANGES). */
async function changes(app, tree) {
  const server = await connect(app.appData);
  const dir = path.join(tree, 'd00', 's000');
  const times = [];
  try {
    const visible = async (name, check) => {
      const started = performance.now();
      for (;;) {
        const { out } = await ask(server.client, { glob: name, path: 'd00/s000', limit: 10 });
        if (check(out.matches.find((m) => m.path.endsWith(`/${name}`))))
          return performance.now() - started;
        if (performance.now() - started > 10_000)
          throw new Error(
            `${name}: not visible in 10 s (last answer ${JSON.stringify(out).slice(0, 400)})`,
          );
        await sleep(2);
      }
    };
    for (let i = 0; times.length < CHANGES; i++) {
      const name = `zz-engine-probe-${i}.txt`;
      const file = path.join(dir, name);
      say(`engine: change ${times.length + 1} of ${CHANGES} …`);
      fs.writeFileSync(file, 'probe');
      times.push(await visible(name, (m) => m !== undefined));
      if (times.length >= CHANGES) {
        fs.rmSync(file);
        break;
      }
      // Whole seconds: utimes takes seconds as a double, whose fraction can land a nanosecond short.
      const t = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000 * (i + 1));
      fs.utimesSync(file, t, t);
      times.push(
        await visible(
          name,
          (m) => m !== undefined && Math.abs(Date.parse(m.modifiedAt) - t.getTime()) <= 1,
        ),
      );
      if (times.length >= CHANGES) {
        fs.rmSync(file);
        break;
      }
      fs.rmSync(file);
      times.push(await visible(name, (m) => m === undefined));
      await sleep(50);
    }
  } finally {
    await server.client.close();
  }
  return { medianMs: median(times), maxMs: Math.max(...times) };
}

/** Five connected servers that listed the tools and wait: RSS of each with its children. */
async function idleServers(app) {
  const servers = [];
  for (let i = 0; i < 5; i++) servers.push(await connect(app.appData));
  try {
    for (const s of servers) await s.client.listTools();
    await sleep(5000); // connected AI apps that have not searched yet
    const trees = servers.map((s) => processTree(s.pid));
    const each = trees.map((pids) => pids.reduce((sum, pid) => sum + rssKb(pid), 0));
    const pss = trees.flat().reduce((sum, pid) => sum + pssKb(pid), 0);
    const processes = trees.reduce((n, pids) => n + pids.length, 0);
    return { totalKb: each.reduce((a, b) => a + b, 0), eachKb: each, pssKb: pss, processes };
  } finally {
    for (const s of servers) await s.client.close();
  }
}

/** Issue 20's figures. */
export async function measureEngine({ t200, t1m, p200, p1m }) {
  const Core = await loadCore();
  const result = {};

  // First crawl of the 200,000-file tree, against find on the same tree (warm cache, 3 runs):
  // the app runs; the person adds the folder; the time until it is ready for instant search.
  const crawls = [];
  const finds = [];
  for (let i = 0; i < 3; i++) {
    say(`engine: first crawl of 200k, run ${i + 1} of 3 …`);
    finds.push((await findFiles(t200, 0)).ms);
    const app = appWith(Core, []);
    await app.core.start();
    await app.running();
    const started = performance.now();
    await app.core.handlers['roots:add']({ path: t200 });
    await app.ready(1);
    crawls.push(performance.now() - started);
    if (i < 2) await app.close();
    else result.app200 = app;
  }
  result.crawlMs = median(crawls);
  result.findMs = median(finds);

  const app200 = result.app200;
  result.p200 = await pages(app200, t200, p200, '200k');
  result.k200 = await kindSizePages(app200, t200, p200, '200k');
  result.s200 = await selectivePages(app200, t200, p200, '200k');
  result.changes = await changes(app200, t200);
  result.idle = await idleServers(app200);
  await app200.close();

  if (t1m) {
    say('engine: first crawl of 1M, with the app’s event-loop delay …');
    const app = appWith(Core, []);
    await app.core.start();
    await app.running();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const started = performance.now();
    delay.enable();
    await app.core.handlers['roots:add']({ path: t1m });
    let peak = 0;
    const sampler = setInterval(() => {
      const pid = enginePid();
      if (pid) peak = Math.max(peak, peakKb(pid));
    }, 200);
    await app.ready(1);
    delay.disable();
    clearInterval(sampler);
    result.crawl1mMs = performance.now() - started;
    result.delayP99Ms = delay.percentile(99) / 1e6;
    result.delayMaxMs = delay.max / 1e6;
    await sleep(5000); // settled: the engine collects the crawl's garbage after it (twice)
    const pid = enginePid();
    result.engineRssKb = pid ? rssKb(pid) : null;
    result.enginePeakKb = pid ? Math.max(peak, peakKb(pid)) : null;
    result.p1m = await pages(app, t1m, p1m, '1M');
    result.k1m = await kindSizePages(app, t1m, p1m, '1M');
    result.s1m = await selectivePages(app, t1m, p1m, '1M');
    await app.close();
  }
  return result;
}
