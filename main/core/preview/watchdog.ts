// The preview server's liveness check: a ping every interval after the last one was answered; a
// ping not answered within the timeout means the child is frozen or stopped. The ping itself is
// given (the MCP client's ping); the timers are the watchdog's own, so tests drive them.

/** How a ping ended: answered, or failed for another reason than silence (the transport's end). */
export type PingOutcome = 'answered' | 'failed';

/** Options of {@link createWatchdog}. */
export interface WatchdogOptions {
  intervalMs: number;
  timeoutMs: number;
  ping(): Promise<PingOutcome>;
  /** Called once when a ping was not answered in time; the watchdog stops. */
  onSilent(): void;
}

/** A running watchdog; stop() ends it (a child that exited). */
export interface Watchdog {
  stop(): void;
}

/** Starts pinging; an interval of 0 or less turns the watchdog off. */
export function createWatchdog(options: WatchdogOptions): Watchdog {
  let stopped = options.intervalMs <= 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void round(), options.intervalMs);
    timer.unref?.();
  };
  const round = async () => {
    timer = null;
    if (stopped) return;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const silent = new Promise<'silent'>((resolve) => {
      silence = setTimeout(() => resolve('silent'), options.timeoutMs);
      silence.unref?.();
    });
    const outcome = await Promise.race([options.ping().catch(() => 'failed' as const), silent]);
    if (silence) clearTimeout(silence);
    if (stopped) return;
    if (outcome === 'silent') {
      stopped = true;
      options.onSilent();
      return;
    }
    schedule(); // answered, or failed otherwise: the transport reports its own end
  };
  schedule();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
