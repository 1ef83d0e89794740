// Following a saved search result (docs/contracts/resources.md §5) through the TypeScript SDK 2.x
// Client and the Python SDK on both eras, against a real search engine process (testing/engine-process.ts): a file
// created on disk in the result's range is announced (`notifications/resources/updated`) within
// a second, and the result read again holds it; without the engine the subscription is refused.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { makeTempDir, removeTempDir, SERVER_ENTRY, writeTree } from '#testing/mcp-server.js';
import { startEngineProcess, type EngineProcess } from '#testing/engine-process.js';
import { scaled, waitFor } from '#testing/time.js';
import { startPythonClient, type PythonMode } from '#testing/python-client.js';

type Mode = 'legacy' | { pin: string };

async function connect(configDir: string, mode: Mode): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, '--config-dir', configDir],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  const client = new Client(
    { name: 'live-test', version: '1.0.0' },
    { versionNegotiation: { mode } },
  );
  await client.connect(transport);
  return client;
}

/** Follows `uri` as the era does it: resources/subscribe, or a subscriptions/listen stream. */
async function follow(client: Client, uri: string, mode: Mode): Promise<void> {
  if (mode === 'legacy') await client.subscribeResource({ uri });
  else await client.listen({ resourceSubscriptions: [uri] });
}

const SINCE = '2025-01-01T00:00:00Z';

describe('following a saved result in the live index', () => {
  let tmp: string;
  let live: string;
  let engine: EngineProcess;
  const clients: Client[] = [];

  beforeAll(async () => {
    tmp = makeTempDir('fg-live-');
    live = path.join(tmp, 'Live');
    writeTree(live, [{ path: 'old.txt', mtime: '2025-05-01T10:00:00Z' }]);
    engine = await startEngineProcess([live]);
    await engine.waitUntilReady(scaled(30_000));
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await engine?.close();
    if (tmp) removeTempDir(tmp);
  });

  describe.each([
    ['2025-11-25', 'legacy' as Mode],
    ['2026-07-28', { pin: '2026-07-28' } as Mode],
  ])('%s', (_version, mode) => {
    it('announces a file created in the range within a second, and the result holds it', async () => {
      const client = await connect(engine.appData, mode);
      clients.push(client);
      const call = await client.callTool(
        { name: 'fs.search_by_time', arguments: { timeField: 'modified', from: SINCE } },
        { timeout: scaled(30_000) },
      );
      const { resultUri } = call.structuredContent as { resultUri: string };
      const updated: string[] = [];
      client.setNotificationHandler('notifications/resources/updated', (n) => {
        updated.push(n.params.uri);
      });
      await follow(client, resultUri, mode);
      const name = `new-${typeof mode === 'string' ? mode : 'modern'}.txt`;
      fs.writeFileSync(path.join(live, name), 'new');
      await waitFor('the update', () => updated.includes(resultUri), 1000);
      const read = await client.readResource({ uri: resultUri });
      const body = JSON.parse((read.contents[0] as { text: string }).text) as {
        matches: { path: string }[];
      };
      expect(body.matches.map((m) => path.basename(m.path))).toContain(name);
      // Later changes come from the engine's watch (the look at subscribing is long over).
      fs.rmSync(path.join(live, name));
      await waitFor('the second update', () => updated.length >= 2, 1000);
      const again = await client.readResource({ uri: resultUri });
      expect((again.contents[0] as { text: string }).text).not.toContain(name);
    });
  });

  const pythonModes: [string, PythonMode][] = [
    ['2025-11-25', { mode: 'legacy', handshake: '2025-11-25' }],
    ['2026-07-28', { mode: '2026-07-28' }],
  ];
  for (const [label, how] of pythonModes) {
    it(`the Python SDK ${label} is told of a file created in a followed result`, async () => {
      const python = await startPythonClient(how, ['--config-dir', engine.appData]);
      try {
        const call = await python.send({
          op: 'call',
          name: 'fs.search_by_time',
          arguments: { timeField: 'modified', from: SINCE },
        });
        const uri = (call.structured as { resultUri: string }).resultUri;
        expect(await python.send({ op: 'subscribe', uri })).toEqual({ following: true });
        fs.writeFileSync(path.join(live, `py-${how.mode}.txt`), 'new');
        await waitFor(
          'the update',
          async () => ((await python.send({ op: 'updated' })).updated as string[]).includes(uri),
          1000,
        );
      } finally {
        await python.close();
      }
    });
  }

  it('refuses to follow without the app engine (both eras)', async () => {
    const lonely = path.join(tmp, 'lonely');
    fs.mkdirSync(lonely);
    fs.writeFileSync(
      path.join(lonely, 'settings.json'),
      JSON.stringify({ version: 2, roots: [{ path: live, name: 'Live' }] }),
    );
    for (const mode of ['legacy', { pin: '2026-07-28' }] as Mode[]) {
      const client = await connect(lonely, mode);
      clients.push(client);
      const call = await client.callTool(
        { name: 'fs.search_by_time', arguments: { timeField: 'modified' } },
        { timeout: scaled(30_000) },
      );
      const { resultUri } = call.structuredContent as { resultUri: string };
      const refused = await follow(client, resultUri, mode).then(
        () => null,
        (error: { code?: number; message: string }) => error,
      );
      expect(refused?.message).toMatch(/ErrorCode: IOFailure/);
      expect(refused?.message).toMatch(/Fix: Ask the person to open the FolderGate app/);
    }
  });
});
