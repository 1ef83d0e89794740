// Paths below an open folder looked at in one native call (fast-list.c's statBelow): each path's
// folder opened with openat2 so that the kernel refuses a link, a '..' or a way out anywhere on
// it, and the entry stat'ed there without following a link. What verify-matches.ts otherwise does
// with one open, one readlink proof and one lstat per folder from JavaScript, for a fifth of the
// cost. Null where the native listing is off, or the kernel has no openat2 (Linux before 5.6):
// the caller then checks the slower way.
import type { EntryTimes } from './fast-lstat.js';
import { msFromTimeSpec } from './fast-lstat.js';
import { nativeStatBelow } from './native-list.js';

const PER_PATH = 7;
const KIND_FILE = 1;
const KIND_DIR = 2;

/** What the disk says of one path: its stats as lstat gives them, or why there are none. */
export type BelowStat =
  | ({ status: 'ok'; isFile(): boolean; isDirectory(): boolean; size: number } & EntryTimes)
  | { status: 'gone' | 'failed' | 'refused' };

let unsupported = false;

/**
 * Each of `rels` ('/'-separated, below the folder open at `rootFd`) looked at on disk, in order;
 * null when this cannot be done natively here (the caller checks the slower way).
 */
export function statBelow(rootFd: number, rels: string[]): BelowStat[] | null {
  const native = unsupported ? null : nativeStatBelow();
  if (!native) return null;
  let raw: Float64Array;
  try {
    raw = native(rootFd, rels);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSYS') unsupported = true;
    return null;
  }
  const out: BelowStat[] = [];
  for (let i = 0; i < rels.length; i++) {
    const s = i * PER_PATH;
    const status = raw[s]!;
    if (status !== 0) {
      out.push({ status: status === 1 ? 'gone' : status === 3 ? 'refused' : 'failed' });
      continue;
    }
    const kind = raw[s + 1]!;
    out.push({
      status: 'ok',
      isFile: () => kind === KIND_FILE,
      isDirectory: () => kind === KIND_DIR,
      size: raw[s + 2]!,
      mtimeMs: msFromTimeSpec(raw[s + 3]!, raw[s + 4]!),
      birthtimeMs: msFromTimeSpec(raw[s + 5]!, raw[s + 6]!),
    });
  }
  return out;
}
