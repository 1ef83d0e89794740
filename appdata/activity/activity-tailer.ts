import fs from 'node:fs';
import path from 'node:path';
import {
  ACTIVITY_LINE_MAX_BYTES,
  activityDay,
  activityDayOfFile,
  parseActivityLine,
  type ActivityRecord,
} from '#shared/activity/activity.js';
import { activityEntryId, type ActivityEntry } from './activity-scan.js';
import { createLineSplitter, type LineSplitter } from '../channel/line-framer.js';

/** Options of {@link createActivityTailer}. */
export interface ActivityTailerOptions {
  /** The audit folder; it may not exist yet. */
  dir: string;
  /** New records, in the order they were written (per day file, older days first). */
  onEntries(entries: ActivityEntry[]): void;
  /** 'end' (default): only records written after the start; 'start': today's and yesterday's too. */
  from?: 'end' | 'start';
  /** Poll interval, the fallback when fs.watch misses an event or is unavailable (default 500 ms). */
  pollMs?: number;
  /** The clock, for which day files are current at start (tests inject one). */
  now?: () => number;
  /** A read failure other than a missing file; the tailer carries on. */
  onError?(error: Error): void;
}

/** Counters of a running tailer. */
export interface ActivityTailerStats {
  delivered: number;
  /** Complete lines that are not JSON. */
  corrupt: number;
  /** JSON lines that fail the record schema (another version, a foreign file). */
  invalid: number;
  /** Times a file was found shorter than read so far, or replaced, and read again from 0. */
  restarts: number;
}

/** A running tailer. */
export interface ActivityTailer {
  stats(): ActivityTailerStats;
  /** Resolves after the first scan (existing files measured), so later appends are "new". */
  ready: Promise<void>;
  /** Resolves after a scan that starts now: everything on disk at this moment was delivered. */
  flush(): Promise<void>;
  stop(): void;
}

interface Tracked {
  offset: number;
  ino: number;
  /** Splits what is read into lines (a partial last line waits in it for its end). */
  lines: LineSplitter;
  /** Where the lines read by the current scan go. */
  out: ActivityEntry[];
  /** The file's first bytes as read: a file emptied and refilled past the offset differs here. */
  head: Buffer;
}

const HEAD_BYTES = 64;

const DAY_MS = 86_400_000;
const READ_BYTES = 1024 * 1024;

/**
 * Follows the audit folder: fs.watch on the folder wakes it at once, and a poll every
 * `pollMs` covers file systems where watching is unreliable (network drives) and the time
 * before the folder exists. Only new bytes are read (an offset per file). A last line without
 * its newline waits until it is complete; corrupt and invalid lines are counted and skipped.
 * A file that shrinks or is replaced is read again from its start; a pruned file is dropped.
 */
export function createActivityTailer(options: ActivityTailerOptions): ActivityTailer {
  const now = options.now ?? Date.now;
  const files = new Map<string, Tracked>();
  const stats: ActivityTailerStats = { delivered: 0, corrupt: 0, invalid: 0, restarts: 0 };
  let watcher: fs.FSWatcher | null = null;
  let stopped = false;
  let first = true;
  let running: Promise<void> | null = null;
  let again = false;

  const scanOnce = async () => {
    let names: string[];
    try {
      names = await fs.promises.readdir(options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') options.onError?.(error as Error);
      names = [];
    }
    if (names.length > 0 || fs.existsSync(options.dir)) watch();
    const oldestDay = activityDay(now() - DAY_MS);
    const days = names.map((n) => activityDayOfFile(n)).filter((d): d is string => d !== null);
    for (const name of [...files.keys()]) {
      if (!names.includes(name)) files.delete(name); // pruned
    }
    const entries: ActivityEntry[] = [];
    for (const day of days.sort()) {
      const name = `${day}.jsonl`;
      const known = files.get(name);
      // At start, older days are history (for queries), not news.
      if (!known && first && day < oldestDay) continue;
      try {
        await readNew(day, name, entries, first && options.from !== 'start');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') options.onError?.(error as Error);
      }
    }
    first = false;
    if (entries.length > 0 && !stopped) {
      stats.delivered += entries.length;
      options.onEntries(entries);
    }
  };

  const readNew = async (day: string, name: string, out: ActivityEntry[], skip: boolean) => {
    const handle = await fs.promises.open(path.join(options.dir, name), 'r');
    try {
      const stat = await handle.stat();
      let tracked = files.get(name);
      if (
        !tracked ||
        tracked.ino !== stat.ino ||
        stat.size < tracked.offset ||
        (stat.size > tracked.head.length && !(await sameHead(handle, tracked.head)))
      ) {
        if (tracked) stats.restarts++;
        const offset = skip ? stat.size : 0;
        const entry: Tracked = {
          offset,
          ino: stat.ino,
          head: Buffer.alloc(0),
          out: [],
          lines: createLineSplitter(
            ACTIVITY_LINE_MAX_BYTES,
            {
              line: (text, start) => {
                if (text !== '') deliver(day, start, text, entry.out);
              },
              oversized: () => stats.corrupt++,
            },
            offset,
          ),
        };
        tracked = entry;
        files.set(name, tracked);
      }
      if (tracked.head.length < HEAD_BYTES && stat.size > tracked.head.length) {
        const head = Buffer.alloc(Math.min(HEAD_BYTES, stat.size));
        const { bytesRead } = await handle.read(head, 0, head.length, 0);
        tracked.head = head.subarray(0, bytesRead);
      }
      while (tracked.offset < stat.size) {
        const len = Math.min(READ_BYTES, stat.size - tracked.offset);
        const chunk = Buffer.alloc(len);
        const { bytesRead } = await handle.read(chunk, 0, len, tracked.offset);
        if (bytesRead === 0) break;
        tracked.out = out;
        tracked.lines.push(chunk.subarray(0, bytesRead));
        tracked.offset += bytesRead;
      }
    } finally {
      await handle.close();
    }
  };

  const deliver = (day: string, start: number, text: string, out: ActivityEntry[]) => {
    const record: ActivityRecord | null = parseActivityLine(text);
    if (record) {
      out.push({ id: activityEntryId(day, start), record });
      return;
    }
    try {
      JSON.parse(text);
      stats.invalid++;
    } catch {
      stats.corrupt++;
    }
  };

  const sameHead = async (handle: fs.promises.FileHandle, head: Buffer): Promise<boolean> => {
    if (head.length === 0) return true;
    const now = Buffer.alloc(head.length);
    const { bytesRead } = await handle.read(now, 0, head.length, 0);
    return bytesRead === head.length && now.equals(head);
  };

  // One scan at a time; a trigger during a scan runs one more afterwards.
  const scan = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = scanOnce().finally(() => {
      running = null;
      if (again) {
        again = false;
        void scan();
      }
    });
    return running;
  };

  const watch = () => {
    if (watcher || stopped) return;
    try {
      watcher = fs.watch(options.dir, () => void scan());
      watcher.on('error', () => {
        watcher?.close();
        watcher = null; // the folder was removed: the poll finds it again
      });
    } catch {
      watcher = null;
    }
  };

  const timer = setInterval(() => void scan(), options.pollMs ?? 500);
  timer.unref();
  const ready = scan();

  return {
    stats: () => ({ ...stats }),
    ready,
    async flush() {
      while (running) await running;
      await scan();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      watcher?.close();
      watcher = null;
    },
  };
}
