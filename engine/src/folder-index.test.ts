// The index's bookkeeping: names (packed or not), tree order, removal, and what each folder's
// subtree holds, checked against a recount after every change.
import { describe, expect, it } from 'vitest';
import {
  FLAG_NOT_ENTERED,
  FLAG_UNREADABLE,
  FolderIndex,
  KIND_DIR,
  ROOT_ID,
} from './folder-index.js';

const times = (t: number, size = 10) => ({ size, mtimeMs: t, birthtimeMs: t - 1 });

/** What the subtree totals of `dir` should be, counted from scratch. */
function recount(ix: FolderIndex, dir: number) {
  const out = { files: 0, dirs: 0, unreadable: 0, notEntered: 0, invalid: 0, maxM: -Infinity };
  const stack = [...(ix.childrenOf(dir) ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (ix.kind[id] === KIND_DIR) {
      out.dirs++;
      if ((ix.flags[id]! & FLAG_UNREADABLE) !== 0) out.unreadable++;
      if ((ix.flags[id]! & FLAG_NOT_ENTERED) !== 0) out.notEntered++;
      out.invalid += ix.invalidNames.get(id) ?? 0;
      stack.push(...(ix.childrenOf(id) ?? []));
    } else out.files++;
    out.maxM = Math.max(out.maxM, ix.mtime[id]!);
  }
  return out;
}

function totals(ix: FolderIndex, dir: number) {
  const s = ix.slot[dir]!;
  return {
    files: ix.sub.files[s],
    dirs: ix.sub.dirs[s],
    unreadable: ix.sub.unreadable[s],
    notEntered: ix.sub.notEntered[s],
    invalid: ix.sub.invalid[s],
  };
}

describe('FolderIndex', () => {
  it('keeps children in UTF-16 order, finds paths and names them back', () => {
    const ix = new FolderIndex();
    const docs = ix.put(ROOT_ID, 'Docs', true, times(1));
    for (const name of ['b.txt', 'A.txt', 'é.txt', '日記.md', '😀.png', 'a.txt'])
      ix.put(docs, name, false, times(2));
    expect(ix.childrenOf(docs)!.map((id) => ix.nameOf(id))).toEqual(
      ['b.txt', 'A.txt', 'é.txt', '日記.md', '😀.png', 'a.txt'].sort(),
    );
    expect(ix.find('Docs/日記.md')).not.toBe(-1);
    expect(ix.relOf(ix.find('Docs/😀.png'))).toBe('Docs/😀.png');
    expect(ix.find('Docs/missing')).toBe(-1);
    expect(ix.depthOf(ix.find('Docs/a.txt'))).toBe(2);
  });

  it('updates an entry in place, and replaces a file by a folder of the same name', () => {
    const ix = new FolderIndex();
    const id = ix.put(ROOT_ID, 'x', false, times(5));
    expect(ix.put(ROOT_ID, 'x', false, times(9))).toBe(id);
    expect(ix.mtime[id]).toBe(9);
    const dir = ix.put(ROOT_ID, 'x', true, times(7));
    expect(ix.kind[dir]).toBe(KIND_DIR);
    expect(ix.files).toBe(0);
    expect(ix.folders).toBe(1);
  });

  it('keeps every folder’s subtree totals equal to a recount through adds, flags and removals', () => {
    const ix = new FolderIndex();
    const a = ix.put(ROOT_ID, 'a', true, times(1));
    const b = ix.put(a, 'b', true, times(2));
    const c = ix.put(b, 'c', true, times(3));
    for (let i = 0; i < 20; i++) ix.put(i % 2 ? b : c, `f${i}`, false, times(100 + i));
    ix.setFlag(c, FLAG_UNREADABLE, true);
    ix.setInvalidNames(b, 3);
    ix.put(a, 'deep', true, times(4));
    ix.setFlag(ix.find('a/deep'), FLAG_NOT_ENTERED, true);
    for (const dir of [ROOT_ID, a, b, c]) {
      const want = recount(ix, dir);
      expect(totals(ix, dir)).toEqual({
        files: want.files,
        dirs: want.dirs,
        unreadable: want.unreadable,
        notEntered: want.notEntered,
        invalid: want.invalid,
      });
    }
    expect(ix.sub.maxM[ix.slot[ROOT_ID]!]).toBe(119);
    expect(ix.sub.height[ix.slot[ROOT_ID]!]).toBe(3);
    ix.remove(b);
    expect(totals(ix, ROOT_ID)).toEqual({
      files: 0,
      dirs: 2,
      unreadable: 0,
      notEntered: 1,
      invalid: 0,
    });
    ix.setFlag(ix.find('a/deep'), FLAG_NOT_ENTERED, false);
    expect(totals(ix, a).notEntered).toBe(0);
    // Ranges never narrow: a removal leaves them wide (a visit too many, never a wrong answer).
    expect(ix.sub.maxM[ix.slot[ROOT_ID]!]).toBe(119);
  });

  it('reuses the ids and name bytes of removed entries, and reads names back after compaction', () => {
    const ix = new FolderIndex();
    const dir = ix.put(ROOT_ID, 'd', true, times(1));
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40_000; i++) ix.put(dir, `name-${round}-${i}.txt`, false, times(i));
      for (let i = 0; i < 40_000; i++) ix.remove(ix.find(`d/name-${round}-${i}.txt`));
    }
    ix.put(dir, 'kept.txt', false, times(1));
    ix.put(dir, 'ключ.txt', false, times(1));
    expect(ix.childrenOf(dir)!.map((id) => ix.nameOf(id))).toEqual(['kept.txt', 'ключ.txt']);
    expect(ix.files).toBe(2);
  });

  it('names the last entry below a folder in tree order', () => {
    const ix = new FolderIndex();
    const a = ix.put(ROOT_ID, 'a', true, times(1));
    ix.put(a, 'x', false, times(1));
    const z = ix.put(a, 'z', true, times(1));
    const last = ix.put(z, 'q', false, times(1));
    expect(ix.lastBelow(a)).toBe(last);
    expect(ix.lastBelow(ix.put(ROOT_ID, 'empty', true, times(1)))).toBe(ix.find('empty'));
  });

  it('holds sizes of 4 GiB and more exactly, changed either way and on reused ids', () => {
    const ix = new FolderIndex();
    const huge = 2 ** 40 + 12_345;
    const big = ix.put(ROOT_ID, 'disk.img', false, times(1, huge));
    const edge = ix.put(ROOT_ID, 'edge.bin', false, times(1, 2 ** 32 - 1));
    const below = ix.put(ROOT_ID, 'below.bin', false, times(1, 2 ** 32 - 2));
    expect([ix.sizeOf(big), ix.sizeOf(edge), ix.sizeOf(below)]).toEqual([
      huge,
      2 ** 32 - 1,
      2 ** 32 - 2,
    ]);
    expect(ix.sub.maxSize[ix.slot[ROOT_ID]!]).toBe(huge);
    ix.setTimes(big, times(2, 7));
    expect(ix.sizeOf(big)).toBe(7);
    ix.setTimes(big, times(3, 2 ** 33));
    expect(ix.sizeOf(big)).toBe(2 ** 33);
    // Removed, its id reused by a small file: the old size is not read back.
    ix.remove(big);
    const reused = ix.put(ROOT_ID, 'small.txt', false, times(4, 3));
    expect(reused).toBe(big);
    expect(ix.sizeOf(reused)).toBe(3);
    // Stats that could not be read: size 0.
    ix.setTimes(edge, null);
    expect(ix.sizeOf(edge)).toBe(0);
  });
});
