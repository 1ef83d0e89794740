// The app's side of the approval socket: accepts mcp-servers that know the secret, reads one
// request per connection into the queue, and writes the decision back. A connection that
// misbehaves (a first message that is not a hello, no hello in time, wrong secret, malformed or
// oversized line) is closed at once; nothing a connection sends can throw out of here. Each
// request says which process asked, as far as the system shows it (approval-peer.ts), and one
// program has at most APPROVAL_MAX_WAITING_PER_PROGRAM requests waiting for the person.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { createApprovalReader } from './approval-reader.js';
import {
  APPROVAL_MAX_WAITING_PER_PROGRAM,
  approvalAuthSchema,
  approvalHelloSchema,
  approvalProofInput,
  approvalRequestSchema,
  APPROVAL_TIMEOUT_MS,
  encodeApprovalMessage,
  shortenApprovalArgs,
  type ApprovalDecisionMessage,
  type ApprovalHello,
  type ApprovalPaths,
} from '#shared/approval/approval.js';
import type { ApprovalReply, IncomingApproval } from '#shared/approval/approval.js';
import { ensureApprovalFolder, ensureApprovalSecret } from './approval-secret.js';
import { listenApprovalSocket } from './approval-listen.js';
import { identifyPeer, type ApprovalPeer } from './approval-peer.js';

/** The name of the program that started a process (Linux); see approval-peer.ts. */
export { startedByOf } from './approval-peer.js';

/** Where proven requests go: the app's queue (main/core/approval/approval-queue.ts). */
export interface ApprovalRequests {
  /** Takes a request; returns its id while it waits for the person, null when decided at once. */
  add(request: IncomingApproval, reply: (reply: ApprovalReply) => void): string | null;
  /** Drops a request whose server went away (cancelled, timed out, exited). */
  remove(id: string): void;
}

/** Options of {@link startApprovalBroker}. */
export interface ApprovalBrokerOptions {
  /** Where each proven request goes, and whence its reply comes. */
  requests: ApprovalRequests;
  /** `approvalPaths(appDataDir(), process.platform)`. */
  paths: ApprovalPaths;
  /** How long a new connection may take to send its hello. */
  helloTimeoutMs?: number;
  /** Most connections open at once (each is one waiting call). */
  maxConnections?: number;
  /** Most requests of one program waiting for the person at once. */
  maxWaitingPerProgram?: number;
  /** Dropped connections and other events worth a log line. */
  log?: (line: string) => void;
  /**
   * Runs before each proven request is ruled on: the app reads its settings again, since a server
   * asks because the file says so, and an older copy must never wave the request through.
   */
  beforeRuling?: () => Promise<unknown>;
}

/** A listening broker. */
export interface ApprovalBroker {
  readonly socketPath: string;
  /** Stops listening and closes every connection (their servers refuse their calls). */
  close(): Promise<void>;
}

/**
 * Creates the approval folder and secret if missing, then listens. Rejects with
 * `ApprovalSocketInUseError` when another running app already listens.
 */
export async function startApprovalBroker(options: ApprovalBrokerOptions): Promise<ApprovalBroker> {
  const { paths, helloTimeoutMs = 5_000, maxConnections = 256 } = options;
  const maxPerProgram = options.maxWaitingPerProgram ?? APPROVAL_MAX_WAITING_PER_PROGRAM;
  const log = options.log ?? (() => {});
  await ensureApprovalFolder(paths.dir);
  const secret = await ensureApprovalSecret(paths.secretPath);
  const queue = options.requests;
  const sockets = new Set<net.Socket>();
  // Requests waiting for the person, per program (programOf).
  const waitingOf = new Map<string, number>();
  const count = (program: string, by: 1 | -1) => {
    const n = (waitingOf.get(program) ?? 0) + by;
    if (n > 0) waitingOf.set(program, n);
    else waitingOf.delete(program);
  };

  const server = net.createServer((socket) => {
    if (sockets.size >= maxConnections) {
      log('approval: too many requests waiting; one refused as busy');
      // Tracked and read (and what it sends dropped) until it closes, so close() never waits on it.
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
      socket.resume();
      socket.end(encodeApprovalMessage({ type: 'busy' }) ?? '');
      return;
    }
    sockets.add(socket);
    serve(socket);
  });
  server.on('error', (error) => log(`approval: ${error.message}`));

  const proof = (input: string) => createHmac('sha256', secret).update(input).digest('hex');

  function serve(socket: net.Socket) {
    let hello: ApprovalHello | null = null;
    let appNonce: string | null = null;
    let peer: ApprovalPeer | null = null;
    let requestId: string | null = null;
    let waitingAs: string | null = null;
    let requested = false;
    let done = false;
    const drop = (why: string) => {
      if (!done) log(`approval: connection dropped (${why})`);
      done = true;
      socket.destroy();
    };
    const helloTimer = setTimeout(() => drop('no hello in time'), helloTimeoutMs);
    const stopWaiting = () => {
      if (waitingAs !== null) count(waitingAs, -1);
      waitingAs = null;
    };
    socket.on('error', () => {}); // 'close' follows; a reset peer is not the app's problem
    socket.on('close', () => {
      clearTimeout(helloTimer);
      sockets.delete(socket);
      stopWaiting();
      if (requestId) queue.remove(requestId);
    });
    const reader = createApprovalReader(
      (value) => {
        if (done) return;
        if (!hello) {
          // Anything but a hello first (another protocol, another version) ends it at once.
          const parsed = approvalHelloSchema.safeParse(value);
          if (!parsed.success) return drop('not a hello');
          hello = parsed.data;
          appNonce = randomBytes(32).toString('hex');
          socket.write(
            encodeApprovalMessage({
              type: 'challenge',
              nonce: appNonce,
              proof: proof(approvalProofInput('app', hello.nonce, appNonce)),
            }) ?? '',
          );
          return;
        }
        if (!peer) {
          const parsed = approvalAuthSchema.safeParse(value);
          if (!parsed.success) return drop('malformed proof');
          const expected = proof(approvalProofInput('server', hello.nonce, appNonce ?? ''));
          // Same length by the schema; compared in constant time so timing reveals nothing.
          if (!timingSafeEqual(Buffer.from(parsed.data.proof), Buffer.from(expected)))
            return drop('wrong proof');
          clearTimeout(helloTimer);
          // The server listens on its proof socket before it sends its proof (approval-peer.ts).
          peer = identifyPeer(hello.pid, appNonce ?? '');
          return;
        }
        if (requested) return drop('a second request on one connection');
        const parsed = approvalRequestSchema.safeParse(value);
        if (!parsed.success) return drop('malformed request');
        requested = true;
        const serverId = parsed.data.id;
        const incoming: IncomingApproval = {
          client: hello.client,
          pid: hello.pid,
          ...peer,
          tool: parsed.data.tool,
          args: shortenApprovalArgs(parsed.data.args),
          waitMs: parsed.data.waitMs ?? APPROVAL_TIMEOUT_MS,
        };
        const program = programOf(incoming);
        const reply = (answer: ApprovalReply) => {
          requestId = null;
          stopWaiting();
          done = true;
          const message: ApprovalDecisionMessage = { type: 'decision', id: serverId, ...answer };
          socket.end(encodeApprovalMessage(message) ?? '');
        };
        void Promise.resolve()
          .then(options.beforeRuling)
          .catch((error: unknown) => log(`approval: settings not read again (${String(error)})`))
          .then(() => {
            // The server may have gone meanwhile (cancelled, timed out): nothing to rule on.
            if (done || socket.destroyed) return;
            if ((waitingOf.get(program) ?? 0) >= maxPerProgram) {
              log(`approval: ${maxPerProgram} requests of one program wait; one more refused`);
              done = true;
              socket.end(encodeApprovalMessage({ type: 'refused', why: 'too-many' }) ?? '');
              return;
            }
            const id = queue.add(incoming, reply);
            if (id === null || done) return;
            requestId = id;
            waitingAs = program;
            count(program, 1);
          });
      },
      (problem) => drop(problem === 'oversized' ? 'message too large' : 'not JSON'),
    );
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
  }

  await listenApprovalSocket(server, paths.socketPath);
  return {
    socketPath: paths.socketPath,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Whose requests are counted together: a checked process by its id; every request that could not
// prove its process as one (so they never crowd out a proven one's); where nothing can be proven,
// the process id the request names.
function programOf(request: IncomingApproval): string {
  if (request.origin === 'checked') return `pid:${request.pid}`;
  return request.origin === 'unchecked' ? 'unchecked' : `says:${request.pid}`;
}
