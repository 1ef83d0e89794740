// Reads one stdio line as one JSON-RPC message, or says which JSON-RPC error answers it. The SDK's
// own stdio transport drops anything it cannot parse without a word, which leaves a client (or a
// person typing requests) waiting forever; JSON-RPC 2.0 wants an error answer instead.
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/server';
import { errorReply, isPlainObject, RPC_ERROR as ErrorCode, type ErrorReply } from './json-rpc.js';
import type { RequestRefusal } from './request-params.js';

/** What one line amounts to. */
export type Inbound =
  | { kind: 'message'; message: JSONRPCMessage }
  /** Refused: `replies` answer it (possibly none, for a malformed response) and `reason` is logged. */
  | { kind: 'refused'; replies: ErrorReply[]; reason: string }
  | { kind: 'blank' };

/** How the full server reads each line (stdio-transport.ts hands it every line it reads). */
export interface LineReader {
  /** Classifies a line (readInboundLine). */
  readLine(line: string): Inbound;
  /** Looks at each valid request before the SDK does; a refusal is sent as its error answer. */
  screenRequest?(request: JSONRPCRequest): RequestRefusal | null;
  /** Told of each request its cancellation dropped before it started (it never runs). */
  dropped?(request: JSONRPCRequest): void;
}

const BATCH_MESSAGE =
  'Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send each message as its own line.';

/** Classifies one line (without its newline). */
export function readInboundLine(line: string): Inbound {
  if (line.trim() === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return {
      kind: 'refused',
      replies: [
        errorReply(
          null,
          ErrorCode.ParseError,
          'Parse error: the line is not valid JSON; send one JSON-RPC message per line.',
        ),
      ],
      reason: 'a line that is not JSON',
    };
  }
  if (Array.isArray(value)) {
    // Every request in the batch is refused by its own id, so that a client waiting for those ids
    // gets its answers at once; nothing in the batch is run.
    const ids = value.map(requestIdOf).filter((id): id is RequestId => id !== null);
    const replies = (ids.length > 0 ? ids : [null]).map((id) =>
      errorReply(id, ErrorCode.InvalidRequest, BATCH_MESSAGE),
    );
    return { kind: 'refused', replies, reason: `a JSON-RPC batch of ${value.length}` };
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (parsed.success) return { kind: 'message', message: parsed.data };
  const problem = describeInvalid(value);
  if (isResponseShaped(value)) {
    // Answering a response could start an error ping-pong between two peers; log it only.
    return { kind: 'refused', replies: [], reason: `an invalid response: ${problem}` };
  }
  return {
    kind: 'refused',
    replies: [errorReply(validId(value), ErrorCode.InvalidRequest, `Invalid Request: ${problem}`)],
    reason: `an invalid request: ${problem}`,
  };
}

function validId(value: unknown): RequestId | null {
  if (!isPlainObject(value)) return null;
  const { id } = value;
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id as RequestId) : null;
}

function requestIdOf(value: unknown): RequestId | null {
  return isPlainObject(value) && 'method' in value ? validId(value) : null;
}

function isResponseShaped(value: unknown): boolean {
  return isPlainObject(value) && !('method' in value) && ('result' in value || 'error' in value);
}

const MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);

/** One sentence on why `value` is not a JSON-RPC 2.0 message. */
function describeInvalid(value: unknown): string {
  if (!isPlainObject(value)) return 'a message must be a JSON object.';
  if (value.jsonrpc !== '2.0') return `"jsonrpc" must be "2.0".`;
  if ('id' in value && validId(value) === null)
    return value.id === null
      ? '"id" must be a string or an integer; null is not allowed (a notification has no "id").'
      : '"id" must be a string or an integer.';
  const unknown = Object.keys(value).find((key) => !MEMBERS.has(key));
  if (unknown !== undefined) return `unexpected member ${JSON.stringify(unknown)}.`;
  if ('method' in value) {
    if (typeof value.method !== 'string') return '"method" must be a string.';
    if ('params' in value && !isPlainObject(value.params)) return '"params" must be an object.';
    return 'the message does not fit a JSON-RPC request or notification.';
  }
  if (isResponseShaped(value)) return 'the response has a malformed "result" or "error".';
  return 'a request needs "method" (and "id"), a response needs "id" and "result" or "error".';
}
