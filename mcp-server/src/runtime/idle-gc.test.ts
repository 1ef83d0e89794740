// collectSoon: tasks run once, together, a moment after the calls that asked (not during them),
// followed by a full collection that really frees memory.
import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectAfterLongAnswer, collectSoon } from './idle-gc.js';

// As a scan process is started (--expose-gc on its command line, scan/pool.ts); the test runner
// is not, so the test exposes the collection itself.
beforeAll(() => {
  v8.setFlagsFromString('--expose-gc');
  (globalThis as { gc?: unknown }).gc ??= vm.runInNewContext('gc');
});

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('collectSoon', () => {
  it('runs each task once after the calls, then collects what they left', async () => {
    const ran: string[] = [];
    let garbage: unknown[] | null = Array.from({ length: 300_000 }, (_, i) => ({ i, s: `x${i}` }));
    const used = () => v8.getHeapStatistics().used_heap_size;
    const withGarbage = used();
    const a = () => ran.push('a');
    collectSoon(a);
    collectSoon(a);
    collectSoon(() => {
      ran.push('b');
      garbage = null;
    });
    expect(ran).toEqual([]);
    expect(garbage).not.toBeNull();
    await tick(80);
    expect(ran).toEqual(['a', 'b']);
    // ~25 MB of objects were let go in a task and collected right after it.
    expect(withGarbage - used()).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('after long answers, collects at most once per 400 ms; after a scan, at once', async () => {
    await tick(450);
    const at: number[] = [];
    const t0 = performance.now();
    const mark = () => at.push(performance.now() - t0);
    collectAfterLongAnswer(mark); // nothing ran lately: soon
    await tick(80);
    expect(at.length).toBe(1);
    collectAfterLongAnswer(mark); // within the gap: waits for it
    await tick(150);
    expect(at.length).toBe(1);
    await tick(350);
    expect(at.length).toBe(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(390);
    collectAfterLongAnswer(() => at.push(-1)); // waits ~400 ms …
    collectSoon(mark); // … unless a scan ends: both run at once
    await tick(80);
    expect(at.length).toBe(4);
  });
});
