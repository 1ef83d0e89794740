import { describe, expect, it } from 'vitest';
import { nextRestart, type RestartPolicy } from './restart-policy.js';

const POLICY: RestartPolicy = {
  initialBackoffMs: 250,
  maxBackoffMs: 10_000,
  resetAfterMs: 30_000,
  maxQuickFailures: 5,
};

describe('nextRestart', () => {
  it('doubles the delay over quick failures, up to the cap, then gives up', () => {
    let count = 0;
    const delays: (number | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const next = nextRestart(POLICY, count, 1_000);
      count = next.quickFailures;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([250, 500, 1_000, 2_000, null]);
    expect(nextRestart({ ...POLICY, maxQuickFailures: 10 }, 7, 0).delayMs).toBe(10_000);
  });

  it('starts over after a child that ran long enough', () => {
    expect(nextRestart(POLICY, 4, 30_000)).toEqual({ quickFailures: 1, delayMs: 250 });
    expect(nextRestart(POLICY, 4, 29_999)).toEqual({ quickFailures: 5, delayMs: null });
  });
});
