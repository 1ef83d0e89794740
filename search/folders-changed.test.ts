// Whether a kept scan's folders changed: the native call (fast-list.c's firstChanged) and the
// JavaScript loop give the same index on real folders, to the last bit of a millisecond: at the
// very time a folder was modified it counts as changed, a hair later it does not.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { firstChangedFolder, firstChangedInJs } from './folders-changed.js';
import {
  disableNativeList,
  enableNativeList,
  NATIVE_LIST_FILE,
  nativeFirstChanged,
} from './native-list.js';

const NATIVE = path.join(REPO_ROOT, 'engine', 'dist', NATIVE_LIST_FILE);
const RELS = ['', 'a', 'a/b', 'a/b/c', 'x y', 'x y/ü'];
/** Every folder's times, set in the past: only ctime (now) is recent. */
const PAST_S = 1_700_000_000.123456;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) removeTempDir(d);
});

function folders(): string {
  const base = fs.realpathSync(makeTempDir('fg-changed-'));
  dirs.push(base);
  for (const rel of RELS) fs.mkdirSync(path.join(base, rel), { recursive: true });
  for (const rel of [...RELS].reverse()) fs.utimesSync(path.join(base, rel), PAST_S, PAST_S);
  return base;
}

/** Well after every folder's ctime (set by the utimes above, a moment ago). */
const afterSetup = () => Date.now() + 5_000;

/**
 * A time at or before the ctime of any change made from now on: the kernel's clock for file
 * times is coarse, so a probe file is touched until its ctime moves past every folder's (a
 * sequence point, not a sleep), and that ctime is the answer.
 */
function tickAfter(base: string): number {
  const newest = Math.max(...RELS.map((rel) => fs.statSync(path.join(base, rel)).ctimeMs));
  const probe = `${base}-probe`;
  dirs.push(probe);
  for (;;) {
    fs.writeFileSync(probe, 'x');
    const ctime = fs.statSync(probe).ctimeMs;
    if (ctime > newest) return ctime;
  }
}

for (const way of ['native', 'JavaScript'] as const)
  describe(`whether a kept scan’s folders changed (${way})`, () => {
    beforeEach(() => {
      if (way === 'native' && process.platform === 'linux') {
        expect(enableNativeList(NATIVE), 'the native module did not load').toBe(true);
        expect(nativeFirstChanged()).not.toBeNull();
      } else disableNativeList();
    });
    afterEach(() => disableNativeList());

    it('finds none changed before any change, and the first one changed after', () => {
      const base = folders();
      const since = afterSetup();
      expect(firstChangedFolder(base, RELS, since)).toBe(-1);
      // A time before the folders' ctime: the first (the base itself) has changed since.
      expect(firstChangedFolder(base, RELS, 0)).toBe(0);
      expect(firstChangedFolder(base, [], 0)).toBe(-1);
      // An entry added in a/b moves its times to now; the others' stay before `since`.
      const base2 = folders();
      const since2 = tickAfter(base2);
      fs.writeFileSync(path.join(base2, 'a', 'b', 'new.txt'), 'x');
      expect(firstChangedFolder(base2, RELS.slice(1), since2)).toBe(1);
      expect(firstChangedFolder(base2, ['a/b/c', 'x y/ü', 'a/b'], since2)).toBe(2);
      expect(firstChangedFolder(base2, ['a/b/c', 'x y/ü'], since2)).toBe(-1);
      // Its permissions set: only its changed time (ctime) moves.
      fs.chmodSync(path.join(base2, 'x y', 'ü'), 0o700);
      expect(fs.statSync(path.join(base2, 'x y', 'ü')).mtimeMs).toBeLessThan(since2);
      expect(firstChangedFolder(base2, ['a/b/c', 'x y/ü'], since2)).toBe(1);
    });

    it('counts a folder gone, or one that is a file now, as changed', () => {
      const base = folders();
      fs.rmSync(path.join(base, 'x y'), { recursive: true });
      expect(firstChangedFolder(base, ['a', 'a/b', 'x y/ü', 'a/b/c'], afterSetup())).toBe(2);
      fs.rmdirSync(path.join(base, 'a', 'b', 'c'));
      fs.writeFileSync(path.join(base, 'a', 'b', 'c'), 'now a file');
      expect(firstChangedFolder(base, ['a', 'a/b/c/d'], afterSetup())).toBe(1);
      expect(firstChangedFolder(path.join(base, 'gone'), ['a'], afterSetup())).toBe(0);
    });

    it('holds a modified time at the very millisecond Node gives as changed, not a hair later', () => {
      const base = folders();
      // Times in the future (ctime stays now): only the modified time decides.
      const futureS = Date.now() / 1000 + 3_600.987654321;
      fs.utimesSync(path.join(base, 'a', 'b'), futureS, futureS);
      const mtimeMs = fs.statSync(path.join(base, 'a', 'b')).mtimeMs;
      const later = mtimeMs + Math.max(Number.EPSILON * mtimeMs, 1e-9);
      expect(later).toBeGreaterThan(mtimeMs);
      expect(firstChangedFolder(base, RELS, mtimeMs)).toBe(2);
      expect(firstChangedFolder(base, RELS, later)).toBe(-1);
      expect(firstChangedInJs(base, RELS, mtimeMs)).toBe(2);
      expect(firstChangedInJs(base, RELS, later)).toBe(-1);
    });

    it('follows a link on the way, as fs.statSync does', () => {
      const base = folders();
      fs.symlinkSync(path.join(base, 'a'), path.join(base, 'to-a'));
      const since = tickAfter(base);
      expect(firstChangedFolder(base, ['to-a', 'to-a/b'], since)).toBe(-1);
      fs.writeFileSync(path.join(base, 'a', 'b', 'new.txt'), 'x');
      expect(firstChangedFolder(base, ['to-a', 'to-a/b'], since)).toBe(1);
    });
  });

describe.runIf(process.platform === 'linux')('the native call (fast-list.c’s firstChanged)', () => {
  beforeEach(() => expect(enableNativeList(NATIVE), 'the native module did not load').toBe(true));
  afterEach(() => disableNativeList());

  it('counts a name with a NUL in it as changed, and refuses what is not a call', () => {
    const base = folders();
    const native = nativeFirstChanged()!;
    expect(native(base, ['a', 'a\0/b'], afterSetup())).toBe(1);
    expect(native(`${base}\0`, ['a'], afterSetup())).toBe(0);
    expect(() => (native as unknown as (...a: unknown[]) => number)(base, 'a', 0)).toThrow(
      TypeError,
    );
    expect(() => (native as unknown as (...a: unknown[]) => number)(base, ['a'])).toThrow(
      TypeError,
    );
    // A path longer than the first buffer is grown into, not cut short.
    const long = Array.from({ length: 40 }, (_, i) => `${'n'.repeat(60)}${i}`);
    fs.mkdirSync(path.join(base, ...long), { recursive: true });
    const rels = long.map((_, i) => long.slice(0, i + 1).join('/'));
    expect(native(base, rels, afterSetup())).toBe(-1);
    expect(native(base, [...rels, `${rels.at(-1)}/missing`], afterSetup())).toBe(40);
  });
});
