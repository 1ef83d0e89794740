// The asking end of the engine channel (the engine's end: engine-channel.ts). A server proves
// itself once per connection and then keeps it: each later query is one `query` line on the same
// proven connection, answered by one line. Measured on the deep 1M tree, the hello, challenge
// and proof cost a next page ~2.2 ms of its ~13 (the secret read 0.4, the exchange 1.8).
// Connections wait in a small pool, one query at a time each; a connection the engine closed
// between queries (it restarted, or its idle time ran out) is replaced by a fresh one at once.
// The asking end never throws and never waits long: anything but a proven, well-formed answer in
// time is null, and the server walks.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import {
  ENGINE_ANSWER_MAX_BYTES,
  ENGINE_ASK_TIMEOUT_MS,
  ENGINE_PROTOCOL_VERSION,
  ENGINE_REQUEST_MAX_BYTES,
  engineChallengeSchema,
  engineProofInput,
  parseEngineAnswer,
  type EngineAnswer,
  type EnginePaths,
  type EngineQuery,
} from '#shared/engine/engine.js';
import { createApprovalReader } from '../approval/approval-reader.js';
import { readSecret } from '../approval/approval-secret.js';
import { channelLine, channelProof } from './channel-proof.js';

/** Idle proven connections kept per engine; more are closed when their query is answered. */
export const ENGINE_POOL_MAX = 4;
/** How long a proven connection waits for its next query before this end closes it. */
export const ENGINE_POOL_IDLE_MS = 30_000;

const CLOSED = Symbol('closed');

/** One connection to the engine, its lines read in order. */
class EngineConnection {
  private readonly lines: unknown[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  idleTimer: NodeJS.Timeout | null = null;

  constructor(readonly socket: net.Socket) {
    const reader = createApprovalReader(
      (value) => {
        this.lines.push(value);
        this.wake?.();
      },
      () => socket.destroy(), // not JSON, or over the cap: the connection is done
      ENGINE_ANSWER_MAX_BYTES,
    );
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  /** Open, and nothing said that no query asked for: fit to carry a query. */
  usable(): boolean {
    return !this.closed && !this.socket.destroyed && this.lines.length === 0;
  }

  /** The next line, or CLOSED once the connection is gone. */
  async next(): Promise<unknown> {
    for (;;) {
      if (this.lines.length > 0) return this.lines.shift();
      if (this.closed) return CLOSED;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  send(value: unknown): void {
    this.socket.write(channelLine(value));
  }
}

/** Idle proven connections by socket path. */
const pools = new Map<string, EngineConnection[]>();

function takeIdle(socketPath: string): EngineConnection | null {
  const pool = pools.get(socketPath) ?? [];
  for (let connection = pool.pop(); connection; connection = pool.pop()) {
    if (connection.idleTimer) clearTimeout(connection.idleTimer);
    if (connection.usable()) {
      connection.socket.ref();
      return connection;
    }
    connection.socket.destroy();
  }
  return null;
}

function putIdle(socketPath: string, connection: EngineConnection): void {
  const pool = pools.get(socketPath) ?? [];
  pools.set(socketPath, pool);
  if (pool.length >= ENGINE_POOL_MAX || !connection.usable()) {
    connection.socket.destroy();
    return;
  }
  // An idle connection keeps no process alive, and goes after a while.
  connection.socket.unref();
  connection.idleTimer = setTimeout(() => {
    const at = pool.indexOf(connection);
    if (at >= 0) pool.splice(at, 1);
    connection.socket.destroy();
  }, ENGINE_POOL_IDLE_MS);
  connection.idleTimer.unref();
  pool.push(connection);
}

/** Asks the engine; null when there is none, it cannot prove itself, or it is late. */
export async function askEngine(options: {
  paths: EnginePaths;
  query: EngineQuery;
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
}): Promise<EngineAnswer | null> {
  const { paths, query, signal, timeoutMs = ENGINE_ASK_TIMEOUT_MS } = options;
  if (signal?.aborted) return null;
  // The longest line this query can travel in (the first on a connection carries the proof).
  const longest = channelLine({ type: 'auth', proof: '0'.repeat(64), query });
  if (Buffer.byteLength(longest) > ENGINE_REQUEST_MAX_BYTES) return null;
  let gaveUp = false;
  let current: EngineConnection | null = null;
  const giveUp = () => {
    gaveUp = true;
    current?.socket.destroy();
  };
  const timer = setTimeout(giveUp, timeoutMs);
  signal?.addEventListener('abort', giveUp, { once: true });
  try {
    current = takeIdle(paths.socketPath);
    if (current) {
      current.send({ type: 'query', query });
      const value = await current.next();
      if (value !== CLOSED) return settle(paths.socketPath, current, value);
      if (gaveUp) return null;
      // Closed by the engine before it answered (it went, or the connection's idle time ran
      // out as the query left): a fresh connection asks once more.
    }
    const secret = await readSecret(paths.secretPath);
    if (secret === null || gaveUp) return null; // no app has run yet
    current = new EngineConnection(net.createConnection(paths.socketPath));
    const serverNonce = randomBytes(32).toString('hex');
    current.send({ type: 'hello', v: ENGINE_PROTOCOL_VERSION, nonce: serverNonce });
    const challenge = engineChallengeSchema.safeParse(await current.next());
    if (!challenge.success) return drop(current);
    const { nonce, proof } = challenge.data;
    const expected = channelProof(secret, engineProofInput('engine', serverNonce, nonce));
    if (!timingSafeEqual(Buffer.from(proof), Buffer.from(expected))) return drop(current);
    current.send({
      type: 'auth',
      proof: channelProof(secret, engineProofInput('server', serverNonce, nonce)),
      query,
    });
    const value = await current.next();
    return value === CLOSED ? null : settle(paths.socketPath, current, value);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', giveUp);
  }
}

function drop(connection: EngineConnection): null {
  connection.socket.destroy();
  return null;
}

// A well-formed answer, and the connection back in the pool; anything else ends it.
function settle(socketPath: string, connection: EngineConnection, value: unknown) {
  const answer = parseEngineAnswer(value);
  if (answer === null) return drop(connection);
  putIdle(socketPath, connection);
  return answer;
}
