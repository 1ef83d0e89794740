// The built server spawned with child_process, for tests that write raw JSON-RPC lines (or bytes
// no client library would send) and read stdout line by line.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { SERVER_ENTRY } from './mcp-server.js';
import { waitFor } from './time.js';

/** One message read from the server's stdout. */
export interface RawMessage {
  jsonrpc?: string;
  id?: string | number | null;
  method?: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** A server spawned directly, with its stdout and stderr collected. */
export interface RawServer {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** stdout parsed, one message per complete line. */
  messages(): RawMessage[];
  /** Writes one line (a string as is, anything else as JSON) followed by `\n`. */
  send(line: string | object): void;
  /** Waits for the first message with this id and returns it. */
  reply(id: string | number | null, ms?: number): Promise<RawMessage>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the process exited and its stdout and stderr were read to their end. */
  closed: Promise<void>;
}

/** Spawns `node mcp-server/dist/index.js …args` (or another copy of the entry). */
export function spawnRaw(
  args: string[],
  env: Record<string, string> = {},
  entry = SERVER_ENTRY,
): RawServer {
  const child = spawn(process.execPath, [entry, ...args], {
    stdio: 'pipe',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // A write to a server that already exited must fail the test's expectations, not crash vitest.
  child.stdin.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const messages = () =>
    stdout
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as RawMessage);
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    messages,
    send: (line) => {
      child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
    },
    reply: async (id, ms) => {
      await waitFor(`the reply to id ${String(id)}`, () => messages().some((m) => m.id === id), ms);
      return messages().find((m) => m.id === id)!;
    },
    exited,
    closed,
  };
}

/** An initialize request with the given id and protocol version. */
export function initializeRequest(id: number, protocolVersion = '2025-11-25'): object {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
}

/**
 * Fills the listing cache for a server started with `args` and the settings in force now, as any
 * first server does: one connects, lists and leaves (its full server writes the listing), so the
 * next servers with the same command line and settings answer from their front desk.
 */
export async function primeListing(args: string[]): Promise<void> {
  const raw = spawnRaw(args);
  try {
    raw.send(initializeRequest(1));
    await raw.reply(1);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    raw.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await raw.reply(2);
  } finally {
    raw.child.stdin.end();
    await raw.exited;
  }
}
