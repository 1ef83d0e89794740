// The server's front desk (protocol/front-desk.ts) through the built entry, with raw JSON-RPC
// lines, in both eras of MCP: a server started with the same command line and settings as one
// before answers what a client sends to connect and list (2025: initialize, tools/list; 2026:
// server/discover, tools/list, subscriptions/listen) from the listing cache without loading the
// full server, with the very answers the full server gives (`--load-now`, which loads it at
// once); everything else is the full server's, which learns the client and the connection's era
// from the replayed messages; a settings change is announced before the next answer, from the
// front desk when the cache knows the listing, and an idle server stays at its front desk when
// the change leaves the listing as it was.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseActivityLine, type ActivityRecord } from '#shared/activity/activity.js';
import { makeTempDir, removeTempDir, SERVER_ENTRY } from '#testing/mcp-server.js';
import { primeListing, spawnRaw, type RawMessage, type RawServer } from '#testing/raw-server.js';
import { scaled, waitFor } from '#testing/time.js';

const FULL = /full server serving/;
const CATALOG = fileURLToPath(new URL('../examples/logic-catalog', import.meta.url));

let folder: string;
let configDir: string;
const raws: RawServer[] = [];

beforeAll(() => {
  folder = makeTempDir('fg-front-tree-');
  fs.writeFileSync(path.join(folder, 'a.txt'), 'a');
});

afterEach(async () => {
  for (const raw of raws.splice(0)) {
    if (raw.child.exitCode === null) {
      raw.child.stdin.end();
      await Promise.race([raw.exited, new Promise((resolve) => setTimeout(resolve, scaled(3000)))]);
      if (raw.child.exitCode === null) raw.child.kill();
    }
  }
  if (configDir) removeTempDir(configDir);
});

afterAll(() => removeTempDir(folder));

function writeSettings(text: string): void {
  const next = path.join(configDir, 'settings.json.next');
  fs.writeFileSync(next, text);
  fs.renameSync(next, path.join(configDir, 'settings.json'));
}

const settingsFor = (name: string, more: Record<string, unknown> = {}) =>
  JSON.stringify({ version: 2, roots: [{ path: folder, name }], ...more });

const ARGS = () => ['--config-dir', configDir, '--tool-names', 'underscore'];

function start(args: string[] = ARGS()) {
  const raw = spawnRaw(args);
  raws.push(raw);
  return raw;
}

const initialize = (id: number, protocolVersion: string, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: {
    protocolVersion,
    capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
    clientInfo: { name: 'front-desk-test', version: '2.0.0' },
    ...extra,
  },
});
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const listTools = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

/** A 2026-07-28 request: its `_meta` envelope (the client's name unless `clientInfo` is null). */
function modern(
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  clientInfo: object | null = { name: 'modern-test', version: '3.0.0' },
) {
  return {
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        ...(clientInfo ? { 'io.modelcontextprotocol/clientInfo': clientInfo } : {}),
      },
    },
  };
}
const listen = (id: number) =>
  modern(id, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
const search = (id: number, name = 'fs_search_by_time') => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: { timeField: 'modified' } },
});

/** A fresh app data folder allowing the test folder as `name`, with its listing cached. */
async function listedOnce(name: string, more: Record<string, unknown> = {}): Promise<void> {
  configDir = makeTempDir('fg-front-config-');
  writeSettings(settingsFor(name, more));
  await primeListing(ARGS());
}

/** The search tool's description in a tools/list answer. */
function searchDescription(answer: RawMessage): string {
  const tools = (answer.result as { tools: { name: string; description: string }[] }).tools;
  return tools.find((tool) => /^fs[._]search_by_time$/.test(tool.name))!.description;
}

/** Connects like an AI app of the 2025 era (initialize, initialized, tools/list). */
async function connect(raw: RawServer, protocolVersion: string) {
  raw.send(initialize(1, protocolVersion));
  const init = await raw.reply(1);
  raw.send(initialized);
  raw.send(listTools(2));
  const list = await raw.reply(2);
  return { init, list };
}

/** Sends each message and returns the answers (with their ids), one per message, in order. */
async function answers(raw: RawServer, messages: { id: number }[]): Promise<RawMessage[]> {
  const out: RawMessage[] = [];
  for (const message of messages) {
    raw.send(message);
    out.push(await raw.reply(message.id));
  }
  return out;
}

function records(): ActivityRecord[] {
  const audit = path.join(configDir, 'audit');
  if (!fs.existsSync(audit)) return [];
  return fs
    .readdirSync(audit)
    .flatMap((day) => fs.readFileSync(path.join(audit, day), 'utf8').split('\n'))
    .map(parseActivityLine)
    .filter((record): record is ActivityRecord => record !== null);
}

describe('the front desk in the 2025 era', () => {
  it('answers initialize and tools/list as the full server did, without loading it', async () => {
    configDir = makeTempDir('fg-front-config-');
    writeSettings(settingsFor('Alpha'));
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '1999-01-01']) {
      // A notification the front does not know hands over at once (the full server ignores it).
      fs.rmSync(path.join(configDir, 'listing-cache.json'), { force: true });
      const first = start();
      first.send({ jsonrpc: '2.0', method: 'notifications/unknown-to-the-front' });
      const full = await connect(first, version);
      expect(first.stderr()).toMatch(FULL);
      expect(fs.existsSync(path.join(configDir, 'listing-cache.json'))).toBe(true);

      const second = start();
      const front = await connect(second, version);
      expect(front).toEqual(full);
      expect(searchDescription(front.list)).toContain('"Alpha"');
      second.send(ping(3));
      expect(await second.reply(3)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
      expect(second.stderr()).not.toMatch(FULL);
    }
  });

  it('answers every valid initialize of today as the full server does', async () => {
    await listedOnce('Alpha');
    const shapes: Record<string, unknown>[] = [
      { capabilities: { elicitation: { form: {}, url: {} } } },
      { capabilities: { tasks: { requests: { elicitation: { create: {} } } } } },
      { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['x'] } } } },
      {
        clientInfo: {
          name: 'vscode',
          version: '1.110',
          websiteUrl: 'https://code.visualstudio.com',
          icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'] }],
        },
      },
      { _meta: { progressToken: 'p', 'example.com/trace': 1 } },
    ];
    const requests = shapes.map((shape, i) => initialize(i + 1, '2025-11-25', shape));
    const full = start([...ARGS(), '--load-now']);
    const expected = await answers(full, requests);
    for (const [i, request] of requests.entries()) {
      const front = start();
      expect(await answers(front, [request]), JSON.stringify(shapes[i])).toEqual([expected[i]]);
      expect(front.stderr()).not.toMatch(FULL);
    }
  });

  it('answers from the listing a server made for its first initialize, before its client listed', async () => {
    // Five AI apps that start at once: the first loads its full server (no listing cached yet),
    // and the next ones answer from what it computed for its initialize's instructions.
    configDir = makeTempDir('fg-front-config-');
    writeSettings(settingsFor('Alpha'));
    const first = start(['--config-dir', configDir, '--client', 'cursor']);
    first.send(initialize(1, '2025-11-25'));
    const fullInit = await first.reply(1);
    expect(first.stderr()).toMatch(FULL);
    expect(fs.existsSync(path.join(configDir, 'listing-cache.json'))).toBe(true);

    const second = start(['--config-dir', configDir, '--client', 'zed']);
    const front = await connect(second, '2025-11-25');
    expect(second.stderr()).not.toMatch(FULL);
    expect(front.init).toEqual(fullInit);
    first.send(initialized);
    first.send(listTools(2));
    expect(front.list).toEqual(await first.reply(2));
    expect(searchDescription(front.list)).toContain('"Alpha"');
  });

  it("every AI app's server shares one listing: the entry's --client is not part of its key", async () => {
    await listedOnce('Alpha');
    for (const app of ['cursor', 'zed', 'claude-desktop']) {
      const raw = start(['--config-dir', configDir, '--client', app, '--tool-names', 'underscore']);
      const { list } = await connect(raw, '2025-11-25');
      expect(searchDescription(list)).toContain('"Alpha"');
      expect(raw.stderr(), app).not.toMatch(FULL);
    }
  });

  it('hands a tool call to the full server, which knows the client from the replayed initialize', async () => {
    await listedOnce('Alpha');
    const raw = start();
    await connect(raw, '2025-11-25');
    expect(raw.stderr()).not.toMatch(FULL);
    raw.send(search(3));
    const answer = await raw.reply(3);
    expect(answer.result?.isError).toBe(false);
    expect(JSON.stringify(answer.result)).toContain(
      path.join(folder, 'a.txt').replace(/\\/g, '\\\\'),
    );
    expect(raw.stderr()).toMatch(FULL);
    // The initialize the front answered is not answered twice.
    expect(raw.messages().filter((m) => m.id === 1)).toHaveLength(1);
    await waitFor('the activity record', () => records().length > 0);
    expect(records()[0]!.client).toEqual({ name: 'front-desk-test', version: '2.0.0' });
  });

  it('leaves anything it does not fully understand to the full server, which answers as always', async () => {
    await listedOnce('Alpha');
    // A capability the SDK refuses: the full server's -32602, not a front answer.
    const refused = start();
    refused.send(
      initialize(1, '2025-11-25', {
        capabilities: { roots: 5 },
        clientInfo: { name: 'x', version: '1' },
      }),
    );
    expect((await refused.reply(1)).error?.code).toBe(-32602);
    expect(refused.stderr()).toMatch(FULL);
    // server/discover without its envelope is a 2025-era request the SDK does not know.
    const undiscovered = start();
    undiscovered.send({ jsonrpc: '2.0', id: 1, method: 'server/discover' });
    expect((await undiscovered.reply(1)).error?.code).toBe(-32601);
    // A line that is not JSON: the full server's parse error.
    const broken = start();
    broken.send('{ not json');
    await waitFor('the parse error', () => broken.messages().length > 0);
    expect(broken.messages()[0]!.error?.code).toBe(-32700);
  });

  it('refuses an oversized line itself and keeps answering from the cache', async () => {
    await listedOnce('Alpha');
    const raw = start();
    raw.send(
      `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"${'x'.repeat(1_100_000)}"}}`,
    );
    expect((await raw.reply(9)).error?.code).toBe(-32600);
    await connect(raw, '2025-11-25');
    expect(raw.stderr()).not.toMatch(FULL);
  });

  it('stays at the front desk when a settings change leaves the listing as it was', async () => {
    await listedOnce('Alpha');
    const raw = start();
    await connect(raw, '2025-11-25');
    const changes = [
      { paused: true },
      { paused: true, approval: { mode: 'ask' } },
      { paused: true, approval: { mode: 'ask' }, language: 'ko', limits: { timeoutMs: 5000 } },
    ];
    let id = 10;
    for (const change of changes) {
      writeSettings(settingsFor('Alpha', change));
      // Every request is a look at the listing, as the full server's would be.
      raw.send(ping(++id));
      await raw.reply(id);
    }
    const withTypes = JSON.parse(settingsFor('Alpha')) as { roots: Record<string, unknown>[] };
    withTypes.roots[0]!.fileTypes = ['.pdf'];
    writeSettings(JSON.stringify(withTypes));
    raw.send(listTools(++id));
    expect(searchDescription(await raw.reply(id))).toContain('"Alpha"');
    expect(raw.messages().some((m) => m.method === 'notifications/tools/list_changed')).toBe(false);
    expect(raw.stderr()).not.toMatch(FULL);
  });

  it('announces a changed listing the cache knows from the front desk', async () => {
    await listedOnce('Renamed');
    writeSettings(settingsFor('Alpha'));
    await primeListing(ARGS());
    const raw = start();
    await connect(raw, '2025-11-25');
    writeSettings(settingsFor('Renamed'));
    raw.send(ping(3));
    await raw.reply(3);
    const methods = raw.messages().map((m) => m.method ?? m.id);
    expect(methods.slice(2)).toEqual(['notifications/tools/list_changed', 3]);
    raw.send(listTools(4));
    expect(searchDescription(await raw.reply(4))).toContain('"Renamed"');
    expect(raw.stderr()).not.toMatch(FULL);
  });

  it('loads the full server to tell a client of a change the cache does not know, before the next answer', async () => {
    await listedOnce('Alpha');
    const raw = start();
    await connect(raw, '2025-11-25');
    writeSettings(settingsFor('Renamed'));
    raw.send(ping(3));
    await raw.reply(3);
    const methods = raw.messages().map((m) => m.method ?? m.id);
    expect(methods.slice(2)).toEqual(['notifications/tools/list_changed', 3]);
    expect(raw.stderr()).toMatch(FULL);
    raw.send(listTools(4));
    expect(searchDescription(await raw.reply(4))).toContain('"Renamed"');
  });

  it('tells an idle client about a settings change without a request to prompt it', async () => {
    await listedOnce('Alpha');
    const raw = start();
    await connect(raw, '2025-11-25');
    writeSettings(settingsFor('Renamed'));
    await waitFor('list_changed', () =>
      raw.messages().some((m) => m.method === 'notifications/tools/list_changed'),
    );
  });

  it('never answers from the cache under a settings file the server cannot use', async () => {
    configDir = makeTempDir('fg-front-config-');
    writeSettings('{ not json');
    await connect(start(), '2025-11-25');
    const raw = start();
    await connect(raw, '2025-11-25');
    expect(raw.stderr()).toMatch(FULL);
    expect(fs.existsSync(path.join(configDir, 'listing-cache.json'))).toBe(false);
  });

  it('answers a tool call sent just before stdin closes, after loading the full server', async () => {
    await listedOnce('Alpha');
    const raw = start();
    raw.send(initialize(1, '2025-11-25'));
    raw.send(initialized);
    raw.send(search(2));
    raw.child.stdin.end();
    expect(await raw.exited).toEqual({ code: 0, signal: null });
    expect(raw.messages().map((m) => m.id)).toEqual([1, 2]);
    expect(raw.messages()[1]!.result?.isError).toBe(false);
  });

  it('exits with an error naming the problem when its full server is missing beside it', async () => {
    await listedOnce('Alpha');
    const copy = path.join(configDir, 'server');
    fs.mkdirSync(copy);
    fs.copyFileSync(SERVER_ENTRY, path.join(copy, 'index.js'));
    fs.writeFileSync(path.join(copy, 'package.json'), '{ "type": "module" }');
    const raw = spawnRaw(ARGS(), {}, path.join(copy, 'index.js'));
    raws.push(raw);
    raw.send(initialize(1, '2025-11-25'));
    expect((await raw.reply(1)).result?.serverInfo).toMatchObject({ name: 'foldergate' });
    raw.send(search(2));
    expect(await raw.exited).toEqual({ code: 1, signal: null });
    expect(raw.stderr()).toMatch(/fatal: the full server could not be loaded/);
  });

  it('loads the full server at start with --load-now (the app’s own preview)', async () => {
    configDir = makeTempDir('fg-front-config-');
    writeSettings(settingsFor('Alpha'));
    const raw = start([...ARGS(), '--load-now']);
    await waitFor('the full server', () => FULL.test(raw.stderr()));
    const { init, list } = await connect(raw, '2025-11-25');
    expect(init.result?.serverInfo).toMatchObject({ name: 'foldergate' });
    expect(searchDescription(list)).toContain('"Alpha"');
    expect(raw.messages().filter((m) => m.id === 1)).toHaveLength(1);
  });
});

describe('the front desk in the 2026-07-28 revision', () => {
  it('answers server/discover, tools/list and subscriptions/listen as the full server does, without loading it', async () => {
    await listedOnce('Alpha');
    const requests = [modern(1, 'server/discover'), modern(2, 'tools/list')];
    const full = start([...ARGS(), '--load-now']);
    const expected = await answers(full, requests);
    full.send(listen(3));
    await waitFor('the acknowledgement', () => full.messages().length === 3);
    const front = start();
    expect(await answers(front, requests)).toEqual(expected);
    front.send(listen(3));
    await waitFor('the acknowledgement', () => front.messages().length === 3);
    expect(front.messages()[2]).toEqual(full.messages()[2]);
    expect(front.messages()[2]).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { toolsListChanged: true } },
    });
    // Prompts' and resources' filters are granted as the SDK grants them (issue 37).
    const everything = modern(4, 'subscriptions/listen', {
      notifications: {
        toolsListChanged: true,
        promptsListChanged: true,
        resourcesListChanged: true,
        resourceSubscriptions: ['foldergate://folders'],
      },
    });
    full.send(everything);
    await waitFor('the second acknowledgement', () => full.messages().length === 4);
    front.send(everything);
    await waitFor('the second acknowledgement', () => front.messages().length === 4);
    expect(front.messages()[3]).toEqual(full.messages()[3]);
    expect(front.messages()[3]).toMatchObject({
      params: {
        notifications: {
          toolsListChanged: true,
          promptsListChanged: true,
          resourcesListChanged: true,
          resourceSubscriptions: ['foldergate://folders'],
        },
      },
    });
    expect(expected[0]!.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      instructions: expect.stringContaining('Use fs_search_by_time '),
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
    });
    expect(front.stderr()).not.toMatch(FULL);
  });

  it('leaves a malformed or unsupported envelope, ping and initialize on a 2026 connection to the SDK', async () => {
    await listedOnce('Alpha');
    const unsupported = start();
    const request = modern(1, 'tools/list');
    request.params._meta['io.modelcontextprotocol/protocolVersion'] = '2027-01-01';
    unsupported.send(request);
    expect((await unsupported.reply(1)).error?.code).toBe(-32022);
    const malformed = start();
    malformed.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    });
    expect((await malformed.reply(1)).error?.code).toBe(-32602);
    // A 2026 connection (pinned by the tools/list the front answered) has no ping nor initialize.
    const pinned = start();
    await answers(pinned, [modern(1, 'tools/list')]);
    pinned.send(ping(2));
    expect((await pinned.reply(2)).error?.code).toBe(-32601);
    pinned.send(initialize(3, '2025-11-25'));
    expect((await pinned.reply(3)).error).toBeDefined();
  });

  it('hands a tool call to the full server, which records the app named in the request, or an unnamed one', async () => {
    await listedOnce('Alpha');
    const raw = start();
    await answers(raw, [modern(1, 'server/discover'), modern(2, 'tools/list')]);
    const named = await answers(raw, [modern(3, 'tools/call', search(3).params)]);
    expect(named[0]!.result).toMatchObject({ isError: false, resultType: 'complete' });
    await answers(raw, [modern(4, 'tools/call', search(4).params, null)]);
    await waitFor('two records', () => records().length === 2);
    expect(records().map((record) => record.client)).toEqual([
      { name: 'modern-test', version: '3.0.0' },
      null,
    ]);
  });

  it('keeps a listen stream opened at the front desk across the hand-over', async () => {
    await listedOnce('Alpha');
    const raw = start();
    await answers(raw, [modern(1, 'tools/list')]);
    raw.send(listen(2));
    await waitFor('the acknowledgement', () => raw.messages().length === 2);
    expect(raw.stderr()).not.toMatch(FULL);
    await answers(raw, [modern(3, 'tools/call', search(3).params)]);
    expect(raw.stderr()).toMatch(FULL);
    // The full server knows the stream (no second acknowledgement) and tells it of a change.
    writeSettings(settingsFor('Renamed'));
    await waitFor('list_changed on the stream', () =>
      raw.messages().some((m) => m.method === 'notifications/tools/list_changed'),
    );
    const notes = raw.messages().filter((m) => 'method' in m);
    expect(notes).toEqual([
      expect.objectContaining({ method: 'notifications/subscriptions/acknowledged' }),
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 2 } },
      },
    ]);
  });

  it('names the logic tools in its instructions only while a catalog is set, on the same connection too', async () => {
    await listedOnce('Alpha', { logicCatalog: CATALOG });
    const raw = start();
    const [discovered] = await answers(raw, [modern(1, 'server/discover')]);
    expect(discovered!.result?.instructions).toContain('logic_list / logic_get');
    expect(raw.stderr()).not.toMatch(FULL);
    await answers(raw, [modern(2, 'tools/call', search(2).params)]);
    writeSettings(settingsFor('Alpha'));
    const [again] = await answers(raw, [modern(3, 'server/discover')]);
    expect(again!.result?.instructions).not.toMatch(/logic_/);
    const [unknown] = await answers(raw, [modern(4, 'tools/call', search(4, 'logic_nope').params)]);
    expect(unknown!.error?.message).toBe(
      'Unknown tool: logic_nope. Available tools: fs_search_by_time.',
    );
  });
});
