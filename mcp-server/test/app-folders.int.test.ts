// Folders per AI app and for a while (issue 36, items 1 and 3) through the built server and the
// official TypeScript SDK client: servers of two apps (`--client claude-desktop`, `--client
// cursor`) and a hand-written entry (no `--client`) on one settings.json each list, describe and
// search only the folders allowed to them; the listing cache never gives one app another's
// listing; a folder whose time ended is refused by a server no app started the app for, and one
// whose time ends while a server runs is announced (tools/list_changed) and refused from then on;
// the Search preview's server (`--preview`) asks as the app a call names, no other server does.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';
import { SEARCH_AS_META } from '#shared/settings/folder-access-rules.js';
import { listingCacheFile, readListings } from '#server/protocol/listing-cache.js';
import { makeTempDir, removeTempDir, SERVER_ENTRY, writeTree } from '#testing/mcp-server.js';
import { scaled, waitFor } from '#testing/time.js';

const MTIME = '2025-04-01T10:00:00Z';
let tmp: string;
let appData: string;
const dir = (name: string) => path.join(tmp, name);
const open: { client: Client; stderr: () => string }[] = [];

beforeAll(() => {
  tmp = makeTempDir('fg-appf-');
  for (const name of ['Work', 'Pictures', 'Shared', 'Old', 'Soon'])
    writeTree(dir(name), [{ path: `${name.toLowerCase()}.txt`, mtime: MTIME }]);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.client.close()));
  removeTempDir(appData);
});
afterAll(() => removeTempDir(tmp));

/** The app's settings: Work for Claude Desktop and Cursor, Pictures for Claude Desktop only. */
function writeSettings(more: Record<string, unknown>[] = []): void {
  const roots = [
    { path: dir('Work'), name: 'Work', apps: ['claude-desktop', 'cursor'] },
    { path: dir('Pictures'), name: 'Pictures', apps: ['claude-desktop'] },
    { path: dir('Shared'), name: 'Shared' },
    { path: dir('Old'), name: 'Old', until: '2020-01-01T00:00:00+09:00' },
    ...more,
  ];
  const file = path.join(appData, 'settings.json');
  fs.writeFileSync(`${file}.next`, JSON.stringify({ version: SETTINGS_VERSION, roots }));
  fs.renameSync(`${file}.next`, file);
}

/** A server started as `args` (e.g. `--client cursor`) with the official SDK client connected. */
async function start(...args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, '--config-dir', appData, '--tool-names', 'underscore', ...args],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'appf-test', version: '1.0.0' });
  await client.connect(transport);
  open.push({ client, stderr: () => stderr });
  return client;
}

const opts = () => ({ timeout: scaled(30_000) });
const description = async (client: Client) =>
  (await client.listTools(undefined, opts())).tools.find((t) => t.name === 'fs_search_by_time')!
    .description ?? '';
const allowedIn = (text: string) =>
  /Allowed folders \(use as 'root'; the first is the default\): (.*)\.$/.exec(text)?.[1] ?? '';
const folders = async (client: Client) => {
  const read = await client.readResource({ uri: 'foldergate://folders' }, opts());
  const json = JSON.parse((read.contents[0] as { text: string }).text) as {
    folders: { name: string; default: boolean }[];
  };
  return json.folders.map((f) => `${f.name}${f.default ? '*' : ''}`);
};
const search = (client: Client, root?: string, meta?: Record<string, unknown>) =>
  client.callTool(
    {
      name: 'fs_search_by_time',
      arguments: { timeField: 'modified', ...(root ? { root } : {}) },
      ...(meta ? { _meta: meta } : {}),
    },
    opts(),
  );
const refusal = async (client: Client, root: string, meta?: Record<string, unknown>) => {
  const result = await search(client, root, meta);
  const text = (result.content as { text: string }[])[0]!.text;
  return { code: result.isError ? /^ErrorCode: (\S+)/.exec(text)?.[1] : 'answered', text };
};
const found = async (client: Client, root: string, meta?: Record<string, unknown>) => {
  const result = await search(client, root, meta);
  expect(result.isError).toBe(false);
  return (result.structuredContent as { matches: { path: string }[] }).matches.map((m) =>
    path.basename(m.path),
  );
};

describe('folders per AI app', () => {
  it('lists, describes and searches only the folders allowed to each app', async () => {
    appData = makeTempDir('fg-appf-data-');
    writeSettings();
    const claude = await start('--client', 'claude-desktop');
    const cursor = await start('--client', 'cursor');
    const handWritten = await start();

    expect(allowedIn(await description(claude))).toBe('"Work", "Pictures", "Shared"');
    expect(allowedIn(await description(cursor))).toBe('"Work", "Shared"');
    expect(allowedIn(await description(handWritten))).toBe('"Shared"');
    expect(await folders(claude)).toEqual(['Work*', 'Pictures', 'Shared']);
    expect(await folders(cursor)).toEqual(['Work*', 'Shared']);
    expect(await folders(handWritten)).toEqual(['Shared*']);

    expect(await found(claude, 'Pictures')).toEqual(['pictures.txt']);
    expect(await found(cursor, 'Work')).toEqual(['work.txt']);
    // Another app's folder answers as a folder that is not allowed, naming only the caller's own.
    const refused = await refusal(cursor, 'Pictures');
    expect(refused.code).toBe('RootNotAllowed');
    expect(refused.text).toContain('"Work", "Shared"');
    expect(refused.text).not.toContain('Pictures');
    expect((await refusal(cursor, dir('Pictures'))).code).toBe('RootNotAllowed');
    expect((await refusal(handWritten, 'Work')).code).toBe('RootNotAllowed');
    // The hand-written entry's default is the first folder it may search.
    expect(await found(handWritten, '')).toEqual(['shared.txt']);
    // A folder whose time ended: nobody, though no app is running to change the settings.
    for (const client of [claude, cursor, handWritten])
      expect((await refusal(client, 'Old')).code).toBe('RootNotAllowed');
  });

  it("refuses a saved result once its folder is no longer this app's, as a removed folder", async () => {
    appData = makeTempDir('fg-appf-data-');
    writeSettings();
    const claude = await start('--client', 'claude-desktop');
    const result = await search(claude, 'Pictures');
    const uri = (result.structuredContent as { resultUri: string }).resultUri;
    expect((await claude.readResource({ uri }, opts())).contents).toHaveLength(2);
    const file = path.join(appData, 'settings.json');
    const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      roots: { name: string; apps?: string[] }[];
    };
    settings.roots.find((r) => r.name === 'Pictures')!.apps = ['cursor'];
    fs.writeFileSync(`${file}.next`, JSON.stringify(settings));
    fs.renameSync(`${file}.next`, file);
    const refused = await claude.readResource({ uri }, opts()).then(
      () => 'answered',
      (error: { message: string }) => /ErrorCode: (\S+)/.exec(error.message)?.[1],
    );
    expect(refused).toBe('RootNotAllowed');
    expect(await folders(claude)).toEqual(['Work*', 'Shared']);
  });

  it("keeps one listing per view in the cache: an app never gets another app's", async () => {
    appData = makeTempDir('fg-appf-data-');
    writeSettings();
    // Cursor's server lists first and its listing is remembered; Claude's is not Cursor's.
    expect(allowedIn(await description(await start('--client', 'cursor')))).toBe(
      '"Work", "Shared"',
    );
    expect(allowedIn(await description(await start('--client', 'claude-desktop')))).toBe(
      '"Work", "Pictures", "Shared"',
    );
    const entries = readListings(listingCacheFile(appData));
    expect(entries).toHaveLength(2);
    // A later Cursor server answers from its front desk with Cursor's listing.
    const again = await start('--client', 'cursor');
    expect(allowedIn(await description(again))).toBe('"Work", "Shared"');
    expect(open.at(-1)!.stderr()).not.toMatch(/full server serving/);
  });

  it('ends a folder for a running server when its time comes, and says so', async () => {
    appData = makeTempDir('fg-appf-data-');
    const ends = Date.now() + scaled(1500);
    writeSettings([
      { path: dir('Soon'), name: 'Soon', apps: ['cursor'], until: new Date(ends).toISOString() },
    ]);
    const cursor = await start('--client', 'cursor');
    let changes = 0;
    cursor.setNotificationHandler('notifications/tools/list_changed', () => void changes++);
    expect(allowedIn(await description(cursor))).toBe('"Work", "Shared", "Soon"');
    expect(await found(cursor, 'Soon')).toEqual(['soon.txt']);
    await waitFor('the tool list to change', () => changes > 0, 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(ends);
    expect(allowedIn(await description(cursor))).toBe('"Work", "Shared"');
    expect((await refusal(cursor, 'Soon')).code).toBe('RootNotAllowed');
    expect(await folders(cursor)).toEqual(['Work*', 'Shared']);
  });

  it('ends a folder for an idle server at its front desk, and says so', async () => {
    appData = makeTempDir('fg-appf-data-');
    const ends = Date.now() + scaled(1500);
    writeSettings([{ path: dir('Soon'), name: 'Soon', until: new Date(ends).toISOString() }]);
    const first = await start('--client', 'zed');
    expect(allowedIn(await description(first))).toBe('"Shared", "Soon"');
    // This one lists from the cache and stays at its front desk until the folder's time ends.
    const idle = await start('--client', 'zed');
    let changes = 0;
    idle.setNotificationHandler('notifications/tools/list_changed', () => void changes++);
    expect(allowedIn(await description(idle))).toBe('"Shared", "Soon"');
    await waitFor('the tool list to change', () => changes > 0, 20_000);
    expect(allowedIn(await description(idle))).toBe('"Shared"');
  });

  it("answers the Search preview as the app it names, and no AI app's server does", async () => {
    appData = makeTempDir('fg-appf-data-');
    writeSettings();
    const preview = await start('--preview', '--no-approval');
    expect(allowedIn(await description(preview))).toBe('"Work", "Pictures", "Shared"');
    expect(await found(preview, 'Pictures')).toEqual(['pictures.txt']);
    expect(await found(preview, 'Work', { [SEARCH_AS_META]: 'cursor' })).toEqual(['work.txt']);
    expect((await refusal(preview, 'Pictures', { [SEARCH_AS_META]: 'cursor' })).code).toBe(
      'RootNotAllowed',
    );
    expect((await refusal(preview, 'Old')).code).toBe('RootNotAllowed');
    const cursor = await start('--client', 'cursor');
    const asked = await refusal(cursor, 'Pictures', { [SEARCH_AS_META]: 'claude-desktop' });
    expect(asked.code).toBe('RootNotAllowed');
  });
});
