// The lock folder of appdata/file-lock.ts and the record of its holder: how a folder is made
// complete (the record inside) and renamed into place, moved out of place to be removed, judged
// (is its holder gone?) and taken over. Every step is one rename, so a process killed at any
// moment leaves either no lock, or a lock whose record names a holder that can be judged, plus at
// most a folder beside it that the next holder tidies.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

/** The holder's record inside the lock folder. */
export const LOCK_HOLDER_FILE = 'holder.json';

/** A file system for proper-lockfile: Node's, with its own mkdir and rmdir. */
export type LockFs = Omit<typeof fs, 'mkdir' | 'rmdir' | 'rmdirSync'> & {
  mkdir(dir: string, callback: (error: NodeJS.ErrnoException | null) => void): void;
  rmdir(dir: string, callback: (error: NodeJS.ErrnoException | null) => void): void;
  rmdirSync(dir: string): void;
};

/**
 * The file system proper-lockfile works through, with the holder's record. A lock folder never
 * exists without it: the folder is made complete under a name of its own beside the lock
 * (`<lock>.<random>.tmp`, the record inside) and renamed into place, so a holder killed at any
 * moment leaves either no lock or a lock that names it (taken over at once), never a folder
 * nobody can judge but by its age. The rename is refused where anything is in place already
 * (EEXIST: proper-lockfile then judges that lock); the record goes with the folder (release, stale
 * takeover, exit).
 */
export function recordingFs(holder: LockHolder): LockFs {
  const record = (dir: string) => path.join(dir, LOCK_HOLDER_FILE);
  return {
    ...fs,
    mkdir(dir: string, callback: (error: NodeJS.ErrnoException | null) => void) {
      const pending = pendingName(dir);
      const fail = (error: NodeJS.ErrnoException) =>
        fs.rm(pending, { recursive: true, force: true }, () => callback(error));
      fs.mkdir(pending, (error) => {
        if (error) return callback(error);
        fs.writeFile(
          record(pending),
          JSON.stringify(holder),
          { flag: 'wx', mode: 0o600 },
          (err) => {
            if (err) return fail(err);
            // rename() would replace an empty folder (a FolderGate from before holder records):
            // anything in place is a lock to judge, not to replace.
            fs.lstat(dir, (notThere) => {
              if (!notThere) return fail(inPlace());
              fs.rename(pending, dir, (renameError) => {
                if (!renameError) return callback(null);
                fail(fs.existsSync(dir) ? inPlace() : renameError);
              });
            });
          },
        );
      });
    },
    // Removing a lock moves it out of place first (one rename), so it is never seen half removed.
    rmdir(dir: string, callback: (error: NodeJS.ErrnoException | null) => void) {
      fs.lstat(dir, (error, stat) => {
        if (error) return callback(error);
        if (!stat.isDirectory()) return callback(notALockFolder(dir));
        const away = pendingName(dir);
        fs.rename(dir, away, (err) => {
          if (err) return callback(err);
          fs.rm(away, { recursive: true, force: true }, () => callback(null));
        });
      });
    },
    rmdirSync(dir: string) {
      if (!fs.lstatSync(dir).isDirectory()) throw notALockFolder(dir);
      const away = pendingName(dir);
      fs.renameSync(dir, away);
      fs.rmSync(away, { recursive: true, force: true });
    },
  };
}

// The end of the name of a lock folder being made or removed (see recordingFs).
const PENDING_SUFFIX = '.tmp';

/** A name beside the lock for one folder being made or removed. */
function pendingName(lockPath: string): string {
  return `${lockPath}.${randomUUID()}${PENDING_SUFFIX}`;
}

function notALockFolder(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`not a lock folder: ${file}`), { code: 'ENOTDIR' });
}

function inPlace(): NodeJS.ErrnoException {
  return Object.assign(new Error('the lock is in place'), { code: 'EEXIST' });
}

/**
 * Removes the lock folders a killed process left half made beside `lockPath`: those whose holder
 * is gone, and those without a record once older than a stale lock (nobody takes longer than a
 * moment to finish one). They never block anyone; this only tidies <appData>.
 */
export function removeLeftPending(lockPath: string, staleMs: number): void {
  const parent = path.dirname(lockPath);
  const prefix = `${path.basename(lockPath)}.`;
  let names: string[];
  try {
    names = fs
      .readdirSync(parent)
      .filter((n) => n.startsWith(prefix) && n.endsWith(PENDING_SUFFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const pending = path.join(parent, name);
    const holder = readLockHolder(pending);
    const mtimeMs = fs.statSync(pending, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    const left = holder !== null ? isLockHolderGone(holder) : Date.now() - mtimeMs > staleMs;
    if (left) fs.rmSync(pending, { recursive: true, force: true });
  }
}

/**
 * The file holding the record of the lock folder `lockPath`: holder.json, or the record a takeover
 * claimed (renamed) and was killed before it finished; null when there is none.
 */
function recordFileOf(lockPath: string): string | null {
  const holderFile = path.join(lockPath, LOCK_HOLDER_FILE);
  if (fs.existsSync(holderFile)) return holderFile;
  try {
    const claimed = fs
      .readdirSync(lockPath)
      .filter((n) => n.startsWith(CLAIMED) && n.endsWith('.json'));
    return claimed.length === 1 ? path.join(lockPath, claimed[0]!) : null;
  } catch {
    return null;
  }
}

// The name a takeover gives the record it claims: `claimed-<random>.json`.
const CLAIMED = 'claimed-';

/** The holder recorded in the lock folder `lockPath`; null when there is none (or not yet). */
export function readLockHolder(lockPath: string): LockHolder | null {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(recordFileOf(lockPath) ?? '', 'utf8'));
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
 * renamed out of the way first (one rename, so of several waiters exactly one claims it; the
 * folder stays in place meanwhile, so nobody else can take the lock), and put back when it turns
 * out to be a new holder's. The folder, its record claimed, is then moved out of place and
 * removed. True when the lock was removed.
 */
export function takeOverLock(lockPath: string, gone: LockHolder): boolean {
  const recordPath = path.join(lockPath, LOCK_HOLDER_FILE);
  const source = recordFileOf(lockPath);
  const claimed = path.join(lockPath, `${CLAIMED}${randomUUID()}.json`);
  try {
    fs.renameSync(source ?? recordPath, claimed);
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
  const away = pendingName(lockPath);
  try {
    fs.renameSync(lockPath, away);
  } catch {
    return false;
  }
  fs.rmSync(away, { recursive: true, force: true });
  return true;
}

/** This process as a holder record describes it (without the token). */
export function thisProcess(): Omit<LockHolder, 'token'> {
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
