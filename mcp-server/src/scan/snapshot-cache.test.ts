// The snapshot cache on its own: hit, miss, expiry, eviction by size, settings change, and the
// folder check that retires a snapshot when a folder it went through changed (real temp folders).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comparePaths, type WalkResult } from '#search/walker.js';
import { Collected, takeAfter, toPart } from './parts.js';
import { compareDesc, type Candidate } from '#search/candidates.js';
import type { RemoteMatches } from './parallel-scan.js';
import { createSnapshotCache, type ScanRecord } from './snapshot-cache.js';

const WALK: WalkResult = {
  scannedFiles: 3,
  scannedDirectories: 2,
  skippedUnreadable: 0,
  notEnteredAtMaxDepth: 0,
  invalidNames: 0,
  stopReason: 'done',
  stoppedAt: null,
};

const byTimeDesc = compareDesc;

function candidate(rel: string, t: number | null): Candidate {
  return { rel, t, isDirectory: false, size: rel.length, mtimeMs: t ?? 5, birthtimeMs: 0 };
}

let dir: string;
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-snap-')));
  fs.mkdirSync(path.join(dir, 'sub'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function scan(candidates: Candidate[], startedAt = Date.now() + 1000): ScanRecord {
  // A start time after the folders were made, so the folder check passes unless a test changes one.
  // A sorted part, as a scan child sends it, and an unsorted list in tree order, as the server
  // keeps its own (the walk's order).
  const sorted = [...candidates].sort(byTimeDesc);
  return {
    parts: [toPart(sorted.filter((_, i) => i % 2 === 0))],
    pending: [
      Collected.of(sorted.filter((_, i) => i % 2 === 1).sort((a, b) => comparePaths(a.rel, b.rel))),
    ],
    remote: null,
    walk: WALK,
    skippedUnreadable: 1,
    startedAt,
    startReal: dir,
    folders: ['', 'sub'],
  };
}

describe('snapshot cache', () => {
  it('answers a key it holds, sorted, and misses others', async () => {
    const cache = createSnapshotCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    cache.put(
      ['a', 'b'],
      scan([candidate('x', 1), candidate('sub/y', 3), candidate('z', 2), candidate('n', null)]),
      byTimeDesc,
    );
    expect(cache.get('c')).toBeNull();
    const snap = cache.get('b');
    expect(snap).not.toBeNull();
    expect(snap!.count).toBe(4);
    expect((await snap!.page(null, 10))!.map((c) => c.rel)).toEqual(['sub/y', 'z', 'x', 'n']);
    expect(await snap!.page(null, 2)).toEqual([candidate('sub/y', 3), candidate('z', 2)]);
    expect(await snap!.page({ rel: 'x', t: 1 }, 5)).toEqual([candidate('n', null)]);
    // Strictly after a key, whether or not the key itself is in the snapshot.
    expect((await snap!.page({ rel: 'z', t: 2 }, 1))!.map((c) => c.rel)).toEqual(['x']);
    expect((await snap!.page({ rel: 'a', t: 2 }, 1))!.map((c) => c.rel)).toEqual(['z']);
    expect(await snap!.page({ rel: 'n', t: null }, 3)).toEqual([]);
    expect(snap!.walk).toBe(WALK);
    expect(snap!.skippedUnreadable).toBe(1);
    expect(cache.get('a')).toBe(snap);
  });

  it('expires entries after the TTL', () => {
    let now = 1_000_000;
    const cache = createSnapshotCache({ maxBytes: 1 << 20, ttlMs: 100, now: () => now });
    cache.put(['k'], scan([candidate('x', 1)]), byTimeDesc);
    now += 100;
    expect(cache.get('k')).not.toBeNull();
    now += 1;
    expect(cache.get('k')).toBeNull();
    expect(cache.bytes()).toBe(0);
  });

  it('evicts the least recently used entry past the byte cap, and refuses one too big', () => {
    let now = 0;
    const cache = createSnapshotCache({ maxBytes: 2500, ttlMs: 60_000, now: () => now });
    const many = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => candidate(`${prefix}${i}`, i));
    cache.put(['one'], scan(many('a', 10)), byTimeDesc);
    now = 1;
    cache.put(['two'], scan(many('b', 10)), byTimeDesc);
    now = 2;
    expect(cache.get('one')).not.toBeNull(); // 'one' is now the most recently used
    now = 3;
    cache.put(['three'], scan(many('c', 10)), byTimeDesc);
    expect(cache.get('two')).toBeNull();
    expect(cache.get('one')).not.toBeNull();
    expect(cache.get('three')).not.toBeNull();
    expect(cache.bytes()).toBeLessThanOrEqual(2500);
    cache.put(['huge'], scan(many('d', 200)), byTimeDesc);
    expect(cache.get('huge')).toBeNull();
    expect(cache.get('three')).not.toBeNull();
  });

  it('drops everything when the settings change, not when they stay', () => {
    const cache = createSnapshotCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    cache.useSettings('s1');
    cache.put(['k'], scan([candidate('x', 1)]), byTimeDesc);
    cache.useSettings('s1');
    expect(cache.get('k')).not.toBeNull();
    cache.useSettings('s2');
    expect(cache.get('k')).toBeNull();
  });

  it('retires a snapshot when a folder it went through changed after the scan started', () => {
    const cache = createSnapshotCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    const startedAt = Date.now() + 1000;
    cache.put(['k'], scan([candidate('x', 1)], startedAt), byTimeDesc);
    expect(cache.get('k')).not.toBeNull();
    // A folder's times set after the scan began (a file added or removed moves them the same way).
    const later = (startedAt + 5000) / 1000;
    fs.utimesSync(path.join(dir, 'sub'), later, later);
    expect(cache.get('k')).toBeNull();
  });

  it('retires a snapshot whose folder is gone', () => {
    const cache = createSnapshotCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    cache.put(['k'], scan([candidate('x', 1)]), byTimeDesc);
    fs.rmdirSync(path.join(dir, 'sub'));
    expect(cache.get('k')).toBeNull();
  });

  describe('with matches kept by scan children', () => {
    /** A stand-in for what the children keep: sorted candidates, paged as the pool pages them. */
    function remote(kept: Candidate[], bytes = 100) {
      const sorted = [...kept].sort(byTimeDesc);
      const state = { released: 0, gone: false };
      const matches: RemoteMatches = {
        count: sorted.length,
        bytes,
        page: (after, keep) =>
          Promise.resolve(
            state.gone ? null : toPart(takeAfter([toPart(sorted)], after, keep, byTimeDesc)),
          ),
        release: () => state.released++,
      };
      return { matches, state };
    }

    it("pages across its own parts and the children's, in order", async () => {
      const cache = createSnapshotCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
      const r = remote([candidate('c1', 5), candidate('c2', 2), candidate('c3', 2)]);
      cache.put(
        ['k'],
        { ...scan([candidate('s1', 4), candidate('s2', 2)]), remote: r.matches },
        byTimeDesc,
      );
      const snap = cache.get('k')!;
      expect(snap.count).toBe(5);
      expect((await snap.page(null, 10))!.map((c) => c.rel)).toEqual([
        'c1',
        's1',
        'c2',
        'c3',
        's2',
      ]);
      expect((await snap.page({ rel: 'c2', t: 2 }, 2))!.map((c) => c.rel)).toEqual(['c3', 's2']);
      expect(r.state.released).toBe(0);
    });

    it('answers null when a child no longer has its part, and forget() lets the rest go', async () => {
      const cache = createSnapshotCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
      const r = remote([candidate('c1', 5)]);
      cache.put(['k'], { ...scan([candidate('s1', 4)]), remote: r.matches }, byTimeDesc);
      r.state.gone = true;
      const snap = cache.get('k')!;
      expect(await snap.page(null, 10)).toBeNull();
      cache.forget(snap);
      expect(cache.get('k')).toBeNull();
      expect(r.state.released).toBe(1);
    });

    it('lets the children forget their part when dropped: expired, evicted, too big, cleared', () => {
      let now = 1000;
      const cache = createSnapshotCache({ maxBytes: 3000, ttlMs: 100, now: () => now });
      const expired = remote([candidate('a', 1)]);
      cache.put(['e'], { ...scan([]), remote: expired.matches }, byTimeDesc);
      now += 101;
      expect(cache.get('e')).toBeNull();
      expect(expired.state.released).toBe(1);

      const tooBig = remote([candidate('b', 1)], 5000);
      cache.put(['big'], { ...scan([]), remote: tooBig.matches }, byTimeDesc);
      expect(cache.get('big')).toBeNull();
      expect(tooBig.state.released).toBe(1);

      const first = remote([candidate('c', 1)], 1500);
      const second = remote([candidate('d', 1)], 1500);
      cache.put(['1'], { ...scan([]), remote: first.matches }, byTimeDesc);
      cache.put(['2'], { ...scan([]), remote: second.matches }, byTimeDesc);
      expect(cache.get('1')).toBeNull(); // evicted: the two do not fit together
      expect(first.state.released).toBe(1);
      expect(second.state.released).toBe(0);
      cache.useSettings('x');
      cache.useSettings('y');
      expect(second.state.released).toBe(1);
    });
  });
});
