// Searches of a folder's index and changes to it take turns: a search that gives the event loop
// back between slices (slicer.ts) must find the index as it left it, so changes wait until no
// search is inside, and a search that comes while a change waits or runs waits for it (a stream
// of searches never holds changes off for good). Changes come one at a time already (a folder's
// events are applied in order), so there is one writer.

/** Readers and one writer of an index, taking turns. */
export class IndexGate {
  private readers = 0;
  private writing: Promise<void> | null = null;
  private drained: (() => void) | null = null;

  /** Runs a search: after any change under way, beside other searches. */
  async read<T>(search: () => Promise<T>): Promise<T> {
    while (this.writing !== null) await this.writing;
    this.readers++;
    try {
      return await search();
    } finally {
      if (--this.readers === 0) this.drained?.();
    }
  }

  /** Runs a change once no search is inside; searches that come meanwhile wait for it. */
  async write<T>(change: () => Promise<T>): Promise<T> {
    while (this.writing !== null) await this.writing;
    let done!: () => void;
    this.writing = new Promise<void>((resolve) => (done = resolve));
    try {
      if (this.readers > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = null;
      return await change();
    } finally {
      this.writing = null;
      done();
    }
  }
}
