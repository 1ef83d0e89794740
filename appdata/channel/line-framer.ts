// The one line framer: splits a byte stream into newline-terminated lines with a size cap, for the
// server's stdio, the approval channel, the activity log's tailer and the preview server's stderr.
// An oversized line is never held in memory: only its first and last few hundred bytes are kept
// (enough to find a request id cheaply), the rest is dropped as it arrives, and the next line is
// read normally.

/** How much of an oversized line is kept at each end. */
const EDGE_BYTES = 256;

/** What is known about a line that was longer than the cap. */
export interface OversizedLine {
  /** Its length in bytes, without the newline. */
  bytes: number;
  /** Byte offset of its start in the stream (see createLineSplitter's `startOffset`). */
  start: number;
  /** Its first bytes, as text. */
  head: string;
  /** Its last bytes, as text. */
  tail: string;
}

/** Receives complete lines (without `\n` or a trailing `\r`) and oversized-line reports. */
export interface LineSink {
  /** A line, and the byte offset of its start in the stream. */
  line(text: string, start: number): void;
  /** A line that was over the cap, once it ended. */
  oversized(line: OversizedLine): void;
  /** Called at once when the current line goes over the cap (before it ends), if given. */
  overflow?(start: number): void;
}

/** A byte-stream splitter; feed it chunks with `push`. */
export interface LineSplitter {
  push(chunk: Buffer): void;
}

/**
 * Creates a splitter that passes lines of at most `maxBytes` bytes to `sink`; offsets count from
 * `startOffset` (where the stream starts in its file, for a reader that resumes).
 */
export function createLineSplitter(
  maxBytes: number,
  sink: LineSink,
  startOffset = 0,
): LineSplitter {
  let parts: Buffer[] = [];
  let size = 0;
  // Where the current line starts, and where the next byte pushed is.
  let lineStart = startOffset;
  let position = startOffset;
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
    sink.overflow?.(lineStart);
  }

  function endLine(next: number): void {
    const start = lineStart;
    lineStart = next;
    if (over) {
      const { bytes, head, tail } = over;
      over = null;
      sink.oversized({ bytes, start, head: head.toString('utf8'), tail: tail.toString('utf8') });
      return;
    }
    const text = Buffer.concat(parts, size).toString('utf8');
    parts = [];
    size = 0;
    sink.line(text.endsWith('\r') ? text.slice(0, -1) : text, start);
  }

  return {
    push(chunk) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(0x0a, start);
        if (newline === -1) break;
        append(chunk.subarray(start, newline));
        endLine(position + newline + 1);
        start = newline + 1;
      }
      // Copied so that a small remainder does not pin the whole chunk in memory.
      if (start < chunk.length) append(Buffer.from(chunk.subarray(start)));
      position += chunk.length;
    },
  };
}
