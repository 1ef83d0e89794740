import * as z from 'zod';
import { ToolError } from '../errors/errors.js';
import { SORTS, type Sort } from './search-by-time.js';

/** The cursor format version this build writes and reads. */
export const CURSOR_VERSION = 1;

const position = z.string().max(8192);

const cursorSchema = z.strictObject({
  v: z.literal(CURSOR_VERSION),
  /** Hash of the query the cursor belongs to. */
  q: z.string().min(1).max(64),
  /** The sort of the query. */
  s: z.enum(SORTS),
  /** Walk start: continue strictly after this position (a '/'-separated path below the start folder). */
  ws: position.nullable(),
  /** Region end, inclusive, when `fx` (null: the end of the tree). */
  we: position.nullable(),
  /** The region (ws, we] was fixed by an earlier page: rescan exactly it. */
  fx: z.boolean(),
  /** The last key returned within the region (time sorts): continue strictly after it. */
  a: z.strictObject({ t: z.number().nullable(), p: position }).nullable(),
});

/** The decoded content of an opaque `nextCursor`. */
export type SearchCursor = z.output<typeof cursorSchema>;

/** Encodes a cursor as opaque base64url JSON. */
export function encodeCursor(cursor: SearchCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes a cursor and checks it belongs to this query and sort; throws CursorInvalid,
 * CursorVersionMismatch or CursorSortMismatch otherwise.
 */
export function decodeCursor(text: string, sort: Sort, queryHash: string): SearchCursor {
  const raw = decodeJson(text);
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw cursorInvalid();
  const version = (raw as { v?: unknown }).v;
  if (version !== CURSOR_VERSION) {
    if (typeof version !== 'number') throw cursorInvalid();
    throw new ToolError(
      'CursorVersionMismatch',
      `The cursor has version ${version}; this server reads version ${CURSOR_VERSION}.`,
      'Omit cursor and start again from the first page.',
    );
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) throw cursorInvalid();
  const cursor = parsed.data;
  if (cursor.s !== sort) {
    throw new ToolError(
      'CursorSortMismatch',
      `The cursor was made for sort '${cursor.s}', but this request uses sort '${sort}'.`,
      `Repeat the request with sort '${cursor.s}', or omit cursor to start again.`,
    );
  }
  if (cursor.q !== queryHash) {
    throw new ToolError(
      'CursorInvalid',
      'The cursor belongs to a different query.',
      'Pass the cursor only with the same arguments as the page it came from (limit may change), or omit it.',
    );
  }
  return cursor;
}

/** A short stable hash (53-bit cyrb53, hex) of a query's JSON, binding cursors to it. */
export function hashQuery(query: unknown): string {
  const text = JSON.stringify(query);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

function decodeJson(text: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length === 0) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

function cursorInvalid(): ToolError {
  return new ToolError(
    'CursorInvalid',
    'The cursor is not a cursor this server issued (it could not be decoded).',
    'Pass nextCursor exactly as returned, or omit cursor to start from the first page.',
  );
}
