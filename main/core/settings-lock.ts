// The cross-process lock around every read-modify-write of settings.json. The app, the headless
// host, the CLI and client registration are separate processes: without it, two of them read the
// same file, each adds its change, and the second rename silently drops the first one's change.
import lockfile from 'proper-lockfile';
import { IpcError } from '../../shared/ipc.js';
import { SETTINGS_NOT_SAVED } from '../../shared/settings.js';

/**
 * How the lock is taken. `stale`/`update`: the holder touches the lock every 2 s, so a lock not
 * touched for 10 s belongs to a killed or crashed process and is taken over (five missed
 * touches, so a busy event loop is not mistaken for a dead one). `realpath: false`: settings.json
 * need not exist yet. `retries: 0`: withSettingsLock retries itself, and only while the lock is
 * busy (ELOCKED); proper-lockfile would also retry errors that cannot pass (EACCES, EROFS).
 */
export const SETTINGS_LOCK_OPTIONS = {
  stale: 10_000,
  update: 2_000,
  realpath: false,
  retries: 0,
} as const;

/**
 * While the lock is busy: wait 15 ms, growing by 1.25× per try up to 500 ms, each wait randomized
 * (×0.5–1.5) so waiters do not retry in step; give up after 25 s. A dozen writers need well under
 * a second (each holds the lock for one read, one fsync'd write and a rename); 25 s is longer
 * than `stale`, so a waiter outlives a dead holder's lock instead of failing.
 */
export const SETTINGS_LOCK_WAIT = {
  firstDelayMs: 15,
  maxDelayMs: 500,
  factor: 1.25,
  giveUpAfterMs: 25_000,
} as const;

/** Checks, just before a write, that the lock is still ours (throws when it was lost). */
export type AssertLockHeld = () => void;

/**
 * Runs `task` while holding `<file>.lock` (a folder, created atomically with mkdir). Throws a
 * SettingsNotSaved IpcError when the lock cannot be had, so no caller reports an unsaved change
 * as done. The folder of `file` must exist.
 */
export async function withSettingsLock<T>(
  file: string,
  task: (assertHeld: AssertLockHeld) => Promise<T>,
): Promise<T> {
  const lockPath = `${file}.lock`;
  let lost: Error | null = null;
  let release: () => Promise<void>;
  try {
    release = await acquire(file, lockPath, (error) => {
      lost = error;
    });
  } catch (error) {
    const busy = (error as NodeJS.ErrnoException).code === 'ELOCKED';
    throw new IpcError(
      SETTINGS_NOT_SAVED,
      busy
        ? `The change was not saved: another FolderGate process kept the settings file busy (${lockPath}).`
        : `The change was not saved: the settings file could not be locked (${errorText(error)}).`,
      busy
        ? 'Try again in a moment. A lock left by a FolderGate that was stopped is cleared by itself after 10 seconds.'
        : `Check that ${lockPath.replace(/[\\/][^\\/]+$/, '')} is a writable folder and that nothing else is named settings.json.lock there, then try again.`,
    );
  }
  const assertHeld: AssertLockHeld = () => {
    if (lost) {
      throw new IpcError(
        SETTINGS_NOT_SAVED,
        `The change was not saved: FolderGate lost its lock on the settings file (${errorText(lost)}).`,
        'Try again.',
      );
    }
  };
  try {
    return await task(assertHeld);
  } finally {
    // A compromised lock is no longer ours to remove.
    if (!lost) await release().catch(() => undefined);
  }
}

async function acquire(
  file: string,
  lockPath: string,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  const deadline = Date.now() + SETTINGS_LOCK_WAIT.giveUpAfterMs;
  let delay: number = SETTINGS_LOCK_WAIT.firstDelayMs;
  for (;;) {
    try {
      // The default onCompromised throws from a timer and would crash the app: remember it.
      return await lockfile.lock(file, {
        ...SETTINGS_LOCK_OPTIONS,
        lockfilePath: lockPath,
        onCompromised,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() >= deadline)
        throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    delay = Math.min(delay * SETTINGS_LOCK_WAIT.factor, SETTINGS_LOCK_WAIT.maxDelayMs);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
