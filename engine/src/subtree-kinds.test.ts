// What each folder keeps of the kinds and sizes of the files below it (subtree-kinds.ts): kind
// codes as the search's file types read names, summaries that may be too wide but never too
// narrow as files come, go, move and change, and searches with kinds or sizes that look at few
// entries when few files match (counted, not timed), with the answers a full look gives.
import { describe, expect, it } from 'vitest';
import { indexQuery as query } from '#testing/engine-query.js';
import { fileTypeOf, SEARCH_KINDS, searchKindTypes } from '#shared/tools/file-types.js';
import { createRng } from '#testing/property/property-tree.js';
import { FLAG_STAT_FAILED, FolderIndex, KIND_DIR, KIND_FILE, ROOT_ID } from './folder-index.js';
import { searchTimeBestFirst } from './index-best-first.js';
import { searchPathOrder, searchTimeOrder, type IndexQuery } from './index-walk.js';
import { CODE_BITS, kindCodeOf, OTHER_BIT, wantedKindBits } from './subtree-kinds.js';

const T0 = 1_700_000_000_000;
const times = (t: number, size = 10) => ({ size, mtimeMs: T0 + t, birthtimeMs: T0 + t });

/** The bits of a file's kinds, found from the kinds' extension lists (not from the codes). */
function bitsOfName(name: string): number {
  let bits = 0;
  SEARCH_KINDS.forEach((kind, i) => {
    if (searchKindTypes([kind]).includes(fileTypeOf(name))) bits |= 2 << i;
  });
  return bits === 0 ? OTHER_BIT : bits;
}

/** Every folder's summary covers what is below it now: the kinds, the largest, the smallest. */
function expectSummariesCover(ix: FolderIndex): void {
  const walk = (dir: number): { bits: number; max: number; min: number } => {
    const out = { bits: 0, max: -Infinity, min: Infinity };
    for (const id of ix.childrenOf(dir) ?? []) {
      if (ix.kind[id] === KIND_DIR) {
        const below = walk(id);
        out.bits |= below.bits;
        out.max = Math.max(out.max, below.max);
        out.min = Math.min(out.min, below.min);
      } else if ((ix.flags[id]! & FLAG_STAT_FAILED) === 0) {
        expect(CODE_BITS[ix.fileKind[id]!]).toBe(bitsOfName(ix.nameOf(id)));
        out.bits |= bitsOfName(ix.nameOf(id));
        out.max = Math.max(out.max, ix.sizeOf(id));
        out.min = Math.min(out.min, ix.sizeOf(id));
      }
    }
    const s = ix.slot[dir]!;
    const where = ix.relOf(dir) || '(root)';
    expect(ix.sub.kindBits[s]! & out.bits, `${where}: kinds`).toBe(out.bits);
    expect(ix.sub.maxSize[s], `${where}: largest`).toBeGreaterThanOrEqual(out.max);
    expect(ix.sub.minSize[s], `${where}: smallest`).toBeLessThanOrEqual(out.min);
    return out;
  };
  walk(ROOT_ID);
}

/** The files a query with kinds and sizes should find, by looking at every entry. */
function everyMatch(ix: FolderIndex, q: IndexQuery): string[] {
  const ofKind = q.kinds === null ? null : new Set(searchKindTypes(q.kinds));
  const allowed = q.fileTypes === null ? null : new Set(q.fileTypes);
  const out: string[] = [];
  const stack = [ROOT_ID];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const id of ix.childrenOf(dir) ?? []) {
      if (ix.kind[id] === KIND_DIR) stack.push(id);
      else if (
        (ofKind === null || ofKind.has(fileTypeOf(ix.nameOf(id)))) &&
        (allowed === null || allowed.has(fileTypeOf(ix.nameOf(id)))) &&
        (q.minSize === null || ix.sizeOf(id) >= q.minSize) &&
        (q.maxSize === null || ix.sizeOf(id) <= q.maxSize)
      )
        out.push(ix.relOf(id));
    }
  }
  return out.sort();
}

/** Counts the entries a search looks at: every read of an entry from a folder's list. */
function countVisits(ix: FolderIndex): { visited: number } {
  const counter = { visited: 0 };
  ix.childLists = ix.childLists.map(
    (list) =>
      list &&
      new Proxy(list, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) counter.visited++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
  );
  return counter;
}

describe('kind codes', () => {
  it('read a name as fileTypeOf does, one code per set of kinds', () => {
    for (const name of [
      'clip.mp4',
      'CLIP.MP4',
      'a.tar.gz',
      '.bashrc',
      '.mp4',
      'archive.',
      'noext',
      'report.PDF',
      'notes.md',
      'photo.jpeg',
      'x.' + 'mp4'.repeat(20),
      'ǅ.K',
      '日記.md',
    ])
      expect(CODE_BITS[kindCodeOf(name)], name).toBe(bitsOfName(name));
  });

  it('give the bits a query wants: kinds, allowed file types, both, or null for every file', () => {
    const video = CODE_BITS[kindCodeOf('a.mp4')]!;
    const doc = CODE_BITS[kindCodeOf('a.pdf')]!;
    expect(wantedKindBits(query())).toBeNull();
    expect(wantedKindBits(query({ kinds: ['video'] }))).toBe(video);
    expect(wantedKindBits(query({ fileTypes: ['.pdf', '.log'] }))).toBe(doc | OTHER_BIT);
    expect(wantedKindBits(query({ kinds: ['video', 'document'], fileTypes: ['.PDF'] }))).toBe(doc);
    expect(wantedKindBits(query({ kinds: ['video'], fileTypes: ['.pdf'] }))).toBe(0);
  });
});

describe('the summaries of kinds and sizes', () => {
  it('cover a file of a kind that leaves a folder, and a big file that shrinks', async () => {
    const ix = new FolderIndex();
    const a = ix.put(ROOT_ID, 'a', true, times(0));
    const b = ix.put(ROOT_ID, 'b', true, times(0));
    ix.put(a, 'notes.txt', false, times(1, 100));
    ix.put(a, 'clip.mp4', false, times(2, 1_000_000_000));
    ix.put(b, 'song.mp3', false, times(3, 50));
    const video = CODE_BITS[kindCodeOf('clip.mp4')]!;
    expect(ix.sub.kindBits[ix.slot[b]!]! & video).toBe(0);
    expectSummariesCover(ix);
    // Moved to b (a rename is a removal and an addition): b has a video now.
    ix.remove(ix.find('a/clip.mp4'));
    ix.put(b, 'clip.mp4', false, times(4, 1_000_000_000));
    expect(ix.sub.kindBits[ix.slot[b]!]! & video).toBe(video);
    expectSummariesCover(ix);
    // The big file shrinks; the sizes are still covered.
    ix.setTimes(ix.find('b/clip.mp4'), times(5, 20));
    expectSummariesCover(ix);
    expect(ix.sub.minSize[ix.slot[b]!]).toBeLessThanOrEqual(20);
    // Whatever the summaries still say of a and b, the searches answer what is there.
    for (const q of [
      query({ kinds: ['video'] }),
      query({ minSize: 1_000 }),
      query({ maxSize: 20 }),
      query({ kinds: ['audio', 'video'], maxSize: 60 }),
    ]) {
      const expected = everyMatch(ix, q);
      const best = await searchTimeBestFirst(ix, q, 'time_desc', null, 100);
      const ordered = await searchTimeOrder(ix, q, 'time_asc', null, 100);
      const paths = await searchPathOrder(ix, q, 100);
      expect(best!.part.map((c) => c.rel).sort()).toEqual(expected);
      expect(ordered!.part.map((c) => c.rel).sort()).toEqual(expected);
      expect(paths!.page.map((c) => c.rel).sort()).toEqual(expected);
    }
    expect(everyMatch(ix, query({ minSize: 1_000 }))).toEqual([]);
    expect(everyMatch(ix, query({ kinds: ['video'] }))).toEqual(['b/clip.mp4']);
  });

  it('cover what is below every folder through random adds, removals, moves and changes', () => {
    const rng = createRng(36);
    const ix = new FolderIndex();
    const names = ['a.mp4', 'b.txt', 'c.PNG', 'd', '.e', 'f.zip', 'g.ts', 'h.key', 'i.xlsx', 'j.'];
    const folders = () => {
      const out = [ROOT_ID];
      for (let i = 0; i < out.length; i++)
        for (const id of ix.childrenOf(out[i]!) ?? []) if (ix.kind[id] === KIND_DIR) out.push(id);
      return out;
    };
    const entries = () => folders().flatMap((d) => ix.childrenOf(d) ?? []);
    for (let step = 0; step < 400; step++) {
      const dir = rng.pick(folders());
      const r = rng.next();
      if (r < 0.45) ix.put(dir, rng.pick(names) + step, false, times(step, rng.int(0, 10_000)));
      else if (r < 0.6) ix.put(dir, `dir${rng.int(0, 20)}`, true, times(step));
      else if (r < 0.75) {
        const all = entries();
        if (all.length > 0) ix.remove(rng.pick(all));
      } else if (r < 0.85) {
        // A move: the file leaves its folder for another, same name, same stats.
        const files = entries().filter((id) => ix.kind[id] === KIND_FILE);
        if (files.length > 0) {
          const id = rng.pick(files);
          const [name, size] = [ix.nameOf(id), ix.sizeOf(id)];
          ix.remove(id);
          ix.put(rng.pick(folders()), name, false, times(step, size));
        }
      } else {
        const files = entries().filter((id) => ix.kind[id] === KIND_FILE);
        if (files.length > 0)
          ix.setTimes(rng.pick(files), rng.chance(0.1) ? null : times(step, rng.int(0, 10_000)));
      }
      expectSummariesCover(ix);
    }
  });
});

describe('a search with kinds or sizes that few files match', () => {
  /** 40 folders of 1,000 text files of 10 bytes; d07/clips holds the only videos. */
  function bigIndex(): FolderIndex {
    const ix = new FolderIndex();
    for (let d = 0; d < 40; d++) {
      const dir = ix.put(ROOT_ID, `d${String(d).padStart(2, '0')}`, true, times(d));
      for (let f = 0; f < 1000; f++) ix.put(dir, `f${f}.txt`, false, times(d * 1000 + f));
    }
    const clips = ix.put(ix.find('d07'), 'clips', true, times(1));
    for (let c = 0; c < 3; c++) ix.put(clips, `c${c}.mp4`, false, times(50_000 + c, 5_000));
    ix.put(ix.find('d13'), 'big.txt', false, times(60_000, 9_999));
    ix.put(ix.find('d21'), 'empty.txt', false, times(70_000, 0));
    return ix;
  }

  const searches = {
    'newest first (best first)': (ix: FolderIndex, q: IndexQuery) =>
      searchTimeBestFirst(ix, q, 'time_desc', null, 100).then((a) => a!.part),
    'oldest first (in tree order)': (ix: FolderIndex, q: IndexQuery) =>
      searchTimeOrder(ix, q, 'time_asc', null, 100).then((a) => a!.part),
    'by path': (ix: FolderIndex, q: IndexQuery) => searchPathOrder(ix, q, 100).then((a) => a!.page),
  };

  for (const [order, search] of Object.entries(searches))
    it(`looks at few entries, ${order}, and finds every match`, async () => {
      for (const [q, expected] of [
        [query({ kinds: ['video'] }), ['d07/clips/c0.mp4', 'd07/clips/c1.mp4', 'd07/clips/c2.mp4']],
        [query({ minSize: 9_000 }), ['d13/big.txt']],
        [query({ maxSize: 0 }), ['d21/empty.txt']],
        [query({ kinds: ['video'], minSize: 6_000 }), []],
        [
          query({ fileTypes: ['.mp4'] }),
          ['d07/clips/c0.mp4', 'd07/clips/c1.mp4', 'd07/clips/c2.mp4'],
        ],
      ] as const) {
        const ix = bigIndex();
        expect(everyMatch(ix, q)).toEqual(expected);
        const counter = countVisits(ix);
        const found = await search(ix, q);
        expect(found.map((c) => c.rel).sort()).toEqual(expected);
        // The root's 40 folders, at most one folder of 1,000 files and what is below it; a
        // search that looked at every file would count over 40,000.
        expect(counter.visited, JSON.stringify(q)).toBeLessThan(1_100);
      }
    });

  it('looks at every file when a pattern asks the same (nothing to pass over by)', async () => {
    const ix = bigIndex();
    const counter = countVisits(ix);
    const found = await searchTimeOrder(ix, query({ glob: '*.mp4' }), 'time_asc', null, 100);
    expect(found!.part.map((c) => c.rel)).toEqual(everyMatch(ix, query({ kinds: ['video'] })));
    expect(counter.visited).toBeGreaterThan(40_000);
  });
});
