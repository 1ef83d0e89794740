// The search engine's native folder listing (engine/native/fast-list.c): one call lists a folder and
// stats every entry in it. A crawl makes one lstat per entry, and from JavaScript each costs about
// twice the system call itself (the binding, the path, the working folder); in C they cost what
// they cost `find`. Off unless a process turns it on (the search engine; a server's walks:
// mcp-server/src/scan/walk-listing.ts; and its check of the engine's matches), and
// only where the module was built for this platform and gives, in a self-check at load, exactly
// what Node's readdir and lstat give.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { FastFirstRead } from '#shared/engine/engine.js';
import { msFromTimeSpec, type EntryTimes } from './fast-lstat.js';

const KIND_FILE = 1;
const KIND_DIR = 2;
const KIND_LINK = 3;
const KIND_FIFO = 4;
const KIND_SOCKET = 5;
const KIND_CHAR = 6;
const KIND_BLOCK = 7;

/** Set in an entry's kind when its name is not valid UTF-8. */
const INVALID_NAME = 0x80;

const STAT_OK = 0;
const STAT_GONE = 1;
const STATS_PER_ENTRY = 6;

/** What listBatch gives (fast-list.c): per folder asked for, and per entry of them all. */
type RawBatch = [
  errors: Int32Array,
  fds: Int32Array,
  starts: Uint32Array,
  names: string[],
  kinds: Uint8Array,
  stats: Float64Array,
  folderStats: Float64Array,
];

interface NativeModule {
  /** One folder, listed now: a batch of one (its descriptor's copy closed); throws its errno. */
  list: (fd: number) => RawBatch;
  trim: () => boolean;
  /** A server's check of paths below a folder (fast-list.c); absent from an older build. */
  statBelow?: (rootFd: number, rels: string[]) => Float64Array;
  /** Whether a kept scan's folders changed (fast-list.c); absent from an older build. */
  firstChanged?: (base: string, rels: string[], sinceMs: number) => number;
  listBatch: (
    parentFds: Int32Array,
    names: string[],
    callback: (result: RawBatch | null) => void,
  ) => void;
}

const ms = msFromTimeSpec;

/**
 * A listed entry, with its stats: what fs.readdirSync's Dirent tells the walker, and what lstat
 * tells it of the entry (`times`: undefined when it was gone, null when it could not be read).
 */
export class ListedEntry {
  constructor(
    readonly name: string,
    private readonly kind: number,
    readonly times: EntryTimes | null | undefined,
  ) {}
  isFile(): boolean {
    return this.kind === KIND_FILE;
  }
  isDirectory(): boolean {
    return this.kind === KIND_DIR;
  }
  isSymbolicLink(): boolean {
    return this.kind === KIND_LINK;
  }
  isFIFO(): boolean {
    return this.kind === KIND_FIFO;
  }
  isSocket(): boolean {
    return this.kind === KIND_SOCKET;
  }
  isCharacterDevice(): boolean {
    return this.kind === KIND_CHAR;
  }
  isBlockDevice(): boolean {
    return this.kind === KIND_BLOCK;
  }
}

/** The error a failed lstat of a listed entry throws (the walker counts the entry unreadable). */
export function statFailedError(name: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`cannot read the stats of ${name}`), { code: 'EIO' });
}

/** The entries of a one-folder listing (`list`), each with its stats. */
function entriesOf(raw: RawBatch): ListedEntry[] {
  const [, , starts, names, kinds, stats] = raw;
  const out: ListedEntry[] = [];
  for (let i = starts[0]!; i < starts[1]!; i++) {
    // Its own object: a listed entry keeps its times. The walker tells names that are not UTF-8
    // by their U+FFFD (utf8-names.ts), as with Node's readdir, so the flag is not needed here.
    const times = timesAt(stats, i, { size: 0, mtimeMs: 0, birthtimeMs: 0 });
    out.push(new ListedEntry(names[i]!, kinds[i]! & ~INVALID_NAME, times));
  }
  return out;
}

/** The module's file name for this platform (engine/build.mjs builds it into engine/dist/). */
export const NATIVE_LIST_FILE = `fast-list-${process.platform}-${process.arch}.node`;

/**
 * Loads the module `file` and checks it against Node on a folder made for the purpose; why not
 * when it is missing ('off-platform'), or fails to load or disagrees in anything ('off-failed').
 */
function loadNative(file: string): NativeModule | 'off-platform' | 'off-failed' {
  if (process.platform !== 'linux' || !fs.existsSync(file)) return 'off-platform';
  try {
    const native = createRequire(import.meta.url)(file) as Partial<NativeModule>;
    if (
      typeof native.list !== 'function' ||
      typeof native.listBatch !== 'function' ||
      typeof native.trim !== 'function'
    )
      return 'off-failed';
    return selfCheck(native.list) ? (native as NativeModule) : 'off-failed';
  } catch {
    return 'off-failed'; // e.g. a glibc older than 2.28 (no statx)
  }
}

/** True when the module lists a folder of a file, a folder and a link exactly as Node does. */
function selfCheck(list: NativeModule['list']): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foldergate-list-check-'));
  let fd = -1;
  try {
    fs.writeFileSync(path.join(dir, 'a file.txt'), 'x');
    fs.mkdirSync(path.join(dir, 'b folder'));
    fs.symlinkSync('a file.txt', path.join(dir, 'c link'));
    fd = fs.openSync(dir, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
    const listed = entriesOf(list(fd)).sort((a, b) => (a.name < b.name ? -1 : 1));
    const node = fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    if (listed.length !== node.length) return false;
    for (let i = 0; i < node.length; i++) {
      const n = node[i]!;
      const l = listed[i]!;
      const st = fs.lstatSync(path.join(dir, n.name));
      if (
        l.name !== n.name ||
        l.isFile() !== n.isFile() ||
        l.isDirectory() !== n.isDirectory() ||
        l.isSymbolicLink() !== n.isSymbolicLink() ||
        !l.times ||
        l.times.size !== st.size ||
        l.times.mtimeMs !== st.mtimeMs ||
        l.times.birthtimeMs !== st.birthtimeMs
      )
        return false;
    }
    return true;
  } catch {
    return false;
  } finally {
    if (fd >= 0) fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let native: NativeModule | null = null;

/**
 * Turns the native listing on in this process when the module at `file` (the engine's build of
 * native/fast-list.c) loads and passes its self-check; FOLDERGATE_NATIVE_LIST=0 keeps it off.
 * The search engine calls this (engine/src/native-module.ts says where the module is), and a
 * server's walks (mcp-server/src/scan/walk-listing.ts).
 */
export function enableNativeList(file: string): boolean {
  return turnOnNativeList(file) === 'on';
}

/**
 * {@link enableNativeList}, saying why the listing is off when it is (the engine reports it to
 * the app, which shows it in Advanced › About).
 */
export function turnOnNativeList(file: string): FastFirstRead {
  native = null;
  if (process.env.FOLDERGATE_NATIVE_LIST === '0') return 'off-disabled';
  const loaded = loadNative(file);
  if (typeof loaded === 'string') return loaded;
  native = loaded;
  return 'on';
}

/** Turns it off again (tests compare both listings). */
export function disableNativeList(): void {
  native = null;
}

/**
 * Gives the C heap's free memory back to the system (glibc's malloc_trim), after a crawl's
 * buffers were freed; false when there was nothing to give or the listing is off.
 */
export function trimNativeMemory(): boolean {
  return native?.trim() ?? false;
}

/**
 * The folder open at `fd`, listed with each entry's stats; null when the native listing is off.
 * Throws what reading the folder throws (an Error with the errno name as `code`).
 */
export function listWithTimes(fd: number): ListedEntry[] | null {
  return native === null ? null : entriesOf(native.list(fd));
}

/** What a {@link listBatch} read: per folder asked for, and per entry of them all. */
export interface ListedBatch {
  /** Per folder: 0, or the errno of opening or reading it. */
  errors: Int32Array;
  /** Per folder: its descriptor, open (the caller closes it), or -1 when it could not be read. */
  fds: Int32Array;
  /** Folder i's entries are `starts[i]` to `starts[i + 1]` (exclusive), as the system listed them. */
  starts: Uint32Array;
  names: string[];
  kinds: Uint8Array;
  stats: Float64Array;
  /** Per folder: its own stats, read as it was listed (as `stats` per entry). */
  folderStats: Float64Array;
}

/** An entry's kind in a {@link ListedBatch}: a file, a folder, or something else (left out). */
export function batchKind(batch: ListedBatch, i: number): 'file' | 'directory' | 'other' {
  const k = batch.kinds[i]!;
  return k === KIND_FILE ? 'file' : k === KIND_DIR ? 'directory' : 'other';
}

/** True when the entry's name is not valid UTF-8 (it is counted, not listed). */
export function batchInvalidName(batch: ListedBatch, i: number): boolean {
  return (batch.kinds[i]! & INVALID_NAME) !== 0;
}

/**
 * The entry's stats written into `into` (returned), undefined when it was gone, null when it could
 * not be read: what lstat gives, without an object per entry.
 */
export function batchTimes(
  batch: ListedBatch,
  i: number,
  into: { size: number; mtimeMs: number; birthtimeMs: number },
): EntryTimes | null | undefined {
  return timesAt(batch.stats, i, into);
}

/** Folder `r`'s own stats as it was listed, as {@link batchTimes} gives an entry's. */
export function batchFolderTimes(
  batch: ListedBatch,
  r: number,
  into: { size: number; mtimeMs: number; birthtimeMs: number },
): EntryTimes | null | undefined {
  return timesAt(batch.folderStats, r, into);
}

function timesAt(
  stats: Float64Array,
  i: number,
  into: { size: number; mtimeMs: number; birthtimeMs: number },
): EntryTimes | null | undefined {
  const s = i * STATS_PER_ENTRY;
  const status = stats[s]!;
  if (status === STAT_GONE) return undefined;
  if (status !== STAT_OK) return null;
  into.size = stats[s + 1]!;
  into.mtimeMs = ms(stats[s + 2]!, stats[s + 3]!);
  into.birthtimeMs = ms(stats[s + 4]!, stats[s + 5]!);
  return into;
}

/** fast-list.c's statBelow (see search/stat-below.ts), or null when the native listing is off. */
export function nativeStatBelow(): NativeModule['statBelow'] | null {
  return native?.statBelow ?? null;
}

/** fast-list.c's firstChanged (see search/folders-changed.ts), or null when the listing is off. */
export function nativeFirstChanged(): NativeModule['firstChanged'] | null {
  return native?.firstChanged ?? null;
}

/** Lists a batch of folders: see {@link batchLister}. */
export type BatchLister = (parentFds: Int32Array, names: string[]) => Promise<ListedBatch>;

/**
 * A function that lists, on a thread of libuv's pool, folder `names[i]` of the folder open at
 * `parentFds[i]` ('' for that folder itself), each opened by name without following a link; null
 * when the native listing is off. Its promise rejects only when a batch could not be run at all.
 */
export function batchLister(): BatchLister | null {
  const n = native;
  if (n === null) return null;
  return (parentFds, names) =>
    new Promise((resolve, reject) => {
      n.listBatch(parentFds, names, (raw) => {
        if (raw === null) reject(new Error('the folder listing was cancelled'));
        else {
          const [errors, fds, starts, listed, kinds, stats, folderStats] = raw;
          resolve({ errors, fds, starts, names: listed, kinds, stats, folderStats });
        }
      });
    });
}
