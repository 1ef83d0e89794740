// Time in the integration and browser tests. Every budget there is how long a test waits for a
// process to do what it must (answer, exit, notice a change, get through a handshake): a bound on
// liveness, never a measure of speed (speed is `npm run bench`'s). On a machine whose cores are
// busy with other work a process gets a fraction of a core, so every such budget is multiplied by
// one factor, TIME_SCALE: FOLDERGATE_TEST_TIME_SCALE when set, else 4 (the suite passes with
// `stress-ng --cpu 2` keeping both of two cores busy; a passing test never waits for its budget,
// so a generous one costs nothing). No test proves that nothing happened by waiting: it waits for
// an event or a sequence point that comes after the thing that must not happen.
//
// package.json maps `#testing/time.js` to this file by its name: Playwright's loader (the browser
// tests and their config use it) resolves a package import without turning .js into .ts.

/** The factor every time budget of a test is multiplied by. */
export const TIME_SCALE = timeScale(process.env.FOLDERGATE_TEST_TIME_SCALE);

/** `ms` as a budget on this run's time scale. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}

/** The factor from its environment variable: a positive number, else the default. */
export function timeScale(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : 4;
}

/**
 * Polls `check` until it gives a value other than false, null or undefined, and returns that
 * value; throws "timed out waiting for <what>" after `ms` (scaled). `check` may be async.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + scaled(ms);
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves with the promise's value, or undefined after `ms` (scaled). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let cancel = (): void => undefined;
  const timeout = new Promise<undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), scaled(ms));
    cancel = () => clearTimeout(timer);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    cancel();
  }
}
