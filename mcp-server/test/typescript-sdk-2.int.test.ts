// The TypeScript SDK 2.x Client (@modelcontextprotocol/client, as AI apps written in TypeScript
// use it) against the built server: pinned to the 2026-07-28 revision and negotiating in auto mode
// (which probes server/discover on a sibling server process), and the person's controls through the
// pinned client (testing/controls-scenario.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeControls } from '#testing/controls-scenario.js';
import { typescriptClient, type TestClient } from '#testing/mcp-clients.js';
import { removeTempDir } from '#testing/mcp-server.js';
import { primeListing } from '#testing/raw-server.js';
import { makeDocsAppData } from '#testing/docs-app-data.js';

const FULL = /full server serving/;

describe('the TypeScript SDK 2.x', () => {
  let tmp: string;
  let appData: string;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    ({ tmp, appData } = makeDocsAppData('fg-ts2-', [
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

  for (const mode of ['2026-07-28', 'auto'] as const) {
    it(`${mode}: connects in the 2026-07-28 revision, lists from the front desk, then searches`, async () => {
      const client = await typescriptClient(mode)(['--config-dir', appData], 'ts-sdk-test');
      clients.push(client);
      expect(client.protocolVersion).toBe('2026-07-28');
      const info = await client.info();
      expect(info).toMatchObject({ name: 'foldergate', icons: 1 });
      expect(info.instructions).toMatch(/^FolderGate lets you search/);
      expect(await client.list()).toEqual([
        expect.objectContaining({ name: 'fs.search_by_time', icons: 1 }),
      ]);
      expect(client.stderr()).not.toMatch(FULL);
      const result = await client.call('fs.search_by_time', { timeField: 'modified' });
      expect(result.text).toMatch(/^Found 1 file in 'Docs'/);
      expect(client.stderr()).toMatch(FULL);
    });
  }
});

describeControls('TypeScript SDK 2.x 2026-07-28', typescriptClient('2026-07-28'), '2026-07-28');
