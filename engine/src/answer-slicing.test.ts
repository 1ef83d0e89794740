// A search of a large index gives the event loop back between slices (slicer.ts) and answers as
// one search in one go would; it stops when it may not go on; and changes to the index wait until
// no search is inside it, searches that come meanwhile waiting for the change (index-gate.ts).
import { describe, expect, it } from 'vitest';
import { indexQuery } from '#testing/engine-query.js';
import { FolderIndex, ROOT_ID } from './folder-index.js';
import { IndexGate } from './index-gate.js';
import { searchPathOrder, searchTimeOrder } from './index-walk.js';
import { searchTimeBestFirst } from './index-best-first.js';
import { createSlicer, Superseded } from './slicer.js';

/** 40 folders of 1,000 files each, every time different. */
function bigIndex(): FolderIndex {
  const ix = new FolderIndex();
  for (let d = 0; d < 40; d++) {
    const dir = ix.put(ROOT_ID, `d${String(d).padStart(2, '0')}`, true, times(d));
    for (let f = 0; f < 1000; f++) ix.put(dir, `f${f}.txt`, false, times(d * 1000 + f));
  }
  return ix;
}
const times = (t: number) => ({ size: 1, mtimeMs: 1_700_000_000_000 + t, birthtimeMs: 1 });

/** Counts turns of the event loop until stopped. */
function turns(): { count: number; stop(): void } {
  const counter = { count: 0, stop: () => (running = false) };
  let running = true;
  const tick = () => {
    if (!running) return;
    counter.count++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return counter;
}

describe('a search in slices', () => {
  it('lets the loop turn between slices and answers as in one go, in each order', async () => {
    const ix = bigIndex();
    // A pattern no name matches: every entry is visited.
    const q = indexQuery({ glob: '*.none' });
    const whole = await searchPathOrder(ix, q, 100);
    const loop = turns();
    const sliced = await searchPathOrder(
      ix,
      q,
      100,
      createSlicer(() => null, 0),
    );
    loop.stop();
    expect(sliced).toEqual(whole);
    expect(sliced!.walk.scannedFiles).toBe(40_000);
    // 40,000 visits, a slice every 512 at most: the loop turned between them.
    expect(loop.count).toBeGreaterThanOrEqual(40_000 / 512 - 1);

    const tq = indexQuery({ glob: '*[0-4].txt' });
    const best = await searchTimeBestFirst(ix, tq, 'time_asc', null, 20_000);
    const bestSliced = await searchTimeBestFirst(
      ix,
      tq,
      'time_asc',
      null,
      20_000,
      createSlicer(() => null, 0),
    );
    expect(best!.part).toHaveLength(20_000);
    expect(bestSliced).toEqual(best);
    const ordered = await searchTimeOrder(ix, tq, 'time_desc', null, 50);
    const orderedSliced = await searchTimeOrder(
      ix,
      tq,
      'time_desc',
      null,
      50,
      createSlicer(() => null, 0),
    );
    expect(ordered!.part).toHaveLength(50);
    expect(orderedSliced).toEqual(ordered);
  });

  it('stops between slices when it may not go on', async () => {
    let pauses = 0;
    const slicer = createSlicer(
      () => (++pauses === 3 ? 'the folder is being read again' : null),
      0,
    );
    await expect(
      searchPathOrder(bigIndex(), indexQuery({ glob: '*.none' }), 10, slicer),
    ).rejects.toThrow(Superseded);
    expect(pauses).toBe(3);
  });
});

describe('the index gate', () => {
  it('holds a change until the searches inside are done, and later searches until the change is', async () => {
    const ix = bigIndex();
    const gate = new IndexGate();
    const order: string[] = [];
    const searching = gate.read(async () => {
      const found = await searchPathOrder(
        ix,
        indexQuery({ glob: '*.none' }),
        10,
        createSlicer(() => null, 0),
      );
      order.push(`search saw ${found!.walk.scannedFiles}`);
    });
    const changing = gate.write(async () => {
      ix.put(ROOT_ID, 'late.txt', false, times(0));
      order.push('change');
    });
    const after = gate.read(async () => {
      const found = await searchPathOrder(ix, indexQuery({ glob: '*.none' }), 10);
      order.push(`search saw ${found!.walk.scannedFiles}`);
    });
    await Promise.all([searching, changing, after]);
    expect(order).toEqual(['search saw 40000', 'change', 'search saw 40001']);
  });
});
