// The MCP Inspector 2.12 CLI (as a person checks a server by hand) against the built server, in
// each protocol era it negotiates: `legacy` (the initialize handshake), `modern` (2026-07-28:
// server/discover, then stateless requests with their `_meta` envelope) and `auto` (which probes
// server/discover). Each lists from the front desk without loading the full server, sees the
// icons, searches, and is refused while access is paused; every call is recorded in Activity,
// under the app the entry names (`--client`) beside the name the Inspector gives itself.
// Needs the Inspector installed by `npm run test-clients` (which `npm test` runs first); without it
// these tests fail saying so.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, makeDocsAppData, writeDocsSettings } from '#testing/docs-app-data.js';
import { removeTempDir, SERVER_ENTRY } from '#testing/mcp-server.js';
import { primeListing } from '#testing/raw-server.js';
import { runInspector, type InspectorRun } from '#testing/test-clients.js';

const FULL = /full server serving/;
const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';

type Run = InspectorRun<{ result?: Record<string, unknown> }>;

describe('the MCP Inspector 2.12 CLI in each era', () => {
  let tmp: string;
  let appData: string;
  let docs: string;
  let home: string;

  const settings = (more: Record<string, unknown> = {}) =>
    writeDocsSettings({ appData, docs }, more);

  const serverArgs = () => ['--config-dir', appData, '--client', 'cursor'];

  beforeAll(async () => {
    ({ tmp, appData, docs } = makeDocsAppData('fg-inspector-', [
      { path: 'a.pdf', mtime: '2025-05-01T10:00:00Z' },
    ]));
    home = path.join(tmp, 'home');
    fs.mkdirSync(home);
    await primeListing(serverArgs());
  });

  afterAll(() => {
    if (tmp) removeTempDir(tmp);
  });

  /** Runs the Inspector CLI once on a server of its own; resolves when it exits. */
  const run = (era: string, method: string[]): Promise<Run> =>
    runInspector({ era, server: [SERVER_ENTRY, ...serverArgs()], method, home });

  const records = () => auditRecords(appData);

  const search = ['tools/call', '--tool-name', 'fs.search_by_time', '--tool-arg'];

  for (const era of ['legacy', 'modern', 'auto']) {
    it(`${era}: lists from the front desk with icons, searches, is refused while paused, and is recorded`, async () => {
      settings();
      const listed = await run(era, ['tools/list']);
      expect(listed.code, listed.stderr).toBe(0);
      const tools = listed.answer?.result?.tools as
        { name: string; icons?: { src: string; mimeType?: string }[] }[] | undefined;
      expect(tools?.map((tool) => tool.name)).toEqual(['fs.search_by_time']);
      expect(tools![0]!.icons).toEqual([
        expect.objectContaining({ src: expect.stringMatching(/^data:image\/(svg\+xml|png);/) }),
      ]);
      // Connecting (the probe included) and listing were the front desk's.
      expect(listed.stderr).toMatch(/ready on stdio/);
      expect(listed.stderr).not.toMatch(FULL);

      const before = records().length;
      const found = await run(era, [...search, 'timeField=modified']);
      expect(found.code, found.stderr).toBe(0);
      const result = found.answer!.result!;
      expect(result.isError).toBe(false);
      expect((result.content as { text: string }[])[0]!.text).toMatch(/^Found 1 file in 'Docs'/);
      // A 2026-07-28 result names the server in its `_meta`; a handshake-era result does not.
      const named = (result._meta as Record<string, { name?: string }> | undefined)?.[
        SERVER_INFO_META
      ];
      if (era === 'legacy') expect(named).toBeUndefined();
      else expect(named).toMatchObject({ name: 'foldergate', icons: [expect.anything()] });

      settings({ paused: true });
      const paused = await run(era, [...search, 'timeField=modified']);
      // The Inspector exits 5 for a tool result with isError; the result is the 3-line error.
      expect(paused.code, paused.stderr).toBe(5);
      const text = (paused.answer!.result!.content as { text: string }[])[0]!.text;
      expect(text).toMatch(/^ErrorCode: AccessPaused\nMessage: .+\nFix: .+$/);

      const recorded = records().slice(before);
      expect(recorded.map((record) => [record.outcome, record.errorCode ?? null])).toEqual([
        ['ok', null],
        ['error', 'AccessPaused'],
      ]);
      for (const record of recorded)
        expect(record.client).toMatchObject({ name: 'inspector-cli', app: 'cursor' });
    });
  }
});
