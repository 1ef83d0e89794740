// The JSON-RPC pieces the stdio front needs before the MCP SDK is loaded (protocol/front-desk.ts):
// error codes, error answers and a cheap id for an oversized line. No zod and no SDK values here:
// an idle server that only listed its tools never loads either (issue 20, five idle servers).
import type { RequestId } from '@modelcontextprotocol/server';

/** JSON-RPC 2.0's error codes, as the SDK's `ErrorCode` numbers them. */
export const RPC_ERROR = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

/** A JSON-RPC error answer; `id` is null when the request's id cannot be known. */
export interface ErrorReply {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string };
}

/** Builds an error answer. */
export function errorReply(id: RequestId | null, code: number, message: string): ErrorReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/**
 * The id of an oversized message when its first or last bytes show it cheaply: `{"jsonrpc":
 * "2.0","id":…` at the start (most clients) or `,"id":…}` at the very end (the TypeScript SDK,
 * which writes the id last); null otherwise.
 */
export function cheapRequestId(head: string, tail: string): RequestId | null {
  const atHead =
    /^\s*\{\s*(?:"jsonrpc"\s*:\s*"[^"\\]*"\s*,\s*)?"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,128}")\s*[,}]/.exec(
      head,
    );
  const atTail = /[,{]\s*"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,128}")\s*\}\s*$/.exec(tail);
  const raw = atHead?.[1] ?? atTail?.[1];
  return raw === undefined ? null : (JSON.parse(raw) as RequestId);
}

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a message read from a line is a request (it has a method and an id). */
export function isRequestMessage(message: object): message is { id: RequestId; method: string } {
  return 'method' in message && 'id' in message;
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The path of the first key that names an object's prototype (`__proto__`, `constructor`,
 * `prototype`), at any depth; null when there is none. JSON.parse makes such keys own keys; the
 * SDK's schemas would copy `__proto__` into an object's prototype. No request this server handles
 * takes one, so a request with one is refused before anything reads it (request-params.ts), and
 * the front desk hands it to the full server to refuse.
 */
export function prototypeKeyPath(value: unknown, where: string, depth = 0): string | null {
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const key of Object.keys(value)) {
    const at = `${where}.${key}`;
    if (PROTOTYPE_KEYS.has(key)) return at;
    const inner = prototypeKeyPath((value as Record<string, unknown>)[key], at, depth + 1);
    if (inner !== null) return inner;
  }
  return null;
}
