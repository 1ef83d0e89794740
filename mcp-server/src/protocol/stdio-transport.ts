// MCP over stdio, one JSON-RPC message per line, in place of the SDK's StdioServerTransport, which
// drops malformed lines without an answer, stops reading for good at a 10 MiB line, and lets an
// EPIPE on stdout crash the process. Here every malformed line gets its JSON-RPC error, an
// oversized line is refused and skipped without being held in memory, and a closed stdout stops
// the server quietly. Until the full server is loaded, a front desk answers the lines it can
// (front-desk.ts); the lines read while the full server loads wait and then go to it in order.
// The SDK's `serveStdio` runs on this transport (server-main.ts) and decides each connection's era.
import type { JSONRPCMessage, JSONRPCRequest, Transport } from '@modelcontextprotocol/server';
import type { Readable, Writable } from 'node:stream';
import {
  cheapRequestId,
  errorReply,
  isRequestMessage,
  RPC_ERROR,
  type ErrorReply,
} from './json-rpc.js';
import type { LineReader } from './inbound-message.js';
import type { FrontDesk } from './front-desk.js';
import {
  createLineSplitter,
  type LineSplitter,
  type OversizedLine,
} from '#appdata/channel/line-framer.js';
import { log } from '#appdata/log.js';
import { answeredId, ReplayedAnswers } from './replayed-answers.js';
import { RequestQueue } from './request-queue.js';

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
  /** How the full server reads lines; without it, the front answers until it hands over. */
  reader?: LineReader;
  /**
   * Answers lines before the full server is loaded (front-desk.ts); at the first line it cannot
   * answer, `handOver` brings up the full server and that line and the rest go to it.
   */
  front?: { desk: FrontDesk; handOver(): Promise<LineReader> };
  /**
   * Called once when stdin has ended and every request read before has been answered (or after
   * `drainMs`), or at once when stdout breaks, with a reason for the log.
   */
  onStop?(reason: string): void;
  /** How long requests still running when stdin ends may take to be answered (default 15 s). */
  drainMs?: number;
}

/** How long answers already written may take to reach a client before the server exits anyway. */
export const FLUSH_MS = 15_000;

/** Longer than the default scan time limit (10 s), so a search under way still gets its answer. */
const DRAIN_MS = 15_000;

/**
 * How much a client that stops reading stdout can make the server hold (before: 1.05 GB after
 * 600 calls). Requests run at most MAX_RUNNING at a time; no request starts while more than
 * OUTPUT_HIGH_WATER_BYTES of answers wait to be written; and stdin is not read while the
 * requests waiting to start fill their queue (request-queue.ts), so the client's own pipes fill
 * and it blocks. Nothing is dropped: everything resumes when the client reads again ('drain').
 */
export const OUTPUT_HIGH_WATER_BYTES = 4 * MIB;
/** Requests running at once (a search holds at most one page of matches). */
export const MAX_RUNNING = 16;

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
  private readonly waiting = new RequestQueue(() => this.startWaiting());
  private reader: LineReader | null;
  private front: StdioTransportOptions['front'] | null;
  /** Lines read while the full server is being brought up (null: none is). */
  private held: string[] | null = null;
  private handing: Promise<void> | null = null;
  /** Replayed requests whose answer is not sent (the front answered them already). */
  private readonly replayed = new ReplayedAnswers();
  private started = false;

  constructor(options: StdioTransportOptions = {}) {
    this.options = options;
    this.input = options.input ?? process.stdin;
    this.output = options.output ?? process.stdout;
    this.maxBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    this.reader = options.reader ?? null;
    this.front = options.front ?? null;
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
    this.afterInputEnd();
  };

  private afterInputEnd(): void {
    if (this.held !== null) return; // the hand-over comes back here once its lines are read
    const open = this.pending.size + this.waiting.length;
    if (open === 0) return this.stop('stdin closed');
    log(`stdin closed; answering the ${open} request${open === 1 ? '' : 's'} still open first`);
    // Kept referenced: it is what keeps the process alive while the open requests are answered
    // (a scan in a scan process waits on a channel that does not, by design: see scan/pool.ts).
    this.drainTimer = setTimeout(() => this.stop('stdin closed'), this.options.drainMs ?? DRAIN_MS);
  }
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
    // Started by the front first; the SDK starts it again when the full server connects.
    if (this.started) return;
    this.started = true;
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
    if (this.replayed.swallow(message)) return Promise.resolve();
    this.unflushed++;
    const id = answeredId(message);
    const written = this.output.write(`${JSON.stringify(message)}\n`, () => {
      this.unflushed--;
      if (id !== null) this.settled(id);
      if (this.unflushed === 0) for (const resolve of this.flushWaiters.splice(0)) resolve();
    });
    if (written) return Promise.resolve();
    this.updateInputFlow();
    return this.nextDrain();
  }

  /**
   * Brings up the full server (once): lines read meanwhile wait, then go to it in order. Called at
   * the first line the front cannot answer, or when the front asks (the settings changed).
   */
  handOver(): Promise<void> {
    const front = this.front;
    if (!front) return Promise.resolve();
    this.handing ??= (async () => {
      this.held ??= [];
      try {
        this.reader = await front.handOver();
      } catch (error) {
        this.held = null;
        this.stop(
          `the server could not start: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      this.front = null;
      const lines = this.held ?? [];
      this.held = null;
      for (const line of lines) this.onLine(line);
      if (this.inputEnded) this.afterInputEnd();
    })();
    return this.handing;
  }

  /**
   * Gives the full server a message the front already answered (initialize and initialized, the
   * request that pinned a 2026 connection, the streams it listens on), so the SDK knows the client
   * and its era; a request's answer (a listen stream's acknowledgement) is not sent again.
   * Resolves once it is handled.
   */
  replay(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || !('method' in message)) {
      this.onmessage?.(message);
      return Promise.resolve();
    }
    const answered = this.replayed.expect(message.id);
    this.onmessage?.(message);
    return answered;
  }

  /**
   * Resolves when every line handed to stdout so far has been written (or stdout failed), or after
   * `maxMs` when given (a client that never reads its answers).
   */
  whenFlushed(maxMs?: number): Promise<void> {
    if (this.unflushed === 0) return Promise.resolve();
    const flushed = new Promise<void>((resolve) => this.flushWaiters.push(resolve));
    if (maxMs === undefined) return flushed;
    return Promise.race([
      flushed,
      new Promise<void>((resolve) => setTimeout(resolve, maxMs).unref()),
    ]);
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
    const full = this.waiting.full || this.outputBackedUp;
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

  // `soon`: the next waiting requests start at the next turn (a cancellation: see request-queue.ts).
  private settled(id: unknown, soon = false): void {
    if (typeof id !== 'string' && typeof id !== 'number') return;
    this.pending.delete(id);
    if (soon) this.waiting.startSoon();
    else this.startWaiting();
    if (
      this.inputEnded &&
      this.held === null &&
      this.pending.size === 0 &&
      this.waiting.length === 0
    )
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
    if (this.held !== null) {
      this.held.push(text);
      return;
    }
    if (this.front) {
      const { replies, handOver } = this.front.desk.answer(text);
      for (const reply of replies) void this.send(reply as JSONRPCMessage);
      if (!handOver) return;
      this.held = [text];
      void this.handOver();
      return;
    }
    if (!this.reader) throw new Error('StdioTransport: no reader and no front');
    const inbound = this.reader.readLine(text);
    if (inbound.kind === 'blank') return;
    if (inbound.kind === 'refused') {
      log(`refused ${inbound.reason}`);
      for (const reply of inbound.replies) void this.send(reply);
      return;
    }
    const { message } = inbound;
    if (isRequestMessage(message)) {
      const refusal = this.reader.screenRequest?.(message as JSONRPCRequest);
      if (refusal) {
        void this.send(errorReply(message.id, refusal.code, refusal.message));
        return;
      }
      // A listen stream stays open for the connection (2026-07-28): it takes no place among the
      // requests running, and nothing waits for its answer when stdin ends.
      if (message.method === 'subscriptions/listen') {
        this.startWaiting();
        this.onmessage?.(message);
        return;
      }
      this.waiting.push(message as JSONRPCRequest, text.length);
      this.updateInputFlow();
      return;
    } else if ('method' in message && message.method === 'notifications/cancelled') {
      // A cancelled request gets no answer (MCP): nothing to wait for. One still waiting to
      // start is dropped, and never starts; the others wait for their turn as they were.
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      const dropped = this.waiting.drop(id);
      if (dropped) this.reader.dropped?.(dropped);
      else this.onmessage?.(message);
      this.settled(id, true);
      return;
    }
    // Any other message after the requests before it have started, as it was read.
    this.startWaiting();
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
        RPC_ERROR.InvalidRequest,
        `Invalid Request: message larger than ${limit} (${line.bytes} bytes); it was not processed.`,
      ),
    );
  }
}
