// A folder's entry as the native listing gives it (native-list.ts), in the shape of Node's Dirent
// for the walker, with the entry's stats.
import { msFromTimeSpec as ms, type EntryTimes } from './fast-lstat.js';

export const KIND_FILE = 1;
export const KIND_DIR = 2;
export const KIND_LINK = 3;
export const KIND_FIFO = 4;
export const KIND_SOCKET = 5;
export const KIND_CHAR = 6;
export const KIND_BLOCK = 7;

const STAT_OK = 0;
const STAT_GONE = 1;
/** Numbers per entry in the listing's stats: status, size, modified s and ns, created s and ns. */
export const STATS_PER_ENTRY = 6;

/**
 * A listed entry, with its stats: what fs.readdirSync's Dirent tells the walker, and what lstat
 * tells it of the entry (`times`: undefined when it was gone, null when it could not be read). It
 * is its own times (one object per entry, not two: a walk makes one for every entry it lists).
 */
export class ListedEntry implements EntryTimes {
  size = 0;
  mtimeMs = 0;
  birthtimeMs = 0;
  private readonly status: number;
  constructor(
    readonly name: string,
    private readonly kind: number,
    stats: Float64Array,
    i: number,
  ) {
    const s = i * STATS_PER_ENTRY;
    this.status = stats[s]!;
    if (this.status === STAT_OK) {
      this.size = stats[s + 1]!;
      this.mtimeMs = ms(stats[s + 2]!, stats[s + 3]!);
      this.birthtimeMs = ms(stats[s + 4]!, stats[s + 5]!);
    }
  }
  get times(): EntryTimes | null | undefined {
    return this.status === STAT_OK ? this : this.status === STAT_GONE ? undefined : null;
  }
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
