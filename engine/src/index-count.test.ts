// The count of every match of a query (index-count.ts) is the number of matches a search lists
// when it lists them all (index-walk.ts's searchPathOrder, the walk's own order and matcher), on a
// random index with nested folders, scattered and unknown times, for ranges that hold whole
// subtrees, both time fields, globs, file types, kinds, sizes, depths and start folders; and a
// count that runs past its budget gives no number rather than a wrong one.
import { describe, expect, it } from 'vitest';
import { indexQuery as query } from '#testing/engine-query.js';
import { createRng, type Rng } from '#testing/property/property-tree.js';
import { FolderIndex, KIND_DIR, ROOT_ID } from './folder-index.js';
import { countMatches } from './index-count.js';
import { searchPathOrder, type IndexQuery } from './index-walk.js';

const T0 = 1_700_000_000_000;
const DAY = 86_400_000;
const NAMES = ['a.txt', 'b.pdf', 'c.jpg', 'd.md', 'e.ts', 'f.mp4', 'h'];

/** Folders whose files' times cluster by folder (some whole folders inside a range), some unknown. */
function randomIndex(rng: Rng): FolderIndex {
  const ix = new FolderIndex();
  const dirs = [ROOT_ID];
  const times = (day: number) => ({
    size: rng.int(0, 100),
    mtimeMs: T0 + day * DAY + rng.int(0, DAY - 1),
    birthtimeMs: rng.next() < 0.1 ? 0 : T0 + day * DAY,
  });
  for (let i = 0; i < 40; i++) {
    const parent = rng.pick(dirs.slice(0, Math.min(dirs.length, 12)));
    dirs.push(ix.put(parent, `d${i}`, true, times(i)));
  }
  for (let i = 0; i < 2000; i++) {
    const dir = rng.pick(dirs);
    const day =
      ix.kind[dir] === KIND_DIR && dir !== ROOT_ID && rng.next() < 0.8 ? dir : rng.int(0, 60);
    ix.put(dir, `${i}${rng.pick(NAMES)}`, false, times(day));
  }
  return ix;
}

const listed = async (ix: FolderIndex, q: IndexQuery) =>
  (await searchPathOrder(ix, q, 1_000_000))!.page.length;

describe('counting every match of a query', () => {
  it('counts what a complete listing lists', async () => {
    const rng = createRng(77);
    const ix = randomIndex(rng);
    const cases: IndexQuery[] = [
      query(),
      query({ includeDirectories: true }),
      query({ includeFiles: false, includeDirectories: true }),
      query({ fromMs: T0 + 10 * DAY }),
      query({ fromMs: T0 + 5 * DAY, toMs: T0 + 30 * DAY, includeDirectories: true }),
      query({ toMs: T0 + 20 * DAY + DAY / 2 }),
      query({ timeField: 'created' }),
      query({ timeField: 'created', includeUnknownTime: true }),
      query({ timeField: 'created', fromMs: T0 + 12 * DAY, includeDirectories: true }),
      query({ glob: '*.pdf' }),
      query({ glob: 'd1/**' }),
      query({ fileTypes: ['md', 'txt'], fromMs: T0 + 3 * DAY }),
      query({ kinds: ['image'], maxSize: 40 }),
      query({ minSize: 90 }),
      query({ maxDepth: 1, includeDirectories: true }),
      query({ startRel: 'd0', fromMs: T0 + 2 * DAY }),
    ];
    for (const q of cases) {
      const expected = await listed(ix, q);
      expect(await countMatches(ix, q), JSON.stringify(q)).toBe(expected);
    }
    // Some of those counted whole subtrees from the totals, and some found none.
    expect(await listed(ix, cases[3]!)).toBeGreaterThan(0);
    expect(await countMatches(ix, query({ fromMs: T0 + 1000 * DAY }))).toBe(0);
  });

  it('counts the index as it is after entries change, move and go', async () => {
    const rng = createRng(78);
    const ix = randomIndex(rng);
    const q = query({ fromMs: T0 + 10 * DAY, toMs: T0 + 40 * DAY });
    for (let id = 1; id < ix.idLimit(); id += 7)
      if (ix.kind[id] === 1) ix.setTimes(id, { size: 5, mtimeMs: T0 + 500 * DAY, birthtimeMs: 0 });
    // A folder and everything below it goes.
    let folder = 1;
    while (ix.kind[folder] !== KIND_DIR || ix.parent[folder] === ROOT_ID) folder++;
    ix.remove(folder);
    expect(await countMatches(ix, q)).toBe(await listed(ix, q));
  });

  it('gives no number when counting takes longer than its budget', async () => {
    const ix = randomIndex(createRng(79));
    let clock = 0;
    const slowClock = () => (clock += 10); // 10 ms between looks at the clock
    expect(await countMatches(ix, query({ glob: '*.pdf' }), undefined, 15, slowClock)).toBeNull();
    expect(await countMatches(ix, query({ startRel: 'no such folder' }))).toBeNull();
  });
});
