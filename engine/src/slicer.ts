// One search of the index may visit a million entries. Done in one go it would hold the engine's
// event loop for a second or more, and while the loop is held nobody reads the kernel's event
// queue, which then overflows (event-meter.ts). So a search runs in slices of a few
// milliseconds and gives the loop back between them; after each pause it checks that it may go
// on (the index it reads is still the folder's, and someone still waits for the answer).
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a search runs before it gives the loop back, in ms. */
const SLICE_MS = 10;
/** Visits between looks at the clock (a look costs more than a visit). */
export const SLICE_CHECK_EVERY = 512;

/** Thrown out of a search that may not go on (see {@link Slicer}). */
export class Superseded extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'Superseded';
  }
}

/** Cuts a long search into slices. */
export interface Slicer {
  /**
   * Called every {@link SLICE_CHECK_EVERY} visits: undefined while the slice lasts, else a promise
   * that resolves after the loop turned, or rejects with {@link Superseded}.
   */
  check(): Promise<void> | undefined;
}

/** A slicer whose search may go on while `mayGoOn()` returns null (else why not). */
export function createSlicer(mayGoOn: () => string | null, sliceMs = SLICE_MS): Slicer {
  let start = performance.now();
  const pause = async () => {
    await nextTurn();
    const why = mayGoOn();
    if (why !== null) throw new Superseded(why);
    start = performance.now();
  };
  return {
    check() {
      return performance.now() - start < sliceMs ? undefined : pause();
    },
  };
}
