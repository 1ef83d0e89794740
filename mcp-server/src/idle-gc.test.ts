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
});
