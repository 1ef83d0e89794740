// The search engine channel's two ends (shared/engine/engine.ts has the messages): the engine
// process listens, MCP servers ask. Same pattern as the approval channel, whose folder, secret
// and listening helpers it reuses: a private folder, a per-install secret both ends prove they
// know, capped lines, one query per connection. The asking end never throws and never waits
// long: anything but a proven, well-formed answer in time is null, and the server walks.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import {
  ENGINE_ANSWER_MAX_BYTES,
  ENGINE_ASK_TIMEOUT_MS,
  ENGINE_PROTOCOL_VERSION,
  ENGINE_REQUEST_MAX_BYTES,
  engineAnswerSchema,
  engineAuthSchema,
  engineChallengeSchema,
  engineHelloSchema,
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

const proofOf = (secret: string, input: string) =>
  createHmac('sha256', secret).update(input).digest('hex');

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** A listening engine end. */
export interface EngineListener {
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
  maxConnections?: number;
}): Promise<EngineListener> {
  const { paths, helloTimeoutMs = 5_000, maxConnections = 64 } = options;
  const log = options.log ?? (() => {});
  await ensureApprovalFolder(paths.dir);
  const secret = await ensureApprovalSecret(paths.secretPath);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (sockets.size > maxConnections) {
      socket.destroy(); // the server walks instead
      return;
    }
    serve(socket);
  });
  server.on('error', (error) => log(`engine channel: ${error.message}`));

  function serve(socket: net.Socket) {
    let serverNonce: string | null = null;
    let engineNonce: string | null = null;
    let done = false;
    const drop = (why: string) => {
      if (!done) log(`engine channel: connection dropped (${why})`);
      done = true;
      socket.destroy();
    };
    const timer = setTimeout(() => drop('no query in time'), helloTimeoutMs);
    socket.on('close', () => clearTimeout(timer));
    const reader = createApprovalReader(
      (value) => {
        if (done) return;
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
        done = true;
        clearTimeout(timer);
        if ('watch' in auth.data) {
          // A watch: the connection stays open, one line per change, until either end closes.
          const stop = options.watch?.(auth.data.watch.rootReal, (event) =>
            socket.write(line(event)),
          );
          if (!stop) return void socket.end(line({ type: 'decline', why: 'no-folder' }));
          socket.on('close', stop);
          return void socket.write(line({ type: 'watching' }));
        }
        const query = auth.data.query;
        // The engine may answer over several turns of its loop (engine/src/slicer.ts).
        const gone = new AbortController();
        socket.on('close', () => gone.abort());
        void (async () => {
          let answer: EngineAnswer;
          try {
            answer = await options.answer(query, gone.signal);
          } catch (error) {
            log(
              `engine: a query failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            answer = { type: 'decline', why: 'not-indexed' };
          }
          socket.end(line(answer));
        })();
      },
      (problem) => drop(problem),
      ENGINE_REQUEST_MAX_BYTES,
    );
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
  }

  await listenApprovalSocket(server, paths.socketPath);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Asks the engine; null when there is none, it cannot prove itself, or it is late. */
export async function askEngine(options: {
  paths: EnginePaths;
  query: EngineQuery;
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
}): Promise<EngineAnswer | null> {
  const { paths, signal, timeoutMs = ENGINE_ASK_TIMEOUT_MS } = options;
  if (signal?.aborted) return null;
  const secret = await readSecret(paths.secretPath);
  if (secret === null) return null; // no app has run yet
  const serverNonce = randomBytes(32).toString('hex');
  return new Promise<EngineAnswer | null>((resolve) => {
    const socket = net.createConnection(paths.socketPath);
    let settled = false;
    let engineProved = false;
    const finish = (answer: EngineAnswer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(answer);
    };
    const onAbort = () => finish(null);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => finish(null), timeoutMs);
    const reader = createApprovalReader(
      (value) => {
        if (!engineProved) {
          const challenge = engineChallengeSchema.safeParse(value);
          if (!challenge.success) return finish(null);
          const { nonce, proof } = challenge.data;
          const expected = proofOf(secret, engineProofInput('engine', serverNonce, nonce));
          if (!timingSafeEqual(Buffer.from(proof), Buffer.from(expected))) return finish(null);
          engineProved = true;
          const auth = line({
            type: 'auth',
            proof: proofOf(secret, engineProofInput('server', serverNonce, nonce)),
            query: options.query,
          });
          if (Buffer.byteLength(auth) > ENGINE_REQUEST_MAX_BYTES) return finish(null);
          socket.write(auth);
          return;
        }
        const answer = engineAnswerSchema.safeParse(value);
        finish(answer.success ? answer.data : null);
      },
      () => finish(null),
      ENGINE_ANSWER_MAX_BYTES,
    );
    socket.on('connect', () =>
      socket.write(line({ type: 'hello', v: ENGINE_PROTOCOL_VERSION, nonce: serverNonce })),
    );
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.on('error', () => finish(null));
    socket.on('close', () => finish(null));
  });
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
