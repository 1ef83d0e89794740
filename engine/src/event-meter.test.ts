// The event meter's two signs that the process's event queue may have overflowed: half the queue
// delivered in one turn of the event loop, and a stall of the loop with a storm of events around
// it; neither for a trickle, nor for as many events spread over turns.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventMeter, type EventMeter } from './event-meter.js';

const QUEUE = 1024;
let clock = 0;
let signs: string[] = [];
let meter: EventMeter;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setImmediate', 'setInterval', 'clearInterval'] });
  clock = 0;
  signs = [];
  meter = createEventMeter({
    queueSize: QUEUE,
    onOverflow: (why) => signs.push(why),
    now: () => clock,
  });
});
afterEach(() => {
  meter.close();
  vi.useRealTimers();
});

const events = (n: number) => {
  for (let i = 0; i < n; i++) meter.note();
};
/** Ends the loop's turn (its setImmediate callbacks run). */
const endTurn = () => vi.advanceTimersToNextTimer();

describe('the event meter', () => {
  it('sees half the queue delivered in one turn', () => {
    events(QUEUE / 2 - 1);
    expect(signs).toEqual([]);
    events(1);
    expect(signs).toEqual([`${QUEUE / 2} changes at once, half the system's queue`]);
  });

  it('does not add up turns: the queue was read empty between them', () => {
    for (let t = 0; t < 10; t++) {
      events(QUEUE / 2 - 1);
      endTurn();
    }
    expect(signs).toEqual([]);
  });

  it('sees a stall of the loop with a storm around it, once', () => {
    events(QUEUE / 8); // a storm, before the loop stalls
    clock += 2_000; // the loop does not turn for two seconds
    vi.advanceTimersByTime(250); // the late beat
    expect(signs).toEqual(['the engine stalled 1750 ms while changes arrived']);
    events(QUEUE / 8); // what piled up during it, read now: covered by the sign already
    expect(signs).toHaveLength(1);
  });

  it('counts what is read right after a stall', () => {
    events(1);
    clock += 2_000;
    vi.advanceTimersByTime(250);
    expect(signs).toEqual([]);
    events(QUEUE / 8); // the storm the stall held back
    expect(signs).toEqual(['the engine stalled 1750 ms while changes arrived']);
  });

  it('leaves a stall with a trickle of events alone', () => {
    events(5);
    clock += 2_000;
    vi.advanceTimersByTime(250);
    events(5);
    clock += 250;
    vi.advanceTimersByTime(250);
    expect(signs).toEqual([]);
  });
});
