// Protocol behaviour of the real built server: progress notifications, cancellation, a
// responsive event loop during a big scan, exit when stdin closes, and stdout carrying JSON-RPC
// only. The big tree is built once (200,000 empty files) so a scan lasts long enough to report
// progress.
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput } from '#shared/tools/search-by-time.js';
import { CANCELLED_SCAN_STOPPED } from '#server/scan/scan-stopped.js';
import {
  callTool,
  errorCode,
  makeTempDir,
  removeTempDir,
  startServer,
  writeTree,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { spawnRaw, type RawServer } from '#testing/raw-server.js';
import { scaled, waitFor } from '#testing/time.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const BIG_FOLDERS = 200;
const FILES_PER_FOLDER = 1000;
const BIG_FILES = BIG_FOLDERS * FILES_PER_FOLDER;
const BIG_ARGS = { timeField: 'modified', limit: 10 } as const;
const NO_TIME_LIMIT_MS = 3_600_000;

let bigRoot: string;
let server: ServerHandle;
const clientErrors: Error[] = [];

beforeAll(async () => {
  bigRoot = makeTempDir('fg-proto-big-');
  // Hard links to one empty file per folder: far faster to make than new files, and the same to
  // scan (one file may have at most 65,000 links on ext4).
  for (let d = 0; d < BIG_FOLDERS; d++) {
    const dir = path.join(bigRoot, `d${String(d).padStart(3, '0')}`);
    fs.mkdirSync(dir);
    const source = path.join(dir, 'f0.txt');
    fs.writeFileSync(source, '');
    for (let f = 1; f < FILES_PER_FOLDER; f++) fs.linkSync(source, path.join(dir, `f${f}.txt`));
  }
  // No time limit cuts a walk of the big tree, however busy the machine: these tests count what
  // a whole walk scanned, and how fast it walks is the bench's question.
  server = await startServer(['--root', bigRoot, '--timeout-ms', String(NO_TIME_LIMIT_MS)]);
  server.client.onerror = (error) => clientErrors.push(error);
}, scaled(120_000));

afterAll(async () => {
  await server?.close();
  if (bigRoot) removeTempDir(bigRoot);
});

/** Starts a big search; resolves `progressed` at its first progress notification. */
function bigSearch(options: { signal?: AbortSignal } = {}) {
  const progress: Progress[] = [];
  let onFirst: () => void = () => undefined;
  const progressed = new Promise<void>((resolve) => (onFirst = resolve));
  let settled = false;
  const done = server.client
    .callTool({ name: TOOL, arguments: BIG_ARGS }, undefined, {
      timeout: scaled(60_000),
      ...options,
      onprogress: (p) => {
        progress.push(p);
        onFirst();
      },
    })
    .finally(() => {
      settled = true;
    });
  return { done, progressed, progress, isSettled: () => settled };
}

describe('progress', () => {
  it('sends increasing notifications/progress while a big search runs', async () => {
    // A second search at the same time halves each one's share of the CPU, so the scan lasts
    // past the server's 250 ms progress interval even on a fast machine.
    const [tracked, companion] = [bigSearch(), bigSearch()];
    const [result] = await Promise.all([tracked.done, companion.done]);
    expect(result.isError).toBeFalsy();
    const stats = searchOutput(result).stats;
    expect(stats.scannedFiles).toBe(BIG_FILES);
    expect(tracked.progress.length).toBeGreaterThanOrEqual(1);
    const values = tracked.progress.map((p) => p.progress);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
    expect(values[0]).toBeGreaterThan(0);
    expect(values.at(-1)).toBeLessThanOrEqual(stats.scannedFiles + stats.scannedDirectories);
    expect(tracked.progress[0]!.message).toMatch(/Scanned [\d,]+ files/);
  });

  it('sends no progress when the request has no progress token', async () => {
    const before = clientErrors.length;
    const result = await callTool(server, TOOL, { ...BIG_ARGS });
    expect(result.isError).toBeFalsy();
    expect(clientErrors.slice(before)).toEqual([]);
  });
});

describe('responsiveness and cancellation', () => {
  it('answers tools/list while a big search runs', async () => {
    const search = bigSearch();
    await search.progressed; // the search is under way on the server
    const list = await server.client.listTools();
    expect(list.tools.map((t) => t.name)).toContain(TOOL);
    expect(search.isSettled()).toBe(false);
    await search.done;
  });

  it('stops a cancelled search and stays responsive', async () => {
    // What the server reads is visible in the folders' access times (relatime updates an atime
    // older than a day on readdir), so a scan that went on after cancellation would show.
    const folders = fs.readdirSync(bigRoot).map((name) => path.join(bigRoot, name));
    const OLD = new Date('2000-01-01T00:00:00Z');
    for (const dir of folders) fs.utimesSync(dir, OLD, fs.statSync(dir).mtime);
    const unread = () => folders.filter((dir) => fs.statSync(dir).atimeMs === OLD.getTime()).length;

    const controller = new AbortController();
    const search = bigSearch({ signal: controller.signal });
    await search.progressed;
    controller.abort('test cancels');
    await expect(search.done).rejects.toThrow(/test cancels/);

    // Still answering, and correctly.
    const list = await server.client.listTools();
    expect(list.tools.map((t) => t.name)).toContain(TOOL);
    const bad = await callTool(server, TOOL, { timeField: 'modified', path: '/abs' });
    expect(errorCode(bad)).toBe('PathNotRelative');
    // What the cancelled scan read, counted once it has stopped (the server says so: nothing of
    // it reads after that line).
    await waitFor('the cancelled scan to stop', () =>
      server.stderr().includes(CANCELLED_SCAN_STOPPED),
    );
    const unreadAfterCancel = unread();

    const full = await callTool(server, TOOL, { ...BIG_ARGS });
    expect(searchOutput(full).stats.scannedFiles).toBe(BIG_FILES);
    const unreadAfterFull = unread();
    // Without access-time tracking (noatime) nothing can be seen; with it, a full scan reads
    // every folder and the cancelled one left some unread.
    if (unreadAfterFull === 0) expect(unreadAfterCancel).toBeGreaterThan(0);
    else expect(unreadAfterFull).toBe(folders.length);
  });
});

describe('the stdio process', () => {
  let root: string;
  const raws: RawServer[] = [];
  const configDirs: string[] = [];

  beforeAll(() => {
    root = makeTempDir('fg-proto-raw-');
    writeTree(root, [{ path: 'notes/a.txt', mtime: '2025-01-02T03:04:05Z' }]);
  });

  afterAll(() => {
    for (const raw of raws) if (raw.child.exitCode === null) raw.child.kill();
    if (root) removeTempDir(root);
    for (const dir of configDirs) removeTempDir(dir);
  });

  it('exits when stdin closes', async () => {
    const raw = spawnRaw(['--root', root]);
    raws.push(raw);
    await waitFor('the ready line', () => /ready on stdio/.test(raw.stderr()));
    raw.child.stdin.end();
    const timeout = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), scaled(5000)).unref(),
    );
    expect(await Promise.race([raw.exited, timeout])).toEqual({ code: 0, signal: null });
  });

  it('writes only JSON-RPC messages to stdout, logs to stderr', async () => {
    // An unusable settings file makes the server log on every call, next to the JSON-RPC output.
    const configDir = makeTempDir('fg-proto-config-');
    configDirs.push(configDir);
    fs.writeFileSync(path.join(configDir, 'settings.json'), '{ not json');
    const raw = spawnRaw(['--root', root, '--config-dir', configDir]);
    raws.push(raw);
    const send = (message: object) => raw.child.stdin.write(`${JSON.stringify(message)}\n`);
    const responses = () =>
      raw
        .stdout()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { id?: number });
    const waitForId = (id: number) =>
      waitFor(`response ${id}`, () => responses().some((m) => m.id === id));

    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    });
    await waitForId(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: TOOL, arguments: { timeField: 'modified' } },
    });
    send({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: {
        name: TOOL,
        arguments: { timeField: 'modified', path: '../x' },
        _meta: { progressToken: 'p' },
      },
    });
    send({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'no.such_tool', arguments: {} },
    });
    raw.child.stdin.write('this is not json\n');
    send({ jsonrpc: '2.0', id: 6, method: 'ping' });
    for (const id of [2, 3, 4, 5, 6]) await waitForId(id);

    const lines = raw.stdout().split('\n');
    expect(lines.at(-1)).toBe(''); // every message ends with a newline
    for (const line of lines.slice(0, -1)) {
      const message = JSON.parse(line) as Record<string, unknown>;
      expect(message.jsonrpc, line).toBe('2.0');
      const isResponse = 'id' in message && ('result' in message || 'error' in message);
      const isNotification = typeof message.method === 'string' && !('id' in message);
      expect(isResponse || isNotification, line).toBe(true);
    }
    interface Reply {
      id?: number | null;
      result?: { structuredContent?: SearchOutput; content?: { text?: string }[] };
      error?: { code: number };
    }
    const byId = new Map((responses() as Reply[]).map((m) => [m.id, m]));
    const found = byId.get(3)?.result?.structuredContent?.matches.map((m) => m.path);
    expect(found).toEqual([path.join(root, 'notes', 'a.txt')]);
    expect(byId.get(4)?.result?.content?.[0]?.text).toMatch(/^ErrorCode: PathTraversalDetected\n/);
    expect(byId.get(5)?.error?.code).toBe(-32602);
    expect(byId.get(null)?.error?.code).toBe(-32700); // the line that is not JSON
    // stderr and stdout are separate pipes: the log line may land after the responses.
    await waitFor('the settings problem on stderr', () =>
      /settings file .* could not be used/.test(raw.stderr()),
    );
    expect(raw.stdout()).not.toMatch(/could not be used|ready on stdio/);
    raw.child.stdin.end();
    await raw.exited;
  });
});
