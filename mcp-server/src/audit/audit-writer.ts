import fs from 'node:fs';
import path from 'node:path';
import {
  ACTIVITY_FOLDER_MAX_BYTES,
  ACTIVITY_LINE_MAX_BYTES,
  activityDay,
  activityFileName,
  type ActivityRecord,
} from '../../../shared/activity.js';
import { encodeActivityLine } from './audit-line.js';
import { pruneAuditFolder } from './audit-prune.js';

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
  /** The clock, for retry timing and pruning (tests inject one). */
  now?: () => number;
  /** After a failure, appends are skipped until this long has passed (default 30 s). */
  retryAfterMs?: number;
}

/** Appends activity records to `<dir>/YYYY-MM-DD.jsonl`. */
export interface AuditWriter {
  /** Appends one record; never throws and never blocks for long (one write syscall). */
  append(record: ActivityRecord): void;
  /** Closes the open file. */
  close(): void;
}

interface OpenDay {
  day: string;
  file: string;
  fd: number;
  ino: number;
}

/**
 * A writer that appends each record as one whole line with a single `write` on a file opened
 * with O_APPEND, so any number of server processes can share a folder without interleaving or
 * tearing lines (POSIX appends of one buffer are atomic with respect to the file offset; Linux
 * and macOS local file systems do not split such a write). The fd of the current UTC day is
 * kept, and reopened at a day change or when the file was removed or replaced (pruning, a
 * person deleting the folder). A failure is logged once per error code, and appends are then
 * skipped for `retryAfterMs` so a broken folder costs the calls nothing.
 */
export function createAuditWriter(options: AuditWriterOptions): AuditWriter {
  const now = options.now ?? Date.now;
  const retryAfterMs = options.retryAfterMs ?? 30_000;
  const maxLineBytes = options.maxLineBytes ?? ACTIVITY_LINE_MAX_BYTES;
  const logged = new Set<string>();
  let open: OpenDay | null = null;
  let retryAt = 0;
  let lastPrunedDay: string | null = null;

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
    const fd = fs.openSync(file, 'a', 0o600);
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
        ? `activity log: cannot write to ${options.dir} (${reason}); tool calls still work but are not recorded until it can be written again`
        : `activity log: pruning ${options.dir} failed (${reason})`,
    );
  };

  return {
    append(record) {
      const dir = options.dir;
      if (dir === null || (options.enabled && !options.enabled())) return;
      if (now() < retryAt) return;
      try {
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
        fs.writeSync(open.fd, encodeActivityLine(record, maxLineBytes));
      } catch (error) {
        closeOpen();
        retryAt = now() + retryAfterMs;
        report(error, 'write');
      }
    },
    close: closeOpen,
  };
}
