// Targets 4–6 on the 1,000,000-file tree: partial pages and their continuation, peak RSS,
// cancellation and progress.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkTopOfPrefix,
  comparePaths,
  compareTimeDesc,
  compareWithReference,
  countOutOfOrder,
  cpuStoppedAt,
  isQuiet,
  median,
  progressGaps,
} from './bench-lib.mjs';
import {
  count,
  iso,
  LIMIT,
  now,
  RUNS_1M,
  samePaths,
  say,
  sleep,
  STOPPED_EARLY,
  toEntries,
} from './bench-common.mjs';
import { fdFiles, findFiles, findListing } from './commands.mjs';
import { pageAll, search, startServer } from './server-session.mjs';
import { fileCount, fromSecForShare, indexOfRelPath, TREE_1M } from './tree.mjs';

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
export async function measure1mDefault(tree, fd) {
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
export async function measure1mCancelProgress(tree) {
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
