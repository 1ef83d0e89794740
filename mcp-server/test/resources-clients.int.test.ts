// Resources (docs/contracts/resources.md) through the official Python SDK (a 2025-11-25 handshake
// and 2026-07-28) and the MCP Inspector CLI (legacy and modern): foldergate://folders read, a
// search's result link read and paged, and a read refused after the folder was removed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocsAppData, writeDocsSettings } from '#testing/docs-app-data.js';
import { removeTempDir, SERVER_ENTRY } from '#testing/mcp-server.js';
import { startPythonClient, type PythonMode } from '#testing/python-client.js';
import { runInspector } from '#testing/test-clients.js';

const FILES = Array.from({ length: 120 }, (_, i) => ({
  path: `f${String(i).padStart(3, '0')}.txt`,
  mtime: Date.UTC(2025, 4, 1, 10, 0, i),
}));

/** The Inspector's one JSON answer on stdout (`--format json`). */
interface InspectorAnswer {
  result: { resources?: { uri: string }[]; contents?: { text: string }[] };
}

describe('resources through other clients', () => {
  let tmp: string;
  let appData: string;
  let docs: string;
  let home: string;

  beforeAll(() => {
    ({ tmp, appData, docs } = makeDocsAppData('fg-resc-', FILES));
    home = path.join(tmp, 'home');
    fs.mkdirSync(home);
  });

  afterAll(() => {
    if (tmp) removeTempDir(tmp);
  });

  const modes: [string, PythonMode][] = [
    ['2025-11-25', { mode: 'legacy', handshake: '2025-11-25' }],
    ['2026-07-28', { mode: '2026-07-28' }],
  ];
  for (const [label, how] of modes) {
    it(`Python SDK ${label}: folders, a result read and paged, refused once its folder is removed`, async () => {
      writeDocsSettings({ appData, docs });
      const python = await startPythonClient(how, ['--config-dir', appData]);
      try {
        const folders = await python.send({ op: 'read', uri: 'foldergate://folders' });
        const contents = folders.contents as { mimeType: string; text: string }[];
        expect(contents.map((c) => c.mimeType)).toEqual(['application/json', 'text/plain']);
        expect(JSON.parse(contents[0]!.text)).toMatchObject({ folders: [{ name: 'Docs' }] });

        const call = await python.send({
          op: 'call',
          name: 'fs.search_by_time',
          arguments: { timeField: 'modified', limit: 1000 },
        });
        const uri = (call.structured as { resultUri: string }).resultUri;
        const listed = await python.send({ op: 'resources' });
        expect(listed.resources).toEqual(['foldergate://folders', uri]);
        expect(listed.templates).toEqual(['foldergate://results/{id}{?page}']);
        const page2 = await python.send({ op: 'read', uri: `${uri}?page=2` });
        const body = JSON.parse((page2.contents as { text: string }[])[0]!.text) as {
          page: number;
          matches: unknown[];
        };
        expect(body.page).toBe(2);
        expect(body.matches).toHaveLength(20);

        writeDocsSettings({ appData, docs: `${docs}-gone` });
        const refused = await python.send({ op: 'read', uri });
        expect(refused.error?.message).toMatch(/^ErrorCode: RootNotAllowed/);
      } finally {
        await python.close();
      }
    });
  }

  /** The Inspector CLI once, on a server of its own; its JSON answer and exit code. */
  const inspect = (era: string, method: string[]) =>
    runInspector<InspectorAnswer>({
      era,
      server: [SERVER_ENTRY, '--config-dir', appData],
      method,
      home,
    });

  for (const era of ['legacy', 'modern']) {
    it(`Inspector CLI ${era}: resources/list and resources/read of foldergate://folders`, async () => {
      writeDocsSettings({ appData, docs });
      const listed = await inspect(era, ['resources/list']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.answer?.result.resources?.map((r) => r.uri)).toEqual(['foldergate://folders']);
      const read = await inspect(era, ['resources/read', '--uri', 'foldergate://folders']);
      expect(read.code, read.stderr).toBe(0);
      const [json, text] = read.answer?.result.contents ?? [];
      expect(JSON.parse(json!.text)).toMatchObject({ folders: [{ name: 'Docs' }] });
      expect(text!.text).toMatch(/^1 folder may be searched: 'Docs'/);
    });
  }
});
