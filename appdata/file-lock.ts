// The one cross-process file lock, around every read-modify-write of settings.json and of AI apps'
// config files. The app, the headless host, the CLI and client registration are separate
// processes: without it, two of them read the same file, each adds its change, and the second
// rename silently drops the first one's change. The lock folder holds a record of its holder
// (process id, its start time, the machine and its boot), from the moment it exists (made
// complete, then renamed into place), so a holder that was killed is seen at once and its lock
// taken over, instead of every change (Pause included) waiting for the lock to go stale.
import { randomUUID } from 'node:crypto';
import lockfile from 'proper-lockfile';
import { IpcError } from '#shared/contract/ipc.js';
import { SETTINGS_NOT_SAVED } from '#shared/settings/settings.js';
import {
  isLockHolderGone,
  readLockHolder,
  recordingFs,
  removeLeftPending,
  takeOverLock,
  thisProcess,
  type LockHolder,
} from './lock-holder.js';

export {
  isLockHolderGone,
  LOCK_HOLDER_FILE,
  readLockHolder,
  takeOverLock,
  type LockHolder,
} from './lock-holder.js';

/**
 * How the lock is taken. `stale`/`update`: the holder touches the lock every 2 s, so a lock not
 * touched for 10 s is taken over (five missed touches, so a busy event loop is not mistaken for a
 * dead one): the way out when the holder cannot be judged from its record (another machine
 * sharing the folder, a lock left without a record). `realpath: false`: settings.json need not
 * exist yet. `retries: 0`: withSettingsLock retries itself, and only while the lock is busy
 * (ELOCKED); proper-lockfile would also retry errors that cannot pass (EACCES, EROFS).
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

/** How withFileLock is used (the lock's place) and what it reports (tests and diagnostics). */
export interface FileLockOptions {
  /** The lock folder; default `<file>.lock` (client configs keep theirs under <appData>/locks). */
  lockPath?: string;
  /** Called when the lock of a holder that is gone was taken over. */
  onTakeOver?: (holder: LockHolder) => void;
}

/** Why withFileLock could not take or keep the lock. */
export class FileLockError extends Error {
  override name = 'FileLockError';
  constructor(
    /** busy: another process held it until the wait gave up; failed: it cannot be taken here; lost: it was taken away meanwhile. */
    readonly reason: 'busy' | 'failed' | 'lost',
    readonly lockPath: string,
    override readonly cause?: unknown,
  ) {
    super(`${reason}: ${lockPath}${cause ? ` (${errorText(cause)})` : ''}`);
  }
}

/**
 * Runs `task` while holding the lock of `file` (a folder, created atomically with mkdir). Throws a
 * FileLockError when the lock cannot be had; `assertHeld` throws one when it was lost. The folder
 * of the lock must exist.
 */
export async function withFileLock<T>(
  file: string,
  task: (assertHeld: AssertLockHeld) => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const lockPath = options.lockPath ?? `${file}.lock`;
  let lost: Error | null = null;
  let release: () => Promise<void>;
  try {
    release = await acquire(
      file,
      lockPath,
      (error) => {
        lost = error;
      },
      options,
    );
  } catch (error) {
    throw new FileLockError(isBusy(error) ? 'busy' : 'failed', lockPath, error);
  }
  const assertHeld: AssertLockHeld = () => {
    if (lost) throw new FileLockError('lost', lockPath, lost);
  };
  try {
    return await task(assertHeld);
  } finally {
    // A compromised lock is no longer ours to remove.
    if (!lost) await release().catch(() => undefined);
  }
}

/**
 * withFileLock for settings.json: a lock that cannot be had (or was lost) is a SettingsNotSaved
 * IpcError, so no caller reports an unsaved change as done.
 */
export async function withSettingsLock<T>(
  file: string,
  task: (assertHeld: AssertLockHeld) => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  try {
    return await withFileLock(file, task, options);
  } catch (error) {
    if (!(error instanceof FileLockError)) throw error;
    const { lockPath } = error;
    if (error.reason === 'lost')
      throw new IpcError(
        SETTINGS_NOT_SAVED,
        `The change was not saved: FolderGate lost its lock on the settings file (${errorText(error.cause)}).`,
        'Try again.',
      );
    const busy = error.reason === 'busy';
    throw new IpcError(
      SETTINGS_NOT_SAVED,
      busy
        ? `The change was not saved: another FolderGate process kept the settings file busy (${lockPath}).`
        : `The change was not saved: the settings file could not be locked (${errorText(error.cause)}).`,
      busy
        ? 'Try again in a moment. A lock left by a FolderGate that was stopped is cleared at once on this computer, and by itself after 10 seconds when it was left from another one.'
        : `Check that ${lockPath.replace(/[\\/][^\\/]+$/, '')} is a writable folder and that nothing else is named settings.json.lock there, then try again.`,
    );
  }
}

async function acquire(
  file: string,
  lockPath: string,
  onCompromised: (error: Error) => void,
  options: FileLockOptions,
): Promise<() => Promise<void>> {
  const deadline = Date.now() + SETTINGS_LOCK_WAIT.giveUpAfterMs;
  let delay: number = SETTINGS_LOCK_WAIT.firstDelayMs;
  const holder: LockHolder = { ...thisProcess(), token: randomUUID() };
  for (;;) {
    try {
      // The default onCompromised throws from a timer and would crash the app: remember it.
      const release = await lockfile.lock(file, {
        ...SETTINGS_LOCK_OPTIONS,
        lockfilePath: lockPath,
        onCompromised,
        fs: recordingFs(holder),
      });
      removeLeftPending(lockPath, SETTINGS_LOCK_OPTIONS.stale);
      return release;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
    }
    const current = readLockHolder(lockPath);
    if (current !== null && isLockHolderGone(current) && takeOverLock(lockPath, current)) {
      options.onTakeOver?.(current);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    delay = Math.min(delay * SETTINGS_LOCK_WAIT.factor, SETTINGS_LOCK_WAIT.maxDelayMs);
  }
}

// ENOTEMPTY: a stale lock folder that a takeover is emptying at that moment.
function isBusy(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ELOCKED' || code === 'ENOTEMPTY';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
