// Follows the allowed folders on disk while the app runs, so the window says what is true without
// a reload (issue 38): a folder renamed away is "Missing", one replaced by another folder of the
// same name "Moved or replaced", at once. It looks at each folder's state and identity (device,
// inode, realpath: rootState()) on a cheap timer, and at once whenever the search engine's status
// changes (its watches see a folder vanish or be replaced first); a list that differs from the
// last one is pushed as `roots:changed`. A look that a settings change overtook is taken again, so
// an older list never follows the answer of an add, a remove or a rename.
import type { RootView } from '#shared/contract/ipc.js';
import type { SettingsStore } from '#appdata/settings/settings-store.js';
import type { RootsService } from './folders-service.js';

/** The timer the watch looks on (tests give one they fire themselves). */
export interface RootWatchClock {
  /** Runs `run` every `ms` until the returned function is called. */
  every(run: () => void, ms: number): () => void;
}

/** How the core's watch of the folders is set up (tests give a clock). */
export interface RootWatchOptions {
  clock?: RootWatchClock;
  /** How often each folder is looked at (default 2 s: a `stat`, a `realpath` and an open each). */
  everyMs?: number;
}

const SYSTEM_CLOCK: RootWatchClock = {
  every(run, ms) {
    const timer = setInterval(run, ms);
    timer.unref?.();
    return () => clearInterval(timer);
  },
};

/** The watch: `lookNow` asks for a look at once (coalesced with one running). */
export interface RootWatch {
  lookNow(): void;
  stop(): void;
}

/** Starts looking; `onChanged` gets each list that differs from the one before. */
export function watchRoots(
  roots: RootsService,
  store: SettingsStore,
  onChanged: (roots: RootView[]) => void,
  options: RootWatchOptions = {},
): RootWatch {
  let last: string | null = null;
  let changes = 0;
  let running = false;
  let again = false;
  let stopped = false;
  const offChange = store.onChange(() => {
    changes += 1;
  });

  const look = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const seen = changes;
        let list: RootView[];
        try {
          list = await roots.list();
        } catch {
          return; // looked at again on the next tick
        }
        if (stopped) return;
        if (seen !== changes) {
          again = true;
          continue;
        }
        const signature = JSON.stringify(list);
        if (signature === last) continue;
        const first = last === null;
        last = signature;
        // The first look is the baseline: the window read the same list when it opened.
        if (!first) onChanged(list);
      } while (again && !stopped);
    } finally {
      running = false;
    }
  };

  const stopTimer = (options.clock ?? SYSTEM_CLOCK).every(
    () => void look(),
    options.everyMs ?? 2_000,
  );
  void look();
  return {
    lookNow: () => void look(),
    stop() {
      stopped = true;
      stopTimer();
      offChange();
    },
  };
}
