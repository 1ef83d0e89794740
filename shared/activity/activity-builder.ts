import {
  ACTIVITY_ARG_MAX_CHARS,
  ACTIVITY_RECORD_VERSION,
  isSecurityErrorCode,
  type ActivityClient,
  type ActivityDecision,
  type ActivityRecord,
  type ActivitySearch,
} from './activity.js';
import { parseToolErrorText } from '../errors/errors.js';
import { isSearchTool } from '../tools/search-by-time.js';

// Turns what the server's tools/call handler saw into one activity record, so that the wiring is
// one call. Pure: no clock, no process, no file system; the caller passes them in.

/** The part of an MCP CallToolResult the builder reads. */
export interface ActivityToolResult {
  isError?: boolean | undefined;
  content?: ReadonlyArray<{ type: string; text?: string }> | undefined;
  structuredContent?: Record<string, unknown> | undefined;
}

/** An allowed folder as the server's config holds it. */
export interface ActivityRoot {
  name: string;
  path: string;
}

/** Everything {@link buildActivityRecord} needs about one finished tool call. */
export interface ActivityCallFacts {
  /** Epoch ms when the call started and ended. */
  startedAt: number;
  endedAt: number;
  pid: number;
  /** Who asked (runtime/caller.ts): the reported name and version, and the entry's app; null before initialize. */
  client: { name: string; version: string; app?: string | undefined } | null | undefined;
  /** The tool name as called. */
  tool: string;
  args: unknown;
  /** The allowed folders in force for the call, and the default one (null = the first). */
  roots: readonly ActivityRoot[];
  defaultRoot?: string | null | undefined;
  /** The answer sent, or undefined when the handler threw. */
  result?: ActivityToolResult | undefined;
  /** What the handler threw (a cancellation, an unknown tool's McpError). */
  thrown?: unknown;
  /** The request's AbortSignal fired (the client cancelled or the call timed out client-side). */
  aborted?: boolean | undefined;
  decision?: ActivityDecision | undefined;
  /** The Search preview's search over several folders this call is a page of. */
  previewSearch?: { id: string; folders: number } | undefined;
  /** What the walk had looked at when the call ended without an answer (cancelled). */
  scannedSoFar?: { scannedFiles: number; scannedDirectories: number } | undefined;
}

const MESSAGE_MAX_CHARS = 1000;

/** Builds the activity record of one tool call (see {@link ActivityCallFacts}). */
export function buildActivityRecord(facts: ActivityCallFacts): ActivityRecord {
  const isSearch = isSearchTool(facts.tool);
  const args = sanitizeArgs(facts.args, isSearch ? facts.roots : []);
  const { outcome, errorCode, errorMessage } = outcomeOf(facts);
  const record: ActivityRecord = {
    v: ACTIVITY_RECORD_VERSION,
    time: new Date(facts.startedAt).toISOString(),
    durationMs: Math.max(0, Math.round(facts.endedAt - facts.startedAt)),
    pid: facts.pid,
    client: clientOf(facts.client),
    tool: facts.tool,
    outcome,
    errorCode,
    errorMessage,
    security: isSecurityErrorCode(errorCode),
    args,
  };
  if (isSearch) record.search = searchOf(facts, args);
  if (facts.decision) record.decision = facts.decision;
  if (facts.previewSearch) record.previewSearch = facts.previewSearch;
  return record;
}

function clientOf(client: ActivityCallFacts['client']): ActivityClient | null {
  if (!client) return null;
  const named = {
    name: String(client.name).slice(0, 200),
    version: String(client.version).slice(0, 200),
  };
  return typeof client.app === 'string' ? { ...named, app: client.app.slice(0, 64) } : named;
}

function outcomeOf(facts: ActivityCallFacts): {
  outcome: ActivityRecord['outcome'];
  errorCode: string | null;
  errorMessage: string | null;
} {
  if (facts.aborted) return { outcome: 'cancelled', errorCode: null, errorMessage: null };
  if (facts.result && !facts.result.isError) {
    return { outcome: 'ok', errorCode: null, errorMessage: null };
  }
  if (facts.result) {
    const text = facts.result.content?.find((c) => c.type === 'text')?.text ?? '';
    const parsed = parseToolErrorText(text);
    return {
      outcome: 'error',
      errorCode: parsed?.code ?? 'Unknown',
      errorMessage: clip(parsed?.message ?? text, MESSAGE_MAX_CHARS),
    };
  }
  // A throw: the SDK answers with a JSON-RPC error (an McpError carries its numeric code).
  const thrown = facts.thrown;
  const rpc =
    typeof thrown === 'object' && thrown !== null && 'code' in thrown
      ? (thrown as { code: unknown }).code
      : undefined;
  // McpError prefixes its message with "MCP error <code>: ", which the code already says.
  const message = (thrown instanceof Error ? thrown.message : String(thrown)).replace(
    /^MCP error -?\d+: /,
    '',
  );
  return {
    outcome: 'error',
    errorCode: rpc === -32602 ? 'RpcInvalidParams' : typeof rpc === 'number' ? `Rpc${rpc}` : 'Rpc',
    errorMessage: clip(message, MESSAGE_MAX_CHARS),
  };
}

function searchOf(facts: ActivityCallFacts, args: Record<string, unknown>): ActivitySearch {
  const structured = facts.result && !facts.result.isError ? facts.result.structuredContent : null;
  const matches = Array.isArray(structured?.matches) ? (structured.matches as unknown[]) : [];
  const absolute = matches
    .map((m) => (typeof m === 'object' && m !== null ? (m as { path?: unknown }).path : null))
    .filter((p): p is string => typeof p === 'string');
  const first = absolute[0];
  const root =
    (first !== undefined ? rootContaining(first, facts.roots) : undefined) ??
    namedRoot(args.root, facts.roots, facts.defaultRoot ?? null);
  const stats = (structured?.stats ?? facts.scannedSoFar ?? {}) as Record<string, unknown>;
  return {
    root: root?.name ?? null,
    matchCount: absolute.length,
    partial: typeof structured?.nextCursor === 'string',
    scannedFiles: nonNegative(stats.scannedFiles),
    scannedDirectories: nonNegative(stats.scannedDirectories),
    paths: absolute.map((p) => relativeTo(p, root)),
  };
}

/** The root a call named: by name, by absolute path, or the default when it named none. */
function namedRoot(
  requested: unknown,
  roots: readonly ActivityRoot[],
  defaultRoot: string | null,
): ActivityRoot | undefined {
  if (requested === undefined || requested === '') {
    return (
      (defaultRoot !== null ? roots.find((r) => samePath(r.path, defaultRoot)) : undefined) ??
      roots[0]
    );
  }
  if (typeof requested !== 'string') return undefined;
  return roots.find((r) => r.name === requested) ?? roots.find((r) => samePath(r.path, requested));
}

function rootContaining(p: string, roots: readonly ActivityRoot[]): ActivityRoot | undefined {
  let best: ActivityRoot | undefined;
  let bestLength = -1;
  for (const root of roots) {
    const rootSegments = segments(root.path);
    const own = segments(p);
    const windows = isWindowsPath(root.path);
    const inside =
      own.length > rootSegments.length &&
      rootSegments.every((s, i) => sameSegment(s, own[i] ?? '', windows));
    if (inside && rootSegments.length > bestLength) {
      best = root;
      bestLength = rootSegments.length;
    }
  }
  return best;
}

/** The match path relative to its root, '/'-separated; the last segment alone when outside. */
function relativeTo(p: string, root: ActivityRoot | undefined): string {
  const own = segments(p);
  if (root) {
    const rootSegments = segments(root.path);
    const windows = isWindowsPath(root.path);
    if (
      own.length > rootSegments.length &&
      rootSegments.every((s, i) => sameSegment(s, own[i] ?? '', windows))
    ) {
      return own.slice(rootSegments.length).join('/');
    }
  }
  return own[own.length - 1] ?? '';
}

// Compared by segment, never by string prefix (`/data/docs-evil` is not inside `/data/docs`).
// Shared code has no `path` module: both separators split, and a drive letter or backslash
// marks Windows rules (case-insensitive names).
function segments(p: string): string[] {
  return p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

function isWindowsPath(p: string): boolean {
  return /^[A-Za-z]:/.test(p) || p.includes('\\');
}

function sameSegment(a: string, b: string, windows: boolean): boolean {
  return windows ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function samePath(a: string, b: string): boolean {
  const x = segments(a);
  const y = segments(b);
  const windows = isWindowsPath(a) || isWindowsPath(b);
  return (
    (a.startsWith('/') || /^[A-Za-z]:/.test(a) || a.startsWith('\\')) &&
    x.length === y.length &&
    x.every((s, i) => sameSegment(s, y[i] ?? '', windows))
  );
}

/**
 * A copy of the arguments that is safe and small to store: an allowed root's absolute path
 * becomes its name (the log never holds where the user's folders are), long strings are cut.
 */
function sanitizeArgs(args: unknown, roots: readonly ActivityRoot[]): Record<string, unknown> {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return args === undefined || args === null ? {} : { _value: clipValue(args, 0) };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (key === 'root' && typeof value === 'string') {
      const root = roots.find((r) => samePath(r.path, value));
      out[key] = root ? root.name : clip(value, ACTIVITY_ARG_MAX_CHARS);
    } else {
      out[key] = clipValue(value, 0);
    }
  }
  return out;
}

function clipValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clip(value, ACTIVITY_ARG_MAX_CHARS);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= 8) return '…';
  if (Array.isArray(value)) return value.slice(0, 1000).map((v) => clipValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value).slice(0, 1000)) out[key] = clipValue(v, depth + 1);
  return out;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function nonNegative(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}
