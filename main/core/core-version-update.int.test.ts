// An update, end to end through the core both hosts compose: every AI app registered by an
// "older FolderGate" (another program path that still exists, an older server build), then the
// core of the new version starts on the same data folder and temp HOME. Every entry is rewritten
// for the new program, each file still reads as its app reads it, the AI apps' state says so,
// and every rewritten entry, started as its app would, answers initialize and tools/list.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { parse as parseToml } from '@decimalturn/toml-patch';
import { parse as parseJsonc, stripComments, type ParseError } from 'jsonc-parser';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ENTRY_NAME,
  CLIENT_IDS,
  type ClientActionResult,
  type ClientId,
  type ClientState,
} from '#shared/clients/clients.js';
import { dispatchIpc, type IpcChannel } from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { SERVER_BUNDLE } from '#testing/ai-app-fixtures.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { within } from '#testing/time.js';
import { descriptorOf, type ClientDescriptor } from './ai-apps/client-descriptors.js';
import type { ServerLauncher } from './ai-apps/types.js';
import { createCore, type Core } from './core.js';

let base: string;
let home: string;
let appData: string;
let elsewhere: string;
let oldNode: string;
let oldBundle: string;
let core: Core | undefined;

function coreWith(serverBundle: string, launcher: ServerLauncher): Core {
  return createCore({
    appDataDir: appData,
    host: 'headless',
    home,
    serverCommand: defaultServerCommand(appData),
    previewEngine: false,
    searchEngine: false,
    clients: { serverBundle, launcher, platform: 'linux', env: { HOME: home } },
  });
}

async function data<T>(on: Core, channel: IpcChannel, payload: unknown = {}): Promise<T> {
  const result = await dispatchIpc(on.handlers, channel, payload);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return result.data as T;
}

const fileOf = (d: ClientDescriptor): string =>
  d.configPath({ platform: 'linux', env: { HOME: home }, fallbackHome: home, listDir: () => null });

/** FolderGate's entry as the app's own reader finds it (strict JSON where the app is strict). */
function entryAsTheAppReads(d: ClientDescriptor, text: string): unknown {
  let data: unknown;
  if (d.format === 'json') data = JSON.parse(text);
  else if (d.format === 'json-comments') data = JSON.parse(stripComments(text));
  else if (d.format === 'jsonc') {
    const errors: ParseError[] = [];
    data = parseJsonc(text, errors, { allowTrailingComma: true });
    expect(errors).toEqual([]);
  } else if (d.format === 'toml') data = parseToml(text);
  else data = parseYaml(text);
  const servers = (data as Record<string, unknown>)[d.serversKey];
  return d.serversKind === 'list'
    ? (servers as { name?: string }[]).find((s) => s.name === CLIENT_ENTRY_NAME)
    : (servers as Record<string, unknown>)[CLIENT_ENTRY_NAME];
}

/** Starts the entry as its app would (command, args, env; a PATH that finds nothing). */
async function toolsOf(d: ClientDescriptor): Promise<string[]> {
  const launch = d.launchOf(entryAsTheAppReads(d, fs.readFileSync(fileOf(d), 'utf8')));
  if (!launch) throw new Error(`no stdio entry for ${d.id}`);
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: { ...launch.env, PATH: '/nonexistent' },
    cwd: elsewhere,
    stderr: 'ignore',
  });
  const client = new Client({ name: `fake-${d.id}`, version: '1.0.0' });
  await client.connect(transport); // initialize
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} missing: run npm run build`);
  base = makeTempDir('fg-core-update-');
  home = path.join(base, 'home');
  appData = path.join(base, 'app data');
  elsewhere = path.join(base, 'elsewhere');
  for (const dir of [home, appData, elsewhere]) fs.mkdirSync(dir, { recursive: true });
  // The older FolderGate: its program (still there) and its build of the server (another name).
  oldNode = path.join(base, 'old FolderGate', 'node');
  fs.mkdirSync(path.dirname(oldNode));
  fs.symlinkSync(process.execPath, oldNode);
  const entry = fs.readFileSync(SERVER_BUNDLE, 'utf8');
  const full = /server-[0-9a-f]{12}\.js/.exec(entry)![0];
  oldBundle = path.join(base, 'old FolderGate', 'index.js');
  fs.writeFileSync(oldBundle, entry.replace(full, 'server-000000000001.js'));
  fs.copyFileSync(
    path.join(path.dirname(SERVER_BUNDLE), full),
    path.join(path.dirname(oldBundle), 'server-000000000001.js'),
  );
  const older = coreWith(oldBundle, { command: oldNode, args: [], env: {} });
  for (const id of CLIENT_IDS) {
    const result = await data<ClientActionResult>(older, 'clients:connect', { id });
    expect(result.client.status).toBe('connected');
  }
});
afterAll(async () => {
  await core?.stop();
  removeTempDir(base);
});

describe('the new version starts', () => {
  const states = new Map<ClientId, ClientState>();

  it('rewrites every app’s entry for its program, after copying its server bundle', async () => {
    core = coreWith(SERVER_BUNDLE, { command: process.execPath, args: [], env: {} });
    await core.start();
    // Asked while the check runs, answered after it.
    const { clients } = await data<{ clients: ClientState[] }>(core, 'clients:list');
    for (const client of clients) states.set(client.id, client);
    expect(clients.map((c) => [c.id, c.status])).toEqual(CLIENT_IDS.map((id) => [id, 'connected']));
    for (const client of clients) {
      expect(client.updatedForNewVersion).toEqual({
        at: expect.any(String) as string,
        from: oldNode,
      });
      expect(client).toMatchObject({ canUndo: true });
    }
    expect(fs.readFileSync(path.join(appData, 'server', 'index.js'), 'utf8')).toBe(
      fs.readFileSync(SERVER_BUNDLE, 'utf8'),
    );
  });

  it.each(CLIENT_IDS.map((id) => [id]))('%s: its file reads as the app reads it', (id) => {
    const d = descriptorOf(id);
    const launch = d.launchOf(entryAsTheAppReads(d, fs.readFileSync(fileOf(d), 'utf8')));
    expect(launch?.command).toBe(process.execPath);
    expect(launch?.args).toContain(path.join(appData, 'server', 'index.js'));
    expect(states.get(id)?.currentEntry).toEqual(states.get(id)?.expectedEntry);
  });

  it('every rewritten entry starts the server, which answers initialize and tools/list', async () => {
    // Four at a time (the machine may have two busy cores), all within one budget.
    const results = new Map<ClientId, string[]>();
    const queue = [...CLIENT_IDS];
    const worker = async () => {
      for (let id = queue.shift(); id; id = queue.shift())
        results.set(id, await toolsOf(descriptorOf(id)));
    };
    const done = await within(Promise.all([worker(), worker(), worker(), worker()]), 60_000);
    expect(done, `servers answered: ${[...results.keys()].join(', ')}`).toBeDefined();
    for (const id of CLIENT_IDS) expect(results.get(id), id).toContain('fs_search_by_time');
  });

  it('a second start changes nothing', async () => {
    await core?.stop();
    core = coreWith(SERVER_BUNDLE, { command: process.execPath, args: [], env: {} });
    const before = CLIENT_IDS.map((id) => fs.readFileSync(fileOf(descriptorOf(id)), 'utf8'));
    await core.start();
    const { clients } = await data<{ clients: ClientState[] }>(core, 'clients:list');
    expect(clients.every((c) => c.status === 'connected')).toBe(true);
    expect(CLIENT_IDS.map((id) => fs.readFileSync(fileOf(descriptorOf(id)), 'utf8'))).toEqual(
      before,
    );
  });
});
