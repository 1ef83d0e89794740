// Benchmark of `fs.search_by_time` (`npm run bench`, `npm run bench -- --quick`): issue 12's
// targets, each measured side by side with GNU find (and fd when installed) on the same query,
// printed as a Markdown table next to its target. Exit 0 when every target is met, 2 when one is
// missed (a wrong answer is a missed target), 1 when the bench cannot run.
//
// Trees (bench/tree.mjs) are built once and cached: 200,000 files in bench/.tree/, 1,000,000
// empty files in bench/.tree-1m/ (skipped with --quick). The built server is started over stdio
// with the SDK client; a worker thread samples its process tree in /proc (peak RSS, CPU time).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkTopOfPrefix,
  closingLine,
  comparePaths,
  compareTimeDesc,
  compareWithReference,
  countOutOfOrder,
  cpuStoppedAt,
  evaluate,
  exitCodeFor,
  fmtMb,
  fmtMs,
  fmtRatio,
  formatTable,
  isQuiet,
  median,
  progressGaps,
  tally,
} from './bench-lib.mjs';
import { startSampler } from './proc-sampler.mjs';
import { isRunning } from './proc-tree.mjs';
import {
  ensureTree,
  fileCount,
  folderCount,
  fromSecForShare,
  indexOfRelPath,
  TREE_1M,
  TREE_200K,
} from './tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ENTRY = path.join(here, '..', 'mcp-server', 'dist', 'index.js');
const QUICK = process.argv.includes('--quick');
const RUNS = 5;
const RUNS_1M = 3;
const LIMIT = 100;
const TOOL = 'fs.search_by_time';
const GLOB = '**/f00*.txt';
// Targets (issue 12).
const T = {
  firstVsFind: 1.0,
  laterVsFirst: 0.1,
  rss200kMb: 200,
  rss1mMb: 300,
  cancelMs: 100,
  progressGapMs: 500,
  startupMs: 300,
};

/** Processes of a closed server that were still running 3 s after its client closed. */
const leftovers = [];

const now = () => performance.timeOrigin + performance.now();
const say = (line) => process.stderr.write(`bench: ${line}\n`);
const iso = (sec) => new Date(sec * 1000).toISOString();
const count = (n) => n.toLocaleString('en-US');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// External tools: find and fd, timed on the same query.

/** Runs a command, counting output lines; resolves { ms, count, lines? }. */
function runCommand(command, args, { keep = false, env } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env ?? process.env,
    });
    let lines = 0;
    let stderr = '';
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (keep) chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`));
      const text = keep ? Buffer.concat(chunks).toString('utf8') : null;
      resolve({ ms, count: lines, lines: text?.split('\n').filter(Boolean) ?? null });
    });
  });
}

/** `find <tree> -type f -newermt @from [! -newermt @to]`, timed. */
const findFiles = (tree, fromSec, toSec = null) =>
  runCommand('find', [
    tree,
    '-type',
    'f',
    '-newermt',
    `@${fromSec}`,
    ...(toSec === null ? [] : ['!', '-newermt', `@${toSec}`]),
  ]);

/** The same match list with mtimes, as { path, t (ms) }: the reference for correctness. */
async function findListing(tree, fromSec, toSec = null) {
  const args = [tree, '-type', 'f', '-newermt', `@${fromSec}`];
  if (toSec !== null) args.push('!', '-newermt', `@${toSec}`);
  const { lines } = await runCommand('find', [...args, '-printf', '%T@ %p\\n'], { keep: true });
  return lines.map((line) => {
    const space = line.indexOf(' ');
    return { t: Math.round(Number(line.slice(0, space)) * 1000), path: line.slice(space + 1) };
  });
}

/** fd's name on this machine (Debian: fdfind), or null. */
function detectFd() {
  for (const name of ['fdfind', 'fd']) {
    const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return { name, version: probe.stdout.trim() };
  }
  return null;
}

/** fd for the same query: every file (-u: hidden and ignored too) changed after `from`. */
function fdFiles(fd, tree, fromSec) {
  const when = iso(fromSec).replace('T', ' ').slice(0, 19); // fd reads 'YYYY-MM-DD HH:MM:SS'
  return runCommand(fd.name, ['-u', '--type', 'f', '--changed-after', when, '.', tree], {
    env: { ...process.env, TZ: 'UTC' },
  });
}

// ---------------------------------------------------------------------------------------------
// The server.

/** Starts the built server over stdio, connects the SDK client and starts sampling its tree. */
async function startServer(root, extraArgs = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, '--root', root, ...extraArgs],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const client = new Client({ name: 'foldergate-bench', version: '2.0.0' });
  await client.connect(transport);
  const sampler = await startSampler(transport.pid);
  return {
    client,
    pid: transport.pid,
    sampler,
    stderr: () => stderr,
    /** Closes the client; resolves with the server's processes still running 3 s later. */
    async close() {
      const { pids } = await sampler.peak();
      await sampler.stop();
      await client.close();
      const until = Date.now() + 3000;
      let running = pids.filter(isRunning);
      while (running.length > 0 && Date.now() < until) {
        await sleep(50);
        running = running.filter(isRunning);
      }
      leftovers.push(...running);
      return running;
    },
  };
}

/** One tools/call; resolves { ms, out, summary } or throws with the tool's error text. */
async function search(client, args, options = {}) {
  const started = performance.now();
  const result = await client.callTool(
    { name: TOOL, arguments: { timeField: 'modified', ...args } },
    undefined,
    { timeout: 300_000, ...options },
  );
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`search failed: ${result.content?.[0]?.text ?? '?'}`);
  return { ms, out: result.structuredContent, summary: result.content?.[0]?.text ?? '' };
}

/** Pages through a query with nextCursor; returns every page's output and summary. */
async function pageAll(client, args, maxPages = 2000) {
  const started = performance.now();
  const pages = [];
  let cursor = null;
  do {
    const { out, summary } = await search(client, { ...args, ...(cursor ? { cursor } : {}) });
    pages.push({ out, summary });
    cursor = out.nextCursor;
  } while (cursor && pages.length < maxPages);
  return { pages, ms: performance.now() - started, endless: cursor !== null };
}

const toEntries = (matches) => matches.map((m) => ({ path: m.path, t: Date.parse(m.modifiedAt) }));
const samePaths = (a, b) => a.length === b.length && a.every((m, i) => m.path === b[i].path);
const STOPPED_EARLY = /stopped early/i;

// ---------------------------------------------------------------------------------------------
// Measurements.

/** Target 7: spawn → initialize → first tools/list answer, median of fresh spawns. */
async function measureStartup(root) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_ENTRY, '--root', root],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'foldergate-bench', version: '2.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    times.push(performance.now() - started);
    await client.close();
    if (!tools.some((t) => t.name === TOOL)) throw new Error(`tools/list has no ${TOOL}`);
  }
  return { ms: median(times), times };
}

/** Targets 1–3 and the full paging check on the 200,000-file tree. */
async function measure200k(tree, fd) {
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

/** Checks a time_desc partial page against the reference; returns problems (empty: correct). */
function checkPartialPage(p, byPath, result, tree) {
  const problems = [];
  if (!result.out.nextCursor) problems.push('no nextCursor');
  if (!STOPPED_EARLY.test(result.summary))
    problems.push(`the summary does not say the scan stopped early: "${result.summary}"`);
  const top = checkTopOfPrefix(byPath, toEntries(result.out.matches));
  if (!top.ok) return { problems: [...problems, top.reason], prefix: null };
  const rel = (abs) => path.relative(tree, abs).split(path.sep).join('/');
  const lowFiles = indexOfRelPath(p, rel(top.lastIn)) + 1;
  const highFiles = top.firstOut === null ? fileCount(p) : indexOfRelPath(p, rel(top.firstOut));
  const scanned = result.out.stats.scannedFiles;
  // The page can only rank files the scan saw: the prefix it covers must fit in what was scanned.
  if (lowFiles > scanned)
    problems.push(
      `the page needs the first ${count(lowFiles)} files, but ${count(scanned)} were scanned`,
    );
  return { problems, prefix: { lowFiles, highFiles, scanned } };
}

/** Target 4: the 1,000,000-file tree with default limits; partial pages and their continuation. */
async function measure1mDefault(tree, fd) {
  const p = TREE_1M;
  const fromSec = fromSecForShare(p, 0.4);
  say('1M: find listing (reference, warms the cache) …');
  const reference = await findListing(tree, fromSec);
  const byPath = [...reference].sort((a, b) => comparePaths(a.path, b.path));
  // A narrow window (2,000 files, ~400 per 200,000 scanned): a path_asc page of 1,000 is cut by
  // the scan limit, not by the page size, so every page ends at the limit and continues.
  const rank = fileCount(p) / 2;
  const winFrom = p.baseSec + rank * p.stepSec;
  const winTo = p.baseSec + (rank + 2000) * p.stepSec;
  const window = await findListing(tree, winFrom, winTo);
  const windowByPath = [...window].sort((a, b) => comparePaths(a.path, b.path));

  const server = await startServer(tree);
  try {
    const { client } = server;
    const first = [];
    const find = [];
    const fdRuns = [];
    const problems = [];
    let prefix = null;
    let scanned = null;
    for (let i = 0; i < RUNS_1M; i++) {
      say(`1M: first page with default limits, round ${i + 1} of ${RUNS_1M} …`);
      const r = await search(client, { from: iso(fromSec + i + 1), limit: LIMIT });
      first.push(r.ms);
      find.push(await findFiles(tree, fromSec));
      if (fd) fdRuns.push(await fdFiles(fd, tree, fromSec));
      const check = checkPartialPage(p, byPath, r, tree);
      problems.push(...check.problems.map((x) => `first page ${i + 1}: ${x}`));
      prefix = check.prefix ?? prefix;
      scanned = r.out.stats;
    }
    if (find.some((f) => f.count !== reference.length))
      problems.push(
        `find counted ${find.map((f) => f.count).join('/')}, listed ${reference.length}`,
      );

    say('1M: paging a narrow window through the scan limit (path_asc, time_desc) …');
    const winArgs = { from: iso(winFrom), to: iso(winTo), limit: 1000 };
    const asc = await pageAll(client, { ...winArgs, sort: 'path_asc' }, 100);
    const desc = await pageAll(client, { ...winArgs, sort: 'time_desc' }, 100);
    const continuation = [];
    const ascAll = asc.pages.flatMap((pg) => toEntries(pg.out.matches));
    if (asc.endless) continuation.push('path_asc: more than 100 pages');
    if (!STOPPED_EARLY.test(asc.pages[0].summary) || !asc.pages[0].out.nextCursor)
      continuation.push('path_asc: the first page was not cut by the scan limit');
    if (!samePaths(ascAll, windowByPath)) {
      const c = compareWithReference(
        window.map((m) => m.path),
        ascAll.map((m) => m.path),
      );
      continuation.push(
        `path_asc pages ≠ find (missing ${c.missing}, extra ${c.extra}, repeated ${c.duplicates})`,
      );
    }
    const descAll = desc.pages.flatMap((pg) => toEntries(pg.out.matches));
    const dc = compareWithReference(
      window.map((m) => m.path),
      descAll.map((m) => m.path),
    );
    if (desc.endless) continuation.push('time_desc: more than 100 pages');
    if (!dc.ok)
      continuation.push(
        `time_desc pages ≠ find (missing ${dc.missing}, extra ${dc.extra}, repeated ${dc.duplicates})`,
      );
    if (desc.pages.some((pg) => countOutOfOrder(toEntries(pg.out.matches), compareTimeDesc) > 0))
      continuation.push('time_desc: a page is not sorted');
    const firstDesc = checkPartialPage(p, windowByPath, { ...desc.pages[0], ms: 0 }, tree);
    continuation.push(...firstDesc.problems.map((x) => `time_desc first page: ${x}`));

    return {
      fromIso: iso(fromSec),
      matches: reference.length,
      firstMs: median(first),
      findMs: median(find.map((f) => f.ms)),
      fdMs: fdRuns.length ? median(fdRuns.map((f) => f.ms)) : null,
      fdCounts: fdRuns.map((f) => f.count),
      problems,
      prefix,
      scanned,
      window: { count: window.length, ascPages: asc.pages.length, descPages: desc.pages.length },
      continuation,
      rss: await server.sampler.peak(),
    };
  } catch (error) {
    say(`server stderr:\n${server.stderr()}`);
    throw error;
  } finally {
    await server.close();
  }
}

/** Waits (up to 10 s) until the server's tree has used no CPU for 300 ms; true when it did. */
async function waitForQuiet(sampler) {
  const until = now() + 10_000;
  while (now() < until) {
    if (isQuiet(await sampler.timeline(now() - 1000, now()), 300)) return true;
    await sleep(100);
  }
  return false;
}

/** Reads the audit folder's lines until one matches, for up to `waitMs`. */
async function waitForRecord(auditDir, isWanted, waitMs = 5000) {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    for (const name of fs.existsSync(auditDir) ? fs.readdirSync(auditDir) : []) {
      if (!name.endsWith('.jsonl')) continue;
      for (const line of fs.readFileSync(path.join(auditDir, name), 'utf8').split('\n')) {
        if (!line) continue;
        try {
          const record = JSON.parse(line);
          if (isWanted(record)) return record;
        } catch {
          // a line being written
        }
      }
    }
    await sleep(20);
  }
  return null;
}

/** Targets 5 and 6 on the 1M tree, with limits raised so one page scans the whole tree. */
async function measure1mCancelProgress(tree) {
  const p = TREE_1M;
  const fromSec = fromSecForShare(p, 0.4);
  const auditDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foldergate-bench-audit-'));
  const server = await startServer(tree, [
    '--audit-dir',
    auditDir,
    '--max-files-scanned',
    String(fileCount(p)),
    '--timeout-ms',
    '300000',
  ]);
  try {
    const { client } = server;
    say('1M: progress notifications during a whole-tree page …');
    const notified = [];
    const startedAt = now();
    const r = await search(
      client,
      { from: iso(fromSec + 40), limit: LIMIT },
      { onprogress: () => notified.push(now()) },
    );
    const progress = { ...progressGaps(startedAt, notified, now()), pageMs: r.ms };

    const cancels = [];
    for (let i = 0; i < RUNS_1M; i++) {
      say(`1M: cancellation ${i + 1} of ${RUNS_1M} …`);
      // Only this call's scan may count: work left over from the call before is waited out.
      const quiet = await waitForQuiet(server.sampler);
      const from = iso(fromSec + 50 + i);
      const controller = new AbortController();
      let cancelAt = null;
      let cancelWall = null;
      const timer = setTimeout(() => {
        cancelAt = now();
        cancelWall = Date.now();
        controller.abort();
      }, 200);
      let answered = false;
      try {
        await search(client, { from, limit: LIMIT }, { signal: controller.signal });
        answered = true;
      } catch (error) {
        if (!controller.signal.aborted) throw error;
      }
      clearTimeout(timer);
      if (answered) {
        cancels.push({ answered: true });
        continue;
      }
      const record = await waitForRecord(
        auditDir,
        (rec) => rec.args?.from === from && rec.outcome === 'cancelled',
      );
      await sleep(1500);
      const timeline = await server.sampler.timeline(cancelAt - 100, cancelAt + 1500);
      const cpuStop = cpuStoppedAt(timeline, cancelAt);
      const auditMs = record ? Date.parse(record.time) + record.durationMs - cancelWall : null;
      const cpuMs = cpuStop === null ? null : cpuStop - cancelAt;
      cancels.push({ answered: false, auditMs, cpuMs, recorded: record !== null, quiet });
    }
    return { progress, cancels, rss: await server.sampler.peak() };
  } catch (error) {
    say(`server stderr:\n${server.stderr()}`);
    throw error;
  } finally {
    await server.close();
    fs.rmSync(auditDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

function machine(treePath) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const df = spawnSync('df', ['-T', treePath], { encoding: 'utf8' }).stdout.trim().split('\n');
  const [device, type, size] = (df[1] ?? '').split(/\s+/);
  let osName = `${os.type()} ${os.release()}`;
  try {
    const release = fs.readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(release)?.[1];
    if (pretty) osName = `${pretty}, kernel ${os.release()}`;
  } catch {
    // not Linux, or no os-release
  }
  const disk = device
    ? `${type} on ${device} (${(Number(size) / 1024 ** 2).toFixed(0)} GB)`
    : 'unknown';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return { cores: os.cpus().length, cpu, disk, os: osName, node: process.version, load };
}

function buildRows({ startup, k200, m1, m1cp, fd, quick }) {
  const rows = [];
  const info = (measure, value) => rows.push({ measure, value });
  const target = (id, measure, value, targetText, verdict) =>
    rows.push({ id, measure, value, target: targetText, result: verdict });
  const vsFind = k200.firstMs / k200.findMs;
  const fdText = (ms, counts, expected) =>
    !fd
      ? 'skipped: neither fdfind nor fd is installed'
      : `${fmtMs(ms)}${counts.every((c) => c === expected) ? '' : ` (counted ${counts.join('/')}, expected ${expected}!)`}`;

  info(
    '200k: `find -type f -newermt` (median of 5)',
    `${fmtMs(k200.findMs)}, ${count(k200.expected)} files`,
  );
  info(
    `200k: \`${fd?.name ?? 'fd'} -u --type f --changed-after\` (median of 5)`,
    fdText(k200.fdMs, k200.fdCounts, k200.expected),
  );
  target(
    1,
    '200k: first page through a running server (time_desc, limit 100, median of 5)',
    `${fmtMs(k200.firstMs)} = ${fmtRatio(vsFind)} find${fd && k200.fdMs ? `, ${fmtRatio(k200.firstMs / k200.fdMs)} fd` : ''}`,
    `≤ ${fmtRatio(T.firstVsFind)} find`,
    evaluate(vsFind, { max: T.firstVsFind }),
  );
  const nextRatio = k200.nextMs / k200.firstMs;
  target(
    '2a',
    '200k: next page with nextCursor (median of 5)',
    `${fmtMs(k200.nextMs)} = ${fmtRatio(nextRatio)} first page`,
    `≤ ${fmtRatio(T.laterVsFirst)} first page`,
    evaluate(nextRatio, { max: T.laterVsFirst }),
  );
  const repeatRatio = k200.repeatMs / k200.firstMs;
  target(
    '2b',
    '200k: the same first page again, right after (median of 5)',
    `${fmtMs(k200.repeatMs)} = ${fmtRatio(repeatRatio)} first page`,
    `≤ ${fmtRatio(T.laterVsFirst)} first page`,
    evaluate(repeatRatio, { max: T.laterVsFirst }),
  );
  info('200k: path_asc first page (median of 5)', fmtMs(k200.pathAscMs));
  info(`200k: glob '${GLOB}' time_desc first page (median of 5)`, fmtMs(k200.globMs));
  const rss200 = k200.rss.totalKb / 1024;
  target(
    3,
    '200k: server peak RSS, server + child processes (VmHWM, sampled every 50 ms)',
    `${fmtMb(k200.rss.totalKb)} (server ${fmtMb(k200.rss.parentKb)}, ${k200.rss.pids.length} process${k200.rss.pids.length === 1 ? '' : 'es'}; ${fmtMb(k200.rssTimed.totalKb)} after the timed calls)`,
    `≤ ${T.rss200kMb} MB`,
    evaluate(rss200, { max: T.rss200kMb }),
  );
  const pg = k200.paging;
  target(
    8,
    `200k: every match paged (limit 1000, path_asc ${pg.asc.pages.length} pages, time_desc ${pg.desc.pages.length} pages) and the timed pages agree with find`,
    pg.problems.length === 0
      ? `yes, ${count(pg.matches)} matches; paging took ${fmtMs(pg.ms)}`
      : `no: ${pg.problems.slice(0, 3).join('; ')}`,
    'agree',
    evaluate(pg.problems.length === 0, { equals: true }),
  );

  if (quick) {
    for (const [id, measure, t] of [
      [4, '1M: first page with default limits, correct partial page', 'finishes, correct'],
      ['4b', '1M: partial pages continue correctly (path_asc, time_desc)', 'agree'],
      ['4c', '1M: server peak RSS, server + child processes', `≤ ${T.rss1mMb} MB`],
      [5, '1M: cancellation: cancel → scan stopped (median of 3)', `≤ ${T.cancelMs} ms`],
      [6, '1M: progress notifications: largest silence', `≤ ${T.progressGapMs} ms`],
    ])
      target(id, measure, 'not measured (--quick)', t, 'SKIPPED');
  } else {
    const pf = m1.prefix;
    info(
      '1M: `find -type f -newermt` (median of 3)',
      `${fmtMs(m1.findMs)}, ${count(m1.matches)} files`,
    );
    info(
      `1M: \`${fd?.name ?? 'fd'}\` same query (median of 3)`,
      fdText(m1.fdMs, m1.fdCounts, m1.matches),
    );
    target(
      4,
      '1M: first page with default limits (time_desc, limit 100, median of 3): finishes with a correct partial page',
      `${fmtMs(m1.firstMs)} = ${fmtRatio(m1.firstMs / m1.findMs)} find; ` +
        (m1.problems.length === 0
          ? `scanned ${count(m1.scanned.scannedFiles)} files, nextCursor, "stopped early"; the page is the newest 100 of the first ${count(pf.lowFiles)}–${count(pf.highFiles)} files in path order`
          : `wrong: ${m1.problems.slice(0, 3).join('; ')}`),
      'finishes, correct',
      evaluate(m1.problems.length === 0, { equals: true }),
    );
    target(
      '4b',
      `1M: a 2,000-file window paged with limit 1000 through the scan limit (path_asc ${m1.window.ascPages} pages, time_desc ${m1.window.descPages} pages)`,
      m1.continuation.length === 0
        ? `agrees with find (${count(m1.window.count)} files)`
        : `no: ${m1.continuation.slice(0, 3).join('; ')}`,
      'agree',
      evaluate(m1.continuation.length === 0, { equals: true }),
    );
    const rssKb = Math.max(m1.rss.totalKb, m1cp.rss.totalKb);
    target(
      '4c',
      '1M: server peak RSS, server + child processes',
      `${fmtMb(rssKb)} (default limits: ${fmtMb(m1.rss.totalKb)}, server ${fmtMb(m1.rss.parentKb)}; whole-tree pages: ${fmtMb(m1cp.rss.totalKb)}, server ${fmtMb(m1cp.rss.parentKb)})`,
      `≤ ${T.rss1mMb} MB`,
      evaluate(rssKb / 1024, { max: T.rss1mMb }),
    );
    // The later of the two signs; a missing record is reported, the CPU alone still measures.
    const stopped = m1cp.cancels.filter((c) => !c.answered && c.cpuMs !== null);
    const stopMs = stopped.map((c) => Math.max(c.auditMs ?? 0, c.cpuMs));
    const cancelMs = stopMs.length === m1cp.cancels.length ? median(stopMs) : null;
    target(
      5,
      '1M: cancellation 200 ms into a whole-tree page: cancel → scan stopped (later of the cancelled record and the CPU going quiet; median of 3)',
      cancelMs === null
        ? `not measured: ${m1cp.cancels.map((c) => (c.answered ? 'answered before the cancel' : c.cpuMs === null ? 'no CPU samples' : 'ok')).join(', ')}`
        : `${fmtMs(cancelMs)} (cancelled record ${m1cp.cancels.map((c) => (c.recorded ? fmtMs(c.auditMs) : 'missing')).join('/')}, CPU ${m1cp.cancels.map((c) => fmtMs(c.cpuMs)).join('/')}${m1cp.cancels.some((c) => !c.quiet) ? '; the server was not idle before every cancel' : ''})`,
      `≤ ${T.cancelMs} ms`,
      evaluate(cancelMs, { max: T.cancelMs }),
    );
    const pr = m1cp.progress;
    target(
      6,
      '1M: progress notifications during a whole-tree page: largest silence (call → first, between, last → answer)',
      `${fmtMs(pr.largestGapMs)}; first after ${fmtMs(pr.firstMs)}; ${pr.count} notifications in ${fmtMs(pr.pageMs)}`,
      `≤ ${T.progressGapMs} ms`,
      evaluate(pr.largestGapMs, { max: T.progressGapMs }),
    );
  }
  info(
    'processes of a server still running 3 s after its client closed',
    leftovers.length === 0
      ? 'none'
      : `${leftovers.length} LEFT RUNNING (pids ${leftovers.join(', ')})`,
  );
  target(
    7,
    'server start → first tools/list answer (spawn, initialize, tools/list; median of 5)',
    fmtMs(startup.ms),
    `≤ ${T.startupMs} ms`,
    evaluate(startup.ms, { max: T.startupMs }),
  );
  return rows;
}

async function main() {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const benchStart = performance.now();
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const fd = detectFd();
  const t200 = ensureTree(TREE_200K, path.join(here, '.tree'));
  const t1m = QUICK ? null : ensureTree(TREE_1M, path.join(here, '.tree-1m'));

  say('server start → tools/list …');
  const startup = await measureStartup(t200.path);
  const k200 = await measure200k(t200.path, fd);
  const m1 = t1m ? await measure1mDefault(t1m.path, fd) : null;
  const m1cp = t1m ? await measure1mCancelProgress(t1m.path) : null;

  const rows = buildRows({ startup, k200, m1, m1cp, fd, quick: QUICK });
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
          : '1M tree skipped (--quick).'),
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
