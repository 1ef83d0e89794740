// Region boundaries on real temp trees: level by level until there are enough, only folders the
// walk would enter (no links, no excluded folders, nothing at or below maxDepth), in tree order,
// strictly inside the (after, until) range.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_MATCH } from '#testing/engine-query.js';
import type { ScanQuery } from './region-scan.js';
import { findBoundaries } from './regions.js';

let root: string;

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-regions-')));
  for (const top of ['b', 'a', 'c', 'node_modules'])
    for (const sub of ['y', 'x'])
      fs.mkdirSync(path.join(root, top, sub, 'deep'), { recursive: true });
  fs.writeFileSync(path.join(root, 'file.txt'), 'x');
  fs.symlinkSync(path.join(root, 'a'), path.join(root, 'link-to-a'));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function query(overrides: Partial<ScanQuery> = {}): ScanQuery {
  return {
    ...PLAIN_MATCH,
    startReal: root,
    rootReal: root,
    rootId: null,
    startRel: '',
    exclude: [],
    maxDepth: 256,
    followSymlinks: false,
    sort: 'time_desc',
    after: null,
    keep: 11,
    collectAllBytes: 0,
    ...overrides,
  };
}

describe('findBoundaries', () => {
  it('stops at the first level that gives enough folders', () => {
    expect(findBoundaries(query(), null, null, 3)).toEqual(['a', 'b', 'c', 'node_modules']);
  });

  it('goes a level deeper when the top has too few, in tree order', () => {
    expect(findBoundaries(query({ exclude: ['node_modules'] }), null, null, 8)).toEqual([
      'a',
      'a/x',
      'a/y',
      'b',
      'b/x',
      'b/y',
      'c',
      'c/x',
      'c/y',
    ]);
  });

  it('never takes a folder the walk would not enter', () => {
    expect(findBoundaries(query({ maxDepth: 0 }), null, null, 8)).toEqual([]);
    expect(findBoundaries(query({ maxDepth: 2, exclude: ['x'] }), null, null, 100)).toEqual([
      'a',
      'a/y',
      'b',
      'b/y',
      'c',
      'c/y',
      'node_modules',
      'node_modules/y',
    ]);
  });

  it('keeps only boundaries strictly inside (after, until)', () => {
    expect(findBoundaries(query(), 'a/x/deep/file', 'c/x', 12)).toEqual([
      'a/y',
      'b',
      'b/x',
      'b/y',
      'c',
    ]);
  });

  it('splits below a start folder, relative to it', () => {
    const start = path.join(root, 'b');
    expect(findBoundaries(query({ startReal: start, startRel: 'b' }), null, null, 2)).toEqual([
      'x',
      'y',
    ]);
  });

  it('keeps about as many as wanted, evenly spread, when a level holds far more', () => {
    const wide = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-regions-wide-')));
    try {
      for (const top of ['t0', 't1', 't2'])
        for (let i = 0; i < 30; i++)
          fs.mkdirSync(path.join(wide, top, `s${String(i).padStart(2, '0')}`), { recursive: true });
      const all = [0, 1, 2].flatMap((t) => [
        `t${t}`,
        ...Array.from({ length: 30 }, (_, i) => `t${t}/s${String(i).padStart(2, '0')}`),
      ]);
      const got = findBoundaries(query({ startReal: wide, rootReal: wide }), null, null, 4);
      // 93 folders over two levels; every 93/4-th of them, in tree order.
      expect(got).toEqual([all[0], all[23], all[46], all[69]]);
    } finally {
      fs.rmSync(wide, { recursive: true, force: true });
    }
  });
});
