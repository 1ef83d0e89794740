import fs from 'node:fs';
import path from 'node:path';
import {
  ACTIVITY_FOLDER_MAX_BYTES,
  ACTIVITY_LINE_MAX_BYTES,
  activityDay,
  activityFileName,
  type ActivityRecord,
} from '#shared/activity/activity.js';
import { encodeActivityLine } from './activity-line.js';
import { pruneAuditFolder } from './activity-prune.js';

/** Options of {@link createAuditWriter}. */
export interface AuditWriterOptions {
  /** The audit folder (see resolveAuditDir); null = record nothing. */
  dir: string | null;
  /** settings.activity.enabled, asked on every call so a change in the app applies at once. */
  enabled?: () => boolean;
  /** settings.activity.retentionDays; when given, old days are pruned at each UTC day change. */
  retentionDays?: () => number;
  /** Size cap of the folder for that pruning (default ACTIVITY_FOLDER_MAX_BYTES). */
  maxFolderBytes?: number;
  /** Longest line (default ACTIVITY_LINE_MAX_BYTES). */
  maxLineBytes?: number;
  /** Where the one line about a failure goes (the server's stderr log). */
  log: (message: string) => void;
  /** The clock, for pruning and for the times of unrecorded calls (tests inject one). */
  now?: () => number;
  /** How long after a failed write it is tried again without a new call (default 1 s). */
  retryMs?: number;
  /** Timers for that retry (tests inject fake ones); the timer must not keep the process alive. */
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
  /** The write system call (tests inject a full disk where they cannot make one). */
  writeSync?: (fd: number, buffer: Buffer) => number;
}

/** Appends activity records to `<dir>/YYYY-MM-DD.jsonl`. */
export interface AuditWriter {
  /** Appends one record; never throws and never blocks for long (a few write syscalls). */
  append(record: ActivityRecord): void;
  /** Records waiting for the folder to be writable again (a full disk). */
  readonly waiting: number;
  /** Closes the open file (records still waiting are given up, and said so on stderr). */
  close(): void;
}

interface OpenDay {
  day: string;
  file: string;
  fd: number;
  ino: number;
}

/** Records kept while the folder cannot be written (a full disk), oldest dropped first. */
export const WAITING_MAX_RECORDS = 1000;
/** The same bound in bytes of their lines. */
export const WAITING_MAX_BYTES = 4 * 1024 * 1024;

const defaultTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * A writer that appends each record as one whole line with a single `write` on a file opened
 * with O_APPEND, so any number of server processes can share a folder without interleaving
 * lines (POSIX appends of one buffer are atomic with respect to the file offset). The fd of the
 * current UTC day is kept, and reopened at a day change or when the file was removed or replaced
 * (pruning, a person deleting the folder).
 *
 * A full disk (issue 18, item 6): a write that fails keeps its record in memory (bounded) and
 * is tried again at the next call and a second later, so recording resumes as soon as there is
 * room, with the waiting records first, in order. A short write is cut off again (the file
 * truncated back to where the line started, when it still ends with that fragment), so no torn
 * line stays; where it cannot be (another process appended after it meanwhile, or the cut
 * fails), the next line this writer writes starts with a newline, and readers skip a fragment
 * and find the record glued after it by another process (parseActivityLine). Records dropped
 * from a full queue are counted in the next record written (`unrecorded`), which is how the app
 * tells the person afterwards. Failures are logged once per error code.
 */
export function createAuditWriter(options: AuditWriterOptions): AuditWriter {
  const now = options.now ?? Date.now;
  const retryMs = options.retryMs ?? 1000;
  const setTimer = options.setTimer ?? defaultTimer;
  const writeSync = options.writeSync ?? ((fd: number, buffer: Buffer) => fs.writeSync(fd, buffer));
  const maxLineBytes = options.maxLineBytes ?? ACTIVITY_LINE_MAX_BYTES;
  const logged = new Set<string>();
  let open: OpenDay | null = null;
  let lastPrunedDay: string | null = null;
  /** Records not written yet, oldest first. */
  const waiting: { record: ActivityRecord; bytes: number }[] = [];
  let waitingBytes = 0;
  /** Records dropped from a full queue since the last successful write. */
  let dropped: { count: number; from: string; to: string; reason: string } | null = null;
  /** The last write stopped midway: the file may end with a fragment of a line. */
  let torn = false;
  let retry: { cancel(): void } | null = null;
  let failing = false;
  /** The error code of the last failed write ('ENOSPC' for a full disk). */
  let lastFailure = 'unknown';

  const closeOpen = () => {
    if (open) {
      try {
        fs.closeSync(open.fd);
      } catch {
        // already closed or gone: nothing to release
      }
    }
    open = null;
  };

  const openDay = (dir: string, day: string): OpenDay => {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, activityFileName(day));
    // Appending, and readable: a short write is read back before it is cut off (cutBack).
    const fd = fs.openSync(file, 'a+', 0o600);
    return { day, file, fd, ino: fs.fstatSync(fd).ino };
  };

  const pruneOnNewDay = (dir: string, day: string) => {
    if (!options.retentionDays || lastPrunedDay === day) return;
    lastPrunedDay = day;
    try {
      pruneAuditFolder(dir, {
        retentionDays: options.retentionDays(),
        maxFolderBytes: options.maxFolderBytes ?? ACTIVITY_FOLDER_MAX_BYTES,
        now: now(),
      });
    } catch (error) {
      report(error, 'prune');
    }
  };

  const report = (error: unknown, what: 'write' | 'prune') => {
    const code = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown';
    if (logged.has(`${what}:${code}`)) return;
    logged.add(`${what}:${code}`);
    const reason = error instanceof Error ? error.message : String(error);
    options.log(
      what === 'write'
        ? `activity log: cannot write to ${options.dir} (${reason}); tool calls still work, and are recorded as soon as it can be written again (up to ${WAITING_MAX_RECORDS} kept meanwhile)`
        : `activity log: pruning ${options.dir} failed (${reason})`,
    );
  };

  /** Writes one record's line; throws when it could not be written whole. */
  const writeOne = (dir: string, record: ActivityRecord): void => {
    const day = activityDay(Date.parse(record.time));
    if (open && open.day !== day) closeOpen();
    if (open) {
      const onDisk = fs.statSync(open.file, { throwIfNoEntry: false });
      if (!onDisk || onDisk.ino !== open.ino) closeOpen();
    }
    if (!open) {
      open = openDay(dir, day);
      // After the open, so a folder that cannot be used is reported once (as a write), and
      // never in the way of the day's file (pruning leaves today alone).
      if (day >= (lastPrunedDay ?? '')) pruneOnNewDay(dir, day);
    }
    const withNote = dropped ? { ...record, unrecorded: dropped } : record;
    const line = encodeActivityLine(withNote, maxLineBytes);
    const buffer = torn ? Buffer.concat([NEWLINE, line]) : line;
    const written = writeSync(open.fd, buffer);
    if (written < buffer.length) {
      if (!cutBack(open.fd, buffer, written)) torn = true;
      throw Object.assign(new Error(`short write (${written} of ${buffer.length} bytes)`), {
        code: NO_SPACE,
      });
    }
    torn = false;
    dropped = null;
  };

  /** Writes one record; on failure, closes the file and reports; true when it was written. */
  const tryWrite = (dir: string, record: ActivityRecord): boolean => {
    try {
      writeOne(dir, record);
      return true;
    } catch (error) {
      closeOpen();
      report(error, 'write');
      lastFailure = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown';
      failing = true;
      return false;
    }
  };

  /** Writes the waiting records, oldest first, until one fails; true when all were written. */
  const flush = (dir: string): boolean => {
    while (waiting.length > 0) {
      const first = waiting[0]!;
      if (!tryWrite(dir, first.record)) return false;
      waiting.shift();
      waitingBytes -= first.bytes;
    }
    if (failing) {
      failing = false;
      options.log('activity log: writing again; every call kept meanwhile is recorded');
    }
    return true;
  };

  const keep = (record: ActivityRecord) => {
    const bytes = Buffer.byteLength(JSON.stringify(record));
    waiting.push({ record, bytes });
    waitingBytes += bytes;
    while (waiting.length > WAITING_MAX_RECORDS || waitingBytes > WAITING_MAX_BYTES) {
      const lost = waiting.shift()!;
      waitingBytes -= lost.bytes;
      dropped = dropped
        ? { ...dropped, count: dropped.count + 1, to: lost.record.time }
        : { count: 1, from: lost.record.time, to: lost.record.time, reason: lastFailure };
    }
  };

  const scheduleRetry = (dir: string) => {
    if (retry !== null || waiting.length === 0) return;
    retry = setTimer(() => {
      retry = null;
      if (!flush(dir)) scheduleRetry(dir);
    }, retryMs);
  };

  return {
    append(record) {
      const dir = options.dir;
      if (dir === null || (options.enabled && !options.enabled())) return;
      // The kept records first, in order; this one after them, or kept too.
      if (flush(dir) && tryWrite(dir, record)) return;
      keep(record);
      scheduleRetry(dir);
    },
    get waiting() {
      return waiting.length;
    },
    close() {
      retry?.cancel();
      retry = null;
      if (waiting.length > 0)
        options.log(
          `activity log: ${waiting.length} call${waiting.length === 1 ? ' was' : 's were'} not recorded (${options.dir} could not be written)`,
        );
      closeOpen();
    },
  };
}

const NEWLINE = Buffer.from('\n');

/**
 * Cuts the first `written` bytes of `buffer`, just appended to `fd` by a short write, off the file
 * again when the file still ends with exactly them (another server's line after them is never
 * touched: on a full disk its write has no room either). True when nothing of them is left.
 */
function cutBack(fd: number, buffer: Buffer, written: number): boolean {
  if (written <= 0) return true;
  try {
    const size = fs.fstatSync(fd).size;
    if (size < written) return false;
    const tail = Buffer.alloc(written);
    fs.readSync(fd, tail, 0, written, size - written);
    if (!tail.equals(buffer.subarray(0, written)) || fs.fstatSync(fd).size !== size) return false;
    fs.ftruncateSync(fd, size - written);
    return true;
  } catch {
    return false;
  }
}
/** The errno code of a full disk, which a short write means. */
const NO_SPACE = 'ENOSPC';
