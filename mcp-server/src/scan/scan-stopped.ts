// The line a server logs once a cancelled search's scan has stopped reading, in the server and in
// every scan process it ran in: nothing of that scan reads the disk after it (tests wait for it
// instead of waiting for a time).
import { log } from '#appdata/log.js';
import type { PoolJob } from './pool.js';

/** What the server logs once a cancelled search's scan has stopped. */
export const CANCELLED_SCAN_STOPPED = "a cancelled search's scan has stopped";

/** Logs CANCELLED_SCAN_STOPPED once every region of the cancelled scan has settled. */
export function logWhenStopped(regions: Iterable<{ job: PoolJob }>): void {
  void Promise.allSettled([...regions].map((r) => r.job.result)).then(() =>
    log(CANCELLED_SCAN_STOPPED),
  );
}

/** A scan's rejection handler: a walk that threw has stopped, so a cancelled one is logged. */
export function rethrowAfterCancel(signal: AbortSignal | undefined): (error: unknown) => never {
  return (error) => {
    if (signal?.aborted) log(CANCELLED_SCAN_STOPPED);
    throw error;
  };
}
