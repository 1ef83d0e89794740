// The requests read from stdin that wait for a place to run (stdio-transport.ts runs at most
// MAX_RUNNING at once), bounded in number and in bytes: while it is full, stdin is not read, so a
// client that floods requests fills its own pipe and blocks instead of the server's memory. The
// bound is wide enough that a client's cancellations, which follow its requests, are read while
// those wait: a request cancelled before it starts is dropped here and never starts.
import type { JSONRPCRequest } from '@modelcontextprotocol/server';
import { log } from '#appdata/log.js';

/** Requests read and waiting to start, above which stdin is not read. */
export const MAX_WAITING_REQUESTS = 4096;
/** The same bound in bytes of their lines (one line may be up to 1 MiB: MAX_MESSAGE_BYTES). */
export const MAX_WAITING_BYTES = 8 * 1024 * 1024;

/**
 * The waiting requests, oldest first. A request queued starts (`start`, the transport's) at the
 * next turn of the event loop, with every other request of the same burst of input: a
 * cancellation read with its request drops it before it starts (a storm of cancelled calls runs
 * none of them, and a ping after it is answered at once).
 */
export class RequestQueue {
  private readonly items: { request: JSONRPCRequest; bytes: number }[] = [];
  private bytes = 0;
  private scheduled = false;
  /** Requests dropped since the last start (said on stderr, once per turn). */
  private droppedSince = 0;

  constructor(private readonly start: () => void) {}

  /** How many requests wait. */
  get length(): number {
    return this.items.length;
  }

  /** True when no more requests should be read until some have started. */
  get full(): boolean {
    return this.items.length >= MAX_WAITING_REQUESTS || this.bytes >= MAX_WAITING_BYTES;
  }

  /** Queues a request whose line was `bytes` long; it starts at the next turn (see above). */
  push(request: JSONRPCRequest, bytes: number): void {
    this.items.push({ request, bytes });
    this.bytes += bytes;
    this.startSoon();
  }

  /** Calls `start` at the next turn of the event loop (once however often asked). */
  startSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.droppedSince > 0)
        log(
          `${this.droppedSince} request${this.droppedSince === 1 ? ' was' : 's were'} cancelled before ${this.droppedSince === 1 ? 'it' : 'they'} started, and not run`,
        );
      this.droppedSince = 0;
      this.start();
    });
  }

  /** The oldest request, taken out of the queue. */
  shift(): JSONRPCRequest | undefined {
    const first = this.items.shift();
    if (first) this.bytes -= first.bytes;
    return first?.request;
  }

  /** Drops the request with this id (cancelled before it started): it, or undefined. */
  drop(id: unknown): JSONRPCRequest | undefined {
    const at = this.items.findIndex((item) => item.request.id === id);
    if (at < 0) return undefined;
    const [item] = this.items.splice(at, 1);
    this.bytes -= item!.bytes;
    this.droppedSince += 1;
    return item!.request;
  }
}
