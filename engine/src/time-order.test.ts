// The global time order (time-order.ts) read as a search (index-time-order.ts) gives exactly the
// pages the tree-order search gives (index-walk.ts's searchTimeOrder, which visits entries as a
// walk of the disk would), on an index whose times scatter, tie and fall in one bucket, before and
// after the index changes under it (entries moved in time, removed, added on reused ids, enough
// changes to be folded in), for both sorts, both time fields, ranges, cursors, globs, kinds and
// sizes and start folders; and it leaves a query it cannot answer cheaply to the other searches.
import { describe, expect, it } from 'vitest';
import { indexQuery as query } from '#testing/engine-query.js';
import type { Candidate } from '#search/candidates.js';
import { createRng, type Rng } from '#testing/property/property-tree.js';
import { FolderIndex, KIND_DIR, ROOT_ID } from './folder-index.js';
import { searchTimeOrder, type IndexQuery } from './index-walk.js';
import { searchTimeGlobal, timeOrderOf } from './index-time-order.js';
import { BUCKET_MS } from './time-order.js';

const T0 = 1_700_000_000_000;
const NAMES = ['a.txt', 'b.pdf', 'c.jpg', 'd.md', 'e.ts', 'f.mp4', 'g.docx', 'h'];

/** A time: mostly scattered over a year, some equal, some within one bucket of each other. */
function timeOf(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.1) return T0 + 5_000; // many equal times
  if (roll < 0.2) return T0 + 7 * BUCKET_MS + rng.int(0, BUCKET_MS - 1); // one bucket
  return T0 + rng.int(0, 365 * 86_400_000);
}

function entryTimes(rng: Rng) {
  const m = timeOf(rng);
  return { size: rng.int(0, 100), mtimeMs: m, birthtimeMs: rng.next() < 0.1 ? 0 : timeOf(rng) };
}

/** Folders 3 deep, files scattered in them; returns the index and its folder ids. */
function randomIndex(rng: Rng): { ix: FolderIndex; dirs: number[] } {
  const ix = new FolderIndex();
  const dirs = [ROOT_ID];
  for (let i = 0; i < 60; i++) {
    const parent = rng.pick(dirs.slice(0, Math.min(dirs.length, 20)));
    dirs.push(ix.put(parent, `d${i}`, true, entryTimes(rng)));
  }
  for (let i = 0; i < 3000; i++) addFile(ix, rng, dirs, i);
  return { ix, dirs };
}

function addFile(ix: FolderIndex, rng: Rng, dirs: number[], i: number): number {
  const dir = rng.pick(dirs.filter((d) => ix.kind[d] === KIND_DIR));
  return ix.put(dir, `${i}${rng.pick(NAMES)}`, false, entryTimes(rng));
}

const rels = (part: Candidate[]) => part.map((c) => `${c.rel}@${c.t}`);

/** Pages through a query both ways and expects the same pages. */
async function expectSamePages(ix: FolderIndex, q: IndexQuery, sort: 'time_desc' | 'time_asc') {
  let after = null;
  for (let page = 0; page < 4; page++) {
    const global = await searchTimeGlobal(ix, q, sort, after, 50);
    const reference = await searchTimeOrder(ix, q, sort, after, 50);
    expect(global).not.toBeNull();
    expect(rels(global!.part)).toEqual(rels(reference!.part));
    expect(global!.walk).toEqual(reference!.walk);
    if (reference!.part.length < 50) return;
    const last = reference!.part.at(-1)!;
    after = { rel: last.rel, t: last.t };
  }
}

function queries(rng: Rng): IndexQuery[] {
  const t = () => T0 + rng.int(0, 365 * 86_400_000);
  const a = t();
  const b = t();
  return [
    query(),
    query({ fromMs: Math.min(a, b) }),
    query({ fromMs: Math.min(a, b), toMs: Math.max(a, b) }),
    query({ toMs: T0 + 7 * BUCKET_MS + 100 }),
    query({ timeField: 'created' }),
    query({ timeField: 'created', fromMs: a }),
    query({ glob: '*.pdf' }),
    query({ kinds: ['document'], maxSize: 50 }),
    query({ includeDirectories: true }),
    query({ startRel: 'd0' }),
  ];
}

describe('the global time order', () => {
  it('pages exactly as the tree-order search, before and after the index changes', async () => {
    const rng = createRng(40);
    const { ix, dirs } = randomIndex(rng);
    const check = async () => {
      for (const q of queries(rng))
        for (const sort of ['time_desc', 'time_asc'] as const) await expectSamePages(ix, q, sort);
    };
    await check();
    // Changes after the order was built: times moved, files removed, files added (reusing the
    // removed files' ids), a folder and all below it removed.
    let n = 10_000;
    for (let round = 0; round < 3; round++) {
      const files: number[] = [];
      for (let id = 1; id < ix.idLimit(); id++) if (ix.kind[id] === 1) files.push(id);
      for (let i = 0; i < 200; i++) ix.setTimes(rng.pick(files), entryTimes(rng));
      for (let i = 0; i < 100; i++) {
        const id = rng.pick(files);
        if (ix.kind[id] === 1) ix.remove(id);
      }
      for (let i = 0; i < 150; i++) addFile(ix, rng, dirs, n++);
      ix.remove(dirs[50 + round]!);
      await check();
    }
    // Enough changes that they are folded into a new order.
    const order = timeOrderOf(ix, 'modified');
    const files: number[] = [];
    for (let id = 1; id < ix.idLimit(); id++) if (ix.kind[id] === 1) files.push(id);
    for (const id of files) ix.setTimes(id, entryTimes(rng));
    for (let i = 0; i < 2000; i++) addFile(ix, rng, dirs, n++);
    const before = order.size;
    await check();
    expect(order.size).toBeLessThan(before); // folded: no stale keys left beside the new ones
  });

  it('reads a bucket of many entries in exact time order: the page costs about its size', async () => {
    // 20,000 files written within one bucket (a copy, a checkout): the newest 10 in 200 steps.
    const ix = new FolderIndex();
    const rng = createRng(3);
    for (let i = 0; i < 20_000; i++) {
      const t = T0 + 7 * BUCKET_MS + rng.next() * (BUCKET_MS - 1);
      ix.put(ROOT_ID, `f${i}.txt`, false, { size: 1, mtimeMs: t, birthtimeMs: t });
    }
    for (const sort of ['time_desc', 'time_asc'] as const) {
      const page = await searchTimeGlobal(ix, query(), sort, null, 10, undefined, 200);
      const reference = await searchTimeOrder(ix, query(), sort, null, 10);
      expect(page).not.toBeNull();
      expect(rels(page!.part)).toEqual(rels(reference!.part));
    }
  });

  it('leaves to the other searches what it cannot answer cheaply or at all', async () => {
    const { ix } = randomIndex(createRng(7));
    // Over its step budget: a glob nothing matches.
    // Unknown creation times wanted (listed last, in tree order): answered only where there are none.
    const known = new FolderIndex();
    for (let i = 0; i < 50; i++)
      known.put(ROOT_ID, `k${i}.txt`, false, {
        size: 1,
        mtimeMs: T0 + i,
        birthtimeMs: T0 + 99 - i,
      });
    const q = query({ timeField: 'created', includeUnknownTime: true });
    const page = await searchTimeGlobal(known, q, 'time_desc', null, 10);
    expect(rels(page!.part)).toEqual(
      rels((await searchTimeOrder(known, q, 'time_desc', null, 10))!.part),
    );
    expect(
      await searchTimeGlobal(ix, query({ glob: '*.none' }), 'time_desc', null, 10, undefined, 500),
    ).toBeNull();
    // Within it, the same glob is answered (nothing found, the whole folder counted).
    const all = await searchTimeGlobal(ix, query({ glob: '*.none' }), 'time_desc', null, 10);
    expect(all!.part).toEqual([]);
    expect(all!.walk.scannedFiles).toBe(ix.files);
    // Not the usual query: a region, or unknown creation times wanted.
    expect(await searchTimeGlobal(ix, query({ after: 'd1' }), 'time_desc', null, 10)).toBeNull();
    expect(
      await searchTimeGlobal(
        ix,
        query({ timeField: 'created', includeUnknownTime: true }),
        'time_desc',
        null,
        10,
      ),
    ).toBeNull();
  });
});
