// The one cross-process file lock, around every read-modify-write of settings.json and of AI apps'
// config files. The app, the headless host, the CLI and client registration are separate
// processes: without it, two of them read the same file, each adds its change, and the second
// rename silently drops the first one's change. The lock folder holds a record of its holder
// (process id, its start time, the machine and its boot), so a holder that was killed is seen at
// once and its lock taken over, instead of every change (Pause included) waiting for the lock to
// go stale.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { IpcError } from '#shared/contract/ipc.js';
import { SETTINGS_NOT_SAVED } from '#shared/settings/settings.js';

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

/** Who holds the lock, as recorded in the lock folder when it was taken. */
export interface LockHolder {
  pid: number;
  /** os.hostname(): a process id says nothing about another machine's processes. */
  host: string;
  /** The boot this process runs in (Linux boot_id); null where the system does not say. */
  boot: string | null;
  /** When the process started (Linux: clock ticks after boot), so a reused pid is not mistaken for it. */
  started: string | null;
  /** This holding of the lock (a takeover removes exactly the record it judged). */
  token: string;
}

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

/** The holder's record inside the lock folder. */
export const LOCK_HOLDER_FILE = 'holder.json';

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
      return await lockfile.lock(file, {
        ...SETTINGS_LOCK_OPTIONS,
        lockfilePath: lockPath,
        onCompromised,
        fs: recordingFs(holder),
      });
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

/**
 * The file system proper-lockfile works through, with the holder's record: written into the lock
 * folder as it is made (before proper-lockfile sets and remembers the folder's time, so the record
 * does not look like a change to it), and removed with the folder (release, stale takeover, exit).
 */
function recordingFs(holder: LockHolder) {
  const record = (dir: string) => path.join(dir, LOCK_HOLDER_FILE);
  return {
    ...fs,
    mkdir(dir: string, callback: (error: NodeJS.ErrnoException | null) => void) {
      fs.mkdir(dir, (error) => {
        if (error) return callback(error);
        fs.writeFile(record(dir), JSON.stringify(holder), { flag: 'wx', mode: 0o600 }, (err) => {
          if (err) fs.rm(dir, { recursive: true, force: true }, () => callback(err));
          else callback(null);
        });
      });
    },
    rmdir(dir: string, callback: (error: NodeJS.ErrnoException | null) => void) {
      fs.unlink(record(dir), () => fs.rmdir(dir, callback));
    },
    rmdirSync(dir: string) {
      fs.rmSync(record(dir), { force: true });
      fs.rmdirSync(dir);
    },
  };
}

/** The holder recorded in the lock folder `lockPath`; null when there is none (or not yet). */
export function readLockHolder(lockPath: string): LockHolder | null {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(path.join(lockPath, LOCK_HOLDER_FILE), 'utf8'));
  } catch {
    return null;
  }
  const h = value as Partial<LockHolder> | null;
  const stringOrNull = (v: unknown) => v === null || typeof v === 'string';
  return h !== null &&
    typeof h === 'object' &&
    Number.isInteger(h.pid) &&
    (h.pid ?? 0) > 0 &&
    typeof h.host === 'string' &&
    stringOrNull(h.boot) &&
    stringOrNull(h.started) &&
    typeof h.token === 'string'
    ? (h as LockHolder)
    : null;
}

/**
 * True when `holder` is certainly gone: it ran on this machine and the machine restarted since,
 * or its process no longer exists (or is a zombie), or its process id now belongs to a process
 * that started at another time. A holder on another machine is never judged here.
 */
export function isLockHolderGone(holder: LockHolder): boolean {
  const self = thisProcess();
  if (holder.host !== self.host) return false;
  if (holder.boot !== null && self.boot !== null && holder.boot !== self.boot) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user's process.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return true;
  }
  const now = procStat(holder.pid);
  if (now === null) return false;
  return now.state === 'Z' || (holder.started !== null && now.started !== holder.started);
}

/**
 * Removes the lock of a holder judged gone, only if it is still that holder's: its record is
 * renamed out of the way first (one rename, so of several waiters exactly one claims it), and put
 * back when it turns out to be a new holder's. True when the lock was removed.
 */
export function takeOverLock(lockPath: string, gone: LockHolder): boolean {
  const recordPath = path.join(lockPath, LOCK_HOLDER_FILE);
  const claimed = path.join(lockPath, `claimed-${randomUUID()}.json`);
  try {
    fs.renameSync(recordPath, claimed);
  } catch {
    return false; // taken over (or released) by someone else meanwhile
  }
  let token: string | null = null;
  try {
    token = (JSON.parse(fs.readFileSync(claimed, 'utf8')) as { token?: string }).token ?? null;
  } catch {
    // unreadable: not the record judged
  }
  if (token !== gone.token) {
    try {
      fs.renameSync(claimed, recordPath);
    } catch {
      // its folder is gone already (released meanwhile): nothing to put back
    }
    return false;
  }
  try {
    fs.rmSync(claimed, { force: true });
    fs.rmdirSync(lockPath);
    return true;
  } catch {
    return false;
  }
}

// This process as a holder record describes it (without the token).
function thisProcess(): Omit<LockHolder, 'token'> {
  return {
    pid: process.pid,
    host: os.hostname(),
    boot: readTrimmed('/proc/sys/kernel/random/boot_id'),
    started: procStat(process.pid)?.started ?? null,
  };
}

/** A process's state letter and start time (clock ticks after boot) from /proc; null elsewhere. */
function procStat(pid: number): { state: string; started: string } | null {
  const text = readTrimmed(`/proc/${pid}/stat`);
  if (text === null) return null;
  // "pid (name) state ppid …": the name may hold spaces and parentheses; fields follow the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const started = fields[19]; // field 22 of the line
  return state !== undefined && started !== undefined ? { state, started } : null;
}

function readTrimmed(file: string): string | null {
  if (process.platform !== 'linux') return null;
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
