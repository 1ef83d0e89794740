import fs from 'node:fs';
import os from 'node:os';

/** What a time search needs of an entry's lstat(): a subset of fs.Stats (which satisfies it). */
export interface EntryTimes {
  readonly size: number;
  readonly mtimeMs: number;
  readonly birthtimeMs: number;
}

type RawLstat = (path: string) => Float64Array | undefined;

// Positions in the array Node's file-system binding fills for a stat (node_file.h, FillStatsArray:
// dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks, then seconds and nanoseconds of
// atime, mtime, ctime, birthtime). The self-check below refuses a layout that differs.
const MODE = 1;
const INO = 7;
const SIZE = 8;
const MTIME_S = 12;
const BIRTH_S = 16;

/** Node's own conversion (lib/internal/fs/utils.js, msFromTimeSpec), so times are identical. */
export const msFromTimeSpec = (sec: number, nsec: number): number => sec * 1e3 + nsec / 1e6;
const ms = msFromTimeSpec;

function timesOf(raw: Float64Array): EntryTimes {
  return {
    size: raw[SIZE]!,
    mtimeMs: ms(raw[MTIME_S]!, raw[MTIME_S + 1]!),
    birthtimeMs: ms(raw[BIRTH_S]!, raw[BIRTH_S + 1]!),
  };
}

/**
 * Node's file-system binding's lstat, when it is there and gives exactly what fs.lstatSync gives
 * for a file, a folder and a missing path; else null. fs.lstatSync spends about 40% of its time in
 * JavaScript around the system call (validating the path, building a Stats object of 18 fields):
 * measured on 200,000 files, 647 ms against 384 ms through the binding (Perl's lstat: 367 ms). A
 * time search makes one lstat per file, so this is most of a scan's cost. The binding is not a
 * public API: the checks make any other Node (or Electron) version fall back to fs.lstatSync.
 */
function loadRawLstat(probes: readonly string[]): RawLstat | null {
  try {
    const binding = (process as unknown as { binding?: (name: string) => unknown }).binding?.(
      'fs',
    ) as { lstat?: (...args: unknown[]) => unknown } | undefined;
    const lstat = binding?.lstat;
    if (typeof lstat !== 'function') return null;
    const raw: RawLstat = (p) => {
      const result = lstat.call(binding, p, false, undefined, false);
      if (result === undefined || result instanceof Float64Array) return result;
      throw new Error('unexpected lstat result');
    };
    for (const p of probes) {
      const st = fs.lstatSync(p);
      const r = raw(p);
      if (r === undefined || r.length < BIRTH_S + 2) return null;
      const t = timesOf(r);
      if (
        r[MODE] !== st.mode ||
        r[INO] !== st.ino ||
        t.size !== st.size ||
        t.mtimeMs !== st.mtimeMs ||
        t.birthtimeMs !== st.birthtimeMs
      )
        return null;
    }
    if (raw(`${probes[0]}\u0001missing\u0001`) !== undefined) return null;
    return raw;
  } catch {
    return null;
  }
}

/**
 * The Node majors on which the binding's lstat was tested (20: development; 22: Electron 45's
 * runtime, which runs the packaged server). Elsewhere it is never tried.
 */
export const FAST_LSTAT_NODE_MAJORS: readonly number[] = [20, 22];

// Off until a scan process turns it on: the server itself (what every AI app starts) never calls
// a non-public API; a scan process that crashed on one costs only a fallback to the server's
// own scanning (scan/pool.ts).
let rawLstat: RawLstat | null = null;

/**
 * Turns the binding's lstat on in this process when the Node major is allow-listed and the
 * self-check passes; FOLDERGATE_FAST_LSTAT=0 keeps it off. Only scan processes call this.
 */
export function enableFastLstat(nodeVersion = process.versions.node): boolean {
  const major = Number(nodeVersion.split('.')[0]);
  rawLstat =
    process.env.FOLDERGATE_FAST_LSTAT === '0' || !FAST_LSTAT_NODE_MAJORS.includes(major)
      ? null
      : loadRawLstat(defaultProbes());
  return rawLstat !== null;
}

/** True when entry stats go through Node's binding (see enableFastLstat); for tests and the bench. */
export function isFastLstat(): boolean {
  return rawLstat !== null;
}

function defaultProbes(): string[] {
  return [process.execPath, os.tmpdir()];
}

/**
 * lstat() of `p` reduced to what a time search needs; undefined when it does not exist; throws
 * what fs.lstatSync throws for an unreadable path. Paths must be absolute or relative to the
 * working folder, as for fs.lstatSync (no URLs or Buffers).
 */
export function lstatTimes(p: string): EntryTimes | undefined {
  if (rawLstat === null) return fs.lstatSync(p, { throwIfNoEntry: false });
  if (p.includes('\u0000'))
    throw Object.assign(new Error('path contains a NUL'), { code: 'EINVAL' });
  const r = rawLstat(p);
  return r === undefined ? undefined : timesOf(r);
}

/** For tests: the check the binding must pass, against given paths. */
export const testing = { loadRawLstat };
