// A pause for a while ends on time: the settings go back to "on" when it is due (a fake clock
// and timer, a real settings file), a newer pause set meanwhile stays, one missed while the app
// was closed ends at start.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, type SettingsStore } from '#appdata/settings/settings-store.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { endPausesOnTime, type PauseClock } from './pause-end.js';

let dir: string;
let store: SettingsStore;
beforeEach(async () => {
  dir = makeTempDir('fg-pause-end-');
  store = createSettingsStore(dir);
  await store.load();
});
afterEach(() => removeTempDir(dir));

function fakeClock(start: number) {
  const timers: Array<{ at: number; run: () => void; id: number }> = [];
  let id = 0;
  const clock = {
    t: start,
    now: () => clock.t,
    setTimeout: (run: () => void, ms: number) => {
      timers.push({ at: clock.t + ms, run, id: ++id });
      return id;
    },
    clearTimeout: (timer: unknown) => {
      const i = timers.findIndex((x) => x.id === timer);
      if (i >= 0) timers.splice(i, 1);
    },
    /** Moves the clock to `t`, running every timer due by then. */
    advance(to: number) {
      clock.t = to;
      for (const due of timers.filter((x) => x.at <= to)) {
        timers.splice(timers.indexOf(due), 1);
        due.run();
      }
    },
    pending: () => timers.length,
  };
  return clock satisfies PauseClock;
}

// A sequence point: the store runs changes one after another, so once a change made now is
// done, any change a due timer started before it is done too.
const settle = () => store.update((s) => s);
const onDisk = () => JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8'));

describe('endPausesOnTime', () => {
  it('switches access back on when the pause is due, not before', async () => {
    const t0 = Date.parse('2026-11-25T10:00:00Z');
    const clock = fakeClock(t0);
    const stop = endPausesOnTime(store, clock);
    const until = new Date(t0 + 3_600_000).toISOString();
    await store.update((s) => ({ ...s, paused: true, pausedUntil: until }));
    clock.advance(t0 + 3_599_000);
    await settle();
    expect(store.view().settings).toMatchObject({ paused: true, pausedUntil: until });
    clock.advance(t0 + 3_600_000);
    await expect.poll(() => store.view().settings.paused).toBe(false);
    expect(store.view().settings.pausedUntil).toBeNull();
    expect(onDisk()).toMatchObject({ paused: false, pausedUntil: null });
    stop();
  });

  it('leaves a pause without an end alone, and a newer pause set meanwhile', async () => {
    const t0 = Date.parse('2026-11-25T10:00:00Z');
    const clock = fakeClock(t0);
    const stop = endPausesOnTime(store, clock);
    await store.update((s) => ({ ...s, paused: true, pausedUntil: null }));
    expect(clock.pending()).toBe(0);
    const later = new Date(t0 + 7_200_000).toISOString();
    await store.update((s) => ({ ...s, pausedUntil: new Date(t0 + 60_000).toISOString() }));
    await store.update((s) => ({ ...s, pausedUntil: later }));
    clock.advance(t0 + 60_000);
    await settle();
    expect(store.view().settings).toMatchObject({ paused: true, pausedUntil: later });
    stop();
    expect(clock.pending()).toBe(0);
  });

  it('ends at start a pause that came due while the app was closed', async () => {
    const t0 = Date.parse('2026-11-25T10:00:00Z');
    await store.update((s) => ({
      ...s,
      paused: true,
      pausedUntil: new Date(t0 - 1000).toISOString(),
    }));
    const clock = fakeClock(t0);
    const stop = endPausesOnTime(store, clock);
    clock.advance(t0);
    await expect.poll(() => store.view().settings.paused).toBe(false);
    stop();
  });
});
