// Splits a byte stream into newline-terminated lines with a size cap. An oversized line is never
// held in memory: only its first and last few hundred bytes are kept (enough to find a request id
// cheaply), the rest is dropped as it arrives, and the next line is read normally.

/** How much of an oversized line is kept at each end. */
const EDGE_BYTES = 256;

/** What is known about a line that was longer than the cap. */
export interface OversizedLine {
  /** Its length in bytes, without the newline. */
  bytes: number;
  /** Its first bytes, as text. */
  head: string;
  /** Its last bytes, as text. */
  tail: string;
}

/** Receives complete lines (without `\n` or a trailing `\r`) and oversized-line reports. */
export interface LineSink {
  line(text: string): void;
  oversized(line: OversizedLine): void;
}

/** A byte-stream splitter; feed it chunks with `push`. */
export interface LineSplitter {
  push(chunk: Buffer): void;
}

/** Creates a splitter that passes lines of at most `maxBytes` bytes to `sink`. */
export function createLineSplitter(maxBytes: number, sink: LineSink): LineSplitter {
  let parts: Buffer[] = [];
  let size = 0;
  // Set while the current line is over the cap: only its edges are kept.
  let over: { bytes: number; head: Buffer; tail: Buffer } | null = null;

  const keepTail = (tail: Buffer, piece: Buffer) =>
    piece.length >= EDGE_BYTES
      ? Buffer.from(piece.subarray(piece.length - EDGE_BYTES))
      : Buffer.concat([tail, piece]).subarray(-EDGE_BYTES);

  function append(piece: Buffer): void {
    if (piece.length === 0) return;
    if (over) {
      over.bytes += piece.length;
      over.tail = keepTail(over.tail, piece);
      return;
    }
    if (size + piece.length <= maxBytes) {
      parts.push(piece);
      size += piece.length;
      return;
    }
    const kept = Buffer.concat([...parts, piece]);
    over = {
      bytes: kept.length,
      head: Buffer.from(kept.subarray(0, EDGE_BYTES)),
      tail: Buffer.from(kept.subarray(-EDGE_BYTES)),
    };
    parts = [];
    size = 0;
  }

  function endLine(): void {
    if (over) {
      const { bytes, head, tail } = over;
      over = null;
      sink.oversized({ bytes, head: head.toString('utf8'), tail: tail.toString('utf8') });
      return;
    }
    const text = Buffer.concat(parts, size).toString('utf8');
    parts = [];
    size = 0;
    sink.line(text.endsWith('\r') ? text.slice(0, -1) : text);
  }

  return {
    push(chunk) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(0x0a, start);
        if (newline === -1) break;
        append(chunk.subarray(start, newline));
        endLine();
        start = newline + 1;
      }
      // Copied so that a small remainder does not pin the whole chunk in memory.
      if (start < chunk.length) append(Buffer.from(chunk.subarray(start)));
    },
  };
}
