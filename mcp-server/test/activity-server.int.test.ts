// The activity log as the built server writes it: real server processes over stdio (the SDK's
// Client, each with its own client name), real settings files, one real audit folder shared by
// all of them. Every tools/call must leave exactly one valid record, however it ends.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseActivityLine, type ActivityRecord } from '#shared/activity/activity.js';
import { SERVER_ENTRY, makeTempDir, removeTempDir, writeTree } from '#testing/mcp-server.js';
import { scaled, waitFor } from '#testing/time.js';

const TOOL = 'fs.search_by_time';

/** A server process and the SDK client connected to it under `clientName`. */
interface Session {
  client: Client;
  stderr(): string;
  pid: number | null;
  close(): Promise<void>;
}

const sessions: Session[] = [];

async function connect(
  args: string[],
  options: {
    clientName?: string;
    cwd?: string;
    env?: Record<string, string>;
    /** Closed by its describe block's afterAll, not after each test. */
    shared?: boolean;
  } = {},
): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, ...args],
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stderr: 'pipe',
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: options.clientName ?? 'activity-tests', version: '2.5.0' });
  await client.connect(transport);
  const session: Session = {
    client,
    stderr: () => stderr,
    pid: transport.pid,
    close: () => client.close(),
  };
  if (!options.shared) sessions.push(session);
  return session;
}

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

let base: string;
let docs: string;
beforeAll(() => {
  base = makeTempDir('fg-activity-');
  docs = path.join(base, 'docs');
  writeTree(docs, [
    { path: 'reports/q1.pdf', mtime: '2025-04-01T10:00:00Z' },
    { path: 'notes.txt', mtime: '2025-03-01T10:00:00Z' },
  ]);
});
afterAll(() => {
  if (base) removeTempDir(base);
});

/** A fresh folder under the test's base folder. */
function freshDir(name: string): string {
  const dir = path.join(base, `${name}-${Math.random().toString(36).slice(2, 8)}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes settings.json the way the app does (temp file + rename), so a server sees a new file. */
function writeSettings(configDir: string, settings: Record<string, unknown>): void {
  const file = path.join(configDir, 'settings.json');
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(settings));
  fs.renameSync(`${file}.tmp`, file);
}

/** Every line of every day file in `auditDir` (no folder = no lines). */
function auditLines(auditDir: string): string[] {
  if (!fs.existsSync(auditDir)) return [];
  return fs
    .readdirSync(auditDir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) => fs.readFileSync(path.join(auditDir, name), 'utf8').split('\n'))
    .filter((line) => line !== '');
}

/** Every record in `auditDir`; a line that does not parse against the schema fails the test. */
function auditRecords(auditDir: string): ActivityRecord[] {
  return auditLines(auditDir).map((line) => {
    const record = parseActivityLine(line);
    expect(record, line).not.toBeNull();
    return record!;
  });
}

function search(session: Session, args: Record<string, unknown>): Promise<CallToolResult> {
  return session.client.callTool({ name: TOOL, arguments: args }) as Promise<CallToolResult>;
}

describe('8 server processes writing one audit folder', () => {
  const CLIENTS = 8;
  const CALLS = 500;
  const IN_FLIGHT = 25;

  it(
    'record exactly 4,000 whole, valid lines: 500 per client, 400 errors',
    async () => {
      const auditDir = freshDir('audit-shared');
      const clients = await Promise.all(
        Array.from({ length: CLIENTS }, (_, n) =>
          connect(['--root', docs, '--audit-dir', auditDir], { clientName: `client-${n}` }),
        ),
      );
      const outcomes = await Promise.all(
        clients.map(async (session) => {
          let errors = 0;
          for (let i = 0; i < CALLS; i += IN_FLIGHT) {
            const batch = Array.from({ length: IN_FLIGHT }, (_, k) => i + k).map((call) =>
              // One call in ten fails with a bad argument.
              search(session, { timeField: call % 10 === 9 ? 'sometime' : 'modified', limit: 1 }),
            );
            for (const result of await Promise.all(batch)) if (result.isError) errors++;
          }
          return errors;
        }),
      );
      expect(outcomes).toEqual(Array(CLIENTS).fill(CALLS / 10));

      // Each record is written before its answer is sent, so every answered call is on disk now.
      const lines = auditLines(auditDir);
      expect(lines).toHaveLength(CLIENTS * CALLS);
      const records = auditRecords(auditDir);
      const perClient = new Map<string, number>();
      for (const r of records)
        perClient.set(r.client?.name ?? '', (perClient.get(r.client?.name ?? '') ?? 0) + 1);
      expect(Object.fromEntries(perClient)).toEqual(
        Object.fromEntries(clients.map((_, n) => [`client-${n}`, CALLS])),
      );
      const errors = records.filter((r) => r.outcome === 'error');
      expect(errors).toHaveLength((CLIENTS * CALLS) / 10);
      expect(new Set(errors.map((r) => r.errorCode))).toEqual(new Set(['InvalidEnum']));
      expect(records.filter((r) => r.outcome === 'ok')).toHaveLength((CLIENTS * CALLS * 9) / 10);
      expect(new Set(records.map((r) => r.pid))).toEqual(new Set(clients.map((c) => c.pid)));
      expect(records.every((r) => r.client?.version === '2.5.0' && r.tool === TOOL)).toBe(true);
    },
    scaled(120_000),
  );
});

describe('each way a call ends is recorded', () => {
  let configDir: string;
  let auditDir: string;
  let session: Session;
  let bigRoot: string;
  const BIG_FOLDERS = 100;
  const FILES_PER_FOLDER = 1000;

  beforeAll(async () => {
    // A tree big enough that a search of it is still running when the client gives up on it.
    bigRoot = freshDir('big');
    for (let d = 0; d < BIG_FOLDERS; d++) {
      const dir = path.join(bigRoot, `d${String(d).padStart(3, '0')}`);
      fs.mkdirSync(dir);
      const source = path.join(dir, 'f0.txt');
      fs.writeFileSync(source, '');
      for (let f = 1; f < FILES_PER_FOLDER; f++) fs.linkSync(source, path.join(dir, `f${f}.txt`));
    }
    configDir = freshDir('home');
    auditDir = path.join(configDir, 'audit');
    // A version 1 file, as an AI app registered before settings v2 still finds it until the app
    // is opened: the server reads it upgraded (recording on by default).
    writeSettings(configDir, {
      version: 1,
      roots: [
        { path: docs, name: 'Docs' },
        { path: bigRoot, name: 'Big' },
      ],
    });
    session = await connect(['--config-dir', configDir], { clientName: 'claude-ai', shared: true });
  }, scaled(120_000));

  afterAll(async () => {
    await session?.close();
  });

  /** Records of this session's server appended since `before` records. */
  const since = (before: number) => auditRecords(auditDir).slice(before);
  const count = () => auditLines(auditDir).length;

  it('an answered search: root by name, paths relative to it, never the absolute path', async () => {
    const before = count();
    const result = await search(session, { timeField: 'modified', root: docs, sort: 'path_asc' });
    expect(result.isError).toBeFalsy();
    const [record, ...more] = since(before);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      outcome: 'ok',
      tool: TOOL,
      client: { name: 'claude-ai', version: '2.5.0' },
      errorCode: null,
      security: false,
      args: { timeField: 'modified', root: 'Docs', sort: 'path_asc' },
      search: {
        root: 'Docs',
        matchCount: 2,
        partial: false,
        paths: ['notes.txt', 'reports/q1.pdf'],
      },
    });
    expect(record!.pid).toBe(session.pid);
    expect(Date.parse(record!.time)).toBeGreaterThan(Date.now() - 60_000);
    expect(auditLines(auditDir).at(-1)).not.toContain(docs);
  });

  it('a tool error, a refused escape (security), an unknown tool', async () => {
    const before = count();
    const bad = await search(session, { timeField: 'sometime' });
    expect(bad.isError).toBe(true);
    const escape = await search(session, { timeField: 'modified', path: '../../etc' });
    expect(escape.isError).toBe(true);
    const outside = await search(session, { timeField: 'modified', root: '/etc' });
    expect(outside.isError).toBe(true);
    await expect(
      session.client.callTool({ name: 'fs.delete_everything', arguments: { really: true } }),
    ).rejects.toThrow(/Unknown tool/);
    const records = since(before);
    expect(records.map((r) => [r.tool, r.outcome, r.errorCode, r.security])).toEqual([
      [TOOL, 'error', 'InvalidEnum', false],
      [TOOL, 'error', 'PathTraversalDetected', true],
      [TOOL, 'error', 'RootNotAllowed', true],
      ['fs.delete_everything', 'error', 'RpcInvalidParams', false],
    ]);
    expect(records[3]).toMatchObject({
      args: { really: true },
      errorMessage: expect.stringMatching(/^Unknown tool: fs\.delete_everything\./) as unknown,
    });
    expect(records[3]).not.toHaveProperty('search');
  });

  it('a call refused while AI access is paused', async () => {
    writeSettings(configDir, { version: 1, paused: true, roots: [{ path: docs, name: 'Docs' }] });
    const before = count();
    const result = await search(session, { timeField: 'modified' });
    expect(result.isError).toBe(true);
    writeSettings(configDir, {
      version: 1,
      roots: [
        { path: docs, name: 'Docs' },
        { path: bigRoot, name: 'Big' },
      ],
    });
    expect(since(before)).toMatchObject([
      { outcome: 'error', errorCode: 'AccessPaused', security: false, search: { root: 'Docs' } },
    ]);
  });

  it('a search cancelled after its progress: the record keeps what it had scanned', async () => {
    const before = count();
    const controller = new AbortController();
    let reported = 0;
    const cancelled = session.client.callTool(
      { name: TOOL, arguments: { timeField: 'modified', root: 'Big', limit: 7 } },
      undefined,
      {
        signal: controller.signal,
        onprogress: (p) => {
          if (reported > 0) return;
          reported = p.progress;
          controller.abort('enough');
        },
      },
    );
    await expect(cancelled).rejects.toThrow(/enough/);
    const [record] = await waitFor('the cancelled record', () => {
      const found = since(before);
      return found.length >= 1 ? found : undefined;
    });
    expect(reported).toBeGreaterThan(0);
    expect(record).toMatchObject({ outcome: 'cancelled', args: { limit: 7 } });
    const { scannedFiles, scannedDirectories } = record!.search!;
    expect(scannedFiles + scannedDirectories).toBeGreaterThanOrEqual(reported);
  });

  it('a search the client cancels, and one its timeout gives up on', async () => {
    const before = count();
    const controller = new AbortController();
    const cancelled = session.client.callTool(
      { name: TOOL, arguments: { timeField: 'modified', root: 'Big', limit: 5 } },
      undefined,
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort('the person stopped it'), 20);
    await expect(cancelled).rejects.toThrow(/the person stopped it/);
    const timedOut = session.client.callTool(
      { name: TOOL, arguments: { timeField: 'modified', root: 'Big', limit: 6 } },
      undefined,
      { timeout: 20 },
    );
    await expect(timedOut).rejects.toThrow(/timed out/i);
    // The record is written when the server's search has stopped.
    const records = await waitFor('both cancelled records', () => {
      const found = since(before);
      return found.length >= 2 ? found : undefined;
    });
    expect(records).toHaveLength(2);
    for (const [record, limit] of [
      [records.find((r) => r.args.limit === 5), 5],
      [records.find((r) => r.args.limit === 6), 6],
    ] as const) {
      expect(record).toMatchObject({
        outcome: 'cancelled',
        errorCode: null,
        client: { name: 'claude-ai' },
        args: { root: 'Big', limit },
        search: { root: 'Big', matchCount: 0, paths: [] },
      });
    }
    // And the server goes on answering (and recording).
    const after = await search(session, { timeField: 'modified', root: 'Docs', limit: 1 });
    expect(after.isError).toBeFalsy();
    expect(since(before).at(-1)).toMatchObject({ outcome: 'ok', search: { root: 'Docs' } });
  });
});

describe('where the log goes, and when it is not written', () => {
  it('an audit folder that cannot be made: the call still answers, and stderr says so once', async () => {
    const blocker = path.join(freshDir('blocked'), 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    // The folder's parent is a regular file, so nothing can be created there (even as root).
    const session = await connect(['--root', docs, '--audit-dir', path.join(blocker, 'audit')]);
    for (let i = 0; i < 3; i++) {
      const result = await search(session, { timeField: 'modified', limit: 1 });
      expect(result.isError).toBeFalsy();
    }
    const complaints = session.stderr().match(/activity log: cannot write to/g) ?? [];
    expect(complaints).toHaveLength(1);
    expect(session.stderr()).toContain(path.join(blocker, 'audit'));
    expect(session.stderr()).not.toContain('pruning');
  });

  it('activity.enabled false in settings: nothing is written; switched on, the next call is', async () => {
    const configDir = freshDir('home-off');
    const auditDir = path.join(configDir, 'audit');
    const settings = { version: 2, roots: [{ path: docs, name: 'Docs' }] };
    writeSettings(configDir, { ...settings, activity: { enabled: false, retentionDays: 7 } });
    const session = await connect(['--config-dir', configDir]);
    for (let i = 0; i < 3; i++)
      expect((await search(session, { timeField: 'modified' })).isError).toBeFalsy();
    await expect(session.client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow();
    expect(fs.existsSync(auditDir)).toBe(false);
    // Read live, like every other setting: no restart of the AI app needed.
    writeSettings(configDir, { ...settings, activity: { enabled: true, retentionDays: 7 } });
    expect((await search(session, { timeField: 'modified' })).isError).toBeFalsy();
    expect(auditRecords(auditDir)).toMatchObject([{ outcome: 'ok' }]);
  });

  it('--audit-dir wins over the config folder', async () => {
    const configDir = freshDir('home-flag');
    const auditDir = freshDir('elsewhere');
    writeSettings(configDir, { version: 2, roots: [{ path: docs, name: 'Docs' }] });
    const session = await connect(['--config-dir', configDir, '--audit-dir', auditDir]);
    await search(session, { timeField: 'modified' });
    expect(auditRecords(auditDir)).toMatchObject([{ outcome: 'ok', search: { root: 'Docs' } }]);
    expect(fs.existsSync(path.join(configDir, 'audit'))).toBe(false);
    expect(session.stderr()).toContain(`tool calls recorded in ${auditDir}`);
  });

  it('with neither --audit-dir nor --config-dir nothing is written anywhere', async () => {
    const home = freshDir('nowhere');
    const session = await connect(['--root', docs], {
      cwd: home,
      env: { HOME: home, XDG_CONFIG_HOME: home, FOLDERGATE_HOME: home },
    });
    await search(session, { timeField: 'modified' });
    await expect(session.client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow();
    expect(fs.readdirSync(home)).toEqual([]);
    expect(fs.readdirSync(docs).sort()).toEqual(['notes.txt', 'reports']);
    expect(session.stderr()).toContain('tool calls not recorded');
  });

  it('old days are pruned when the full server starts, today and the kept days are not', async () => {
    const configDir = freshDir('home-prune');
    const auditDir = path.join(configDir, 'audit');
    fs.mkdirSync(auditDir);
    writeSettings(configDir, { version: 2, activity: { enabled: true, retentionDays: 3 } });
    const day = (daysAgo: number) =>
      `${new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)}.jsonl`;
    for (const name of [day(1), day(2), day(3), day(40), 'notes.txt'])
      fs.writeFileSync(path.join(auditDir, name), '');
    const session = await connect(['--config-dir', configDir]);
    // The first tools/list (nothing in the listing cache yet) is the full server's: it prunes as
    // it starts, before any call.
    await session.client.listTools();
    await waitFor('the prune', () => (fs.existsSync(path.join(auditDir, day(40))) ? undefined : 1));
    expect(fs.readdirSync(auditDir).sort()).toEqual([day(2), day(1), 'notes.txt'].sort());
    expect(session.stderr()).not.toContain('activity log:');
  });

  it('--audit-dir is in the usage, and an empty one is a usage error', () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, [SERVER_ENTRY, ...args], {
        encoding: 'utf8',
        timeout: scaled(10_000),
      });
    expect(run(['--help']).stderr).toMatch(/--audit-dir <dir>\s+Record every tool call/);
    const empty = run(['--audit-dir', '']);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('--audit-dir must name a folder');
  });
});

describe('who is asking: the app the entry names (issue 35, item 4)', () => {
  it('records the entry’s app beside what the app reports; a hand-written entry as before', async () => {
    const configDir = freshDir('who');
    const auditDir = path.join(configDir, 'audit');
    writeSettings(configDir, { version: 2, roots: [{ path: docs, name: 'Docs' }] });
    const named = await connect(['--config-dir', configDir, '--client', 'cursor'], {
      clientName: 'claude-ai',
    });
    await search(named, { timeField: 'modified' });
    const plain = await connect(['--config-dir', configDir], { clientName: 'cursor-vscode' });
    await search(plain, { timeField: 'modified' });
    const [first, second] = auditRecords(auditDir);
    expect(first!.client).toEqual({ name: 'claude-ai', version: '2.5.0', app: 'cursor' });
    expect(second!.client).toEqual({ name: 'cursor-vscode', version: '2.5.0' });
  });

  it('an identity’s “Allow always” is not had by a process that only says that app’s name', async () => {
    const configDir = freshDir('who-rules');
    // Ask before every call, but always allow Claude Desktop (started from FolderGate's entry).
    writeSettings(configDir, {
      version: 2,
      roots: [{ path: docs, name: 'Docs' }],
      approval: { mode: 'ask', apps: { 'app:claude-desktop': 'allow' } },
    });
    const identified = await connect(['--config-dir', configDir, '--client', 'claude-desktop'], {
      clientName: 'claude-ai',
    });
    expect((await search(identified, { timeField: 'modified' })).isError).toBeFalsy();
    // The same name from a hand-written entry must be asked (no app runs here: refused at once).
    const claimant = await connect(['--config-dir', configDir], { clientName: 'claude-ai' });
    const refused = await search(claimant, { timeField: 'modified' });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('ApprovalUnavailable');
  });

  it('--client is in the usage; an id that is not one is a usage error', () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, [SERVER_ENTRY, ...args], {
        encoding: 'utf8',
        timeout: scaled(10_000),
      });
    expect(run(['--help']).stderr).toMatch(/--client <id>\s+The AI app this server/);
    const bad = run(['--client', 'Claude Desktop']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--client must be an app id');
  });
});
