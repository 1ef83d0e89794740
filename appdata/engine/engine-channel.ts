// The search engine channel (shared/engine/engine.ts has the messages): the engine process
// listens here; MCP servers ask (engine-ask.ts) and watch (below). Same pattern as the approval
// channel, whose folder, secret and listening helpers it reuses: a private folder, a per-install
// secret both ends prove they know, capped lines. A proven connection carries one query at a
// time, as many in turn as its server sends, until it has been idle for ENGINE_IDLE_MS; or one
// watch. The asking ends never throw and never wait long: anything but a proven, well-formed
// answer in time is null, and the server walks.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import {
  ENGINE_ANSWER_MAX_BYTES,
  ENGINE_ASK_TIMEOUT_MS,
  ENGINE_IDLE_MS,
  ENGINE_PROTOCOL_VERSION,
  ENGINE_REQUEST_MAX_BYTES,
  engineAuthSchema,
  engineChallengeSchema,
  engineHelloSchema,
  engineNextQuerySchema,
  engineProofInput,
  engineWatchEventSchema,
  type EngineAnswer,
  type EngineWatchEvent,
  type EnginePaths,
  type EngineQuery,
} from '#shared/engine/engine.js';
import { createApprovalReader } from '../approval/approval-reader.js';
import { listenApprovalSocket } from '../approval/approval-listen.js';
import {
  ensureApprovalFolder,
  ensureApprovalSecret,
  readSecret,
} from '../approval/approval-secret.js';
import { channelLine as line, channelProof as proofOf } from './channel-proof.js';

/** A listening engine end. */
export interface EngineListener {
  /** How many connections are open (proven, idle, or still proving themselves). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * Creates the engine folder (0700) and secret if missing, then answers proven queries with
 * `answer`. Rejects when another running engine listens already.
 */
export async function listenForQueries(options: {
  paths: EnginePaths;
  /** Answers one query; `signal` aborts once the asking end is gone (nobody waits any more). */
  answer: (query: EngineQuery, signal: AbortSignal) => EngineAnswer | Promise<EngineAnswer>;
  /**
   * Follows one held folder for a server until it goes (`send` each change); returns how to stop,
   * or null when the folder is not held (declined). None: watches are refused (the connection dropped).
   */
  watch?: (rootReal: string, send: (event: EngineWatchEvent) => void) => (() => void) | null;
  log?: (line: string) => void;
  helloTimeoutMs?: number;
  /** How long a proven connection may wait for its next query (ENGINE_IDLE_MS). */
  idleMs?: number;
  maxConnections?: number;
}): Promise<EngineListener> {
  const { paths, helloTimeoutMs = 5_000, idleMs = ENGINE_IDLE_MS, maxConnections = 64 } = options;
  const log = options.log ?? (() => {});
  await ensureApprovalFolder(paths.dir);
  const secret = await ensureApprovalSecret(paths.secretPath);
  const sockets = new Set<net.Socket>();
  // Proven connections waiting for their next query: the first to give way to a new one.
  const idle = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      idle.delete(socket);
    });
    socket.on('error', () => {});
    if (sockets.size > maxConnections) {
      const waiting = idle.values().next();
      if (waiting.done) return void socket.destroy(); // the server walks instead
      waiting.value.destroy(); // its server opens a fresh one when it asks again
    }
    serve(socket);
  });
  server.on('error', (error) => log(`engine channel: ${error.message}`));

  function serve(socket: net.Socket) {
    let serverNonce: string | null = null;
    let engineNonce: string | null = null;
    let state: 'proving' | 'answering' | 'idle' | 'watching' = 'proving';
    const drop = (why: string) => {
      if (!socket.destroyed) log(`engine channel: connection dropped (${why})`);
      socket.destroy();
    };
    let timer = setTimeout(() => drop('no query in time'), helloTimeoutMs);
    socket.on('close', () => clearTimeout(timer));

    // One query at a time; the connection waits for the next one when it is answered.
    const run = (query: EngineQuery) => {
      state = 'answering';
      idle.delete(socket);
      clearTimeout(timer);
      // The engine may answer over several turns of its loop (engine/src/slicer.ts).
      const gone = new AbortController();
      const onClose = () => gone.abort();
      socket.once('close', onClose);
      void (async () => {
        let answer: EngineAnswer;
        try {
          answer = await options.answer(query, gone.signal);
        } catch (error) {
          log(`engine: a query failed: ${error instanceof Error ? error.message : String(error)}`);
          answer = { type: 'decline', why: 'not-indexed' };
        }
        socket.off('close', onClose);
        if (socket.destroyed) return;
        socket.write(line(answer));
        state = 'idle';
        idle.add(socket);
        timer = setTimeout(() => socket.destroy(), idleMs); // quietly: nothing went wrong
      })();
    };

    const reader = createApprovalReader(
      (value) => {
        if (socket.destroyed) return;
        if (state === 'idle') {
          const next = engineNextQuerySchema.safeParse(value);
          return next.success ? run(next.data.query) : drop('malformed query');
        }
        if (state !== 'proving') return drop('a line while a query is answered or watched');
        if (serverNonce === null) {
          const hello = engineHelloSchema.safeParse(value);
          if (!hello.success) return drop('malformed hello');
          serverNonce = hello.data.nonce;
          engineNonce = randomBytes(32).toString('hex');
          socket.write(
            line({
              type: 'challenge',
              nonce: engineNonce,
              proof: proofOf(secret, engineProofInput('engine', serverNonce, engineNonce)),
            }),
          );
          return;
        }
        const auth = engineAuthSchema.safeParse(value);
        if (!auth.success) return drop('malformed query');
        const expected = proofOf(secret, engineProofInput('server', serverNonce, engineNonce!));
        if (!timingSafeEqual(Buffer.from(auth.data.proof), Buffer.from(expected)))
          return drop('wrong proof');
        if (!('watch' in auth.data)) return run(auth.data.query);
        // A watch: the connection stays open, one line per change, until either end closes.
        state = 'watching';
        clearTimeout(timer);
        const stop = options.watch?.(auth.data.watch.rootReal, (event) =>
          socket.write(line(event)),
        );
        if (!stop) return void socket.end(line({ type: 'decline', why: 'no-folder' }));
        socket.on('close', stop);
        socket.write(line({ type: 'watching' }));
      },
      (problem) => drop(problem),
      ENGINE_REQUEST_MAX_BYTES,
    );
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
  }

  await listenApprovalSocket(server, paths.socketPath);
  return {
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A server's open watch of one folder (see {@link watchEngine}). */
export interface EngineWatch {
  close(): void;
}

/**
 * Opens a watch of the held folder `rootReal` on the engine channel (proven as a query is):
 * resolves once the engine says it watches, or null when there is no engine, it cannot prove
 * itself, it declines (the folder is not held), or it is late. `onEvent` gets each change;
 * `onEnd` is told once when the watch ends (the engine went, or close()).
 */
export async function watchEngine(options: {
  paths: EnginePaths;
  rootReal: string;
  onEvent: (event: Extract<EngineWatchEvent, { type: 'changed' }>) => void;
  onEnd: () => void;
  timeoutMs?: number;
}): Promise<EngineWatch | null> {
  const { paths, timeoutMs = ENGINE_ASK_TIMEOUT_MS } = options;
  const secret = await readSecret(paths.secretPath);
  if (secret === null) return null;
  const serverNonce = randomBytes(32).toString('hex');
  return new Promise<EngineWatch | null>((resolve) => {
    const socket = net.createConnection(paths.socketPath);
    let state: 'hello' | 'proved' | 'watching' | 'ended' = 'hello';
    const end = () => {
      clearTimeout(timer);
      socket.destroy();
      if (state === 'watching') options.onEnd();
      else if (state !== 'ended') resolve(null);
      state = 'ended';
    };
    const timer = setTimeout(end, timeoutMs);
    const reader = createApprovalReader(
      (value) => {
        if (state === 'hello') {
          const challenge = engineChallengeSchema.safeParse(value);
          if (!challenge.success) return end();
          const { nonce, proof } = challenge.data;
          const expected = proofOf(secret, engineProofInput('engine', serverNonce, nonce));
          if (!timingSafeEqual(Buffer.from(proof), Buffer.from(expected))) return end();
          state = 'proved';
          const auth = {
            type: 'auth',
            proof: proofOf(secret, engineProofInput('server', serverNonce, nonce)),
            watch: { rootReal: options.rootReal },
          };
          return void socket.write(line(auth));
        }
        const event = engineWatchEventSchema.safeParse(value);
        if (!event.success || event.data.type === 'decline') return end();
        if (event.data.type === 'watching' && state === 'proved') {
          clearTimeout(timer);
          state = 'watching';
          return resolve({ close: end });
        }
        if (event.data.type === 'changed' && state === 'watching') options.onEvent(event.data);
      },
      end,
      ENGINE_ANSWER_MAX_BYTES,
    );
    socket.on('connect', () =>
      socket.write(line({ type: 'hello', v: ENGINE_PROTOCOL_VERSION, nonce: serverNonce })),
    );
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.on('error', end);
    socket.on('close', end);
  });
}
