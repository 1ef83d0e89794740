// The report: the machine, and one table row per figure, next to its target.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { evaluate, fmtMb, fmtMs, fmtRatio, median } from './bench-lib.mjs';
import { count, GLOB, T } from './bench-common.mjs';
import { TE } from './measure-engine.mjs';
import { shapeRows } from './report-shapes.mjs';
import { leftovers } from './server-session.mjs';

/** Cores, CPU, the tree's file system and disk, OS, Node version and load average. */
export function machine(treePath) {
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

// Total (the target's figure), the server alone, how many processes, and the live peak.
const rssText = (rss) =>
  `${fmtMb(rss.totalKb)}, server ${fmtMb(rss.parentKb)}, ${rss.pids.length} process${rss.pids.length === 1 ? '' : 'es'}, at one moment ${fmtMb(rss.atOnceKb)}`;

/** The table: information rows, and one row per target with its value, target and verdict. */
export function buildRows({ startup, k200, m1, m1cp, fd, quick, engine, shapes = null }) {
  const rows = [];
  const info = (measure, value) => rows.push({ measure, value });
  const target = (id, measure, value, targetText, verdict) =>
    rows.push({ id, measure, value, target: targetText, result: verdict });
  const vsFind = k200.firstMs / k200.findMs;
  const fdText = (ms, counts, expected) =>
    !fd
      ? 'skipped: neither fdfind nor fd is installed'
      : counts.every((c) => c === expected)
        ? `${fmtMs(ms)}, ${count(expected)} files (same as find)`
        : `${fmtMs(ms)}, but it listed ${counts.map(count).join('/')} files, not ${count(expected)}`;

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
  info(
    '200k: in-process floor, one Node thread: readdir walk / readdir + lstat of every file (median of 3)',
    `${fmtMs(k200.floors.readdirMs)} / ${fmtMs(k200.floors.readdirLstatMs)}`,
  );
  const rss200 = k200.rss.totalKb / 1024;
  target(
    3,
    '200k: server peak RSS, server + child processes (VmHWM, sampled every 50 ms)',
    `${rssText(k200.rss)}; ${fmtMb(k200.rssTimed.totalKb)} after the timed calls`,
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
      `${fmtMb(rssKb)} (default limits: ${rssText(m1.rss)}; whole-tree pages: ${rssText(m1cp.rss)})`,
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
  if (engine) engineRows(engine, k200, m1, fd, quick, target);
  if (engine) shapeRows(shapes, target);
  target(
    7,
    'server start → first tools/list answer (spawn, initialize, tools/list; median of 5)',
    fmtMs(startup.ms),
    `≤ ${T.startupMs} ms`,
    evaluate(startup.ms, { max: T.startupMs }),
  );
  return rows;
}

/** Issue 20's rows: the search engine (E1–E8). */
function engineRows(e, k200, m1, fd, quick, target) {
  const vs = (ms, findMs, fdMs) =>
    `${fmtMs(ms)} = ${fmtRatio(ms / findMs)} find${fd && fdMs ? `, ${fmtRatio(ms / fdMs)} fd` : ''}`;
  const complete = (p) =>
    p.problems.length === 0
      ? 'complete (the whole folder), equals find'
      : `WRONG: ${p.problems.slice(0, 2).join('; ')}`;
  target(
    'E1',
    'engine, 200k: first page (time_desc, limit 100, median of 5) through a server started as AI apps start it',
    `${vs(e.p200.firstMs, k200.findMs, k200.fdMs)}; ${complete(e.p200)}`,
    `≤ ${TE.firstMs} ms, complete`,
    e.p200.problems.length === 0 ? evaluate(e.p200.firstMs, { max: TE.firstMs }) : 'FAIL',
  );
  if (quick || !e.p1m) {
    target(
      'E2',
      'engine, 1M: first page',
      'not measured (--quick)',
      `≤ ${TE.firstMs} ms, complete`,
      'SKIPPED',
    );
  } else {
    target(
      'E2',
      'engine, 1M: first page (time_desc, limit 100, median of 5)',
      `${vs(e.p1m.firstMs, m1.findMs, m1.fdMs)}; ${complete(e.p1m)}`,
      `≤ ${TE.firstMs} ms, complete`,
      e.p1m.problems.length === 0 ? evaluate(e.p1m.firstMs, { max: TE.firstMs }) : 'FAIL',
    );
  }
  // Issue 36: kinds and a size range with the time range, 1M the target (200k shown beside it).
  const kindsWrong = [...e.k200.problems, ...(e.k1m?.problems ?? [])];
  target(
    'E9',
    'engine: first page with kinds (document, code) and sizes 0–6 bytes (time_desc, limit 100, median of 5; 1M / 200k)',
    `${e.k1m ? fmtMs(e.k1m.firstMs) : '1M not measured (--quick)'} / ${fmtMs(e.k200.firstMs)}; ${
      kindsWrong.length === 0 ? 'equals find' : `WRONG: ${kindsWrong.slice(0, 2).join('; ')}`
    }`,
    `≤ ${TE.firstMs} ms at 1M`,
    kindsWrong.length > 0
      ? 'FAIL'
      : e.k1m
        ? evaluate(e.k1m.firstMs, { max: TE.firstMs })
        : 'SKIPPED',
  );
  // Issue 36: kinds and sizes that no file has, so the folders' summaries decide (E9b).
  const selectiveWrong = [...e.s200.problems, ...(e.s1m?.problems ?? [])];
  const each = (s) => s.firstMs.map(fmtMs).join(' and ');
  target(
    'E9b',
    "engine: first page with kinds ['video'], then minSize 8, which no file matches (median of 5 each; 1M / 200k)",
    `${e.s1m ? each(e.s1m) : '1M not measured (--quick)'} / ${each(e.s200)}; ${
      selectiveWrong.length === 0
        ? 'no match, the whole folder counted'
        : `WRONG: ${selectiveWrong.slice(0, 2).join('; ')}`
    }`,
    `≤ ${TE.firstMs} ms at 1M`,
    selectiveWrong.length > 0
      ? 'FAIL'
      : e.s1m
        ? evaluate(Math.max(...e.s1m.firstMs), { max: TE.firstMs })
        : 'SKIPPED',
  );
  const nextMs = Math.max(e.p200.nextMs, e.p1m?.nextMs ?? 0);
  target(
    'E3',
    'engine: next page with nextCursor (median of 5; 200k / 1M)',
    `${fmtMs(e.p200.nextMs)} / ${e.p1m ? fmtMs(e.p1m.nextMs) : 'not measured'}`,
    `≤ ${TE.nextMs} ms`,
    evaluate(nextMs, { max: TE.nextMs }),
  );
  target(
    'E4',
    'engine: a file created / modified / deleted on disk → shown so by a search (200k tree; median of 20)',
    `${fmtMs(e.changes.medianMs)} (slowest ${fmtMs(e.changes.maxMs)})`,
    `≤ ${fmtMs(TE.changeMs)}`,
    evaluate(e.changes.medianMs, { max: TE.changeMs }),
  );
  const crawlRatio = e.crawlMs / e.findMs;
  target(
    'E5',
    'engine: first crawl of 200k (app start → folder ready, median of 3) against `find -type f -newermt` on the same tree',
    `${fmtMs(e.crawlMs)} = ${fmtRatio(crawlRatio)} find (${fmtMs(e.findMs)})`,
    `≤ ${fmtRatio(TE.crawlVsFind)} find`,
    evaluate(crawlRatio, { max: TE.crawlVsFind }),
  );
  target(
    'E6',
    '5 connected servers, tools listed, no search yet: RSS together, each with its children',
    `${fmtMb(e.idle.totalKb)} (${e.idle.eachKb.map(fmtMb).join(', ')}; ${e.idle.processes} processes, no scan process); PSS together ${fmtMb(e.idle.pssKb)} (Node's own code shared, counted once)`,
    `≤ ${TE.idleServersMb} MB`,
    evaluate(e.idle.totalKb / 1024, { max: TE.idleServersMb }),
  );
  if (quick || e.engineRssKb === undefined) {
    target(
      'E7',
      'engine RSS at 1M',
      'not measured (--quick)',
      `≤ ${TE.engineRss1mMb} MB`,
      'SKIPPED',
    );
    target(
      'E8',
      'app event-loop delay during the 1M crawl',
      'not measured (--quick)',
      `≤ ${TE.appDelayP99Ms} ms p99`,
      'SKIPPED',
    );
  } else {
    target(
      'E7',
      `engine RSS at 1M, once ready (VmRSS; crawl took ${fmtMs(e.crawl1mMs)})`,
      `${fmtMb(e.engineRssKb)} (peak during the crawl ${fmtMb(e.enginePeakKb)})`,
      `≤ ${TE.engineRss1mMb} MB`,
      evaluate(e.engineRssKb / 1024, { max: TE.engineRss1mMb }),
    );
    target(
      'E8',
      'app event-loop delay during the 1M crawl (the core in this process; p99 / max)',
      `${fmtMs(e.delayP99Ms)} / ${fmtMs(e.delayMaxMs)}`,
      `≤ ${TE.appDelayP99Ms} ms p99`,
      evaluate(e.delayP99Ms, { max: TE.appDelayP99Ms }),
    );
  }
}
