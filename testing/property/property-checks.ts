// The properties of fs.search_by_time paging, checked against the reference of
// search-property-model.ts. Shared by the in-process and the stdio property tests; a failure
// names the seed (rerun with FOLDERGATE_PROPERTY_SEED) and the exact call.
import { expect } from 'vitest';
import {
  compareTreeOrder,
  createReference,
  describeCall,
  maxPages,
  pageLimit,
  relOf,
  showsState,
  type QueryArgs,
  type RunSettings,
  type SearchCall,
} from './property-model.js';
import { mutateTree, readTree, sameState, type Rng, type TreeState } from './property-tree.js';

/** One property run: which search, on which tree, with which settings and query. */
export interface PropertyRun {
  seed: number;
  call: SearchCall;
  rootDir: string;
  settings: RunSettings;
  /** True when the scan limits are small enough to stop pages early. */
  limited: boolean;
  args: QueryArgs;
  rng: Rng;
}

/** What a paging run saw, for the caller's own totals. */
export interface PagingSummary {
  pages: number;
  returned: number;
  /** Pages whose summary says they come from a snapshot of an earlier scan. */
  fromSnapshot: number;
}

/**
 * A page answered from a snapshot of an earlier scan must say so (issue 12). The engine's wording
 * today: "This page comes from a scan made less than a second ago; changes since then are not
 * shown."
 */
const SNAPSHOT_NOTE = /snapshot|comes from a scan made .+ ago/i;

function fail(where: string, problem: string): never {
  throw new Error(`${problem}\n  at ${where}`);
}

async function callPage(run: PropertyRun, request: Record<string, unknown>, where: string) {
  try {
    return await run.call(request);
  } catch (error) {
    return fail(
      where,
      `the call failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function requestOf(run: PropertyRun, index: number, cursor: string | null) {
  const request: Record<string, unknown> = {
    ...run.args,
    limit: pageLimit(run.rng, run.args, index),
  };
  if (cursor !== null) request.cursor = cursor;
  return request;
}

function isTimeSort(args: QueryArgs): boolean {
  return (args.sort ?? 'time_desc') !== 'path_asc';
}

/**
 * Pages through a query on a tree that does not change, and compares the concatenation with the
 * reference list: exactly (order included), or, when small scan limits split a time sort into
 * regions, as a set with no repeat and every page in order.
 */
export async function checkPagingOnStillTree(run: PropertyRun): Promise<PagingSummary> {
  const state = readTree(run.rootDir);
  const reference = createReference(run.args, run.settings);
  const expected = reference.list(state);
  const got: string[] = [];
  const keys: Array<{ rel: string; t: number | null }> = [];
  let cursor: string | null = null;
  let pages = 0;
  let fromSnapshot = 0;
  for (let index = 0; ; index++) {
    const request = requestOf(run, index, cursor);
    const where = describeCall(run.seed, run.settings, request, index);
    if (index > maxPages(state.size)) fail(where, 'paging does not end');
    const { output, summary } = await callPage(run, request, where);
    pages++;
    if (SNAPSHOT_NOTE.test(summary)) fromSnapshot++;
    if (output.matches.length > (request.limit as number))
      fail(where, `${output.matches.length} matches exceed the limit ${String(request.limit)}`);
    expect(output.stats.returned, where).toBe(output.matches.length);
    let previous: { rel: string; t: number | null } | null = null;
    for (const match of output.matches) {
      const rel = relOf(match, run.rootDir);
      const st = state.get(rel);
      if (st === undefined || !showsState(match, st))
        fail(
          where,
          `match ${JSON.stringify(match)} is not the entry on disk (${JSON.stringify(st)})`,
        );
      if (!reference.matches(rel, st)) fail(where, `'${rel}' does not match the query`);
      const key = { rel, t: reference.timeOf(st) };
      if (previous !== null && reference.compare(previous, key) >= 0)
        fail(where, `'${rel}' follows '${previous.rel}' within a page: wrong order`);
      previous = key;
      got.push(rel);
      keys.push(key);
    }
    cursor = output.nextCursor;
    if (cursor === null) break;
  }
  const where = describeCall(run.seed, run.settings, { ...run.args }, pages - 1);
  const twice = got.filter((rel, i) => got.indexOf(rel) !== i);
  if (twice.length > 0) fail(where, `returned twice: ${twice.join(', ')}`);
  if (run.limited && isTimeSort(run.args)) {
    // Each region scanned within the limits is sorted on its own; together they are the set.
    expect([...got].sort(), `${where}: the pages together are not the reference set`).toEqual(
      [...expected].sort(),
    );
    checkRegions(keys, expected, reference.compare, where);
  } else {
    expect(got, `${where}: the pages together differ from the reference list`).toEqual(expected);
  }
  return { pages, returned: got.length, fromSnapshot };
}

/**
 * Scan limits cut a time-sorted search into regions: contiguous ranges of the tree order, each
 * listed whole and in time order before the next. So the answer splits where the time order
 * drops into runs (each one or more whole regions) that follow each other in tree order, and
 * each run holds every match whose path lies within its first and last path in tree order.
 */
function checkRegions(
  keys: Array<{ rel: string; t: number | null }>,
  expected: string[],
  compare: (a: { rel: string; t: number | null }, b: { rel: string; t: number | null }) => number,
  where: string,
): void {
  const runs: string[][] = [];
  keys.forEach((key, i) => {
    if (i === 0 || compare(keys[i - 1]!, key) > 0) runs.push([]);
    runs[runs.length - 1]!.push(key.rel);
  });
  let previousLast: string | null = null;
  for (const run of runs) {
    const inTreeOrder = [...run].sort(compareTreeOrder);
    const first = inTreeOrder[0]!;
    const last = inTreeOrder[inTreeOrder.length - 1]!;
    if (previousLast !== null && compareTreeOrder(previousLast, first) >= 0)
      fail(where, `region starting at '${first}' overlaps the one ending at '${previousLast}'`);
    const members = new Set(run);
    const within = expected.filter(
      (rel) => compareTreeOrder(rel, first) >= 0 && compareTreeOrder(rel, last) <= 0,
    );
    const outside = within.filter((rel) => !members.has(rel));
    if (outside.length > 0)
      fail(where, `the region '${first}'..'${last}' lacks ${outside.join(', ')}`);
    previousLast = last;
  }
}

/**
 * Pages through a query while the tree changes between pages (adds, deletes, renames, touches),
 * and checks: every returned entry matched the query, as shown, at the time of that page or an
 * earlier one (and a page showing an older state says it comes from a snapshot); a path comes
 * back twice only when it changed in between and shows the new state; every entry that stayed
 * unchanged through the whole paging and matches appears exactly once, and in reference order
 * relative to the other unchanged ones.
 */
export async function checkPagingOnChangingTree(run: PropertyRun): Promise<PagingSummary> {
  const reference = createReference(run.args, run.settings);
  const states: TreeState[] = [];
  const changes: string[] = [];
  const seen = new Map<string, { page: number; stateIndex: number }>();
  const got: string[] = [];
  let cursor: string | null = null;
  let fromSnapshot = 0;
  let largest = 0; // the bound on pages follows the largest tree seen (a change may delete most)
  for (let index = 0; ; index++) {
    const state = readTree(run.rootDir);
    states.push(state);
    largest = Math.max(largest, state.size);
    const request = requestOf(run, index, cursor);
    const where = `${describeCall(run.seed, run.settings, request, index)}\n  changes so far: ${changes.join('; ') || 'none'}`;
    if (index > maxPages(largest)) fail(where, 'paging does not end');
    const { output, summary } = await callPage(run, request, where);
    if (SNAPSHOT_NOTE.test(summary)) fromSnapshot++;
    if (output.matches.length > (request.limit as number))
      fail(where, `${output.matches.length} matches exceed the limit ${String(request.limit)}`);
    expect(output.stats.returned, where).toBe(output.matches.length);
    let previous: { rel: string; t: number | null } | null = null;
    for (const match of output.matches) {
      const rel = relOf(match, run.rootDir);
      // The newest page state in which the entry was exactly as shown and matched.
      let stateIndex = -1;
      for (let j = index; j >= 0; j--) {
        const st = states[j]!.get(rel);
        if (st !== undefined && showsState(match, st) && reference.matches(rel, st)) {
          stateIndex = j;
          break;
        }
      }
      if (stateIndex < 0)
        fail(where, `match ${JSON.stringify(match)} never existed as shown and matching`);
      if (stateIndex !== index && !SNAPSHOT_NOTE.test(summary))
        fail(
          where,
          `'${rel}' is shown as it was at page ${stateIndex + 1}, but the page does not say it comes from a snapshot: ${summary}`,
        );
      const before = seen.get(rel);
      if (before !== undefined) {
        const changed = !sameState(
          states[before.stateIndex]!.get(rel),
          states[stateIndex]!.get(rel),
        );
        if (!changed || stateIndex <= before.stateIndex)
          fail(where, `'${rel}' was already returned on page ${before.page + 1}, unchanged`);
      }
      seen.set(rel, { page: index, stateIndex });
      const key = { rel, t: reference.timeOf(states[stateIndex]!.get(rel)!) };
      if (previous !== null && reference.compare(previous, key) >= 0)
        fail(where, `'${rel}' follows '${previous.rel}' within a page: wrong order`);
      previous = key;
      got.push(rel);
    }
    cursor = output.nextCursor;
    if (cursor === null) break;
    changes.push(`[after page ${index + 1}] ${mutateTree(run.rootDir, run.rng).join(', ')}`);
  }

  const first = states[0]!;
  const stable: Array<{ rel: string; t: number | null }> = [];
  for (const [rel, st] of first) {
    if (!states.every((s) => sameState(s.get(rel), st))) continue;
    if (reference.matches(rel, st)) stable.push({ rel, t: reference.timeOf(st) });
  }
  const stableSet = new Set(stable.map((e) => e.rel));
  const where = `${describeCall(run.seed, run.settings, { ...run.args }, states.length - 1)}\n  changes: ${changes.join('; ') || 'none'}`;
  const gotStable = got.filter((rel) => stableSet.has(rel));
  const counts = new Map<string, number>();
  for (const rel of gotStable) counts.set(rel, (counts.get(rel) ?? 0) + 1);
  const missing = stable.filter((e) => !counts.has(e.rel)).map((e) => e.rel);
  const twice = [...counts].filter(([, n]) => n > 1).map(([rel]) => rel);
  if (missing.length > 0)
    fail(where, `unchanged matching entries never returned: ${missing.join(', ')}`);
  if (twice.length > 0) fail(where, `unchanged entries returned twice: ${twice.join(', ')}`);
  if (!(run.limited && isTimeSort(run.args))) {
    const expected = stable.sort(reference.compare).map((e) => e.rel);
    expect(gotStable, `${where}: unchanged entries out of order`).toEqual(expected);
  }
  return { pages: states.length, returned: got.length, fromSnapshot };
}
