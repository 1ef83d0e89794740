// For every client: register, read the entry back from its file, and start it exactly as that
// client would (command, args and env from the file, a PATH that finds nothing, another working
// folder), then list the tools and search a folder allowed in FolderGate's settings.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IDS } from '#shared/clients/clients.js';
import type { ClientId } from '#shared/clients/clients.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { descriptorOf } from './client-descriptors.js';
import { serviceFor } from '#testing/ai-app-fixtures.js';
import { editorFor } from './editor-for.js';

let base: string;
let home: string;
let appData: string;
let docs: string;
let elsewhere: string;

beforeAll(async () => {
  base = makeTempDir('fg-roundtrip-');
  home = path.join(base, 'home');
  appData = path.join(base, 'app data');
  docs = path.join(base, 'Docs');
  elsewhere = path.join(base, 'elsewhere');
  for (const dir of [home, appData, docs, elsewhere]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(docs, 'report.txt'), 'hello');
  fs.writeFileSync(
    path.join(appData, 'settings.json'),
    JSON.stringify({ version: 1, roots: [{ path: docs, name: 'Docs' }] }),
  );
  const service = serviceFor(home, appData);
  for (const id of CLIENT_IDS) await service.connect(id);
});
afterAll(() => removeTempDir(base));

async function roundTrip(id: ClientId): Promise<{ tools: string[]; matches: string[] }> {
  const d = descriptorOf(id);
  const file = d.configPath({
    platform: 'linux',
    env: { HOME: home },
    fallbackHome: home,
    listDir: () => null,
  });
  const launch = d.launchOf(editorFor(d).read(fs.readFileSync(file, 'utf8')));
  if (!launch) throw new Error(`no stdio entry in ${file}`);
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: { ...launch.env, PATH: '/nonexistent' },
    cwd: elsewhere,
    stderr: 'ignore',
  });
  const client = new Client({ name: `fake-${id}`, version: '1.0.0' });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    const search = tools.find((t) => /^fs[._]search_by_time$/.test(t)) ?? 'missing';
    const result = await client.callTool({ name: search, arguments: { timeField: 'modified' } });
    const matches = (
      (result.structuredContent as { matches?: Array<{ path: string }> } | undefined)?.matches ?? []
    ).map((m) => m.path);
    return { tools, matches };
  } finally {
    await client.close();
  }
}

describe('registered entries start the server as each client would', () => {
  // Four at a time: every round trip is a real process, and the machine has two cores.
  const results = new Map<ClientId, Promise<{ tools: string[]; matches: string[] }>>();
  const run = (id: ClientId): Promise<{ tools: string[]; matches: string[] }> => {
    const index = CLIENT_IDS.indexOf(id);
    const before = index >= 4 ? results.get(CLIENT_IDS[index - 4] as ClientId) : undefined;
    const started = (before ?? Promise.resolve()).catch(() => undefined).then(() => roundTrip(id));
    results.set(id, started);
    return started;
  };

  it.concurrent.each(CLIENT_IDS.map((id) => [id]))('%s', async (id) => {
    const { tools, matches } = await run(id);
    // Every client gets dot-free names (model APIs behind several of them reject dots).
    expect(tools).toContain('fs_search_by_time');
    expect(tools.filter((t) => t.includes('.'))).toEqual([]);
    expect(matches).toContain(path.join(docs, 'report.txt'));
  });
});
