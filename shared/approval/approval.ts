import { channelPaths, type ChannelPaths } from '../text/channel-paths.js';
import * as z from 'zod';
import { approvalAnswerSchema, type ApprovalResult } from './approval-decision.js';
import { approvalAppKey } from './approval-key.js';
import { appOfKey, callerKey, legacyKeyOf } from '../clients/caller.js';
import { reportedApp } from '../clients/client-names.js';

// The answers and outcomes of a request live apart (approval-decision.ts): the activity record
// needs them, and this file needs the activity's words.
export * from './approval-decision.js';

// The approval contract ("ask me before an AI app uses FolderGate"): the settings value, the rule
// that decides whether a call needs a person, the messages an mcp-server and the app exchange on
// the local approval socket, the words shown to the person, and the refusals a tool returns.
// Both ends import this one file, so they cannot drift apart.

/**
 * Version of the socket protocol; a message of another version is a protocol error. 2: both ends
 * prove they know the secret without sending it (see approvalProofInput).
 */
export const APPROVAL_PROTOCOL_VERSION = 2;

/** Longest message on the approval socket, in UTF-8 bytes without the newline. */
export const APPROVAL_MESSAGE_MAX_BYTES = 64 * 1024;

/**
 * How long a server waits for the person before it refuses the call: 45 s. Clients built on the
 * MCP TypeScript SDK give up on a request after 60 s (DEFAULT_REQUEST_TIMEOUT_MSEC; progress
 * does not reset it unless the client opts in), and the search itself may then still take its
 * own time limit (10 s by default): refused at 45 s, the model reads FolderGate's refusal and its
 * fix, not "Request timed out" (mcp-server/test/approval-timeout.int.test.ts holds the sum).
 */
export const APPROVAL_TIMEOUT_MS = 45_000;

/** The longest wait a request may announce (`waitMs`; a test or a flag may set a longer one). */
export const APPROVAL_WAIT_MAX_MS = 3_600_000;

/**
 * How long a server gives the other end of the channel to prove it is the app (its challenge):
 * a running app does so at once, and a listener that says nothing, or what is not a challenge,
 * is refused as not the app, never kept waiting as if the person were deciding.
 */
export const APPROVAL_HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * How many requests of one program (one proven process; see appdata/approval/approval-peer.ts)
 * may wait for the person at once; the next is refused at once, so no program fills the queue.
 */
export const APPROVAL_MAX_WAITING_PER_PROGRAM = 5;

/** How often a waiting server reports that it is still waiting (progress notifications). */
export const APPROVAL_WAITING_INTERVAL_MS = 5_000;

/** How long "Allow for 15 minutes" lasts. */
export const APPROVAL_ALLOW_FOR_MS = 15 * 60_000;

/** Bytes of the per-install secret (stored as lowercase hex). */
export const APPROVAL_SECRET_BYTES = 32;

/** Longest string argument sent for display; longer ones (cursors) end with "…". */
export const APPROVAL_ARG_MAX_CHARS = 1024;

// ---------------------------------------------------------------------------------------------
// Settings

/** Per-app override: always ask this app (even when mode is off), or always allow it. */
export const approvalAppRuleSchema = z.enum(['ask', 'allow']);
/** @see approvalAppRuleSchema */
export type ApprovalAppRule = z.output<typeof approvalAppRuleSchema>;

/**
 * The `approval` key of settings.json. `mode: 'ask'` asks before every call of every app;
 * `apps` maps an app key (`app:<id>` for an app started from FolderGate's entry, else
 * {@link approvalAppKey} of its `initialize` name: shared/clients/caller.ts) to 'ask' (ask this
 * app even when mode is off) or 'allow' (the remembered "Allow always for this app").
 */
export const approvalSettingsSchema = z.looseObject({
  mode: z.enum(['off', 'ask']).default('off'),
  apps: z
    .record(z.string().min(1).max(200), approvalAppRuleSchema)
    .refine((apps) => Object.keys(apps).length <= 500, 'at most 500 apps')
    // A hand-edited "Cursor" must find the rule looked up as "cursor".
    .transform((apps) =>
      Object.fromEntries(Object.entries(apps).map(([name, rule]) => [approvalAppKey(name), rule])),
    )
    .default({}),
});
/** @see approvalSettingsSchema */
export type ApprovalSettings = z.output<typeof approvalSettingsSchema>;

/** The approval settings of a fresh install (and of a settings file from before approvals). */
export function defaultApprovalSettings(): ApprovalSettings {
  return { mode: 'off', apps: {} };
}

export { approvalAppKey } from './approval-key.js';

/**
 * `settings` with the rule of `key` set (or removed with `null`); what "Allow always" persists.
 * `key` is a caller's key (callerKey) or a reported name. An app's identity rule replaces the
 * rules made for it before identities, under the names it reported ("cursor-vscode" for Cursor).
 */
export function withApprovalAppRule(
  settings: ApprovalSettings,
  key: string,
  rule: ApprovalAppRule | null,
): ApprovalSettings {
  const apps = { ...settings.apps };
  const app = appOfKey(approvalAppKey(key));
  if (app)
    for (const name of Object.keys(apps)) if (reportedApp(name)?.[0] === app) delete apps[name];
  if (rule === null) delete apps[approvalAppKey(key)];
  else apps[approvalAppKey(key)] = rule;
  return { ...settings, apps };
}

/** Remembered "Allow for 15 minutes": app key → epoch ms until which it is allowed. */
export type ApprovalGrants = Readonly<Record<string, number>>;

/** What {@link checkApproval} says about one call. */
export type ApprovalCheck =
  /** The person does not want to be asked about this app: run it, record no decision. */
  | { verdict: 'not-required' }
  /** Allowed by a remembered answer; record it as a decision `by: 'rule'`. */
  | { verdict: 'allow'; rule: 'allow-always' | 'allow-15-min' }
  /** Ask the person. */
  | { verdict: 'ask' };

/**
 * Whether a call needs the person. `grants` are the app's remembered temporary answers and `now`
 * the caller's clock (epoch ms). `tool` is not consulted yet: every tool is asked alike, and the
 * parameter keeps callers ready for per-tool rules.
 */
export function checkApproval(input: {
  settings: ApprovalSettings;
  grants: ApprovalGrants;
  clientName: string | null | undefined;
  /** The app FolderGate's entry names (`--client`); its rule is keyed on it. */
  clientApp?: string | undefined;
  tool: string;
  now: number;
}): ApprovalCheck {
  const caller = { name: input.clientName ?? '', app: input.clientApp };
  const key = callerKey(caller);
  const legacy = legacyKeyOf(caller);
  const rule = input.settings.apps[key] ?? (legacy ? input.settings.apps[legacy] : undefined);
  const asked = rule === 'ask' || (input.settings.mode === 'ask' && rule !== 'allow');
  if (!asked) return rule === 'allow' ? { verdict: 'allow', rule: 'allow-always' } : notRequired;
  const until = input.grants[key];
  if (until !== undefined && input.now < until) return { verdict: 'allow', rule: 'allow-15-min' };
  return { verdict: 'ask' };
}

const notRequired: ApprovalCheck = { verdict: 'not-required' };

/** Error codes of refused approvals (to be added to shared/errors.ts's ERROR_CODES). */
export const APPROVAL_ERROR_CODES = ['ApprovalUnavailable', 'DeniedByUser'] as const;
/** One of {@link APPROVAL_ERROR_CODES}. */
export type ApprovalErrorCode = (typeof APPROVAL_ERROR_CODES)[number];

/** A refusal in the 3-line error format's parts (code, message, fix). */
export interface ApprovalRefusal {
  code: ApprovalErrorCode;
  message: string;
  fix: string;
}

/** The refusal for a result that is not an allow; null when the call may run (or was cancelled). */
export function approvalRefusal(result: ApprovalResult): ApprovalRefusal | null {
  if (result.decision === 'allow' || result.by === 'cancelled') return null;
  if (result.by === 'unavailable')
    return {
      code: 'ApprovalUnavailable',
      message:
        'The person asked FolderGate to check with them before each use, and the FolderGate app is not running to ask them.',
      fix: 'Ask the person to open the FolderGate app, then try again. Do not retry until they say it is open.',
    };
  if (result.by === 'busy')
    return {
      code: 'ApprovalUnavailable',
      message:
        'The FolderGate app has too many requests waiting for the person to answer, so it cannot take this one now.',
      fix: 'Wait until the person has answered the requests already waiting in FolderGate, then try again.',
    };
  if (result.by === 'not-the-app')
    return {
      code: 'ApprovalUnavailable',
      message:
        "Something answered on the FolderGate app's approval channel that is not the FolderGate app (it did not prove itself as the app does), so the person could not be asked.",
      fix: 'Ask the person to quit and reopen the FolderGate app, then try again. Do not retry until they say it is open.',
    };
  if (result.by === 'too-many')
    return {
      code: 'ApprovalUnavailable',
      message: `This AI app already has ${APPROVAL_MAX_WAITING_PER_PROGRAM} requests waiting for the person in FolderGate, so this one was refused at once.`,
      fix: 'Wait until the person has answered the requests already waiting, then try again.',
    };
  if (result.by === 'timeout')
    return {
      code: 'DeniedByUser',
      message: 'The person did not approve this request in FolderGate in time.',
      fix: 'Tell the person you are waiting for their approval in the FolderGate window, then try again once they are ready.',
    };
  return {
    code: 'DeniedByUser',
    message: 'The person denied this request in FolderGate.',
    fix: 'Do not retry this request; ask the person what they want instead.',
  };
}

// ---------------------------------------------------------------------------------------------
// Where the socket lives

/** The approval folder, socket and secret for an app data folder. */
export type ApprovalPaths = ChannelPaths;

/** The approval paths of `appData` (absolute): `<appData>/approval`, see channel-paths.ts. */
export function approvalPaths(appData: string, platform: string): ApprovalPaths {
  return channelPaths(appData, platform, 'approval');
}

// ---------------------------------------------------------------------------------------------
// Messages on the socket: one JSON object per line. A server opens one connection per call:
//   server → app   hello      who asks, and a fresh random nonce
//   app → server   challenge  the app's own nonce and its proof: HMAC(secret, 'app' ‖ nonces)
//                  (or busy: too many requests wait already; the connection then ends)
//   server → app   auth       the server's proof: HMAC(secret, 'server' ‖ nonces), then request
//   app → server   decision   (or refused: too many of this program's requests wait already)
// Each side checks the other's proof before it trusts anything: a process that cannot read the
// secret can neither pose as the app (a server refuses the call, as when no app runs) nor put a
// prompt in front of the person; proofs bind both nonces, so a recorded exchange cannot be
// replayed. Closing the connection cancels the request. Which process asks is proven apart from
// the secret (Linux): once the app proved itself, the server listens on an abstract socket named
// after the app's nonce (approvalProofSocketName) before it sends its proof, and the app looks
// for that listener among the asking process's descriptors (appdata/approval/approval-peer.ts).

const clientInfoSchema = z.strictObject({
  name: z.string().max(200),
  version: z.string().max(200),
  /** The app FolderGate's entry names (`--client`); absent for a hand-written entry. */
  app: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/)
    .optional(),
});

const nonceSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** Server → app, first line: who is asking, and the server's nonce. */
export const approvalHelloSchema = z.strictObject({
  type: z.literal('hello'),
  v: z.literal(APPROVAL_PROTOCOL_VERSION),
  nonce: nonceSchema,
  pid: z.int().min(0),
  client: clientInfoSchema,
});
/** @see approvalHelloSchema */
export type ApprovalHello = z.output<typeof approvalHelloSchema>;

/** App → server: the app's nonce and its proof that it knows the secret; or busy. */
export const approvalChallengeSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('challenge'), nonce: nonceSchema, proof: nonceSchema }),
  z.strictObject({ type: z.literal('busy') }),
]);
/** @see approvalChallengeSchema */
export type ApprovalChallenge = z.output<typeof approvalChallengeSchema>;

/** Server → app, after the app's proof checked out: the server's own proof. */
export const approvalAuthSchema = z.strictObject({
  type: z.literal('auth'),
  proof: nonceSchema,
});
/** @see approvalAuthSchema */
export type ApprovalAuth = z.output<typeof approvalAuthSchema>;

/**
 * What one side's proof is an HMAC-SHA256 (keyed by the secret) of: its role and both nonces, so
 * a proof is good for this one exchange and this one direction only.
 */
export function approvalProofInput(
  role: 'app' | 'server',
  serverNonce: string,
  appNonce: string,
): string {
  return `foldergate-approval-v${APPROVAL_PROTOCOL_VERSION}\n${role}\n${serverNonce}\n${appNonce}`;
}

/** Server → app, second line: the call to approve. */
export const approvalRequestSchema = z.strictObject({
  type: z.literal('request'),
  id: z.string().min(1).max(64),
  tool: z.string().min(1).max(200),
  args: z.record(z.string(), z.unknown()),
  /** How long the server waits for the answer (the app counts it down); absent: the default. */
  waitMs: z.int().min(1).max(APPROVAL_WAIT_MAX_MS).optional(),
});
/** @see approvalRequestSchema */
export type ApprovalRequestMessage = z.output<typeof approvalRequestSchema>;

/**
 * The abstract Unix socket (Linux) a server listens on, from the app's proof until the call ends,
 * to prove which process it is (see the messages above); without its leading NUL.
 */
export function approvalProofSocketName(appNonce: string): string {
  return `foldergate-approval-${appNonce}`;
}

/** App → server, instead of a decision: the request was refused at once (nobody was asked). */
export const approvalRefusedSchema = z.strictObject({
  type: z.literal('refused'),
  why: z.enum(['too-many']),
});
/** @see approvalRefusedSchema */
export type ApprovalRefusedMessage = z.output<typeof approvalRefusedSchema>;

/** App → server: the answer to the request with `id`. */
export const approvalDecisionSchema = z.strictObject({
  type: z.literal('decision'),
  id: z.string().min(1).max(64),
  decision: z.enum(['allow', 'deny']),
  by: z.enum(['person', 'rule']),
  /** The person's answer, or the remembered one; absent when asking was switched off meanwhile. */
  answer: approvalAnswerSchema.optional(),
});
/** @see approvalDecisionSchema */
export type ApprovalDecisionMessage = z.output<typeof approvalDecisionSchema>;

/** One message as a line; null when it would exceed {@link APPROVAL_MESSAGE_MAX_BYTES}. */
export function encodeApprovalMessage(
  message:
    | ApprovalHello
    | ApprovalChallenge
    | ApprovalAuth
    | ApprovalRequestMessage
    | ApprovalDecisionMessage
    | ApprovalRefusedMessage,
): string | null {
  const text = JSON.stringify(message);
  return new TextEncoder().encode(text).length > APPROVAL_MESSAGE_MAX_BYTES ? null : `${text}\n`;
}

/**
 * The arguments as shown to the person: strings cut to {@link APPROVAL_ARG_MAX_CHARS}, nesting
 * and array lengths bounded, so a request always fits in one message.
 */
export function shortenApprovalArgs(args: Record<string, unknown>): Record<string, unknown> {
  const shorten = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string')
      return value.length > APPROVAL_ARG_MAX_CHARS
        ? `${value.slice(0, APPROVAL_ARG_MAX_CHARS - 1)}…`
        : value;
    if (value === null || typeof value !== 'object') return value;
    if (depth >= 3) return '…';
    if (Array.isArray(value)) return value.slice(0, 20).map((v) => shorten(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value).slice(0, 30))
      out[k.slice(0, 100)] = shorten(v, depth + 1);
    return out;
  };
  return shorten(args, 0) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// What the app's UI sees (for the IPC contract)

/** A request waiting for the person, as the app's queue holds it and the UI shows it. */
export const pendingApprovalSchema = z.strictObject({
  /** The app's id for it (what `answer` takes); not the server's own id. */
  id: z.string(),
  /** The AI app as it named itself in `initialize`, and the app FolderGate's entry names. */
  client: clientInfoSchema,
  /** Process id of the asking mcp-server, as it said (proven only when `origin` is 'checked'). */
  pid: z.int().min(0),
  /**
   * Whether the system showed which process asked: 'checked' (Linux: the process `pid` holds the
   * proof listener only this connection was told the name of), 'unchecked' (it did not prove it: anyone may have
   * sent it), 'unsupported' (this system does not tell: macOS, Windows).
   */
  origin: z.enum(['checked', 'unchecked', 'unsupported']),
  /** The checked process's executable (its path); null unless checked. */
  executable: z.string().max(4096).nullable(),
  /**
   * The program that started the checked process (the AI app's command name, e.g. "claude");
   * null unless checked, or when it is gone.
   */
  startedBy: z.string().max(200).nullable(),
  tool: z.string(),
  /** The arguments, long strings shortened. */
  args: z.record(z.string(), z.unknown()),
  /** "Claude Desktop wants to list files changed since Monday in Documents". */
  description: z.string(),
  /** Epoch ms when the app received it. */
  receivedAt: z.number(),
  /** Epoch ms when the server refuses it unanswered (what the prompt counts down to). */
  refusedAt: z.number(),
  /** The app's own test request (the first run's "Send a test request"): no AI app asked. */
  test: z.literal(true).optional(),
});
/** @see pendingApprovalSchema */
export type PendingApproval = z.output<typeof pendingApprovalSchema>;

/** A request as the app's channel hands it to the queue: what it says, and how long it waits. */
export type IncomingApproval = Omit<
  PendingApproval,
  'id' | 'description' | 'receivedAt' | 'refusedAt'
> & {
  /** How long its server waits for the answer. */
  waitMs: number;
};

/**
 * Every waiting request, in the order they are shown: those whose process was checked first, then
 * the rest, each oldest first (one that cannot prove which program sent it never pushes one that
 * can out of sight); `current` is the first.
 */
export const approvalQueueStateSchema = z.strictObject({
  pending: z.array(pendingApprovalSchema),
  current: pendingApprovalSchema.nullable(),
});
/** @see approvalQueueStateSchema */
export type ApprovalQueueState = z.output<typeof approvalQueueStateSchema>;

/** The person's answer to one request (the `approval:answer` payload). */
export const approvalAnswerRequestSchema = z.strictObject({
  id: z.string().min(1).max(100),
  answer: approvalAnswerSchema,
});
/** @see approvalAnswerRequestSchema */
export type ApprovalAnswerRequest = z.output<typeof approvalAnswerRequestSchema>;
