// The search engine's index of one allowed folder: every entry the walker would visit (files and
// folders; links, sockets and excluded paths are not in it), held as parallel typed arrays with
// one number per entry instead of one object, so a million entries fit in tens of megabytes.
// Each folder keeps its children sorted by name in UTF-16 code units: the walker's tree order,
// which is what lets index-walk.ts visit entries exactly as a walk of the disk would.
import type { EntryTimes } from '#search/fast-lstat.js';
import { CODE_BITS, kindCodeOf } from './subtree-kinds.js';
import { Subtrees } from './subtrees.js';

export const KIND_FREE = 0;
export const KIND_FILE = 1;
export const KIND_DIR = 2;

/** The entry's stats could not be read when it was indexed (the walk counts it as unreadable). */
export const FLAG_STAT_FAILED = 1;
/** A folder the walk counts but cannot list. */
export const FLAG_UNREADABLE = 2;
/** A folder below the depth the crawl entered: its contents are not indexed. */
export const FLAG_NOT_ENTERED = 4;

/** The root folder's entry. */
export const ROOT_ID = 0;

const WIDE = 0xffff;
/** A size held in `bigSizes`: 4 GiB − 1 bytes or more. */
const BIG = 0xffffffff;

/**
 * Every entry's name, packed: names whose characters all fit in one byte (most names) as bytes in
 * one buffer, the others as strings. A million names take ~13 MB instead of ~32 MB as one string
 * each; reading one back costs a short copy, done only for entries a search actually looks at.
 */
class Names {
  private bytes = Buffer.alloc(1 << 16);
  private used = 0;
  private waste = 0;
  off = new Uint32Array(1024);
  len = new Uint16Array(1024);
  private wide = new Map<number, string>();

  get(id: number): string {
    const n = this.len[id]!;
    if (n === WIDE) return this.wide.get(id)!;
    const at = this.off[id]!;
    return this.bytes.toString('latin1', at, at + n);
  }

  set(id: number, name: string): void {
    this.clear(id);
    const n = name.length;
    if (n < WIDE) {
      if (this.used + n > this.bytes.length) {
        const next = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + n));
        this.bytes.copy(next, 0, 0, this.used);
        this.bytes = next;
      }
      // Copied by hand: for names this short, faster than Buffer#write.
      const bytes = this.bytes;
      const at = this.used;
      let i = 0;
      for (; i < n; i++) {
        const c = name.charCodeAt(i);
        if (c > 0xff) break;
        bytes[at + i] = c;
      }
      if (i === n) {
        this.off[id] = at;
        this.len[id] = n;
        this.used += n;
        return;
      }
    }
    this.len[id] = WIDE;
    this.wide.set(id, name);
  }

  clear(id: number): void {
    const n = this.len[id]!;
    if (n === WIDE) this.wide.delete(id);
    else this.waste += n;
    this.len[id] = 0;
  }

  /** Rewrites the buffer without the bytes of removed names once they are most of it. */
  compact(live: (id: number) => boolean, ids: number): void {
    if (this.waste < 1 << 20 || this.waste * 2 < this.used) return;
    const next = Buffer.alloc(Math.max(1 << 16, (this.used - this.waste) * 2));
    let used = 0;
    for (let id = 0; id < ids; id++) {
      const n = this.len[id]!;
      if (n === WIDE || n === 0 || !live(id)) continue;
      this.bytes.copy(next, used, this.off[id]!, this.off[id]! + n);
      this.off[id] = used;
      used += n;
    }
    this.bytes = next;
    this.used = used;
    this.waste = 0;
  }

  grow(n: number): void {
    const off = new Uint32Array(n);
    off.set(this.off);
    this.off = off;
    const len = new Uint16Array(n);
    len.set(this.len);
    this.len = len;
  }
}

/** Parallel arrays of entries; ids are reused after removal. */
export class FolderIndex {
  private readonly names = new Names();
  /** Ids handed out so far (free ones included). */
  private count = 1;
  kind = new Uint8Array(1024);
  flags = new Uint8Array(1024);
  parent = new Int32Array(1024);
  /** Each entry's size in bytes below 4 GiB − 1 (4 bytes an entry); larger ones in `bigSizes`. */
  private size32 = new Uint32Array(1024);
  private readonly bigSizes = new Map<number, number>();
  mtime = new Float64Array(1024);
  btime = new Float64Array(1024);
  /** Each file's kind code from its name (subtree-kinds.ts; 0 for folders). */
  fileKind = new Uint8Array(1024);
  /**
   * Each folder's children, sorted by name, by the folder's slot (not by id: one list per folder,
   * not one place per entry; read them with childrenOf).
   */
  childLists: (number[] | undefined)[] = [];
  /** Names that are not valid UTF-8, per folder id (the walk counts them). */
  invalidNames = new Map<number, number>();
  /** Each folder's slot in `sub` (-1 for files). */
  slot = new Int32Array(1024).fill(-1);
  /** What each folder's subtree holds. */
  readonly sub = new Subtrees();
  private free: number[] = [];
  /** The entry last added, and its name: a crawl adds names in order, mostly at the end. */
  private lastName: Array<string | undefined> = [];
  /** Told when a folder enters the index (before it is listed) and when it leaves it. */
  onFolder: ((id: number, added: boolean) => void) | null = null;
  /** Told of each entry added, changed or removed (time-order.ts keeps its order with it). */
  onTouch: ((id: number) => void) | null = null;
  /** Entries held (files and folders below the root). */
  files = 0;
  folders = 0;

  constructor() {
    this.kind[ROOT_ID] = KIND_DIR;
    this.parent[ROOT_ID] = -1;
    this.slot[ROOT_ID] = this.sub.alloc();
    this.childLists[this.slot[ROOT_ID]!] = [];
  }

  /** The entry's size in bytes (0 when its stats could not be read). */
  sizeOf(id: number): number {
    const n = this.size32[id]!;
    return n === BIG ? this.bigSizes.get(id)! : n;
  }

  private setSize(id: number, n: number): void {
    if (this.size32[id] === BIG) this.bigSizes.delete(id);
    if (n >= BIG) this.bigSizes.set(id, n);
    this.size32[id] = Math.min(n, BIG);
  }

  /** Folder `id`'s children, sorted by name; null for a file or a free id. */
  childrenOf(id: number): number[] | null {
    const s = this.slot[id]!;
    return s === -1 ? null : this.childLists[s]!;
  }

  /** The child of folder `dir` called `name`, or -1. */
  child(dir: number, name: string): number {
    const list = this.childrenOf(dir);
    if (!list) return -1;
    const at = this.lowerBound(list, name);
    return at < list.length && this.nameOf(list[at]!) === name ? list[at]! : -1;
  }

  /** One more than the largest id handed out so far. */
  idLimit(): number {
    return this.count;
  }

  /** The entry's name. */
  nameOf(id: number): string {
    return this.names.get(id);
  }

  /** The entry at a '/'-separated path relative to the root ('' is the root), or -1. */
  find(rel: string): number {
    if (rel === '') return ROOT_ID;
    let id = ROOT_ID;
    for (const name of rel.split('/')) {
      id = this.child(id, name);
      if (id === -1) return -1;
    }
    return id;
  }

  /** The entry's path relative to the root, '/'-separated. */
  relOf(id: number): string {
    const parts: string[] = [];
    for (let at = id; at !== ROOT_ID && at !== -1; at = this.parent[at]!)
      parts.push(this.nameOf(at));
    return parts.reverse().join('/');
  }

  /** How deep the entry is: 1 for the root's children. */
  depthOf(id: number): number {
    let depth = 0;
    for (let at = id; at !== ROOT_ID && at !== -1; at = this.parent[at]!) depth++;
    return depth;
  }

  /**
   * Adds or updates entry `name` of folder `dir`. A folder that becomes a file (or the reverse)
   * loses what was below it. Returns the entry's id.
   */
  put(dir: number, name: string, isDirectory: boolean, times: EntryTimes | null): number {
    const list = this.childrenOf(dir);
    if (!list) throw new Error('put: not a folder');
    // A crawl meets names in order: the new one usually goes last.
    const last = list.length === 0 ? -1 : list[list.length - 1]!;
    const s = this.slot[dir]!;
    const appends = last === -1 || (this.lastName[s] ??= this.nameOf(last)) < name;
    const at = appends ? list.length : this.lowerBound(list, name);
    let id = at < list.length && this.nameOf(list[at]!) === name ? list[at]! : -1;
    const kind = isDirectory ? KIND_DIR : KIND_FILE;
    if (id !== -1 && this.kind[id] !== kind) {
      this.remove(id);
      id = -1;
    }
    if (id === -1) {
      id = this.alloc();
      this.names.set(id, name);
      this.kind[id] = kind;
      this.fileKind[id] = isDirectory ? 0 : kindCodeOf(name);
      this.parent[id] = dir;
      this.flags[id] = 0;
      this.slot[id] = isDirectory ? this.sub.alloc() : -1;
      if (isDirectory) {
        this.lastName[this.slot[id]!] = undefined;
        this.childLists[this.slot[id]!] = [];
      }
      if (at === list.length) {
        list.push(id);
        this.lastName[s] = name;
      } else list.splice(at, 0, id);
      if (isDirectory) this.folders++;
      else this.files++;
      this.writeTimes(id, times);
      this.account(id, 1);
      if (isDirectory) {
        // One more level of folders below each ancestor, as far as that raises its height.
        const s = this.sub;
        for (let at = dir, level = 1; at !== -1; at = this.parent[at]!, level++) {
          const slot = this.slot[at]!;
          if (s.height[slot]! >= level) break;
          s.height[slot] = level;
        }
        this.onFolder?.(id, true);
      }
      return id;
    }
    this.setTimes(id, times);
    return id;
  }

  /** Records an entry's stats (null: they could not be read). */
  setTimes(id: number, times: EntryTimes | null): void {
    this.account(id, -1);
    this.writeTimes(id, times);
    this.account(id, 1);
  }

  /** Sets or clears a folder's FLAG_UNREADABLE or FLAG_NOT_ENTERED. */
  setFlag(id: number, flag: number, on: boolean): void {
    this.account(id, -1);
    if (on) this.flags[id]! |= flag;
    else this.flags[id]! &= ~flag;
    this.account(id, 1);
  }

  /** Records how many names in folder `id` are not valid UTF-8. */
  setInvalidNames(id: number, count: number): void {
    this.account(id, -1);
    if (count > 0) this.invalidNames.set(id, count);
    else this.invalidNames.delete(id);
    this.account(id, 1);
  }

  /**
   * Adds (sign 1) or takes (-1) what entry `id` itself contributes to every ancestor's subtree:
   * its kind, flags, uncounted names and (adding only: summaries never narrow) its times, and a
   * file's kind and size.
   */
  private account(id: number, sign: 1 | -1): void {
    if (id === ROOT_ID) return;
    this.onTouch?.(id);
    const s = this.sub;
    const flags = this.flags[id]!;
    const isDir = this.kind[id] === KIND_DIR;
    const failed = (flags & FLAG_STAT_FAILED) !== 0;
    const invalid = isDir ? (this.invalidNames.get(id) ?? 0) : 0;
    const m = this.mtime[id]!;
    const b = this.btime[id]!;
    const bits = isDir ? 0 : CODE_BITS[this.fileKind[id]!]!;
    const size = this.sizeOf(id);
    for (let at = this.parent[id]!; at !== -1; at = this.parent[at]!) {
      const slot = this.slot[at]!;
      if (isDir) s.dirs[slot]! += sign;
      else s.files[slot]! += sign;
      if ((flags & FLAG_UNREADABLE) !== 0) s.unreadable[slot]! += sign;
      if ((flags & FLAG_NOT_ENTERED) !== 0) s.notEntered[slot]! += sign;
      if (failed) s.statFailed[slot]! += sign;
      else if (b === 0) s.unknownBirth[slot]! += sign;
      s.invalid[slot]! += sign * invalid;
      if (sign === 1 && !failed) s.widen(slot, m, b, bits, size);
    }
  }

  private writeTimes(id: number, times: EntryTimes | null): void {
    if (times === null) {
      this.flags[id]! |= FLAG_STAT_FAILED;
      this.setSize(id, 0);
      this.mtime[id] = 0;
      this.btime[id] = 0;
      return;
    }
    this.flags[id]! &= ~FLAG_STAT_FAILED;
    this.setSize(id, times.size);
    this.mtime[id] = times.mtimeMs;
    this.btime[id] = times.birthtimeMs;
  }

  /** Removes an entry and everything below it. */
  remove(id: number): void {
    if (id === ROOT_ID) {
      for (const child of [...(this.childrenOf(ROOT_ID) ?? [])]) this.remove(child);
      this.invalidNames.delete(ROOT_ID);
      this.flags[ROOT_ID] = 0;
      return;
    }
    const dir = this.parent[id]!;
    const stack = [id];
    while (stack.length > 0) {
      const at = stack.pop()!;
      const kids = this.childrenOf(at);
      if (kids) for (const kid of kids) stack.push(kid);
      this.account(at, -1);
      if (this.slot[at] !== -1) {
        this.childLists[this.slot[at]!] = undefined;
        this.sub.release(this.slot[at]!);
        this.slot[at] = -1;
      }
      if (this.kind[at] === KIND_DIR) {
        this.folders--;
        this.onFolder?.(at, false);
      } else this.files--;
      this.kind[at] = KIND_FREE;
      this.setSize(at, 0);
      this.names.clear(at);

      this.invalidNames.delete(at);
      this.free.push(at);
    }
    // Unlinked last: accounting walks the parent chain, which must still lead to the root.
    const list = this.childrenOf(dir);
    if (list) {
      const at = list.indexOf(id);
      if (at !== -1) list.splice(at, 1);
      if (at === list.length) this.lastName[this.slot[dir]!] = undefined;
    }
    this.names.compact((at) => this.kind[at] !== KIND_FREE, this.count);
  }

  /** Empties a folder (its own entry stays): before it is crawled again. */
  clear(dir: number): void {
    for (const child of [...(this.childrenOf(dir) ?? [])]) this.remove(child);
    this.setInvalidNames(dir, 0);
    this.setFlag(dir, FLAG_UNREADABLE | FLAG_NOT_ENTERED, false);
  }

  /** The last entry of a folder's subtree in tree order (the folder itself when empty). */
  lastBelow(dir: number): number {
    let at = dir;
    for (;;) {
      const list = this.childrenOf(at);
      if (!list || list.length === 0) return at;
      at = list[list.length - 1]!;
    }
  }

  private alloc(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const id = this.count++;
    if (id >= this.kind.length) this.grow();
    return id;
  }

  private grow(): void {
    const n = this.kind.length * 2;
    const widen = <T extends Uint8Array | Int32Array | Float64Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.kind = widen(this.kind, new Uint8Array(n));
    this.flags = widen(this.flags, new Uint8Array(n));
    this.fileKind = widen(this.fileKind, new Uint8Array(n));
    this.parent = widen(this.parent, new Int32Array(n));
    const size32 = new Uint32Array(n);
    size32.set(this.size32);
    this.size32 = size32;
    this.mtime = widen(this.mtime, new Float64Array(n));
    this.btime = widen(this.btime, new Float64Array(n));
    this.names.grow(n);
    const slot = new Int32Array(n).fill(-1);
    slot.set(this.slot);
    this.slot = slot;
  }

  private lowerBound(list: number[], name: string): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.nameOf(list[mid]!) < name) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
