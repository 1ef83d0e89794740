import fs from 'node:fs';
import { activityDayOfFile } from '#shared/activity/activity.js';

/** One complete line of a day file and the byte offset where it starts. */
export interface RawLine {
  text: string;
  start: number;
}

const CHUNK_BYTES = 64 * 1024;

/** The days that have a log file in `dir`, oldest first; none when the folder does not exist. */
export async function listActivityDays(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => activityDayOfFile(name))
    .filter((day): day is string => day !== null)
    .sort();
}

/**
 * The complete lines of `file` before byte `end` (default: the whole file), last line first,
 * read in 64 KiB chunks from the end, so a page of the newest records costs a few reads however
 * large the file. A last line without its newline is still being written and is left out.
 */
export async function* readLinesBackward(file: string, end?: number): AsyncGenerator<RawLine> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // pruned meanwhile
    throw error;
  }
  try {
    const size = (await handle.stat()).size;
    let pos = Math.min(end ?? size, size);
    // `buf` holds the bytes [pos, pos + buf.length) not yet emitted.
    let buf: Buffer = Buffer.alloc(0);
    let trimmed = end !== undefined;
    for (;;) {
      if (!trimmed) {
        const nl = buf.lastIndexOf(0x0a);
        if (nl >= 0) {
          buf = buf.subarray(0, nl + 1);
          trimmed = true;
        }
      }
      if (trimmed) {
        let e = buf.length;
        while (e > 0) {
          const s = e >= 2 ? buf.lastIndexOf(0x0a, e - 2) + 1 : 0;
          if (s === 0 && pos > 0) break; // the line may start in an earlier chunk
          if (e - 1 > s) yield { text: buf.toString('utf8', s, e - 1), start: pos + s };
          e = s;
        }
        buf = buf.subarray(0, e);
      }
      if (pos === 0) return;
      const len = Math.min(CHUNK_BYTES, pos);
      const chunk = Buffer.alloc(len);
      await handle.read(chunk, 0, len, pos - len);
      pos -= len;
      buf = buf.length > 0 ? Buffer.concat([chunk, buf]) : chunk;
    }
  } finally {
    await handle.close();
  }
}
