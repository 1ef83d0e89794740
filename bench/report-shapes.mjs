// Issue 40's rows (S1–S6): instant on any shape of folder, next to the engine rows (E1–E9b).
import { evaluate, fmtMb, fmtMs, fmtRatio } from './bench-lib.mjs';
import { TS } from './measure-shapes.mjs';

/** Adds the rows of `shapes` (measureShapes, checkCosts) with `target(id, measure, value, target, verdict)`. */
export function shapeRows(s, target) {
  if (!s) {
    for (const id of ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'])
      target(id, 'deep 1M tree with scattered times', 'not measured (--quick)', '', 'SKIPPED');
    return;
  }
  const [newest, ...others] = s.queries;
  const wrong = s.queries.flatMap((q) => q.problems);
  const verdictOf = (value, max) => (wrong.length > 0 ? 'FAIL' : evaluate(value, { max }));
  target(
    'S1',
    'engine, deep 1M tree, times scattered: first page, newest after T (time_desc, limit 100, median of 5) through a server started as AI apps start it',
    `**${fmtMs(newest.firstMs)}**; ${wrong.length === 0 ? 'complete, equals find' : `WRONG: ${wrong.slice(0, 2).join('; ')}`}`,
    `≤ ${TS.firstMs} ms`,
    verdictOf(newest.firstMs, TS.firstMs),
  );
  const slowestFirst = Math.max(...others.map((q) => q.firstMs));
  target(
    'S2',
    'engine, deep 1M tree: first page of the other queries (median of 5 each)',
    `${others.map((q) => `${q.label} ${fmtMs(q.firstMs)}`).join('; ')}; each equals find`,
    `≤ ${TS.firstMs} ms`,
    verdictOf(slowestFirst, TS.firstMs),
  );
  const slowestNext = Math.max(...s.queries.map((q) => q.nextMs));
  target(
    'S3',
    'engine, deep 1M tree: next page with nextCursor (median of 5 each)',
    s.queries.map((q) => `${q.label} ${fmtMs(q.nextMs)}`).join('; '),
    `≤ ${TS.nextMs} ms`,
    verdictOf(slowestNext, TS.nextMs),
  );
  const ratio = s.checkDeep.perMatchUs / s.checkShallow.perMatchUs;
  target(
    'S4',
    "the server's check of each engine match on disk (a page of 100 at each depth, checked in turn, median of 101): per match at depth 7 (deep tree) / depth 3 (bench 1M tree)",
    `${s.checkDeep.perMatchUs.toFixed(1)} µs / ${s.checkShallow.perMatchUs.toFixed(1)} µs (= ${fmtRatio(ratio)}; ${s.checkDeep.folders} and ${s.checkShallow.folders} folders)`,
    `≤ ${fmtRatio(TS.checkDeepVsShallow)}: not growing with depth`,
    evaluate(ratio, { max: TS.checkDeepVsShallow }),
  );
  const loop = Math.max(s.crawlLoop.p99Ms, s.answerLoop.p99Ms);
  target(
    'S5',
    `the engine's own event loop (an answer to a probe every 5 ms, p99 / max): while it reads the deep 1M tree (${fmtMs(s.crawlMs)}) / while it answers S1–S3`,
    `${fmtMs(s.crawlLoop.p99Ms)} / ${fmtMs(s.crawlLoop.maxMs)} (${s.crawlLoop.count} probes); ${fmtMs(s.answerLoop.p99Ms)} / ${fmtMs(s.answerLoop.maxMs)} (${s.answerLoop.count} probes)`,
    `≤ ${TS.engineLoopP99Ms} ms p99`,
    evaluate(loop, { max: TS.engineLoopP99Ms }),
  );
  target(
    'S6',
    "the engine's memory at 1M files (deep tree), after answering S1–S3 (both time orders built) and 5 s quiet",
    fmtMb(s.engineRssKb),
    `≤ ${TS.engineRssMb} MB`,
    evaluate(s.engineRssKb / 1024, { max: TS.engineRssMb }),
  );
}
