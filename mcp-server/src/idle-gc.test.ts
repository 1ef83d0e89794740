// collectSoon: tasks run once, together, a moment after the calls that asked (not during them),
// followed by a full collection that really frees memory.
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectSoon } from './idle-gc.js';

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

  it('runs at most once per 400 ms, however often it is asked', async () => {
    await tick(450);
    const runs: number[] = [];
    const started = performance.now();
    collectSoon(() => runs.push(performance.now() - started));
    await tick(60);
    expect(runs.length).toBe(1);
    collectSoon(() => runs.push(performance.now() - started));
    collectSoon(() => runs.push(performance.now() - started));
    await tick(150);
    expect(runs.length).toBe(1); // not yet: the last collection was moments ago
    await tick(400);
    expect(runs.length).toBe(3);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(390);
  });
});
