import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '#testing/mcp-server.js';
import { PLAIN_MATCH } from '#testing/engine-query.js';
import type { FolderAccess } from './folder-access.js';
import { createFdFolderAccess, isFdAccessAvailable } from './folder-access-fd.js';
import { createVerifyingFolderAccess } from './folder-access-verify.js';
import { findBoundaries } from '#server/scan/regions.js';
import {
  type WalkEntry,
  type WalkResult,
  type WalkSpec,
  comparePaths,
  walkTree,
} from './walker.js';

// Names chosen to trip string-prefix and code-unit ordering: '/' must sort before every other
// character ('a/…' before 'a!', 'a b', 'a-c', 'a.txt'), and UTF-16 code units order '😀'
// (a surrogate pair, 0xD83D…) before '～' (0xFF5E).
const FILES = [
  'A.txt',
  'a/b/c.txt',
  'a/b/d/e.txt',
  'a/b-x.txt',
  'a/b!.txt',
  'a/z.txt',
  'a!/f.txt',
  'a b.txt',
  'a-c/g.txt',
  'a-c/h/i.txt',
  'a.txt',
  'ab/j.txt',
  'z.txt',
  '_u.txt',
  '0.txt',
  'ü/k.txt',
  '😀.txt',
  '～.txt',
  '.hidden/l.txt',
];
const EMPTY_DIRS = ['empty', 'a/b/empty'];

/** Every file and folder of the tree, as '/'-relative paths. */
function allEntries(): string[] {
  const set = new Set<string>();
  for (const p of [...FILES, ...EMPTY_DIRS]) {
    const parts = p.split('/');
    for (let i = 1; i <= parts.length; i++) set.add(parts.slice(0, i).join('/'));
  }
  return [...set];
}

let base: string;
let root: string;
let outside: string;

beforeAll(() => {
  base = makeTempDir('fg-walk-');
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  for (const file of FILES) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), file);
  }
  for (const dir of EMPTY_DIRS) fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
});

afterAll(() => {
  removeTempDir(base);
});

interface Walked {
  rels: string[];
  entries: WalkEntry[];
  result: WalkResult;
}

async function walk(overrides: Partial<WalkSpec> = {}): Promise<Walked> {
  const entries: WalkEntry[] = [];
  const result = await walkTree({
    startReal: root,
    rootReal: root,
    maxDepth: 1000,
    followSymlinks: false,
    after: null,
    until: null,
    limits: null,
    deadline: Number.POSITIVE_INFINITY,
    visit: (entry) => {
      entries.push(entry);
      return true;
    },
    ...overrides,
  });
  return { rels: entries.map((e) => e.rel), entries, result };
}

/** Walks page by page, resuming from each stoppedAt, until done; returns the pages. */
async function walkInPages(
  overrides: Partial<WalkSpec>,
): Promise<{ pages: string[][]; results: WalkResult[] }> {
  const pages: string[][] = [];
  const results: WalkResult[] = [];
  let after: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const { rels, result } = await walk({ ...overrides, after });
    pages.push(rels);
    results.push(result);
    if (result.stopReason === 'done') return { pages, results };
    expect(result.stoppedAt).not.toBeNull();
    expect(rels.length).toBeGreaterThan(0);
    expect(rels[rels.length - 1]).toBe(result.stoppedAt);
    after = result.stoppedAt;
  }
  throw new Error('the walk never finished');
}

describe('comparePaths', () => {
  it("puts '/' before every other character", () => {
    const order = ['a', 'a/b', 'a/b/c', 'a/z', 'a b', 'a!', 'a-c', 'a.txt', 'a0', 'ab', 'b'];
    const shuffled = [...order].reverse();
    expect(shuffled.sort(comparePaths)).toEqual(order);
    expect(comparePaths('a', 'a/b')).toBeLessThan(0);
    expect(comparePaths('a/b', 'a-c')).toBeLessThan(0);
    expect(comparePaths('a/zzz', 'a!')).toBeLessThan(0);
    expect(comparePaths('a/b', 'a\u0001')).toBeLessThan(0);
  });

  it('puts a folder before everything below it', () => {
    expect(comparePaths('', 'a')).toBeLessThan(0);
    expect(comparePaths('x/y', 'x/y/z')).toBeLessThan(0);
    expect(comparePaths('x/y/z', 'x/y')).toBeGreaterThan(0);
  });

  it('compares UTF-16 code units, case-sensitively', () => {
    expect(comparePaths('A', 'a')).toBeLessThan(0);
    expect(comparePaths('Z', 'a')).toBeLessThan(0);
    expect(comparePaths('😀', '～')).toBeLessThan(0);
    expect(comparePaths('ü', 'z')).toBeGreaterThan(0);
  });

  it('is zero only for equal paths and antisymmetric', () => {
    const paths = allEntries();
    for (const a of paths) {
      for (const b of paths) {
        const ab = Math.sign(comparePaths(a, b));
        expect(ab === 0).toBe(a === b);
        expect(Math.sign(comparePaths(b, a))).toBe(-ab || 0);
      }
    }
  });
});

describe('walkTree order and stats', () => {
  it('visits every file and folder once, in comparePaths order', async () => {
    const { rels, result } = await walk();
    expect(rels).toEqual([...allEntries()].sort(comparePaths));
    expect(result.stopReason).toBe('done');
  });

  it('reports kinds and native absolute paths', async () => {
    const { entries } = await walk();
    const byRel = new Map(entries.map((e) => [e.rel, e]));
    expect(byRel.get('a')).toMatchObject({
      isDirectory: true,
      viaLink: false,
      abs: path.join(root, 'a'),
    });
    expect(byRel.get('a/b/c.txt')).toMatchObject({
      isDirectory: false,
      abs: path.join(root, 'a', 'b', 'c.txt'),
    });
    for (const entry of entries) {
      expect(entry.abs).toBe(path.join(root, ...entry.rel.split('/')));
      expect(fs.statSync(entry.abs).isDirectory()).toBe(entry.isDirectory);
    }
  });

  it('counts files and the folders it read', async () => {
    const { result } = await walk();
    const dirs = allEntries().filter((p) => fs.statSync(path.join(root, p)).isDirectory());
    expect(result.scannedFiles).toBe(FILES.length);
    expect(result.scannedDirectories).toBe(dirs.length + 1); // + the start folder
    expect(result.skippedUnreadable).toBe(0);
  });

  it('walks from a start folder below the root with paths relative to it', async () => {
    const { rels } = await walk({ startReal: path.join(root, 'a') });
    expect(rels).toEqual([
      'b',
      'b/c.txt',
      'b/d',
      'b/d/e.txt',
      'b/empty',
      'b!.txt',
      'b-x.txt',
      'z.txt',
    ]);
  });

  it('ends when the visitor returns false', async () => {
    let n = 0;
    const result = await walkTree({
      startReal: root,
      rootReal: root,
      maxDepth: 1000,
      followSymlinks: false,
      after: null,
      until: null,
      limits: null,
      deadline: Number.POSITIVE_INFINITY,
      visit: () => ++n < 3,
    });
    expect(n).toBe(3);
    expect(result.stopReason).toBe('visitor');
  });

  it('leaves out excluded entries and what lies below them', async () => {
    const { rels } = await walk({ isExcluded: (rel) => rel === 'a' || rel.endsWith('.txt') });
    expect(rels.some((r) => r.startsWith('a/') || r === 'a' || r.endsWith('.txt'))).toBe(false);
    expect(rels).toContain('a-c/h');
  });

  it("throws the start folder's read error", async () => {
    await expect(walk({ startReal: path.join(root, 'missing') })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});

describe('walkTree maxDepth', () => {
  it('0 = direct children only (folders listed, not entered)', async () => {
    const { rels, result } = await walk({ maxDepth: 0 });
    expect(rels).toEqual(
      allEntries()
        .filter((p) => !p.includes('/'))
        .sort(comparePaths),
    );
    expect(result.scannedDirectories).toBe(1);
  });

  it('1 = children and grandchildren', async () => {
    const { rels } = await walk({ maxDepth: 1 });
    expect(rels).toEqual(
      allEntries()
        .filter((p) => p.split('/').length <= 2)
        .sort(comparePaths),
    );
    expect(rels).toContain('a/b');
    expect(rels).not.toContain('a/b/c.txt');
  });
});

describe('walkTree after / until', () => {
  const full = () => [...allEntries()].sort(comparePaths);

  it.each(['a.txt', 'a/b/c.txt', 'a', 'a/b', 'a/b/d', '.hidden', 'A.txt', '～.txt', 'a/b/empty'])(
    'after %j resumes strictly after it',
    async (after) => {
      const { rels } = await walk({ after });
      const all = full();
      expect(rels).toEqual(all.slice(all.indexOf(after) + 1));
    },
  );

  it.each([
    'a/b/c.txx',
    'a/b/cz',
    'a/bb',
    'a/b!/gone.txt',
    'a-b',
    'a/b/d/e',
    'aa',
    'a/b/d/e.txt/x',
    '~gone',
    '!',
  ])('after %j (no longer exists) resumes at the next position', async (after) => {
    expect(fs.existsSync(path.join(root, after))).toBe(false);
    const { rels } = await walk({ after });
    expect(rels).toEqual(full().filter((p) => comparePaths(p, after) > 0));
  });

  it('after and until agree with comparePaths at every position of the tree', async () => {
    const all = full();
    for (const [i, position] of all.entries()) {
      expect((await walk({ after: position })).rels, `after ${position}`).toEqual(all.slice(i + 1));
      expect((await walk({ until: position })).rels, `until ${position}`).toEqual(
        all.slice(0, i + 1),
      );
    }
  });

  it('after the last entry visits nothing', async () => {
    const all = full();
    const { rels, result } = await walk({ after: all[all.length - 1]! });
    expect(rels).toEqual([]);
    expect(result.stopReason).toBe('done');
  });

  it.each(['a/b/c.txt', 'a', 'a/b', 'a b.txt', '～.txt', '.hidden/l.txt'])(
    'until %j stops inclusive',
    async (until) => {
      const { rels, result } = await walk({ until });
      const all = full();
      expect(rels).toEqual(all.slice(0, all.indexOf(until) + 1));
      expect(result.stopReason).toBe('done');
    },
  );

  it.each(['a/b/cc', 'a/bb', 'a-b', 'aa/x', '~'])(
    'until %j (missing) stops before the next position',
    async (until) => {
      const { rels } = await walk({ until });
      expect(rels).toEqual(full().filter((p) => comparePaths(p, until) <= 0));
    },
  );

  it('after + until walk exactly the region between them', async () => {
    const all = full();
    for (const [after, until] of [
      ['a', 'a-c'],
      ['a/b', 'a/b/d/e.txt'],
      ['.hidden', 'a/z.txt'],
      ['a/b/c.txt', 'a/b/c.txt'],
    ] as const) {
      const { rels } = await walk({ after, until });
      expect(rels, `${after}..${until}`).toEqual(
        all.slice(all.indexOf(after) + 1, all.indexOf(until) + 1),
      );
    }
  });

  it('combines after with maxDepth', async () => {
    const { rels } = await walk({ after: 'a', maxDepth: 0 });
    expect(rels).toEqual(full().filter((p) => !p.includes('/') && comparePaths(p, 'a') > 0));
  });
});

describe('walkTree limits', () => {
  it.each([1, 2, 3, 7, FILES.length - 1])(
    'maxFiles %i: pages cover the tree exactly once',
    async (maxFiles) => {
      const { pages, results } = await walkInPages({
        limits: { maxFiles, maxDirectories: 1_000_000 },
      });
      expect(pages.flat()).toEqual([...allEntries()].sort(comparePaths));
      expect(pages.length).toBeGreaterThan(1);
      for (const [i, result] of results.entries()) {
        expect(result.scannedFiles).toBeLessThanOrEqual(maxFiles);
        if (i < results.length - 1) {
          expect(result.stopReason).toBe('files');
          expect(result.scannedFiles).toBe(maxFiles);
        }
      }
    },
  );

  it('a tree of exactly maxFiles files completes', async () => {
    const { result, rels } = await walk({
      limits: { maxFiles: FILES.length, maxDirectories: 1_000_000 },
    });
    expect(result.stopReason).toBe('done');
    expect(rels).toHaveLength(allEntries().length);
  });

  it.each([1, 2, 3, 5])(
    'maxDirectories %i: pages cover the tree exactly once',
    async (maxDirectories) => {
      const { pages, results } = await walkInPages({
        limits: { maxFiles: 1_000_000, maxDirectories },
      });
      expect(pages.flat()).toEqual([...allEntries()].sort(comparePaths));
      expect(results.slice(0, -1).every((r) => r.stopReason === 'directories')).toBe(true);
      expect(results.length).toBeGreaterThan(1);
    },
  );

  it('both limits together still cover the tree exactly once', async () => {
    const { pages } = await walkInPages({
      limits: { maxFiles: 2, maxDirectories: 2 },
      maxDepth: 1000,
    });
    expect(pages.flat()).toEqual([...allEntries()].sort(comparePaths));
  });

  it('a passed deadline stops with time and resumes without loss', async () => {
    // Many files so that the walk reaches its periodic clock check at least once.
    const big = path.join(base, 'big');
    fs.mkdirSync(big);
    const names: string[] = [];
    for (let i = 0; i < 700; i++) {
      const name = `f${String(i).padStart(4, '0')}.txt`;
      fs.writeFileSync(path.join(big, name), '');
      names.push(name);
    }
    const { pages, results } = await walkInPages({
      startReal: big,
      rootReal: big,
      deadline: 0,
      limits: { maxFiles: 1_000_000, maxDirectories: 1_000_000 },
    });
    expect(results[0]!.stopReason).toBe('time');
    expect(pages.flat()).toEqual(names);
  });

  it('limits null (a fixed region) never stop on counts', async () => {
    const { result } = await walk({ limits: null, after: 'a', until: 'ab/j.txt' });
    expect(result.stopReason).toBe('done');
  });
});

describe('walkTree special files and symbolic links', () => {
  let tree: string;

  beforeAll(() => {
    tree = path.join(base, 'links');
    fs.mkdirSync(path.join(tree, 'real', 'sub'), { recursive: true });
    fs.writeFileSync(path.join(tree, 'real', 'one.txt'), '1');
    fs.writeFileSync(path.join(tree, 'real', 'sub', 'two.txt'), '2');
    fs.symlinkSync('real/one.txt', path.join(tree, 'link-file'));
    fs.symlinkSync('real/sub', path.join(tree, 'link-dir'));
    fs.symlinkSync(outside, path.join(tree, 'link-out'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(tree, 'link-out-file'));
    fs.symlinkSync('..', path.join(tree, 'link-parent'));
    fs.symlinkSync('nowhere', path.join(tree, 'link-dangling'));
    fs.symlinkSync('loop-b', path.join(tree, 'loop-a'));
    fs.symlinkSync('loop-a', path.join(tree, 'loop-b'));
    fs.symlinkSync('..', path.join(tree, 'real', 'sub', 'up')); // to 'real': a cycle
    fs.symlinkSync('.', path.join(tree, 'real', 'self'));
    execFileSync('mkfifo', [path.join(tree, 'real', 'fifo')]);
  });

  const walkLinks = (followSymlinks: boolean) =>
    walk({ startReal: tree, rootReal: tree, followSymlinks });

  it('skips links and special files by default', async () => {
    const { rels, result } = await walkLinks(false);
    expect(rels).toEqual(['real', 'real/one.txt', 'real/sub', 'real/sub/two.txt']);
    expect(result.scannedFiles).toBe(2);
  });

  it('with followSymlinks, follows links inside the root only', async () => {
    const { rels, entries, result } = await walkLinks(true);
    expect(result.stopReason).toBe('done');
    expect(rels).toEqual([...rels].sort(comparePaths));
    expect(rels).toContain('link-file');
    expect(rels).toContain('link-dir');
    expect(rels).toContain('link-dir/two.txt');
    for (const escaped of [
      'link-out',
      'link-out-file',
      'link-parent',
      'link-dangling',
      'loop-a',
      'loop-b',
    ]) {
      expect(rels).not.toContain(escaped);
    }
    expect(rels.some((r) => r.includes('secret'))).toBe(false);
    expect(rels).not.toContain('real/fifo');
    for (const entry of entries) {
      expect(fs.realpathSync(entry.abs).startsWith(tree + path.sep)).toBe(true);
    }
    const byRel = new Map(entries.map((e) => [e.rel, e]));
    expect(byRel.get('link-file')).toMatchObject({ isDirectory: false, viaLink: true });
    expect(byRel.get('link-dir')).toMatchObject({ isDirectory: true, viaLink: true });
    expect(byRel.get('real/one.txt')).toMatchObject({ viaLink: false });
  });

  it('with followSymlinks, ends on link cycles', async () => {
    const { rels } = await walkLinks(true);
    expect(new Set(rels).size).toBe(rels.length);
    // 'real/self' -> 'real' and 'real/sub/up' -> 'real' are listed, each cycle entered at most once.
    expect(rels.filter((r) => r.endsWith('/one.txt')).length).toBeLessThanOrEqual(3);
    expect(Math.max(...rels.map((r) => r.split('/').length))).toBeLessThan(8);
  });

  it('with followSymlinks, a link to the start folder is not entered again', async () => {
    fs.symlinkSync('.', path.join(tree, 'real', 'sub', 'zz-root-link'));
    try {
      const { rels } = await walk({
        startReal: tree,
        rootReal: tree,
        followSymlinks: true,
        isExcluded: (r) => r.endsWith('/up') || r.endsWith('/self'),
      });
      expect(rels).toContain('real/sub/zz-root-link');
      expect(rels.some((r) => r.startsWith('real/sub/zz-root-link/'))).toBe(false);
    } finally {
      fs.unlinkSync(path.join(tree, 'real', 'sub', 'zz-root-link'));
    }
  });

  it('with followSymlinks and a start folder below the root, links may reach elsewhere in the root', async () => {
    const { rels } = await walk({
      startReal: path.join(tree, 'real', 'sub'),
      rootReal: tree,
      followSymlinks: true,
    });
    expect(rels).toContain('up');
    expect(rels).toContain('up/one.txt');
  });
});

describe('walkTree depth ceiling, names that are not UTF-8, descriptors, both accesses', () => {
  let odd: string;

  beforeAll(() => {
    odd = path.join(base, 'odd');
    fs.mkdirSync(odd);
    const bad = (prefix: string, suffix: string) =>
      Buffer.concat([
        Buffer.from(path.join(odd, prefix)),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(suffix),
      ]);
    fs.writeFileSync(bad('bad-', '.txt'), 'x');
    fs.mkdirSync(bad('bad-dir-', ''));
    fs.writeFileSync(Buffer.concat([bad('bad-dir-', ''), Buffer.from('/inner.txt')]), 'x');
    // Valid UTF-8 that really contains U+FFFD: listed as it is.
    fs.writeFileSync(path.join(odd, 'real-\uFFFD.txt'), 'x');
    fs.writeFileSync(path.join(odd, 'plain.txt'), 'x');
  });

  it('leaves out names that are not valid UTF-8, counts them, and lists a real U+FFFD name', async () => {
    const { rels, result } = await walk({ startReal: odd, rootReal: odd });
    expect(rels).toEqual(['plain.txt', 'real-\uFFFD.txt']);
    expect(result.invalidNames).toBe(2);
    expect(result.skippedUnreadable).toBe(0);
  });

  it('counts folders at maxDepth that were not entered, only where they were met', async () => {
    const deep = path.join(base, 'deep');
    fs.mkdirSync(path.join(deep, ...Array<string>(260).fill('d')), { recursive: true });
    fs.writeFileSync(path.join(deep, ...Array<string>(260).fill('d'), 'bottom.txt'), 'x');
    const { rels, result } = await walk({ startReal: deep, rootReal: deep, maxDepth: 256 });
    expect(rels.length).toBe(257); // d, d/d, … 257 folders deep; the rest is not read
    expect(rels.some((r) => r.endsWith('bottom.txt'))).toBe(false);
    expect(result.notEnteredAtMaxDepth).toBe(1);
    const all = await walk({ startReal: deep, rootReal: deep, maxDepth: 300 });
    expect(all.rels.some((r) => r.endsWith('bottom.txt'))).toBe(true);
    expect(all.result.notEnteredAtMaxDepth).toBe(0);
  });

  it.runIf(fs.existsSync('/proc/self/fd'))(
    'closes every folder it opened and restores the working folder, however the walk ends',
    async () => {
      const open = () => fs.readdirSync('/proc/self/fd').length;
      const before = open();
      const cwd = process.cwd();
      await walk();
      await walk({ visit: (e) => e.rel !== 'a/b/c.txt' });
      await expect(
        walk({
          visit: (e) => {
            if (e.rel === 'a/b/d/e.txt') throw new Error('visitor failed');
            return true;
          },
        }),
      ).rejects.toThrow('visitor failed');
      await walk({ limits: { maxFiles: 3, maxDirectories: 2 } });
      await walk({
        startReal: path.join(base, 'links'),
        rootReal: path.join(base, 'links'),
        followSymlinks: true,
      });
      const controller = new AbortController();
      controller.abort();
      await walk({ signal: controller.signal, deadline: 0 }).catch(() => undefined);
      expect(open()).toBe(before);
      expect(process.cwd()).toBe(cwd); // the working folder is put back, however the walk ends
    },
  );

  it('every access (checks, descriptors with and without a working folder) walks alike', async () => {
    const accesses = isFdAccessAvailable()
      ? [createVerifyingFolderAccess(), createFdFolderAccess({ useWorkingFolder: false })]
      : [createVerifyingFolderAccess()];
    for (const overrides of [
      {},
      { startReal: path.join(root, 'a'), maxDepth: 1 },
      {
        startReal: path.join(base, 'links'),
        rootReal: path.join(base, 'links'),
        followSymlinks: true,
      },
      { startReal: odd, rootReal: odd },
      { after: 'a/b/d', until: 'a-c/h' },
    ] satisfies Partial<WalkSpec>[]) {
      const sized = async (access?: FolderAccess) => {
        const seen: string[] = [];
        const { result } = await walk({
          ...overrides,
          access,
          visit: (e) => {
            seen.push(`${e.rel} ${e.stat()?.size}`); // stat() is only valid inside visit
            return true;
          },
        });
        return { seen, result };
      };
      const expected = await sized();
      expect(expected.seen.length).toBeGreaterThan(0);
      for (const access of accesses) {
        const checked = await sized(access);
        expect(checked.seen).toEqual(expected.seen);
        expect(checked.result).toEqual(expected.result);
      }
    }
  });
});

describe('walkTree rootId: the folder opened as the root must be the one the person chose', () => {
  const idOf = (p: string) => {
    const st = fs.statSync(p, { bigint: true });
    return { dev: st.dev.toString(), ino: st.ino.toString() };
  };
  const accesses = (): (FolderAccess | undefined)[] =>
    isFdAccessAvailable()
      ? [
          undefined,
          createVerifyingFolderAccess(),
          createFdFolderAccess({ useWorkingFolder: false }),
        ]
      : [undefined, createVerifyingFolderAccess()];

  it('walks the root it was given, also from a start folder below it', async () => {
    for (const access of accesses()) {
      const { rels } = await walk({ access, rootId: idOf(root) });
      expect(rels.length).toBe(allEntries().length);
      const below = await walk({ access, rootId: idOf(root), startReal: path.join(root, 'a') });
      expect(below.rels).toContain('b/c.txt');
    }
  });

  it('refuses (EREPLACED) another folder at the root path, and a link put there, listing nothing', async () => {
    const chosen = path.join(base, 'chosen');
    fs.mkdirSync(chosen);
    const id = idOf(chosen);
    fs.renameSync(chosen, `${chosen}.old`);
    for (const access of accesses()) {
      // Another folder now at that path (by the same path, a parent swapped would do the same).
      fs.mkdirSync(chosen);
      fs.writeFileSync(path.join(chosen, 'other.txt'), 'x');
      const seen: string[] = [];
      await expect(
        walk({
          access,
          startReal: chosen,
          rootReal: chosen,
          rootId: id,
          visit: (e) => !!seen.push(e.rel),
        }),
      ).rejects.toMatchObject({ code: 'EREPLACED' });
      fs.rmSync(chosen, { recursive: true });
      // A link in its place, to a folder outside.
      fs.symlinkSync(outside, chosen);
      await expect(
        walk({
          access,
          startReal: chosen,
          rootReal: chosen,
          rootId: id,
          visit: (e) => !!seen.push(e.rel),
        }),
      ).rejects.toMatchObject({ code: 'EREPLACED' });
      fs.unlinkSync(chosen);
      expect(seen).toEqual([]);
    }
  });

  it('the scan split (scan/regions.ts) opens the root with the same check', () => {
    const query = {
      ...PLAIN_MATCH,
      startReal: root,
      rootReal: root,
      startRel: '',
      exclude: [],
      maxDepth: 256,
      followSymlinks: false,
      sort: 'time_desc' as const,
      after: null,
      keep: 10,
      collectAllBytes: 0,
    };
    expect(findBoundaries({ ...query, rootId: idOf(root) }, null, null, 4).length).toBeGreaterThan(
      0,
    );
    expect(() => findBoundaries({ ...query, rootId: idOf(outside) }, null, null, 4)).toThrow(
      expect.objectContaining({ code: 'EREPLACED' }),
    );
  });
});
