// What a client learns about the tools, with the SDK client against the real built server: the
// initialize instructions name the tools as they are listed, the from/to wording asks for an
// offset, and a settings change that alters the listing is announced with
// notifications/tools/list_changed (the descriptions name the allowed folders).
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir, type ServerHandle, useServers } from '#testing/mcp-server.js';
import { scaled } from '#testing/time.js';

let folderA: string;
let folderB: string;
const dirs: string[] = [];

beforeAll(() => {
  folderA = makeTempDir('fg-list-a-');
  folderB = makeTempDir('fg-list-b-');
});

afterAll(() => {
  for (const dir of [folderA, folderB, ...dirs]) if (dir) removeTempDir(dir);
});

const { start } = useServers();

describe('instructions', () => {
  it('name fs.search_by_time by default', async () => {
    const server = await start(['--root', folderA]);
    expect(server.client.getInstructions()).toContain('Use fs.search_by_time ');
  });

  it('name fs_search_by_time, the spelling that is listed, with --tool-names underscore', async () => {
    const server = await start(['--root', folderA, '--tool-names', 'underscore']);
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toContain('fs_search_by_time');
    const instructions = server.client.getInstructions() ?? '';
    expect(instructions).toContain('Use fs_search_by_time ');
    for (const name of instructions.match(/\bfs[._]search_by_time\b/g) ?? [])
      expect(tools.map((t) => t.name)).toContain(name);
  });
});

describe('from and to', () => {
  it('are advertised as date-time and described with an offset, local time still accepted', async () => {
    const server = await start(['--root', folderA]);
    const { tools } = await server.client.listTools();
    const search = tools.find((t) => t.name === 'fs.search_by_time')!;
    const properties = search.inputSchema.properties as Record<
      string,
      { format?: string; description?: string }
    >;
    for (const name of ['from', 'to']) {
      expect(properties[name]!.format).toBe('date-time');
      expect(properties[name]!.description).toMatch(/with an offset.*'Z'.*'\+09:00'/);
    }
    expect(search.description).toMatch(/RFC 3339 date-times with an offset \('Z' or '\+09:00'/);
    expect(search.description).toMatch(/user's local offset is currently [+-]\d\d:\d\d/);
    expect(search.description).toMatch(
      /without an offset is still accepted and read as the user's local time/,
    );
    const result = await server.client.callTool({
      name: 'fs.search_by_time',
      arguments: { timeField: 'modified', from: '2025-01-01T00:00:00' },
    });
    expect(result.isError).toBe(false);
  });
});

describe('notifications/tools/list_changed', () => {
  let configDir: string;
  const settingsFile = () => path.join(configDir, 'settings.json');

  /** Replaces settings.json in one step, as the app does (write a new file, rename it over). */
  function writeSettings(roots: { path: string; name: string }[]): void {
    const next = `${settingsFile()}.next`;
    fs.writeFileSync(next, JSON.stringify({ version: 1, roots }));
    fs.renameSync(next, settingsFile());
  }

  /** Starts a server on `configDir` and counts the list_changed notifications it sends. */
  async function startCounting() {
    const server = await start(['--config-dir', configDir]);
    const seen: number[] = [];
    let onNext: () => void = () => undefined;
    server.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      seen.push(Date.now());
      onNext();
    });
    const next = (ms = scaled(5000)) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no list_changed notification')), ms);
        onNext = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    return { server, seen, next };
  }

  const searchDescription = async (server: ServerHandle) =>
    (await server.client.listTools()).tools.find((t) => t.name === 'fs.search_by_time')!
      .description ?? '';

  beforeAll(() => {
    configDir = makeTempDir('fg-list-config-');
    dirs.push(configDir);
  });

  it('is advertised', async () => {
    writeSettings([{ path: folderA, name: 'Alpha' }]);
    const server = await start(['--config-dir', configDir]);
    expect(server.client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
  });

  it('is sent once when the allowed folders change, without a request to prompt it', async () => {
    writeSettings([{ path: folderA, name: 'Alpha' }]);
    const { server, seen, next } = await startCounting();
    expect(await searchDescription(server)).toContain('"Alpha"');

    const changed = next();
    writeSettings([{ path: folderB, name: 'Beta' }]);
    await changed;
    expect(await searchDescription(server)).toContain('"Beta"');
    expect(await searchDescription(server)).not.toContain('"Alpha"');

    // No repeat while nothing changes, whether or not the client lists again: every request is
    // a look at the listing (the same look the server's timer takes), and none notified again.
    await server.client.ping();
    await server.client.listTools();
    await server.client.ping();
    expect(seen).toHaveLength(1);
  });

  it('reaches the client before the answer to a request made right after the change', async () => {
    writeSettings([{ path: folderA, name: 'Alpha' }]);
    const { server, seen } = await startCounting();
    await server.client.listTools();
    writeSettings([{ path: folderA, name: 'Renamed' }]);
    await server.client.ping();
    expect(seen).toHaveLength(1);
  });

  it('is not sent for a rewrite that leaves the listing as it was', async () => {
    writeSettings([{ path: folderA, name: 'Alpha' }]);
    const { server, seen } = await startCounting();
    await server.client.listTools();
    writeSettings([{ path: folderA, name: 'Alpha' }]);
    await server.client.ping();
    await server.client.listTools();
    await server.client.ping();
    expect(seen).toEqual([]);
  });
});
