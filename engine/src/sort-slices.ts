// Sorting a time order's keys (time-order.ts) without holding the engine's event loop: native
// sorts of short runs, merges and per-bucket sorts, each giving the loop back every few
// milliseconds (the loop answers searches and events meanwhile).
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Keys sorted at once, and merged or read between two looks at the clock. */
export const CHUNK = 1 << 12;
/** How long a slice runs before it gives the loop back, in ms. */
export const SLICE_MS = 8;
/** Entry ids below this fit in a key (bucket · 2²³ + id); an index with more entries has no global order. */
export const ID_SPAN = 2 ** 23;

/** A function to await often: it gives the event loop back once SLICE_MS have passed. */
export function breather(): () => Promise<void> {
  let slice = performance.now();
  return async () => {
    if (performance.now() - slice > SLICE_MS) {
      await nextTurn();
      slice = performance.now();
    }
  };
}

/**
 * Sorts keys in `compare`'s order: by bucket first (runs of CHUNK sorted natively, then merged
 * pairwise), then each bucket's keys by `compare` (most buckets hold one), in slices.
 */
export async function sortInSlices(
  keys: Float64Array,
  compare: (a: number, b: number) => number,
): Promise<Float64Array> {
  const breathe = breather();
  for (let at = 0; at < keys.length; at += CHUNK) {
    keys.subarray(at, at + CHUNK).sort();
    await breathe();
  }
  const from = await mergeRuns(keys, CHUNK, (a, b) => a - b, breathe);
  // Each bucket's keys by exact time: a bucket of many (files written in the same seconds) is
  // sorted a piece at a time and its pieces merged, so no slice runs long.
  for (let lo = 0; lo < from.length;) {
    const bucket = Math.floor(from[lo]! / ID_SPAN);
    let hi = lo + 1;
    while (hi < from.length && Math.floor(from[hi]! / ID_SPAN) === bucket) hi++;
    if (hi - lo > 1) await sortRun(from.subarray(lo, hi), compare, breathe);
    lo = hi;
    if ((lo & 1023) === 0) await breathe();
  }
  return from;
}

/** Sorts one bucket's keys by `compare`: pieces of CHUNK / 8, merged pairwise. */
async function sortRun(
  run: Float64Array,
  compare: (a: number, b: number) => number,
  breathe: () => Promise<void>,
): Promise<void> {
  const piece = CHUNK >> 3;
  for (let at = 0; at < run.length; at += piece) {
    run.subarray(at, at + piece).sort(compare);
    await breathe();
  }
  if (run.length <= piece) return;
  const from = await mergeRuns(run, piece, compare, breathe);
  if (from !== run) run.set(from);
}

/**
 * Merges sorted runs of `width` pairwise until one run holds all, giving the loop back as it goes;
 * returns the array that holds the result (`keys` or a scratch array as large).
 */
async function mergeRuns(
  keys: Float64Array,
  width: number,
  compare: (a: number, b: number) => number,
  breathe: () => Promise<void>,
): Promise<Float64Array> {
  let from: Float64Array = keys;
  let to: Float64Array | null = null;
  for (; width < keys.length; width *= 2) {
    to ??= new Float64Array(keys.length);
    for (let lo = 0; lo < keys.length; lo += 2 * width) {
      const mid = Math.min(lo + width, keys.length);
      const hi = Math.min(lo + 2 * width, keys.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        to[k++] = compare(from[i]!, from[j]!) <= 0 ? from[i++]! : from[j++]!;
        if ((k & (CHUNK - 1)) === 0) await breathe();
      }
      while (i < mid) to[k++] = from[i++]!;
      while (j < hi) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
  }
  return from;
}
