// collectSoon: tasks run once, together, a moment after the calls that asked (not during them),
// followed by a full collection that really frees memory.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectAfterLongAnswer, collectSoon, whileAnswering } from './idle-gc.js';

// As a scan process is started (--expose-gc on its command line, scan/pool.ts); the test runner
// is not, so the test exposes the collection itself.
beforeAll(() => {
  v8.setFlagsFromString('--expose-gc');
  (globalThis as { gc?: unknown }).gc ??= vm.runInNewContext('gc');
});

// Time is the test's: the collections' timers and clock (performance.now) are faked.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

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
    vi.advanceTimersByTime(19);
    expect(ran).toEqual([]); // not during the calls' own turn: a moment after them
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['a', 'b']);
    // ~25 MB of objects were let go in a task and collected right after it.
    expect(withGarbage - used()).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('after long answers, collects at most once per 400 ms; after a scan, at once', () => {
    vi.advanceTimersByTime(1_000); // nothing ran lately
    const at: number[] = [];
    const t0 = performance.now();
    const mark = () => at.push(performance.now() - t0);
    collectAfterLongAnswer(mark); // soon
    vi.advanceTimersByTime(20);
    expect(at).toEqual([20]);
    collectAfterLongAnswer(mark); // within the gap: waits for it
    vi.advanceTimersByTime(399);
    expect(at).toEqual([20]);
    vi.advanceTimersByTime(1);
    expect(at).toEqual([20, 420]); // 400 ms after the last collection
    collectAfterLongAnswer(() => at.push(-1)); // would wait 400 ms …
    collectSoon(mark); // … unless a scan ends: both run at once
    vi.advanceTimersByTime(20);
    expect(at).toEqual([20, 420, -1, 440]);
  });

  it('waits while a call is answered, then runs a moment after it (at most 1 s later)', async () => {
    vi.advanceTimersByTime(1_000);
    const at: number[] = [];
    const t0 = performance.now();
    const mark = () => at.push(performance.now() - t0);
    let finish = () => {};
    const call = whileAnswering(
      () => new Promise<string>((resolve) => (finish = () => resolve('ok'))),
    );
    collectSoon(mark); // a scan ended during the call
    vi.advanceTimersByTime(100);
    expect(at).toEqual([]); // not while the call is answered
    finish();
    await expect(call).resolves.toBe('ok');
    vi.advanceTimersByTime(19);
    expect(at).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(at).toEqual([120]);
    // A call that never ends holds it back no longer than 1 s.
    void whileAnswering(() => new Promise<void>(() => {}));
    collectSoon(mark);
    vi.advanceTimersByTime(1_000);
    expect(at).toEqual([120]);
    vi.advanceTimersByTime(100);
    expect(at.length).toBe(2);
    expect(at[1]! - 120).toBeGreaterThanOrEqual(1_020);
    expect(at[1]! - 120).toBeLessThanOrEqual(1_090);
  });
});
