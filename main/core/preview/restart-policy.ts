// When the preview server is started again after it ended: exponential backoff over quick
// failures, a reset after a long enough run, and giving up (the visible 'crashed' state) after too
// many quick failures in a row. Pure, so its schedule is tested without waiting for it.

/** The policy's numbers (the supervisor's options). */
export interface RestartPolicy {
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** A child that ran this long resets the count of quick failures. */
  resetAfterMs: number;
  /** After this many quick failures in a row, no more restarts. */
  maxQuickFailures: number;
}

/** What follows a child's end: the new count of quick failures and the delay (null: give up). */
export function nextRestart(
  policy: RestartPolicy,
  quickFailures: number,
  ranForMs: number,
): { quickFailures: number; delayMs: number | null } {
  const count = ranForMs >= policy.resetAfterMs ? 1 : quickFailures + 1;
  if (count >= policy.maxQuickFailures) return { quickFailures: count, delayMs: null };
  return {
    quickFailures: count,
    delayMs: Math.min(policy.initialBackoffMs * 2 ** (count - 1), policy.maxBackoffMs),
  };
}
