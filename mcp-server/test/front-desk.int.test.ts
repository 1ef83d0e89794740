// The server's front desk (protocol/front-desk.ts) through the built entry, with raw JSON-RPC
// lines: a second server started with the same command line and settings answers initialize and
// tools/list from the listing cache without loading the full server, with the very answers the full
// server gave; everything else is the full server's, which learns the client from the replayed
// initialize; a settings change after listing is announced before the next answer.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '#testing/mcp-server.js';
import { spawnRaw, type RawMessage, type RawServer } from '#testing/raw-server.js';
import { scaled, waitFor } from '#testing/time.js';
import { SERVER_ENTRY } from '#testing/mcp-server.js';

const FULL = /full server serving/;

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

const settingsFor = (name: string) =>
  JSON.stringify({ version: 1, roots: [{ path: folder, name }] });

function start(args: string[] = ['--config-dir', configDir, '--tool-names', 'underscore']) {
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

/**
 * A fresh app data folder allowing the test folder as `name`, and a first server that listed the
 * tools there (its full server filled the listing cache for the next ones).
 */
async function listedOnce(name: string): Promise<void> {
  configDir = makeTempDir('fg-front-config-');
  writeSettings(settingsFor(name));
  await connect(start(), '2025-11-25');
}

/** The search tool's description in a tools/list answer. */
function searchDescription(answer: RawMessage): string {
  const tools = (answer.result as { tools: { name: string; description: string }[] }).tools;
  return tools.find((tool) => /^fs[._]search_by_time$/.test(tool.name))!.description;
}

/** Connects like an AI app (initialize, initialized, tools/list) and returns both answers. */
async function connect(raw: RawServer, protocolVersion: string) {
  raw.send(initialize(1, protocolVersion));
  const init = await raw.reply(1);
  raw.send(initialized);
  raw.send(listTools(2));
  const list = await raw.reply(2);
  return { init, list };
}

describe('the front desk', () => {
  it('answers initialize and tools/list as the full server did, without loading it', async () => {
    configDir = makeTempDir('fg-front-config-');
    writeSettings(settingsFor('Alpha'));
    for (const version of ['2025-11-25', '2025-06-18', '2024-11-05', '1999-01-01']) {
      // The full server answers both: a notification the front does not know hands over at once
      // (and is ignored by the full server). It remembers the listing.
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
      // Still nothing but the front: the full server was never loaded.
      second.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
      expect(await second.reply(3)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
      expect(second.stderr()).not.toMatch(FULL);
    }
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
    raw.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'fs_search_by_time', arguments: { timeField: 'modified' } },
    });
    const answer = await raw.reply(3);
    expect(answer.result?.isError).toBe(false);
    expect(JSON.stringify(answer.result)).toContain(
      path.join(folder, 'a.txt').replace(/\\/g, '\\\\'),
    );
    expect(raw.stderr()).toMatch(FULL);
    // The initialize the front answered is not answered twice.
    expect(raw.messages().filter((m) => m.id === 1)).toHaveLength(1);
    // The activity record names the client, which only the replayed initialize told the SDK.
    const audit = path.join(configDir, 'audit');
    await waitFor(
      'the activity record',
      () => fs.existsSync(audit) && fs.readdirSync(audit).length > 0,
    );
    const [day] = fs.readdirSync(audit);
    await waitFor('the record line', () =>
      fs.readFileSync(path.join(audit, day!), 'utf8').includes('\n'),
    );
    const record = JSON.parse(fs.readFileSync(path.join(audit, day!), 'utf8').split('\n')[0]!) as {
      client: unknown;
    };
    expect(record.client).toEqual({ name: 'front-desk-test', version: '2.0.0' });
  });

  it('leaves anything it does not fully understand to the full server, which answers as always', async () => {
    await listedOnce('Alpha');

    // A capability the SDK refuses: the full server's -32602, not a front answer.
    const refused = start();
    refused.send({
      ...initialize(1, '2025-11-25'),
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { roots: 5 },
        clientInfo: { name: 'x', version: '1' },
      },
    });
    expect((await refused.reply(1)).error?.code).toBe(-32602);
    expect(refused.stderr()).toMatch(FULL);

    // A member the front does not check (clientInfo.websiteUrl): answered by the full server.
    const other = start();
    other.send(
      initialize(1, '2025-11-25', {
        clientInfo: { name: 'y', version: '1', websiteUrl: 'https://example.com' },
      }),
    );
    expect((await other.reply(1)).result?.serverInfo).toMatchObject({ name: 'foldergate' });
    expect(other.stderr()).toMatch(FULL);

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

  it('tells a client that listed about a settings change, before the answer to its next request', async () => {
    await listedOnce('Alpha');
    const raw = start();
    await connect(raw, '2025-11-25');
    expect(raw.stderr()).not.toMatch(FULL);
    writeSettings(settingsFor('Renamed'));
    raw.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    await raw.reply(3);
    const methods = raw.messages().map((m) => m.method ?? m.id);
    expect(methods.slice(2)).toEqual(['notifications/tools/list_changed', 3]);
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
    const cache = path.join(configDir, 'listing-cache.json');
    expect(fs.existsSync(cache)).toBe(false);
  });

  it('answers a tool call sent just before stdin closes, after loading the full server', async () => {
    await listedOnce('Alpha');
    const raw = start();
    raw.send(initialize(1, '2025-11-25'));
    raw.send(initialized);
    raw.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'fs_search_by_time', arguments: { timeField: 'modified' } },
    });
    raw.child.stdin.end();
    expect(await raw.exited).toEqual({ code: 0, signal: null });
    const ids = raw.messages().map((m) => m.id);
    expect(ids).toEqual([1, 2]);
    expect(raw.messages()[1]!.result?.isError).toBe(false);
  });

  it('exits with an error naming the problem when its full server is missing beside it', async () => {
    configDir = makeTempDir('fg-front-config-');
    const copy = path.join(configDir, 'server');
    fs.mkdirSync(copy);
    fs.copyFileSync(SERVER_ENTRY, path.join(copy, 'index.js'));
    fs.writeFileSync(path.join(copy, 'package.json'), '{ "type": "module" }');
    const raw = spawnRaw(['--config-dir', configDir], {}, path.join(copy, 'index.js'));
    raws.push(raw);
    raw.send(initialize(1, '2025-11-25'));
    expect((await raw.reply(1)).result?.serverInfo).toMatchObject({ name: 'foldergate' });
    raw.send(listTools(2));
    expect(await raw.exited).toEqual({ code: 1, signal: null });
    expect(raw.stderr()).toMatch(/fatal: the full server could not be loaded/);
  });

  it('loads the full server at start with --load-now (the app’s own preview)', async () => {
    configDir = makeTempDir('fg-front-config-');
    writeSettings(settingsFor('Alpha'));
    const raw = start(['--config-dir', configDir, '--load-now']);
    await waitFor('the full server', () => FULL.test(raw.stderr()));
    const { init, list } = await connect(raw, '2025-11-25');
    expect(init.result?.serverInfo).toMatchObject({ name: 'foldergate' });
    expect(searchDescription(list)).toContain('"Alpha"');
    expect(raw.messages().filter((m) => m.id === 1)).toHaveLength(1);
  });
});
