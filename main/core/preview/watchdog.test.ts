// The liveness check under the test's own clock: no waiting, every ping and timeout placed exactly.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWatchdog, type PingOutcome } from './watchdog.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A ping the test answers (or not) by hand. */
function manualPings() {
  const pending: ((outcome: PingOutcome) => void)[] = [];
  return {
    ping: () => new Promise<PingOutcome>((resolve) => pending.push(resolve)),
    count: () => pending.length,
    answer: (outcome: PingOutcome = 'answered') => pending.at(-1)!(outcome),
  };
}

describe('createWatchdog', () => {
  it('pings one interval after the last answer, and says nothing while answers come', async () => {
    const pings = manualPings();
    const onSilent = vi.fn();
    const dog = createWatchdog({ intervalMs: 5_000, timeoutMs: 3_000, ping: pings.ping, onSilent });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(pings.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pings.count()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    pings.answer();
    // The next ping waits a full interval after the answer, not after the ping.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(pings.count()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pings.count()).toBe(2);
    pings.answer('failed'); // not silence (the transport reports its own end): keeps going
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pings.count()).toBe(3);
    expect(onSilent).not.toHaveBeenCalled();
    dog.stop();
  });

  it('reports a ping not answered within the timeout once, then stops', async () => {
    const pings = manualPings();
    const onSilent = vi.fn();
    createWatchdog({ intervalMs: 200, timeoutMs: 300, ping: pings.ping, onSilent });
    await vi.advanceTimersByTimeAsync(200 + 299);
    expect(onSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pings.count()).toBe(1);
    expect(onSilent).toHaveBeenCalledTimes(1);
  });

  it('is off with an interval of 0, and stop() ends it before the next ping', async () => {
    const pings = manualPings();
    createWatchdog({ intervalMs: 0, timeoutMs: 300, ping: pings.ping, onSilent: vi.fn() });
    const dog = createWatchdog({
      intervalMs: 100,
      timeoutMs: 300,
      ping: pings.ping,
      onSilent: vi.fn(),
    });
    dog.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pings.count()).toBe(0);
  });
});
