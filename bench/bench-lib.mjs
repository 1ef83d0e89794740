// Pure helpers of the benchmark (bench/search-bench.mjs): statistics, target evaluation, the
// Markdown table, and the checks that compare the server's pages with find's listing. No I/O
// (the path order is the server's own, bundled at load), so bench/bench-lib.int.test.ts covers
// them without building a tree.

/** Median of a non-empty list of numbers. */
export function median(values) {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// The server's path order, from its own source (search/walker.ts comparePaths): '/' sorts
// before every other character, so a folder's entries follow the folder itself.
import { comparePaths } from './search-order.mjs';

export { comparePaths };

/** time_desc order: newer first, ties by path. Entries are { path, t }. */
export const compareTimeDesc = (a, b) => (a.t === b.t ? comparePaths(a.path, b.path) : b.t - a.t);

/**
 * A target's verdict. `target` is { max } (value ≤ max), or { equals: true } for a yes/no check
 * given as a boolean value. A null value (not measured) fails; `skipped` wins over both.
 */
export function evaluate(value, target, skipped = false) {
  if (skipped) return 'SKIPPED';
  if (value === null || value === undefined || Number.isNaN(value)) return 'FAIL';
  if ('equals' in target) return value === target.equals ? 'PASS' : 'FAIL';
  return value <= target.max ? 'PASS' : 'FAIL';
}

const escapeCell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A Markdown table of rows { id, measure, value, target, result }; '' cells stay empty. */
export function formatTable(rows) {
  const header = ['#', 'measure', 'value', 'target', 'result'];
  const cells = rows.map((r) =>
    [r.id ?? '', r.measure, r.value, r.target ?? '', r.result ?? ''].map(escapeCell),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((text, i) => text.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** Counts of the verdicts among rows that carry one. */
export function tally(rows) {
  const count = (verdict) => rows.filter((r) => r.result === verdict).length;
  return { met: count('PASS'), missed: count('FAIL'), skipped: count('SKIPPED') };
}

/** The closing line, e.g. `bench: 9 targets met, 1 missed`. */
export function closingLine({ met, missed, skipped }) {
  const rest = skipped > 0 ? ` (${skipped} skipped)` : '';
  return `bench: ${met} target${met === 1 ? '' : 's'} met, ${missed} missed${rest}`;
}

/** 0 when every target was met (or skipped), 2 when one was missed. */
export function exitCodeFor({ missed }) {
  return missed > 0 ? 2 : 0;
}

/**
 * Compares what paging returned (paths in the order received, all pages) with the reference
 * list: paths missing, paths not in the reference, and paths returned more than once.
 */
export function compareWithReference(reference, returned) {
  const expected = new Set(reference);
  const seen = new Set();
  let duplicates = 0;
  let extra = 0;
  for (const p of returned) {
    if (seen.has(p)) duplicates++;
    else if (!expected.has(p)) extra++;
    seen.add(p);
  }
  let missing = 0;
  for (const p of expected) if (!seen.has(p)) missing++;
  return { missing, extra, duplicates, ok: missing === 0 && extra === 0 && duplicates === 0 };
}

/** How many neighbours in `entries` break `compare` (0 when sorted). */
export function countOutOfOrder(entries, compare) {
  let n = 0;
  for (let i = 1; i < entries.length; i++) if (compare(entries[i - 1], entries[i]) >= 0) n++;
  return n;
}

/**
 * Checks that `page` (time_desc, entries { path, t }) is exactly the newest `page.length` entries
 * of some prefix of `byPath` (every match of the query in the whole tree, sorted with
 * comparePaths): what a correct partial page is when the scan stopped early at a path. Returns
 * the prefix lengths (in matches) that fit, [low, high], with the last match the prefix must
 * hold and the first it must not (null: none), or ok: false with the reason.
 */
export function checkTopOfPrefix(byPath, page) {
  if (page.length === 0) return { ok: false, reason: 'the page is empty' };
  const index = new Map(byPath.map((m, i) => [m.path, i]));
  for (const m of page) {
    const i = index.get(m.path);
    if (i === undefined) return { ok: false, reason: `${m.path} is not a match` };
    if (byPath[i].t !== m.t) return { ok: false, reason: `${m.path} has the wrong time` };
  }
  if (countOutOfOrder(page, compareTimeDesc) > 0)
    return { ok: false, reason: 'the page is not sorted' };
  const onPage = new Set(page.map((m) => m.path));
  const last = page[page.length - 1];
  // The prefix must reach the page's furthest path, and must stop before the first other match
  // that would outrank the page's last entry.
  const low = Math.max(...page.map((m) => index.get(m.path))) + 1;
  let high = byPath.length;
  for (let i = 0; i < byPath.length; i++) {
    const m = byPath[i];
    if (!onPage.has(m.path) && compareTimeDesc(m, last) < 0) {
      high = i;
      break;
    }
  }
  if (low > high)
    return { ok: false, reason: `a newer match (${byPath[high].path}) lies inside the prefix` };
  return {
    ok: true,
    low,
    high,
    lastIn: byPath[low - 1].path,
    firstOut: byPath[high]?.path ?? null,
  };
}

/**
 * Progress cadence: the delay from the call to the first notification, and the largest silence
 * between the call, each notification and the answer (all times in ms on one clock).
 */
export function progressGaps(startedAt, notifiedAt, answeredAt) {
  const times = [startedAt, ...notifiedAt, answeredAt];
  let largest = 0;
  for (let i = 1; i < times.length; i++) largest = Math.max(largest, times[i] - times[i - 1]);
  return {
    count: notifiedAt.length,
    firstMs: notifiedAt.length > 0 ? notifiedAt[0] - startedAt : null,
    largestGapMs: largest,
  };
}

/**
 * When the process tree stopped using CPU after `cancelAt`: the first sample at or after it whose
 * cumulative CPU ticks are within `toleranceTicks` of the last sample's (the tree may still write
 * a record or answer a ping; one tick is /proc's resolution, 10 ms). `timeline` is [[time ms, ticks], …] in time order. Returns the
 * sample's time, or null when there is no sample after `cancelAt`.
 */
export function cpuStoppedAt(timeline, cancelAt, toleranceTicks = 1) {
  const after = timeline.filter(([t]) => t >= cancelAt);
  if (after.length === 0) return null;
  const final = after[after.length - 1][1];
  for (const [t, ticks] of after) if (ticks >= final - toleranceTicks) return t;
  return null;
}

/**
 * True when the timeline's CPU ticks grew by at most `toleranceTicks` over its last `windowMs`
 * (the tree is idle: a previous call's after-work is done), false while it is busy or too short.
 */
export function isQuiet(timeline, windowMs, toleranceTicks = 1) {
  if (timeline.length === 0) return false;
  const [lastT, lastTicks] = timeline[timeline.length - 1];
  const start = timeline.find(([t]) => t >= lastT - windowMs);
  if (!start || lastT - timeline[0][0] < windowMs) return false;
  return lastTicks - start[1] <= toleranceTicks;
}

/** Milliseconds as text: '523 ms', or '1.52 s' from 10 s. */
export function fmtMs(ms) {
  if (ms === null || ms === undefined) return 'n/a';
  return ms >= 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

/** A ratio as text: '0.85×'. */
export function fmtRatio(r) {
  return r === null || r === undefined || !Number.isFinite(r) ? 'n/a' : `${r.toFixed(2)}×`;
}

/** kB as MB text: '123 MB'. */
export function fmtMb(kb) {
  return kb === null || kb === undefined ? 'n/a' : `${(kb / 1024).toFixed(0)} MB`;
}
