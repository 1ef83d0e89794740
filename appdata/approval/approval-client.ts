// The server's side of the approval socket: ask the running FolderGate app whether a call may run.
// Fails closed: no app, no secret, no answer in time, a garbled answer → the call is refused.
// Whatever answers must prove at once that it is the app (a challenge made with the secret, within
// APPROVAL_HANDSHAKE_TIMEOUT_MS): anything else there is refused as not the app, never waited on
// as if the person were deciding. Never rejects, so a tool handler can await it without a try.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { createApprovalReader } from './approval-reader.js';
import { readSecret } from './approval-secret.js';
import {
  APPROVAL_HANDSHAKE_TIMEOUT_MS,
  APPROVAL_PROTOCOL_VERSION,
  APPROVAL_TIMEOUT_MS,
  APPROVAL_WAIT_MAX_MS,
  APPROVAL_WAITING_INTERVAL_MS,
  approvalChallengeSchema,
  approvalDecisionSchema,
  approvalProofSocketName,
  approvalProofInput,
  approvalRefusedSchema,
  encodeApprovalMessage,
  shortenApprovalArgs,
  type ApprovalResult,
} from '#shared/approval/approval.js';

/** Options of {@link requestApproval}. */
export interface RequestApprovalOptions {
  /** `approvalPaths(configDir, process.platform).socketPath`. */
  socketPath: string;
  /** `approvalPaths(configDir, process.platform).secretPath`. */
  secretPath: string;
  /** The AI app as it named itself in `initialize` (what rules are keyed by). */
  clientName: string;
  clientVersion: string;
  /** The app FolderGate's entry names (`--client`), which rules are keyed on; absent: none. */
  clientApp?: string | undefined;
  tool: string;
  args: Record<string, unknown>;
  /** The call's cancellation: aborting withdraws the request from the app. */
  signal?: AbortSignal;
  /** Refuse after this long without an answer; default 60 s. */
  timeoutMs?: number;
  /** Called every `waitingIntervalMs` while the person decides (send a progress notification). */
  onWaiting?: (waitedMs: number) => void;
  /** Default 5 s. */
  waitingIntervalMs?: number;
  /** How long the other end may take to prove it is the app; default 5 s (tests shorten it). */
  handshakeTimeoutMs?: number;
}

/** Asks the app; resolves with the decision and who made it (never rejects). */
export async function requestApproval(options: RequestApprovalOptions): Promise<ApprovalResult> {
  const started = Date.now();
  const { signal, timeoutMs = APPROVAL_TIMEOUT_MS } = options;
  if (signal?.aborted) return { decision: 'deny', by: 'cancelled' };
  const secret = await readSecret(options.secretPath);
  if (!secret) return { decision: 'deny', by: 'unavailable' };
  if (signal?.aborted) return { decision: 'deny', by: 'cancelled' };

  const id = randomUUID();
  const nonce = randomBytes(32).toString('hex');
  const hello = encodeApprovalMessage({
    type: 'hello',
    v: APPROVAL_PROTOCOL_VERSION,
    nonce,
    pid: process.pid,
    client: {
      name: options.clientName.slice(0, 200),
      version: options.clientVersion.slice(0, 200),
      ...(options.clientApp ? { app: options.clientApp } : {}),
    },
  });
  const request = encodeApprovalMessage({
    type: 'request',
    id,
    tool: options.tool.slice(0, 200),
    args: shortenApprovalArgs(options.args),
    // Within what the app accepts (an hour): the countdown it shows is never longer than that.
    waitMs: Math.min(APPROVAL_WAIT_MAX_MS, Math.max(1, Math.round(timeoutMs))),
  });
  if (!hello || !request) return { decision: 'deny', by: 'unavailable' };

  return new Promise<ApprovalResult>((resolve) => {
    const socket = net.createConnection(options.socketPath);
    let settled = false;
    // This connection's proof listener, from the app's proof until the end (approval-peer.ts).
    let held: net.Server | null = null;
    const finish = (result: ApprovalResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(handshake);
      clearInterval(ticker);
      held?.close();
      signal?.removeEventListener('abort', onAbort);
      // Closing the connection is what removes a still-waiting request from the app's queue.
      socket.destroy();
      resolve(result);
    };
    const onAbort = () => finish({ decision: 'deny', by: 'cancelled' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => finish({ decision: 'deny', by: 'timeout' }),
      Math.max(0, timeoutMs - (Date.now() - started)),
    );
    const ticker = setInterval(
      () => options.onWaiting?.(Date.now() - started),
      options.waitingIntervalMs ?? APPROVAL_WAITING_INTERVAL_MS,
    );
    const unavailable = () => finish({ decision: 'deny', by: 'unavailable' });
    const notTheApp = () => finish({ decision: 'deny', by: 'not-the-app' });
    // Nothing the other end says counts until it proved it is the app (it knows the secret).
    let appProved = false;
    const handshake = setTimeout(
      () => appProved || notTheApp(),
      options.handshakeTimeoutMs ?? APPROVAL_HANDSHAKE_TIMEOUT_MS,
    );
    const reader = createApprovalReader(
      (value) => {
        if (!appProved) {
          const challenge = approvalChallengeSchema.safeParse(value);
          // Another protocol, another version, or someone else listening on the app's socket.
          if (!challenge.success) return notTheApp();
          if (challenge.data.type === 'busy') return finish({ decision: 'deny', by: 'busy' });
          const expected = proof(secret, approvalProofInput('app', nonce, challenge.data.nonce));
          if (!timingSafeEqual(Buffer.from(challenge.data.proof), Buffer.from(expected)))
            return notTheApp();
          appProved = true;
          const auth = encodeApprovalMessage({
            type: 'auth',
            proof: proof(secret, approvalProofInput('server', nonce, challenge.data.nonce)),
          });
          // The app looks for the listener when the proof arrives: it is bound first.
          held = holdProof(challenge.data.nonce, () => {
            if (!settled) socket.write(auth + request);
          });
          return;
        }
        if (approvalRefusedSchema.safeParse(value).success)
          return finish({ decision: 'deny', by: 'too-many' });
        const parsed = approvalDecisionSchema.safeParse(value);
        if (!parsed.success || parsed.data.id !== id) return unavailable();
        const { decision, by, answer } = parsed.data;
        finish(answer ? { decision, by, answer } : { decision, by });
      },
      () => (appProved ? unavailable() : notTheApp()),
    );
    socket.on('connect', () => socket.write(hello));
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    // Refused (wrong secret), app quit, no socket: all the same to the caller.
    socket.on('error', unavailable);
    socket.on('close', unavailable);
  });
}

/**
 * Listens on this connection's proof socket (Linux; approval-peer.ts) and calls `then` once it
 * is bound, or at once where there is none or it cannot be bound (the request then shows as
 * unchecked); returns the listener to close when the call ends, or null.
 */
function holdProof(appNonce: string, then: () => void): net.Server | null {
  if (process.platform !== 'linux') {
    then();
    return null;
  }
  let going = false;
  const go = () => {
    if (going) return;
    going = true;
    then();
  };
  const holder = net.createServer((socket) => socket.destroy());
  holder.on('error', go);
  holder.listen(`\0${approvalProofSocketName(appNonce)}`, go);
  return holder;
}

/** HMAC-SHA256 of `input` keyed by the secret, hex. */
function proof(secret: string, input: string): string {
  return createHmac('sha256', secret).update(input).digest('hex');
}
