// Test helpers: real temp trees with real times, and the built server spawned over stdio with
// the SDK's Client + StdioClientTransport. No file-system mocks.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { SERVER_BUNDLE } from './repo.js';
import { waitFor } from './time.js';

/** The built server entry (`npm test` builds it first). */
export const SERVER_ENTRY = SERVER_BUNDLE;

/** A running server and a connected client. */
export interface ServerHandle {
  client: Client;
  transport: StdioClientTransport;
  /** stderr of the server so far. */
  stderr(): string;
  close(): Promise<void>;
}

/**
 * The servers a test file starts, each closed after the test that started it: call at the top
 * of the file (or of a describe) and start servers with `start`, as with startServer.
 */
export function useServers(defaults: Record<string, string> = {}): {
  start(args: string[], env?: Record<string, string>): Promise<ServerHandle>;
} {
  const handles: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((h) => h.close()));
  });
  return {
    async start(args, env = {}) {
      const h = await startServer(args, { ...defaults, ...env });
      handles.push(h);
      return h;
    },
  };
}

/** Spawns the built server with `args` and connects an SDK client to it over stdio. */
export async function startServer(
  args: string[],
  env: Record<string, string> = {},
  options: { cwd?: string } = {},
): Promise<ServerHandle> {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'foldergate-tests', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    transport,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** Waits until the server's stderr matches `pattern`; returns it. */
export async function waitForStderr(h: ServerHandle, pattern: RegExp, ms = 5_000): Promise<string> {
  await waitFor(`stderr to match ${pattern}`, () => pattern.test(h.stderr()), ms);
  return h.stderr();
}

/** Calls a tool and returns the raw result (isError results included). */
export async function callTool(
  handle: ServerHandle,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await handle.client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of the first content item. */
export function firstText(result: CallToolResult): string {
  const item = result.content[0];
  if (!item || item.type !== 'text') throw new Error('result has no text content');
  return item.text;
}

/** The error code of an isError result (from its `ErrorCode: X` first line). */
export function errorCode(result: CallToolResult): string | null {
  if (!result.isError) return null;
  const match = /^ErrorCode: (\S+)/.exec(firstText(result));
  return match?.[1] ?? null;
}

/** Makes a fresh temp folder (realpath'd, so comparisons with results are exact). */
export function makeTempDir(prefix = 'fg-test-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** Removes a temp folder, restoring permissions first so nothing is left behind. */
export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** A file to create: relative path, content, and modified time (ISO string or epoch ms). */
export interface FileSpec {
  path: string;
  mtime: string | number;
  content?: string;
}

/** Creates files (and their folders) under `root` with the given modified times. */
export function writeTree(root: string, files: FileSpec[]): void {
  for (const file of files) {
    const abs = path.join(root, file.path);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, file.content ?? file.path);
    const t =
      typeof file.mtime === 'number' ? file.mtime / 1000 : new Date(file.mtime).getTime() / 1000;
    fs.utimesSync(abs, t, t);
  }
}

/** Sets a folder's modified time (after its contents were written). */
export function setDirTime(dir: string, mtime: string): void {
  const t = new Date(mtime).getTime() / 1000;
  fs.utimesSync(dir, t, t);
}
