// MCP over stdio, one JSON-RPC message per line, in place of the SDK's StdioServerTransport, which
// drops malformed lines without an answer, stops reading for good at a 10 MiB line, and lets an
// EPIPE on stdout crash the process. Here every malformed line gets its JSON-RPC error, an
// oversized line is refused and skipped without being held in memory, and a closed stdout stops
// the server quietly.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import { cheapRequestId, errorReply, readInboundLine, type ErrorReply } from './inbound-message.js';
import {
  createLineSplitter,
  type LineSplitter,
  type OversizedLine,
} from '#appdata/channel/line-framer.js';
import { log } from '../runtime/log.js';
import type { RequestRefusal } from './request-params.js';

/**
 * The largest message read, in bytes (without the newline). The largest valid tools/call is about
 * 40 KiB (cursor ≤ 32 KiB, path ≤ 4 KiB, glob ≤ 1 KiB), so 1 MiB leaves a wide margin and still
 * bounds what one line can make the server buffer.
 */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

const MIB = 1024 * 1024;

/** Options of {@link StdioTransport}. */
export interface StdioTransportOptions {
  input?: Readable;
  output?: Writable;
  maxMessageBytes?: number;
  /** Looks at each valid request before the SDK does; a refusal is sent as its error answer. */
  screenRequest?(request: JSONRPCRequest): RequestRefusal | null;
  /**
   * Called once when stdin has ended and every request read before has been answered (or after
   * `drainMs`), or at once when stdout breaks, with a reason for the log.
   */
  onStop?(reason: string): void;
  /** How long requests still running when stdin ends may take to be answered (default 15 s). */
  drainMs?: number;
}

/** Longer than the default scan time limit (10 s), so a search under way still gets its answer. */
const DRAIN_MS = 15_000;

/**
 * How much a client that stops reading stdout can make the server hold (before: 1.05 GB after
 * 600 calls). Requests run at most MAX_RUNNING at a time; no request starts while more than
 * OUTPUT_HIGH_WATER_BYTES of answers wait to be written; and stdin is not read while
 * MAX_WAITING_REQUESTS requests wait to start, so the client's own pipes fill and it blocks.
 * Nothing is dropped: everything resumes when the client reads again ('drain').
 */
export const OUTPUT_HIGH_WATER_BYTES = 4 * MIB;
/** Requests running at once (a search holds at most one page of matches). */
export const MAX_RUNNING = 16;
/** Requests read and waiting to start, above which stdin is not read. */
export const MAX_WAITING_REQUESTS = 256;

/** A {@link Transport} over stdin/stdout (or the given streams). */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly input: Readable;
  private readonly output: Writable;
  private readonly maxBytes: number;
  private readonly options: StdioTransportOptions;
  private readonly splitter: LineSplitter;
  private stopped = false;
  private closed = false;
  /** Requests passed on and not yet answered (nor cancelled by the client). */
  private readonly pending = new Set<string | number>();
  private inputEnded = false;
  private drainTimer: NodeJS.Timeout | null = null;
  /** Lines handed to stdout whose write has not completed yet. */
  private unflushed = 0;
  private readonly flushWaiters: (() => void)[] = [];
  /** Resolves at the next 'drain' (one listener for every writer waiting on it). */
  private drained: Promise<void> | null = null;
  private inputPaused = false;
  /** Requests read and screened, waiting for a place to run (see MAX_RUNNING). */
  private readonly waiting: JSONRPCRequest[] = [];

  constructor(options: StdioTransportOptions = {}) {
    this.options = options;
    this.input = options.input ?? process.stdin;
    this.output = options.output ?? process.stdout;
    this.maxBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    this.splitter = createLineSplitter(this.maxBytes, {
      line: (text) => this.onLine(text),
      oversized: (line) => this.onOversized(line),
    });
  }

  private readonly onData = (chunk: Buffer) => this.splitter.push(chunk);
  // A client that writes its requests and closes stdin (a script, `printf … | server`) still
  // gets every answer: the server stops once the requests it read are answered.
  private readonly onInputEnd = () => {
    if (this.inputEnded) return;
    this.inputEnded = true;
    const open = this.pending.size + this.waiting.length;
    if (open === 0) return this.stop('stdin closed');
    log(`stdin closed; answering the ${open} request${open === 1 ? '' : 's'} still open first`);
    // Kept referenced: it is what keeps the process alive while the open requests are answered
    // (a scan in a scan process waits on a channel that does not, by design: see scan/pool.ts).
    this.drainTimer = setTimeout(() => this.stop('stdin closed'), this.options.drainMs ?? DRAIN_MS);
  };
  private readonly onInputError = (error: Error) => this.stop(`stdin failed: ${error.message}`);
  // EPIPE when the client closed its end of stdout: nobody is left to answer, so stop quietly
  // instead of dying of an unhandled 'error' event.
  private readonly onOutputError = (error: NodeJS.ErrnoException) =>
    this.stop(
      error.code === 'EPIPE'
        ? 'the client closed stdout'
        : `stdout failed: ${error.code ?? error.message}`,
    );

  /** Starts reading stdin. */
  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onInputEnd);
    this.input.on('close', this.onInputEnd);
    this.input.on('error', this.onInputError);
    this.output.on('error', this.onOutputError);
  }

  /**
   * Writes one message as one line; resolves once stdout has taken it, or at once when stdout is
   * gone. A request counts as answered only once its answer is written (the write's callback), so
   * the server never stops with an answer still in memory.
   */
  send(message: JSONRPCMessage | ErrorReply): Promise<void> {
    if (this.stopped || this.closed) return Promise.resolve();
    const id = 'id' in message && ('result' in message || 'error' in message) ? message.id : null;
    this.unflushed++;
    const written = this.output.write(`${JSON.stringify(message)}\n`, () => {
      this.unflushed--;
      if (id !== null) this.settled(id);
      if (this.unflushed === 0) for (const resolve of this.flushWaiters.splice(0)) resolve();
    });
    if (written) return Promise.resolve();
    this.updateInputFlow();
    return this.nextDrain();
  }

  /** Resolves when every line handed to stdout so far has been written (or stdout failed). */
  whenFlushed(): Promise<void> {
    if (this.unflushed === 0) return Promise.resolve();
    return new Promise((resolve) => this.flushWaiters.push(resolve));
  }

  private nextDrain(): Promise<void> {
    this.drained ??= new Promise<void>((resolve) => {
      const done = () => {
        this.output.off('drain', done);
        this.output.off('close', done);
        this.drained = null;
        this.startWaiting();
        resolve();
      };
      this.output.on('drain', done);
      this.output.on('close', done);
    });
    return this.drained;
  }

  private get outputBackedUp(): boolean {
    return this.output.writableLength > OUTPUT_HIGH_WATER_BYTES;
  }

  /** Starts waiting requests while there is room (see MAX_RUNNING, OUTPUT_HIGH_WATER_BYTES). */
  private startWaiting(): void {
    while (
      this.waiting.length > 0 &&
      this.pending.size < MAX_RUNNING &&
      !this.outputBackedUp &&
      !this.closed
    ) {
      const request = this.waiting.shift()!;
      this.pending.add(request.id);
      this.onmessage?.(request);
    }
    this.updateInputFlow();
  }

  /** Reads stdin only while requests can still be taken in. */
  private updateInputFlow(): void {
    const full = this.waiting.length >= MAX_WAITING_REQUESTS || this.outputBackedUp;
    if (full && !this.inputPaused && !this.closed) {
      this.inputPaused = true;
      this.input.pause();
      log(
        `the client is not reading its answers (${Math.round(this.output.writableLength / MIB)} MiB waiting); no further requests are read until it does`,
      );
      if (this.outputBackedUp) void this.nextDrain();
    } else if (!full && this.inputPaused) {
      this.inputPaused = false;
      if (!this.closed) this.input.resume();
      log('the client reads its answers again; reading requests again');
    }
  }

  /** Stops reading; the output error handler stays so that a late EPIPE cannot crash. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onInputEnd);
    this.input.off('close', this.onInputEnd);
    this.input.pause();
    this.onclose?.();
  }

  private settled(id: unknown): void {
    if (typeof id !== 'string' && typeof id !== 'number') return;
    this.pending.delete(id);
    this.startWaiting();
    if (this.inputEnded && this.pending.size === 0 && this.waiting.length === 0)
      this.stop('stdin closed');
  }

  private stop(reason: string): void {
    if (this.drainTimer) clearTimeout(this.drainTimer);
    this.drainTimer = null;
    if (this.stopped) return;
    this.stopped = true;
    this.options.onStop?.(reason);
  }

  private onLine(text: string): void {
    const inbound = readInboundLine(text);
    if (inbound.kind === 'blank') return;
    if (inbound.kind === 'refused') {
      log(`refused ${inbound.reason}`);
      for (const reply of inbound.replies) void this.send(reply);
      return;
    }
    const { message } = inbound;
    if (isJSONRPCRequest(message)) {
      const refusal = this.options.screenRequest?.(message);
      if (refusal) {
        void this.send(errorReply(message.id, refusal.code, refusal.message));
        return;
      }
      this.waiting.push(message);
      this.startWaiting();
      return;
    } else if ('method' in message && message.method === 'notifications/cancelled') {
      // A cancelled request gets no answer (MCP): nothing to wait for. One still waiting to
      // start is dropped.
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      const at = this.waiting.findIndex((request) => request.id === id);
      if (at >= 0) this.waiting.splice(at, 1);
      else this.onmessage?.(message);
      this.settled(id);
      return;
    }
    this.onmessage?.(message);
  }

  private onOversized(line: OversizedLine): void {
    const limit =
      this.maxBytes % MIB === 0
        ? `${this.maxBytes / MIB} MiB`
        : `${this.maxBytes.toLocaleString('en-US')} bytes`;
    log(
      `refused a message of ${line.bytes.toLocaleString('en-US')} bytes (larger than ${limit}); skipped it and kept serving`,
    );
    void this.send(
      errorReply(
        cheapRequestId(line.head, line.tail),
        ErrorCode.InvalidRequest,
        `Invalid Request: message larger than ${limit} (${line.bytes} bytes); it was not processed.`,
      ),
    );
  }
}
