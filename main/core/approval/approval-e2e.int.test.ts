// The person's controls end to end: real mcp-server processes (the built bundle, started as AI apps
// start it, with the SDK client) and a real app core listening on the real approval socket in a
// temp app-data folder. Ask before a call (allow, deny, timeout, app not running, 15 minutes on an
// injected clock, always for one app, a foreign connection, 8 servers at once, progress while
// waiting, cancellation), per-tool switches applied live, and a folder's allowed file types.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ToolListChangedNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseActivityLine, type ActivityRecord } from '#shared/activity/activity.js';
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  APPROVAL_PROTOCOL_VERSION,
  APPROVAL_TIMEOUT_MS,
  approvalPaths,
  type ApprovalQueueState,
} from '#shared/approval/approval.js';
import { parseToolErrorText } from '#shared/errors/errors.js';
import { DEFAULT_SCAN_LIMITS } from '#shared/settings/settings-defaults.js';
import { dispatchIpc, type IpcChannel, type IpcResponse } from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { createCore, type Core } from '../core.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { SERVER_BUNDLE as SERVER } from '#testing/repo.js';
import { TIME_SCALE, scaled } from '#testing/time.js';

const SEARCH = 'fs.search_by_time';

let tmp: string;
let appData: string;
let docs: string;
let core: Core;
const clock = { now: Date.parse('2025-03-13T10:00:00Z') };
const agents: Client[] = [];

async function data<C extends IpcChannel>(channel: C, payload: unknown): Promise<IpcResponse<C>> {
  const result = await dispatchIpc(core.handlers, channel, payload);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return result.data as IpcResponse<C>;
}

/** An AI app of its own: the built server with --config-dir, as registration writes it. */
async function startAgent(name: string, extraArgs: string[] = [], home = appData) {
  const client = new Client({ name, version: '1.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [SERVER, '--config-dir', home, ...extraArgs],
      stderr: 'ignore',
    }),
  );
  agents.push(client);
  return client;
}

function search(client: Client, args: Record<string, unknown> = {}, signal?: AbortSignal) {
  return client.callTool(
    { name: SEARCH, arguments: { root: 'Docs', timeField: 'modified', ...args } },
    undefined,
    { signal, timeout: scaled(120_000) },
  ) as Promise<CallToolResult>;
}

function errorOf(result: CallToolResult) {
  const first = result.content[0];
  expect(result.isError).toBe(true);
  return parseToolErrorText(first && first.type === 'text' ? first.text : '');
}

function names(result: CallToolResult): string[] {
  const matches = (result.structuredContent as { matches: { path: string }[] }).matches;
  return matches.map((m) => path.relative(docs, m.path).split(path.sep).join('/')).sort();
}

/** Resolves with the first queue state (now or later) that satisfies `predicate`. */
function waitForQueue(predicate: (state: ApprovalQueueState) => boolean, timeoutMs = 15_000) {
  return new Promise<ApprovalQueueState>((resolve, reject) => {
    void data('approval:state', {}).then((state) => {
      if (predicate(state)) finish(state);
    });
    const timer = setTimeout(() => {
      off();
      reject(new Error('the approval queue never matched'));
    }, timeoutMs);
    const off = core.on('approval:changed', (state) => {
      if (predicate(state)) finish(state);
    });
    function finish(state: ApprovalQueueState) {
      clearTimeout(timer);
      off();
      resolve(state);
    }
  });
}

/** Answers the oldest waiting request of `clientName`; resolves with it. */
async function answer(
  clientName: string,
  reply: 'allow-once' | 'allow-15-min' | 'allow-always' | 'deny',
) {
  const state = await waitForQueue((s) => s.pending.some((p) => p.client.name === clientName));
  const request = state.pending.find((p) => p.client.name === clientName)!;
  expect(await data('approval:answer', { id: request.id, answer: reply })).toEqual({
    answered: true,
  });
  return request;
}

/** Every activity record of `clientName`, oldest first. */
function records(clientName: string, home = appData): ActivityRecord[] {
  const dir = path.join(home, 'audit');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
    .map(parseActivityLine)
    .filter((r): r is ActivityRecord => r !== null && r.client?.name === clientName);
}

beforeAll(async () => {
  // Short: a Unix socket path must stay under ~107 bytes.
  tmp = makeTempDir('fga-');
  appData = path.join(tmp, 'a');
  docs = path.join(tmp, 'Docs');
  const files = ['report.pdf', 'Scan.PDF', 'setup.exe', 'letter.docx', 'old/deep.pdf', 'old/x.exe'];
  for (const rel of files) {
    fs.mkdirSync(path.dirname(path.join(docs, rel)), { recursive: true });
    fs.writeFileSync(path.join(docs, rel), rel);
  }
  core = createCore({
    appDataDir: appData,
    host: 'headless',
    serverCommand: defaultServerCommand(appData, SERVER),
    approvalNow: () => clock.now,
  });
  await core.start();
  await data('roots:add', { path: docs, name: 'Docs' });
});

afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

afterAll(async () => {
  await core?.stop();
  if (tmp) removeTempDir(tmp);
});

describe('ask before a call', () => {
  beforeAll(async () => {
    await data('approval:setSettings', { mode: 'ask' });
  });

  it('allows when the person allows once, and records the decision', async () => {
    const agent = await startAgent('Test Agent');
    const call = search(agent, { glob: '*.pdf' });
    const request = await answer('Test Agent', 'allow-once');
    expect(request.description).toBe('Test Agent wants to list PDF files in Docs');
    const result = await call;
    expect(result.isError).toBe(false);
    // Globs are case-sensitive on Linux (the file type filter is not: see below).
    expect(names(result)).toContain('report.pdf');
    expect(records('Test Agent').at(-1)).toMatchObject({
      outcome: 'ok',
      decision: { outcome: 'allowed', by: 'person', answer: 'allow-once' },
    });
    // "Allow once" is not remembered: the next call is asked again.
    const again = search(agent);
    await answer('Test Agent', 'deny');
    expect(errorOf(await again)?.code).toBe('DeniedByUser');
  });

  it('refuses with DeniedByUser in the 3-line format when the person denies', async () => {
    const agent = await startAgent('Test Agent');
    const call = search(agent);
    await answer('Test Agent', 'deny');
    const error = errorOf(await call);
    expect(error).toMatchObject({
      code: 'DeniedByUser',
      message: 'The person denied this request in FolderGate.',
    });
    expect(error?.fix).toMatch(/ask the person/);
    expect(records('Test Agent').at(-1)).toMatchObject({
      outcome: 'error',
      errorCode: 'DeniedByUser',
      decision: { outcome: 'denied', by: 'person', answer: 'deny' },
    });
  });

  it('refuses when nobody answers in time, and the request leaves the queue', async () => {
    const agent = await startAgent('Slow Agent', ['--approval-timeout-ms', '400']);
    const result = await search(agent);
    expect(errorOf(result)).toMatchObject({ code: 'DeniedByUser' });
    expect(errorOf(result)?.message).toMatch(/in time/);
    await waitForQueue((s) => s.pending.length === 0);
    expect(records('Slow Agent').at(-1)?.decision).toEqual({ outcome: 'denied', by: 'timeout' });
  });

  it("the wait fits inside a TypeScript-SDK client's default timeout: it gets the refusal, not a timeout", async () => {
    // The defaults themselves: the server's wait plus a search's time limit stay under the SDK's
    // default request timeout (60 s), so the model reads FolderGate's refusal.
    expect(APPROVAL_TIMEOUT_MS + DEFAULT_SCAN_LIMITS.timeoutMs).toBeLessThan(
      DEFAULT_REQUEST_TIMEOUT_MSEC,
    );
    // The same race run at a smaller scale (a tenth, times the tests' time scale: 18 s against
    // 24 s by default), so the test does not sleep 45 s: the server's wait and the client's
    // timeout shrink together, and the margin between them stays wide enough for a busy machine;
    // nothing else changes (progress notifications do not reset the client's timeout, as on the
    // SDK's defaults).
    const scale = 10 / TIME_SCALE;
    const agent = await startAgent('Patient Agent', [
      '--approval-timeout-ms',
      String(Math.round(APPROVAL_TIMEOUT_MS / scale)),
    ]);
    const asked = waitForQueue((s) => s.pending.some((p) => p.client.name === 'Patient Agent'));
    const result = agent.callTool(
      { name: SEARCH, arguments: { root: 'Docs', timeField: 'modified' } },
      undefined,
      { timeout: DEFAULT_REQUEST_TIMEOUT_MSEC / scale },
    ) as Promise<CallToolResult>;
    const request = (await asked).pending.find((p) => p.client.name === 'Patient Agent')!;
    expect(request.refusedAt - request.receivedAt).toBeLessThanOrEqual(APPROVAL_TIMEOUT_MS / scale);
    const first = (await result).content[0];
    const text = first?.type === 'text' ? first.text : '';
    expect(text.split('\n')).toHaveLength(3);
    expect(parseToolErrorText(text)).toMatchObject({ code: 'DeniedByUser' });
  });

  it('refuses with ApprovalUnavailable when the app is not running', async () => {
    const home = path.join(tmp, 'b');
    fs.mkdirSync(home);
    fs.writeFileSync(
      path.join(home, 'settings.json'),
      JSON.stringify({
        version: 2,
        roots: [{ path: docs, name: 'Docs' }],
        approval: { mode: 'ask' },
      }),
    );
    const agent = await startAgent('Lonely Agent', [], home);
    const error = errorOf(await search(agent));
    expect(error?.code).toBe('ApprovalUnavailable');
    expect(error?.fix).toMatch(/open the FolderGate app/);
    expect(records('Lonely Agent', home).at(-1)?.decision).toEqual({
      outcome: 'denied',
      by: 'unavailable',
    });
  });

  it('"Allow for 15 minutes" lets that app through until the clock passes it', async () => {
    const agent = await startAgent('Timed Agent');
    const first = search(agent);
    await answer('Timed Agent', 'allow-15-min');
    expect((await first).isError).toBe(false);
    clock.now += 14 * 60_000;
    expect((await search(agent)).isError).toBe(false);
    expect(records('Timed Agent').at(-1)?.decision).toEqual({
      outcome: 'allowed',
      by: 'rule',
      answer: 'allow-15-min',
    });
    // Another app is still asked meanwhile.
    const other = await startAgent('Other Agent');
    const asked = search(other);
    await answer('Other Agent', 'deny');
    expect(errorOf(await asked)?.code).toBe('DeniedByUser');
    clock.now += 2 * 60_000;
    const late = search(agent);
    await answer('Timed Agent', 'deny');
    expect(errorOf(await late)?.code).toBe('DeniedByUser');
  });

  it('"Allow always" is saved for that app only; another app is still asked', async () => {
    const agent = await startAgent('Trusted Agent');
    const first = search(agent);
    await answer('Trusted Agent', 'allow-always');
    expect((await first).isError).toBe(false);
    await expect
      .poll(() => core.handlers['settings:get']({}).then((v) => v.settings.approval.apps))
      .toEqual({ 'trusted agent': 'allow' });
    // The server reads the rule from settings.json: no request reaches the app.
    const events: ApprovalQueueState[] = [];
    const off = core.on('approval:changed', (s) => events.push(s));
    expect((await search(agent)).isError).toBe(false);
    off();
    expect(events).toEqual([]);
    expect(records('Trusted Agent').at(-1)?.decision).toEqual({
      outcome: 'allowed',
      by: 'rule',
      answer: 'allow-always',
    });
    const other = await startAgent('Untrusted Agent');
    const asked = search(other);
    await answer('Untrusted Agent', 'allow-once');
    expect((await asked).isError).toBe(false);
  });

  it('a connection without the secret sees nothing and changes nothing', async () => {
    const agent = await startAgent('Test Agent');
    const call = search(agent);
    await waitForQueue((s) => s.pending.length === 1);
    const socket = net.createConnection(approvalPaths(appData, process.platform).socketPath);
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const hello = {
      type: 'hello',
      v: APPROVAL_PROTOCOL_VERSION,
      nonce: 'f'.repeat(64),
      pid: 1,
      client: { name: 'x', version: '1' },
    };
    socket.write(`${JSON.stringify(hello)}\n`);
    // It cannot answer the app's challenge: whatever it sends next ends the connection.
    socket.write(
      `{"type":"auth","proof":"${'0'.repeat(64)}"}\n{"type":"request","id":"1","tool":"${SEARCH}","args":{}}\n`,
    );
    await closed;
    expect(
      received
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).type),
    ).toEqual(['challenge']);
    const state = await data('approval:state', {});
    expect(state.pending.map((p) => p.client.name)).toEqual(['Test Agent']);
    await answer('Test Agent', 'allow-once');
    expect((await call).isError).toBe(false);
  });

  it('8 servers waiting at once each get their own answer', async () => {
    const eight = await Promise.all(Array.from({ length: 8 }, (_, i) => startAgent(`Agent ${i}`)));
    const calls = eight.map((agent) => search(agent));
    await waitForQueue((s) => s.pending.length === 8);
    for (let i = 0; i < 8; i++) await answer(`Agent ${i}`, i % 2 === 0 ? 'allow-once' : 'deny');
    const results = await Promise.all(calls);
    results.forEach((result, i) => {
      if (i % 2 === 0) expect(result.isError, `Agent ${i}`).toBe(false);
      else expect(errorOf(result)?.code, `Agent ${i}`).toBe('DeniedByUser');
    });
    expect((await data('approval:state', {})).pending).toEqual([]);
  });

  it('reports progress while the person decides, so the AI app does not time out', async () => {
    // Progress every 100 ms instead of every 5 s: the same reports, sooner.
    const agent = await startAgent('Patient Agent', ['--approval-progress-ms', '100']);
    const progress: string[] = [];
    const call = agent.callTool(
      { name: SEARCH, arguments: { root: 'Docs', timeField: 'modified' } },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? ''), timeout: scaled(60_000) },
    );
    await waitForQueue((s) => s.pending.length === 1);
    await expect.poll(() => progress.length).toBeGreaterThan(1);
    expect(progress[0]).toMatch(/Waiting for the person to approve/);
    await answer('Patient Agent', 'allow-once');
    expect((await call).isError).toBe(false);
  });

  it('a call cancelled while waiting leaves the queue, and is recorded as cancelled', async () => {
    const agent = await startAgent('Hasty Agent');
    const controller = new AbortController();
    const call = search(agent, {}, controller.signal);
    await waitForQueue((s) => s.pending.length === 1);
    controller.abort();
    await expect(call).rejects.toThrow();
    await waitForQueue((s) => s.pending.length === 0);
    await expect.poll(() => records('Hasty Agent').at(-1)?.outcome).toBe('cancelled');
    expect(records('Hasty Agent').at(-1)?.decision).toEqual({ outcome: 'denied', by: 'cancelled' });
  });

  it('never asks about refused arguments, a paused app or the preview', async () => {
    const agent = await startAgent('Test Agent');
    const bad = await search(agent, { root: 'Elsewhere' });
    expect(errorOf(bad)?.code).toBe('RootNotAllowed');
    await data('settings:setPaused', { paused: true });
    expect(errorOf(await search(agent))?.code).toBe('AccessPaused');
    await data('settings:setPaused', { paused: false });
    // The preview server is the person's own: started with --no-approval.
    const preview = await data('search:run', { root: 'Docs', timeField: 'modified' });
    expect(preview.ok).toBe(true);
    expect((await data('approval:state', {})).pending).toEqual([]);
  });

  afterAll(async () => {
    await data('approval:setSettings', { mode: 'off' });
  });
});

describe('per-tool switches', () => {
  it('the logic tools are offered only with a catalog (list_changed when it is set and unset)', async () => {
    const agent = await startAgent('Catalog Agent');
    expect((await agent.listTools()).tools.map((t) => t.name)).toEqual([SEARCH]);
    let changed = 0;
    agent.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    const catalog = path.join(tmp, 'catalog');
    fs.mkdirSync(catalog, { recursive: true });
    await data('logic:setCatalog', { path: catalog });
    await expect.poll(() => changed, { timeout: scaled(5_000) }).toBe(1);
    expect((await agent.listTools()).tools.map((t) => t.name)).toEqual([
      SEARCH,
      'logic_list',
      'logic_get',
    ]);
    await data('logic:setCatalog', { path: null });
    await expect.poll(() => changed, { timeout: scaled(5_000) }).toBe(2);
    expect((await agent.listTools()).tools.map((t) => t.name)).toEqual([SEARCH]);
  });

  it('a tool switched off disappears from tools/list (list_changed) and answers ToolDisabled', async () => {
    const catalog = path.join(tmp, 'catalog');
    fs.mkdirSync(catalog, { recursive: true });
    await data('logic:setCatalog', { path: catalog });
    const agent = await startAgent('Switch Agent');
    const before = await agent.listTools();
    expect(before.tools.map((t) => t.name)).toContain('logic_get');
    let changed = 0;
    agent.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    await data('control:setTool', { tool: 'logic_get', enabled: false });
    await expect.poll(() => changed, { timeout: scaled(5_000) }).toBeGreaterThan(0);
    const after = await agent.listTools();
    expect(after.tools.map((t) => t.name)).toEqual([SEARCH, 'logic_list']);
    const result = (await agent.callTool({
      name: 'logic_get',
      arguments: { name: 'x' },
    })) as CallToolResult;
    expect(errorOf(result)).toMatchObject({
      code: 'ToolDisabled',
      message: "The person switched off the tool 'logic_get' in FolderGate.",
    });
    expect(records('Switch Agent').at(-1)).toMatchObject({ errorCode: 'ToolDisabled' });
    await data('control:setTool', { tool: 'logic_get', enabled: true });
    await expect.poll(() => changed, { timeout: scaled(5_000) }).toBeGreaterThan(1);
    expect((await agent.listTools()).tools.map((t) => t.name)).toContain('logic_get');
    await data('logic:setCatalog', { path: null });
  });
});

describe("a folder's allowed file types", () => {
  afterAll(async () => {
    await data('roots:setFileTypes', { path: docs, fileTypes: null });
  });

  it('lists only files of the allowed types, whatever the glob; .PDF is .pdf', async () => {
    const view = await data('roots:setFileTypes', { path: docs, fileTypes: ['.PDF', '.docx'] });
    expect(view.settings.roots[0]?.fileTypes).toEqual(['.pdf', '.docx']);
    // The entry's other keys (the folder's identity) are kept.
    expect(view.settings.roots[0]?.identity).toMatchObject({ real: docs });
    const agent = await startAgent('Typed Agent');
    const all = await search(agent);
    expect(names(all)).toEqual(['Scan.PDF', 'letter.docx', 'old/deep.pdf', 'report.pdf'].sort());
    const summary = all.content[0]?.type === 'text' ? all.content[0].text : '';
    expect(summary).toMatch(/A file type filter applies/);
    // A glob cannot widen the filter.
    const exe = await search(agent, { glob: '*.exe' });
    expect(names(exe)).toEqual([]);
    expect(names(await search(agent, { glob: '**/*' }))).not.toContain('setup.exe');
    // Folders have no type: they are still walked, and listed when asked for.
    const withFolders = await search(agent, { includeDirectories: true });
    expect(names(withFolders)).toContain('old');
    // Every type again.
    await data('roots:setFileTypes', { path: docs, fileTypes: null });
    expect(names(await search(agent, { glob: '*.exe' }))).toEqual(['old/x.exe', 'setup.exe']);
  });

  it('refuses a folder that is not allowed, and something that is not an extension', async () => {
    await expect(
      data('roots:setFileTypes', { path: path.join(tmp, 'nope'), fileTypes: ['.pdf'] }),
    ).rejects.toThrow(/NotFound/);
    await expect(data('roots:setFileTypes', { path: docs, fileTypes: ['../etc'] })).rejects.toThrow(
      /InvalidPayload/,
    );
  });
});

describe('the settings in force after the person allows (issue 18, item 2)', () => {
  beforeAll(async () => {
    await data('approval:setSettings', { mode: 'ask' });
  });
  afterAll(async () => {
    await data('approval:setSettings', { mode: 'off' });
  });

  /** Starts a call, makes `change` while it waits for the person, then allows it. */
  async function allowAfter(agentName: string, change: () => Promise<unknown>, args = {}) {
    const agent = await startAgent(agentName);
    const call = search(agent, args);
    await waitForQueue((s) => s.pending.some((p) => p.client.name === agentName));
    await change();
    await answer(agentName, 'allow-once');
    return call;
  }

  it('a folder removed while the call waited is not searched', async () => {
    try {
      const result = await allowAfter('Late Agent 1', () => data('roots:remove', { path: docs }));
      expect(errorOf(result)?.code).toBe('NoAllowedRoots');
      expect(records('Late Agent 1').at(-1)).toMatchObject({
        outcome: 'error',
        errorCode: 'NoAllowedRoots',
        decision: { outcome: 'allowed', by: 'person' },
      });
    } finally {
      await data('roots:add', { path: docs, name: 'Docs' });
    }
  });

  it('access paused while the call waited refuses it', async () => {
    try {
      const result = await allowAfter('Late Agent 2', () =>
        data('settings:setPaused', { paused: true }),
      );
      expect(errorOf(result)?.code).toBe('AccessPaused');
    } finally {
      await data('settings:setPaused', { paused: false });
    }
  });

  it('the tool switched off while the call waited refuses it', async () => {
    try {
      const result = await allowAfter('Late Agent 3', () =>
        data('control:setTool', { tool: SEARCH, enabled: false }),
      );
      expect(errorOf(result)?.code).toBe('ToolDisabled');
    } finally {
      await data('control:setTool', { tool: SEARCH, enabled: true });
    }
  });

  it("a folder's file types narrowed while the call waited apply to its answer", async () => {
    try {
      const result = await allowAfter('Late Agent 4', () =>
        data('roots:setFileTypes', { path: docs, fileTypes: ['.pdf'] }),
      );
      expect(result.isError).toBe(false);
      expect(names(result)).toEqual(['Scan.PDF', 'old/deep.pdf', 'report.pdf']);
    } finally {
      await data('roots:setFileTypes', { path: docs, fileTypes: null });
    }
  });
});
