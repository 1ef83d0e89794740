// The search engine's index of one allowed folder: every entry the walker would visit (files and
// folders; links, sockets and excluded paths are not in it), held as parallel typed arrays with
// one number per entry instead of one object, so a million entries fit in tens of megabytes.
// Each folder keeps its children sorted by name in UTF-16 code units: the walker's tree order,
// which is what lets index-walk.ts visit entries exactly as a walk of the disk would.
import type { EntryTimes } from '../search/fast-lstat.js';

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

/** Parallel arrays of entries; ids are reused after removal. */
export class FolderIndex {
  names: string[] = [''];
  kind = new Uint8Array(1024);
  flags = new Uint8Array(1024);
  parent = new Int32Array(1024);
  size = new Float64Array(1024);
  mtime = new Float64Array(1024);
  btime = new Float64Array(1024);
  /** Children of each folder, sorted by name; null for files and free ids. */
  children: (number[] | null)[] = [[]];
  /** Names that are not valid UTF-8, per folder id (the walk counts them). */
  invalidNames = new Map<number, number>();
  private free: number[] = [];
  /** Told when a folder enters the index (before it is listed) and when it leaves it. */
  onFolder: ((id: number, added: boolean) => void) | null = null;
  /** Entries held (files and folders below the root). */
  files = 0;
  folders = 0;

  constructor() {
    this.kind[ROOT_ID] = KIND_DIR;
    this.parent[ROOT_ID] = -1;
  }

  /** The child of folder `dir` called `name`, or -1. */
  child(dir: number, name: string): number {
    const list = this.children[dir];
    if (!list) return -1;
    const at = this.lowerBound(list, name);
    return at < list.length && this.names[list[at]!] === name ? list[at]! : -1;
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
      parts.push(this.names[at]!);
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
    const list = this.children[dir];
    if (!list) throw new Error('put: not a folder');
    const at = this.lowerBound(list, name);
    let id = at < list.length && this.names[list[at]!] === name ? list[at]! : -1;
    const kind = isDirectory ? KIND_DIR : KIND_FILE;
    if (id !== -1 && this.kind[id] !== kind) {
      this.remove(id);
      id = -1;
    }
    if (id === -1) {
      id = this.alloc();
      this.names[id] = name;
      this.kind[id] = kind;
      this.parent[id] = dir;
      this.flags[id] = 0;
      this.children[id] = isDirectory ? [] : null;
      list.splice(this.lowerBound(list, name), 0, id);
      if (isDirectory) this.folders++;
      else this.files++;
      this.setTimes(id, times);
      if (isDirectory) this.onFolder?.(id, true);
      return id;
    }
    this.setTimes(id, times);
    return id;
  }

  /** Records an entry's stats (null: they could not be read). */
  setTimes(id: number, times: EntryTimes | null): void {
    if (times === null) {
      this.flags[id]! |= FLAG_STAT_FAILED;
      this.size[id] = 0;
      this.mtime[id] = 0;
      this.btime[id] = 0;
      return;
    }
    this.flags[id]! &= ~FLAG_STAT_FAILED;
    this.size[id] = times.size;
    this.mtime[id] = times.mtimeMs;
    this.btime[id] = times.birthtimeMs;
  }

  /** Removes an entry and everything below it. */
  remove(id: number): void {
    if (id === ROOT_ID) {
      for (const child of [...(this.children[ROOT_ID] ?? [])]) this.remove(child);
      this.invalidNames.delete(ROOT_ID);
      this.flags[ROOT_ID] = 0;
      return;
    }
    const dir = this.parent[id]!;
    const list = this.children[dir];
    if (list) {
      const at = list.indexOf(id);
      if (at !== -1) list.splice(at, 1);
    }
    const stack = [id];
    while (stack.length > 0) {
      const at = stack.pop()!;
      const kids = this.children[at];
      if (kids) for (const kid of kids) stack.push(kid);
      if (this.kind[at] === KIND_DIR) {
        this.folders--;
        this.onFolder?.(at, false);
      } else this.files--;
      this.kind[at] = KIND_FREE;
      this.children[at] = null;
      this.names[at] = '';
      this.invalidNames.delete(at);
      this.free.push(at);
    }
  }

  /** Empties a folder (its own entry stays): before it is crawled again. */
  clear(dir: number): void {
    for (const child of [...(this.children[dir] ?? [])]) this.remove(child);
    this.invalidNames.delete(dir);
    this.flags[dir]! &= ~(FLAG_UNREADABLE | FLAG_NOT_ENTERED);
  }

  private alloc(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const id = this.names.length;
    if (id >= this.kind.length) this.grow();
    this.names.push('');
    this.children.push(null);
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
    this.parent = widen(this.parent, new Int32Array(n));
    this.size = widen(this.size, new Float64Array(n));
    this.mtime = widen(this.mtime, new Float64Array(n));
    this.btime = widen(this.btime, new Float64Array(n));
  }

  private lowerBound(list: number[], name: string): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.names[list[mid]!]! < name) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
