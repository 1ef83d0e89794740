// Benchmark of `fs.search_by_time` against GNU find on a 200,000-file tree (`npm run bench`).
// Builds the tree once under bench/.tree/ (git-ignored) and reuses it while its marker matches,
// starts the built server once over stdio with the SDK client, and prints a Markdown table.
// It is a report, not a test: it always exits 0 unless it cannot run at all.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ENTRY = path.join(here, '..', 'mcp-server', 'dist', 'index.js');
const CACHE_DIR = path.join(here, '.tree');
const TREE_DIR = path.join(CACHE_DIR, 'tree');
const MARKER = path.join(CACHE_DIR, 'complete.json');

// Tree shape and times. File g (0 ≤ g < N) gets the permuted rank k = (g·MULT + ADD) mod N and
// the mtime BASE + k·STEP + 30 s: all distinct, spread over ~363 days, never on a whole minute.
const PARAMS = {
  version: 1,
  tops: 20,
  subs: 100,
  files: 100,
  baseSec: Date.UTC(2024, 0, 1) / 1000,
  stepSec: 157,
  offsetSec: 30,
  mult: 7919,
  add: 12_345,
};
const N = PARAMS.tops * PARAMS.subs * PARAMS.files;
// `from` at rank 0.6·N (a whole minute): exactly 40% of the files are at or after it.
const FROM_SEC = PARAMS.baseSec + Math.round(N * 0.6) * PARAMS.stepSec;
const FROM_ISO = new Date(FROM_SEC * 1000).toISOString();
const EXPECTED_MATCHES = N - Math.round(N * 0.6);
const GLOB = '**/f00*.txt';
const RUNS = 5;
// Both pages walk the same tree; a median difference below this fraction is noise, not cost.
const PAGE_NOISE = 0.05;

const pad = (n, width) => String(n).padStart(width, '0');
const topName = (t) => `d${pad(t, 2)}`;
const subName = (s) => `s${pad(s, 3)}`;
const fileName = (f) => `f${pad(f, 3)}.txt`;

/** Builds the tree unless the marker says a complete one with the same parameters exists. */
function ensureTree() {
  try {
    const marker = JSON.parse(fs.readFileSync(MARKER, 'utf8'));
    if (JSON.stringify(marker) === JSON.stringify(PARAMS)) return { built: false, ms: 0 };
  } catch {
    // no marker or unreadable: rebuild
  }
  const started = performance.now();
  fs.rmSync(MARKER, { force: true });
  fs.rmSync(TREE_DIR, { recursive: true, force: true });
  fs.mkdirSync(TREE_DIR, { recursive: true });
  process.stderr.write(`bench: building ${N.toLocaleString('en-US')} files in ${TREE_DIR} …\n`);
  let g = 0;
  for (let t = 0; t < PARAMS.tops; t++) {
    const top = path.join(TREE_DIR, topName(t));
    fs.mkdirSync(top);
    for (let s = 0; s < PARAMS.subs; s++) {
      const sub = path.join(top, subName(s));
      fs.mkdirSync(sub);
      for (let f = 0; f < PARAMS.files; f++, g++) {
        const k = (g * PARAMS.mult + PARAMS.add) % N;
        const mtime = PARAMS.baseSec + k * PARAMS.stepSec + PARAMS.offsetSec;
        const fd = fs.openSync(path.join(sub, fileName(f)), 'w');
        fs.writeSync(fd, `${g}\n`);
        fs.futimesSync(fd, mtime, mtime);
        fs.closeSync(fd);
      }
    }
  }
  fs.writeFileSync(MARKER, JSON.stringify(PARAMS));
  return { built: true, ms: performance.now() - started };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs find for the same query; resolves with its wall time and the matched paths. */
function runFind(tree, keepPaths) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('find', [tree, '-type', 'f', '-newermt', `@${FROM_SEC}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let count = 0;
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) count++;
      if (keepPaths) chunks.push(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`find exited with ${code}`));
      const paths = keepPaths
        ? Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean)
        : null;
      resolve({ ms, count, paths });
    });
  });
}

async function search(client, args) {
  const started = performance.now();
  const result = await client.callTool(
    { name: 'fs.search_by_time', arguments: { timeField: 'modified', ...args } },
    undefined,
    { timeout: 120_000 },
  );
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`search failed: ${result.content?.[0]?.text ?? '?'}`);
  return { ms, out: result.structuredContent };
}

/** Times `args` RUNS times; returns the median and the last output. */
async function timeSearch(client, args) {
  const times = [];
  let out;
  for (let i = 0; i < RUNS; i++) {
    const r = await search(client, args);
    times.push(r.ms);
    out = r.out;
  }
  return { ms: median(times), out };
}

function peakRssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** In-process floors for the same walk: readdir alone, and readdir + lstat of every file. */
function floors(tree) {
  const walk = (withLstat) => {
    const started = performance.now();
    let files = 0;
    const stack = [tree];
    while (stack.length > 0) {
      const dir = stack.pop();
      for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
        const abs = `${dir}/${d.name}`;
        if (d.isDirectory()) stack.push(abs);
        else if (d.isFile()) {
          files++;
          if (withLstat) fs.lstatSync(abs);
        }
      }
    }
    return { ms: performance.now() - started, files };
  };
  walk(false); // warm the dentry cache
  return { readdir: walk(false).ms, readdirLstat: walk(true).ms };
}

const fmtMs = (ms) => `${ms.toFixed(0)} ms`;
const fmtRatio = (r) => `${r.toFixed(2)}×`;

async function main() {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const benchStart = performance.now();
  const tree = ensureTreeAndResolve();

  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, '--root', tree.path],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  let serverStderr = '';
  transport.stderr?.on('data', (chunk) => {
    serverStderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'foldergate-bench', version: '1.0.0' });
  await client.connect(transport);
  const pid = transport.pid;

  try {
    const first = { from: FROM_ISO, limit: 100, sort: 'time_desc' };

    // Warm-up: one server call and one find, so both read from a warm cache.
    const warm = await search(client, first);
    await runFind(tree.path, false);
    const cursor = warm.out.nextCursor;
    if (!cursor) throw new Error('the first page has no nextCursor');

    // Side by side, interleaved so that load changes hit all three alike.
    const serverTimes = [];
    const findTimes = [];
    const secondTimes = [];
    let firstOut = warm.out;
    let findCount = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = await search(client, first);
      serverTimes.push(s.ms);
      firstOut = s.out;
      const f = await runFind(tree.path, false);
      findTimes.push(f.ms);
      findCount = f.count;
      secondTimes.push((await search(client, { ...first, cursor })).ms);
    }
    const serverMs = median(serverTimes);
    const findMs = median(findTimes);
    const second = { ms: median(secondTimes) };
    const pathAsc = await timeSearch(client, { from: FROM_ISO, limit: 100, sort: 'path_asc' });
    const glob = await timeSearch(client, { ...first, glob: GLOB });
    const rssTimed = peakRssMb(pid);

    // Sanity check, not timed: page through every match and compare with find's list.
    const checkStart = performance.now();
    const seen = new Set();
    let duplicates = 0;
    let pages = 0;
    let next = null;
    do {
      const { out } = await search(client, {
        from: FROM_ISO,
        limit: 1000,
        sort: 'path_asc',
        ...(next ? { cursor: next } : {}),
      });
      pages++;
      for (const m of out.matches) {
        if (seen.has(m.path)) duplicates++;
        seen.add(m.path);
      }
      next = out.nextCursor;
    } while (next);
    // The same through the time_desc cursor (each page re-walks the tree: ~80 walks).
    const seenByTime = new Set();
    let timePages = 0;
    let outOfOrder = 0;
    let prev = null;
    next = null;
    do {
      const { out } = await search(client, {
        ...first,
        limit: 1000,
        ...(next ? { cursor: next } : {}),
      });
      timePages++;
      for (const m of out.matches) {
        if (seenByTime.has(m.path)) duplicates++;
        seenByTime.add(m.path);
        const t = Date.parse(m.modifiedAt);
        if (prev !== null && (t > prev.t || (t === prev.t && m.path <= prev.path))) outOfOrder++;
        prev = { t, path: m.path };
      }
      next = out.nextCursor;
    } while (next);
    const found = await runFind(tree.path, true);
    const missing = found.paths.filter((p) => !seen.has(p)).length;
    const extra = seen.size - (found.paths.length - missing);
    const missingByTime = found.paths.filter((p) => !seenByTime.has(p)).length;
    const agree =
      duplicates === 0 &&
      missing === 0 &&
      extra === 0 &&
      seen.size === found.count &&
      missingByTime === 0 &&
      seenByTime.size === found.count &&
      outOfOrder === 0;
    const checkMs = performance.now() - checkStart;
    const rssAll = peakRssMb(pid);

    const fl = floors(tree.path);

    const ratio = serverMs / findMs;
    const pageRatio = second.ms / serverMs;
    const rows = [
      [
        'tree',
        `${N.toLocaleString('en-US')} files in ${PARAMS.tops}×${PARAMS.subs} folders${tree.built ? ` (built in ${fmtMs(tree.ms)})` : ' (cached)'}`,
      ],
      [
        'query',
        `modified from ${FROM_ISO}, limit 100, time_desc (${EXPECTED_MATCHES.toLocaleString('en-US')} expected matches)`,
      ],
      ['fs.search_by_time, first page (median of 5)', fmtMs(serverMs)],
      ['find -type f -newermt (median of 5)', fmtMs(findMs)],
      ['ratio server / find', fmtRatio(ratio)],
      ['second page with nextCursor (median of 5)', fmtMs(second.ms)],
      ['ratio second / first page', fmtRatio(pageRatio)],
      ['path_asc first page (median of 5)', fmtMs(pathAsc.ms)],
      [
        `glob '${GLOB}', time_desc first page (median of 5)`,
        `${fmtMs(glob.ms)} (${glob.out.matches.length} returned)`,
      ],
      [
        'server peak RSS (VmHWM) after the timed calls',
        rssTimed === null ? 'n/a' : `${rssTimed.toFixed(0)} MB`,
      ],
      [
        'server peak RSS after the full paging check',
        rssAll === null ? 'n/a' : `${rssAll.toFixed(0)} MB`,
      ],
      [
        'scanned per first page (files / folders)',
        `${firstOut.stats.scannedFiles.toLocaleString('en-US')} / ${firstOut.stats.scannedDirectories.toLocaleString('en-US')}`,
      ],
      [
        'matches: server path_asc / server time_desc (limit 1000, all pages) / find',
        `${seen.size.toLocaleString('en-US')} in ${pages} pages / ${seenByTime.size.toLocaleString('en-US')} in ${timePages} pages / ${findCount.toLocaleString('en-US')}`,
      ],
      [
        'matches agree',
        agree
          ? 'yes'
          : `no (missing ${missing} + ${missingByTime}, extra ${extra}, repeated ${duplicates}, out of order ${outOfOrder})`,
      ],
      ['full paging checks (not timed above)', fmtMs(checkMs)],
      ['in-process floor: readdir-only walk (Node, sync)', fmtMs(fl.readdir)],
      ['in-process floor: readdir + lstat of every file', fmtMs(fl.readdirLstat)],
      ['machine', `${os.cpus().length} cores, Node ${process.version}, ${os.platform()}`],
    ];
    const lines = [
      '| metric | value |',
      '| --- | --- |',
      ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    ];
    console.log(lines.join('\n'));
    console.log('');
    console.log(
      `Targets: ratio ≤ 2.0: ${ratio <= 2 ? 'PASS' : 'FAIL'} (${fmtRatio(ratio)}); ` +
        `second page ≤ first page (+${PAGE_NOISE * 100}% noise margin): ` +
        `${second.ms <= serverMs * (1 + PAGE_NOISE) ? 'PASS' : 'FAIL'} (${fmtMs(second.ms)} vs ${fmtMs(serverMs)}); ` +
        `matches agree: ${agree ? 'yes' : 'no'}.`,
    );
    console.log(`Total bench time: ${fmtMs(performance.now() - benchStart)}.`);
  } catch (error) {
    if (serverStderr) process.stderr.write(`server stderr:\n${serverStderr}\n`);
    throw error;
  } finally {
    await client.close();
  }
}

function ensureTreeAndResolve() {
  const { built, ms } = ensureTree();
  return { path: fs.realpathSync(TREE_DIR), built, ms };
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
});
