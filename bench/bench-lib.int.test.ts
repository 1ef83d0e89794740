// The benchmark's pure helpers and its /proc readers, without timing anything: the bench itself
// (npm run bench) is too slow and too noisy for npm test, but its verdicts and checks must be right.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkTopOfPrefix,
  closingLine,
  comparePaths,
  compareTimeDesc,
  compareWithReference,
  countOutOfOrder,
  cpuStoppedAt,
  evaluate,
  exitCodeFor,
  fmtMb,
  fmtMs,
  fmtRatio,
  formatTable,
  isQuiet,
  median,
  progressGaps,
  tally,
  type Row,
  type TimedPath,
} from './bench-lib.mjs';
import { SERVER_NODE_FLAGS as BENCH_SERVER_NODE_FLAGS } from './bench-common.mjs';
import { SERVER_NODE_FLAGS } from '#appdata/paths.js';
import {
  cpuTicks,
  createPerPidMax,
  isRunning,
  parseStat,
  peakRssKb,
  processTree,
} from './proc-tree.mjs';
import {
  ensureTree,
  fileCount,
  fromSecForShare,
  indexOfRelPath,
  mtimeSecOf,
  relPathOf,
  TREE_1M,
  TREE_200K,
  type TreeParams,
} from './tree.mjs';

describe('the server as the bench starts it', () => {
  it("runs with FolderGate's own Node flags", () => {
    expect(BENCH_SERVER_NODE_FLAGS).toEqual(SERVER_NODE_FLAGS);
  });
});

describe('statistics and verdicts', () => {
  it('takes the median of odd and even counts without reordering the input', () => {
    const values = [5, 1, 4, 2, 3];
    expect(median(values)).toBe(3);
    expect(values).toEqual([5, 1, 4, 2, 3]);
    expect(median([10, 2, 4, 8])).toBe(6);
    expect(() => median([])).toThrow();
  });

  it('passes a value at the limit, fails above it, fails when unmeasured, and skips', () => {
    expect(evaluate(1.0, { max: 1.0 })).toBe('PASS');
    expect(evaluate(1.0001, { max: 1.0 })).toBe('FAIL');
    expect(evaluate(null, { max: 1.0 })).toBe('FAIL');
    expect(evaluate(Number.NaN, { max: 1.0 })).toBe('FAIL');
    expect(evaluate(true, { equals: true })).toBe('PASS');
    expect(evaluate(false, { equals: true })).toBe('FAIL');
    expect(evaluate(5, { max: 1 }, true)).toBe('SKIPPED');
  });

  it('counts verdicts, ends with the closing line and exits 2 on a miss only', () => {
    const rows: Row[] = [
      { measure: 'info', value: 'x' },
      { id: 1, measure: 'a', value: '1', target: '≤ 2', result: 'PASS' },
      { id: 2, measure: 'b', value: '3', target: '≤ 2', result: 'FAIL' },
      { id: 3, measure: 'c', value: '-', target: '≤ 2', result: 'SKIPPED' },
      { id: 4, measure: 'd', value: '0', target: '≤ 2', result: 'PASS' },
    ];
    const t = tally(rows);
    expect(t).toEqual({ met: 2, missed: 1, skipped: 1 });
    expect(closingLine(t)).toBe('bench: 2 targets met, 1 missed (1 skipped)');
    expect(closingLine({ met: 1, missed: 0, skipped: 0 })).toBe('bench: 1 target met, 0 missed');
    expect(exitCodeFor(t)).toBe(2);
    expect(exitCodeFor({ met: 3, missed: 0, skipped: 4 })).toBe(0);
  });

  it('prints an aligned Markdown table and escapes pipes inside cells', () => {
    const table = formatTable([
      {
        id: 1,
        measure: 'first page',
        value: '12 ms | fast',
        target: '≤ 1.00× find',
        result: 'PASS',
      },
      { measure: 'find', value: '300 ms' },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\| # +\| measure +\| value +\| target +\| result \|$/);
    expect(lines[1]).toMatch(/^\| -+ \| -+ \| -+ \| -+ \| -+ \|$/);
    expect(lines[2]).toContain('12 ms \\| fast');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[3]?.split(/(?<!\\)\|/)).toHaveLength(7);
  });

  it('formats durations, ratios and sizes', () => {
    expect(fmtMs(523.4)).toBe('523 ms');
    expect(fmtMs(15_230)).toBe('15.23 s');
    expect(fmtMs(null)).toBe('n/a');
    expect(fmtRatio(0.849)).toBe('0.85×');
    expect(fmtRatio(Number.POSITIVE_INFINITY)).toBe('n/a');
    expect(fmtMb(204_800)).toBe('200 MB');
  });
});

describe('checks against find', () => {
  it('orders paths like the server: a folder before its siblings that sort after "/"', () => {
    const paths = ['a-b', 'a/b', 'a', 'a/b/c', 'a.b', 'ab'];
    expect([...paths].sort(comparePaths)).toEqual(['a', 'a/b', 'a/b/c', 'a-b', 'a.b', 'ab']);
    expect(compareTimeDesc({ path: 'b', t: 2 }, { path: 'a', t: 1 })).toBeLessThan(0);
    expect(compareTimeDesc({ path: 'a', t: 1 }, { path: 'b', t: 1 })).toBeLessThan(0);
  });

  it('finds missing, extra and repeated paths, and pages out of order', () => {
    expect(compareWithReference(['a', 'b', 'c'], ['c', 'a', 'b']).ok).toBe(true);
    expect(compareWithReference(['a', 'b', 'c'], ['a', 'x', 'a'])).toEqual({
      missing: 2,
      extra: 1,
      duplicates: 1,
      ok: false,
    });
    expect(countOutOfOrder([1, 2, 2, 5, 3], (a: number, b: number) => a - b)).toBe(2);
  });

  // Ten files in path order; file i has time times[i].
  const times = [5, 9, 1, 7, 3, 10, 2, 8, 4, 6];
  const all: TimedPath[] = times.map((t, i) => ({ path: `/t/f${i}`, t }));
  const newest = (prefix: number, n: number) =>
    all.slice(0, prefix).sort(compareTimeDesc).slice(0, n);

  it('accepts the newest entries of a path-order prefix and says which prefixes fit', () => {
    // Prefix of 5 files (times 5 9 1 7 3): newest 2 are f1 (9) and f3 (7). f5 (10) would
    // outrank them, so the prefix holds f3 and stops before f5: 4 or 5 matches.
    const result = checkTopOfPrefix(all, newest(5, 2));
    expect(result).toEqual({ ok: true, low: 4, high: 5, lastIn: '/t/f3', firstOut: '/t/f5' });
    const whole = checkTopOfPrefix(all, newest(10, 3));
    expect(whole).toMatchObject({ ok: true, high: 10, firstOut: null });
  });

  it('rejects a page that skips a newer match inside its prefix, or is wrong', () => {
    // f1 (9) and f5 (10) need a prefix up to f5, which holds f5 (10) > f3 (7): f3 is wrong.
    const skipped = checkTopOfPrefix(all, [
      { path: '/t/f5', t: 10 },
      { path: '/t/f3', t: 7 },
    ]);
    expect(skipped).toMatchObject({ ok: false });
    expect(checkTopOfPrefix(all, [{ path: '/t/nope', t: 1 }])).toMatchObject({ ok: false });
    expect(checkTopOfPrefix(all, [{ path: '/t/f1', t: 8 }])).toMatchObject({ ok: false });
    expect(checkTopOfPrefix(all, [...newest(5, 2)].reverse())).toMatchObject({ ok: false });
    expect(checkTopOfPrefix(all, [])).toMatchObject({ ok: false });
  });

  it('measures the largest silence around progress notifications', () => {
    expect(progressGaps(1000, [1250, 1500, 2100], 2300)).toEqual({
      count: 3,
      firstMs: 250,
      largestGapMs: 600,
    });
    expect(progressGaps(0, [], 420)).toEqual({ count: 0, firstMs: null, largestGapMs: 420 });
  });

  it('finds when the CPU time stopped growing after a cancel', () => {
    const timeline: Array<[number, number]> = [
      [90, 10],
      [100, 11],
      [110, 12],
      [120, 13],
      [130, 14],
      [140, 15],
      [150, 15],
      [400, 16], // one tick later on (a record written): within the tolerance
    ];
    expect(cpuStoppedAt(timeline, 100)).toBe(140);
    expect(cpuStoppedAt(timeline, 100, 2)).toBe(130);
    expect(cpuStoppedAt(timeline, 100, 0)).toBe(400);
    expect(cpuStoppedAt(timeline, 500)).toBeNull();
  });

  it('calls a tree quiet only after a whole window without CPU growth', () => {
    const busy: Array<[number, number]> = [
      [0, 0],
      [100, 10],
      [200, 20],
      [300, 30],
    ];
    expect(isQuiet(busy, 200)).toBe(false);
    const idle: Array<[number, number]> = [...busy, [400, 30], [500, 31], [600, 31]];
    expect(isQuiet(idle, 200)).toBe(true);
    expect(isQuiet(idle, 200, 0)).toBe(false);
    expect(isQuiet([[0, 5]], 200)).toBe(false);
    expect(isQuiet([], 200)).toBe(false);
  });
});

describe('/proc readers', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('parses a stat line whose command name holds spaces and parentheses', () => {
    const line = '42 (a) b (c)) S 7 42 42 0 -1 4194304 100 0 0 0 31 9 0 0 20 0 1 0 5 3 1';
    expect(parseStat(line)).toEqual({ state: 'S', ppid: 7, cpuTicks: 40 });
    expect(parseStat('garbage')).toBeNull();
  });

  it('walks this process, a child and a grandchild, and reads their RSS and CPU time', async () => {
    // sh starts sleep in the background and waits: sleep is this process's grandchild.
    const child = spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(child);
    const grandchild = await new Promise<number>((resolve) =>
      child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const tree = processTree(process.pid);
    expect(tree[0]).toBe(process.pid);
    expect(tree).toContain(child.pid);
    expect(tree).toContain(grandchild);
    expect(tree.indexOf(grandchild)).toBeGreaterThan(tree.indexOf(child.pid!));
    expect(peakRssKb(process.pid)).toBeGreaterThan(10_000); // Node itself is well over 10 MB
    expect(peakRssKb(grandchild)).toBeGreaterThan(0);
    expect(cpuTicks(process.pid)).toBeGreaterThan(0);
    const gone = 2 ** 22 + 12_345; // above pid_max's default: never a live process
    expect(peakRssKb(gone)).toBeNull();
    expect(cpuTicks(gone)).toBeNull();
    expect(isRunning(grandchild)).toBe(true);
    expect(isRunning(gone)).toBe(false);
    process.kill(grandchild, 'SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve)); // sh's wait returns
    expect(isRunning(grandchild)).toBe(false); // reaped by sh, or a zombie until sh exits
    expect(isRunning(child.pid!)).toBe(false);
  });

  it('keeps the largest value per pid and sums them', () => {
    const max = createPerPidMax();
    max.add(1, 100);
    max.add(1, 50);
    max.add(2, 30);
    max.add(3, null);
    expect(max.get(1)).toBe(100);
    expect(max.get(3)).toBeNull();
    expect(max.total()).toBe(130);
    expect(max.pids()).toEqual([1, 2]);
  });
});

describe('the trees', () => {
  const small: TreeParams = { ...TREE_200K, tops: 2, subs: 3, files: 4 };

  it('gives every file a distinct mtime 30 s past a step, and from-times split them exactly', () => {
    for (const p of [small, TREE_200K, TREE_1M]) {
      const n = fileCount(p);
      const sample = n > 10_000 ? 10_000 : n;
      const seen = new Set<number>();
      for (let g = 0; g < sample; g++) {
        const sec = mtimeSecOf(p, g);
        expect((sec - p.baseSec) % p.stepSec).toBe(30);
        seen.add(sec);
      }
      expect(seen.size).toBe(sample);
    }
    const all = Array.from({ length: 24 }, (_, g) => mtimeSecOf(small, g));
    const from = fromSecForShare(small, 0.25);
    for (const shift of [0, 29]) expect(all.filter((s) => s >= from + shift)).toHaveLength(6);
    expect(all.filter((s) => s >= from + 31)).toHaveLength(5);
    expect(fileCount(TREE_1M)).toBe(1_000_000);
  });

  it('names files in path order and maps names back to their index', () => {
    expect(relPathOf(small, 0)).toBe('d00/s000/f000.txt');
    expect(relPathOf(small, 13)).toBe('d01/s000/f001.txt');
    const names = Array.from({ length: 24 }, (_, g) => relPathOf(small, g));
    expect([...names].sort(comparePaths)).toEqual(names);
    expect(names.map((rel) => indexOfRelPath(small, rel))).toEqual(names.map((_, g) => g));
    expect(indexOfRelPath(small, 'x/y')).toBeNull();
  });

  it('builds a tree with the promised names and times once, then reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tree-'));
    try {
      const log: string[] = [];
      const built = ensureTree(small, dir, (line) => log.push(line));
      expect(built.built).toBe(true);
      for (let g = 0; g < 24; g++) {
        const st = fs.statSync(path.join(built.path, relPathOf(small, g)));
        expect(st.mtimeMs).toBe(mtimeSecOf(small, g) * 1000);
      }
      expect(ensureTree(small, dir, (line) => log.push(line)).built).toBe(false);
      expect(ensureTree({ ...small, add: 1 }, dir, (line) => log.push(line)).built).toBe(true);
      expect(log.filter((l) => l.includes('building'))).toHaveLength(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
