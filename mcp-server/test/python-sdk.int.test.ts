// The official MCP Python SDK 2.3 (its Client, as AI apps written in Python use it) against the
// built server, pinned to every protocol revision FolderGate speaks and in its default auto mode:
// each connects, gets the server's identity and instructions, lists and calls; and the person's
// controls hold through the 2026-07-28 client and a 2025-11-25 one (testing/controls-scenario.ts).
// Needs the SDK installed by `npm run test-clients`; without it these tests fail saying so.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeControls } from '#testing/controls-scenario.js';
import { pythonClient, type TestClient } from '#testing/mcp-clients.js';
import { removeTempDir } from '#testing/mcp-server.js';
import type { PythonMode } from '#testing/python-client.js';
import { primeListing } from '#testing/raw-server.js';
import { makeDocsAppData } from '#testing/docs-app-data.js';

const FULL = /full server serving/;

describe('the Python SDK at every revision', () => {
  let tmp: string;
  let appData: string;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    ({ tmp, appData } = makeDocsAppData('fg-py-', [
      { path: 'a.txt', mtime: '2025-05-01T10:00:00Z' },
    ]));
    await primeListing(['--config-dir', appData]);
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(() => {
    if (tmp) removeTempDir(tmp);
  });

  const modes: [string, PythonMode, string][] = [
    ['2024-11-05', { mode: 'legacy', handshake: '2024-11-05' }, '2024-11-05'],
    ['2025-03-26', { mode: 'legacy', handshake: '2025-03-26' }, '2025-03-26'],
    ['2025-06-18', { mode: 'legacy', handshake: '2025-06-18' }, '2025-06-18'],
    ['2025-11-25', { mode: 'legacy', handshake: '2025-11-25' }, '2025-11-25'],
    ['2026-07-28', { mode: '2026-07-28' }, '2026-07-28'],
    ['auto (probes server/discover)', { mode: 'auto' }, '2026-07-28'],
  ];

  for (const [label, how, version] of modes) {
    it(`${label}: connects, lists from the front desk, then searches`, async () => {
      const client = await pythonClient(how)(['--config-dir', appData], 'python-sdk-test');
      clients.push(client);
      expect(client.protocolVersion).toBe(version);
      const info = await client.info();
      expect(info).toMatchObject({ name: 'foldergate', icons: 1 });
      expect(info.instructions).toMatch(/^FolderGate lets you search/);
      const tools = await client.list();
      expect(tools).toEqual([expect.objectContaining({ name: 'fs.search_by_time', icons: 1 })]);
      // Connecting (the auto client's probe included) and listing never load the full server
      // once the listing is cached.
      expect(client.stderr()).not.toMatch(FULL);
      const result = await client.call('fs.search_by_time', { timeField: 'modified' });
      expect(result.isError).toBe(false);
      expect(result.text).toMatch(/^Found 1 file in 'Docs'/);
      expect(client.stderr()).toMatch(FULL);
    });
  }
});

describeControls('Python SDK 2026-07-28', pythonClient({ mode: '2026-07-28' }), '2026-07-28');
describeControls(
  'Python SDK 2025-11-25',
  pythonClient({ mode: 'legacy', handshake: '2025-11-25' }),
  '2025-11-25',
);
