// Ends a pause for a while ("Pause for 1 hour", "until tomorrow") on time: the servers already
// answer again from `pausedUntil` on (isPausedAt), and this puts the settings back to "on" so the
// app, its tray and every screen say so too. Missed while the app was closed: ended at start.
import type { SettingsStore } from '#appdata/settings/settings-store.js';

/** The clock and timer the pause end uses (tests move them). */
export interface PauseClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const SYSTEM_CLOCK: PauseClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return timer;
  },
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

// Timers above this are re-armed when they fire (setTimeout holds at most ~24.8 days).
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Follows the settings and ends each timed pause when it is due; returns the stop function. */
export function endPausesOnTime(
  store: SettingsStore,
  clock: PauseClock = SYSTEM_CLOCK,
): () => void {
  let timer: unknown = null;
  const arm = (): void => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const { paused, pausedUntil } = store.view().settings;
    if (!paused || pausedUntil === null) return;
    const wait = Date.parse(pausedUntil) - clock.now();
    timer = clock.setTimeout(
      () => {
        timer = null;
        if (Date.parse(pausedUntil) > clock.now()) return arm();
        void store
          .update((s) =>
            // Only the pause that was due: a new one set meanwhile stays.
            s.paused && s.pausedUntil === pausedUntil
              ? { ...s, paused: false, pausedUntil: null }
              : s,
          )
          .catch(() => undefined); // read-only settings: the servers answer again anyway
      },
      Math.min(Math.max(0, wait), MAX_TIMER_MS),
    );
  };
  const off = store.onChange(arm);
  arm();
  return () => {
    off();
    if (timer !== null) clock.clearTimeout(timer);
  };
}
