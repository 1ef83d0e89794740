// What each folder of the index holds below it (folder-index.ts keeps one slot per folder).
import type { FileSummaries } from './subtree-kinds.js';

const COUNTS = [
  'files',
  'dirs',
  'unreadable',
  'notEntered',
  'statFailed',
  'invalid',
  'unknownBirth',
  'height',
] as const;
const RANGES = ['maxM', 'minM', 'maxB', 'minB', 'maxSize', 'minSize'] as const;

/**
 * What a folder's subtree holds (everything below it, not the folder itself), kept for every
 * folder as entries come and go: the counts a walk of it would report, the range of its times,
 * and what kinds of file and sizes are below (subtree-kinds.ts). A search skips a subtree none
 * of whose entries can be on the page and adds its counts instead of visiting it
 * (index-walk.ts). Times, kinds and sizes only widen (a removal leaves them as they were): a
 * summary too wide costs a visit, never a wrong answer.
 */
export class Subtrees implements FileSummaries {
  files = new Int32Array(64);
  dirs = new Int32Array(64);
  unreadable = new Int32Array(64);
  notEntered = new Int32Array(64);
  statFailed = new Int32Array(64);
  invalid = new Int32Array(64);
  unknownBirth = new Int32Array(64);
  /** Levels of folders below (0: none), never lowered. */
  height = new Int32Array(64);
  maxM = new Float64Array(64);
  minM = new Float64Array(64);
  maxB = new Float64Array(64);
  minB = new Float64Array(64);
  /** The kind bits of the files below (subtree-kinds.ts), never cleared. */
  kindBits = new Uint16Array(64);
  /** The largest and smallest size of a file below, never narrowed. */
  maxSize = new Float64Array(64);
  minSize = new Float64Array(64);
  private free: number[] = [];
  private used = 0;

  alloc(): number {
    const slot = this.free.pop() ?? this.used++;
    if (slot >= this.files.length) this.grow();
    for (const key of COUNTS) this[key][slot] = 0;
    this.kindBits[slot] = 0;
    this.maxM[slot] = this.maxB[slot] = this.maxSize[slot] = -Infinity;
    this.minM[slot] = this.minB[slot] = this.minSize[slot] = Infinity;
    return slot;
  }

  release(slot: number): void {
    this.free.push(slot);
  }

  /**
   * Widens a folder's summary by an entry below it whose stats were read: its times, and for a
   * file (`kindBits` not 0) its kind and size.
   */
  widen(slot: number, m: number, b: number, kindBits: number, size: number): void {
    if (m > this.maxM[slot]!) this.maxM[slot] = m;
    if (m < this.minM[slot]!) this.minM[slot] = m;
    if (b !== 0) {
      if (b > this.maxB[slot]!) this.maxB[slot] = b;
      if (b < this.minB[slot]!) this.minB[slot] = b;
    }
    if (kindBits === 0) return;
    this.kindBits[slot]! |= kindBits;
    if (size > this.maxSize[slot]!) this.maxSize[slot] = size;
    if (size < this.minSize[slot]!) this.minSize[slot] = size;
  }

  private grow(): void {
    const n = this.files.length * 2;
    for (const key of COUNTS) {
      const next = new Int32Array(n);
      next.set(this[key]);
      this[key] = next;
    }
    for (const key of RANGES) {
      const next = new Float64Array(n);
      next.set(this[key]);
      this[key] = next;
    }
    const bits = new Uint16Array(n);
    bits.set(this.kindBits);
    this.kindBits = bits;
  }
}
