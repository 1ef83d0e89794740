// Sends notifications/tools/list_changed when the tools/list answer changes (and, a second watch,
// notifications/prompts/list_changed when the prompts/list answer does: prompts.ts). Tool descriptions name
// the allowed folders (and later tools may be switched on and off), so a client that listed once
// would otherwise keep stale names until it restarts. The watch compares whole answers, so it
// covers any change in the listed set, names, descriptions or schemas alike.
import { log } from '#appdata/log.js';

/** Options of {@link createListChangeWatch}. */
export interface ListChangeWatchOptions {
  /** The tools/list answer as it would be sent now. */
  compute(): unknown;
  /** Sends the notification. */
  notify(): Promise<void>;
  /** How often to look without a request to prompt it. */
  intervalMs?: number;
  /** The notification's name in a log line (default tools/list_changed). */
  what?: string;
}

/** Tracks what the client last saw and tells it when that is out of date. */
export interface ListChangeWatch {
  /** Records an answer just sent to tools/list. */
  listed(answer: unknown): void;
  /** Compares the current answer with what the client saw; notifies once per change. */
  check(): void;
  /** Starts watching (after initialization: no notification may come before). */
  start(): void;
  /** Stops the timer. */
  stop(): void;
}

/** Creates a watch; it does nothing until {@link ListChangeWatch.start}. */
export function createListChangeWatch(options: ListChangeWatchOptions): ListChangeWatch {
  // What the client last saw: the last answer listed or announced as changed. Null until it
  // lists, since a client that never listed has nothing stale.
  let seen: string | null = null;
  let timer: NodeJS.Timeout | null = null;

  const watch: ListChangeWatch = {
    listed(answer) {
      seen = JSON.stringify(answer);
    },
    check() {
      if (timer === null || seen === null) return;
      const now = JSON.stringify(options.compute());
      if (now === seen) return;
      // Moved on at once, so that one change makes one notification even if the client does not
      // list again.
      seen = now;
      options.notify().catch((error: unknown) => {
        log(
          `could not send ${options.what ?? 'tools/list_changed'}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    },
    start() {
      if (timer !== null) return;
      timer = setInterval(() => watch.check(), options.intervalMs ?? 1000);
      timer.unref(); // the timer alone must not keep the process alive after stdin closes
      watch.check();
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
  return watch;
}
