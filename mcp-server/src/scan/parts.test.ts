// sortTreeOrdered against the full comparison: random lists in tree order with many shared times
// and unknown times, sorted both ways, and a kept head followed by later entries (how a region
// keeps its best candidates).
import { describe, expect, it } from 'vitest';
import { comparePaths } from '#search/walker.js';
import { Collected } from './parts.js';
import { compareAsc, compareDesc, sortTreeOrdered, type Candidate } from '#search/candidates.js';

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function treeOrdered(n: number, rnd: () => number): Candidate[] {
  const names = ['a', 'a-b', 'a b', 'B', 'é', 'z', '1', 'a.txt', '~x', 'ß'];
  const list: Candidate[] = [];
  const seen = new Set<string>();
  while (list.length < n) {
    const depth = 1 + Math.floor(rnd() * 3);
    const rel = Array.from({ length: depth }, () => names[Math.floor(rnd() * names.length)]).join(
      '/',
    );
    if (seen.has(rel)) continue;
    seen.add(rel);
    // Few distinct times, so most entries tie; some unknown.
    const t = rnd() < 0.1 ? null : Math.floor(rnd() * 5) * 1000;
    list.push({ rel, t, isDirectory: false, size: 0, mtimeMs: t ?? 0, birthtimeMs: 0 });
  }
  return list.sort((a, b) => comparePaths(a.rel, b.rel));
}

describe('sortTreeOrdered', () => {
  it('orders a tree-ordered list exactly as the full comparison does, both ways', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const list = treeOrdered(150, random(seed));
      const order = (l: Candidate[]) => l.map((c) => c.rel);
      expect(order(sortTreeOrdered([...list], 'time_desc'))).toEqual(
        order([...list].sort(compareDesc)),
      );
      expect(order(sortTreeOrdered([...list], 'time_asc'))).toEqual(
        order([...list].sort(compareAsc)),
      );
    }
  });

  it('keeps the order right when a sorted head is followed by later entries', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const list = treeOrdered(200, random(seed));
      const head = sortTreeOrdered(list.slice(0, 120), 'time_desc').slice(0, 30);
      const got = sortTreeOrdered([...head, ...list.slice(120)], 'time_desc').map((c) => c.rel);
      const want = [...head, ...list.slice(120)].sort(compareDesc).map((c) => c.rel);
      expect(got).toEqual(want);
    }
  });
});

describe('Collected', () => {
  it('sorts what it holds exactly as the full comparison does, both ways, into a compact part', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const list = treeOrdered(150, random(seed));
      const collected = Collected.of(list);
      expect(collected.length).toBe(150);
      for (const [sort, compare] of [
        ['time_desc', compareDesc],
        ['time_asc', compareAsc],
      ] as const) {
        const part = collected.sorted(sort);
        const want = [...list].sort(compare);
        expect(part.rels).toEqual(want.map((c) => c.rel));
        want.forEach((c, i) => {
          expect(Number.isNaN(part.nums[i * 4]!) ? null : part.nums[i * 4]).toBe(c.t);
          expect(part.nums[i * 4 + 2]).toBe(c.mtimeMs);
        });
      }
    }
  });
});

describe('timeOrder (the sort of Collected)', () => {
  it('orders fractional, negative, zero and unknown times as the full comparison does', () => {
    const times = [null, -1500.5, -0, 0, 0.25, 1_700_000_000_123.456, 1_700_000_000_123.457];
    for (let seed = 1; seed <= 30; seed++) {
      const rnd = random(seed);
      const list = treeOrdered(120, rnd).map((c) => {
        const t = times[Math.floor(rnd() * times.length)]!;
        return { ...c, t, mtimeMs: t ?? 0 };
      });
      for (const [sort, compare] of [
        ['time_desc', compareDesc],
        ['time_asc', compareAsc],
      ] as const) {
        expect(Collected.of(list).sorted(sort).rels).toEqual(
          [...list].sort(compare).map((c) => c.rel),
        );
      }
    }
    expect(new Collected().sorted('time_desc').rels).toEqual([]);
  });
});
