// Resources (issue 37, docs/contracts/resources.md) through the TypeScript SDK 2.x Client on both
// eras (a 2025-11-25 handshake and a 2026-07-28 pin): foldergate://folders, a search's result link
// read and paged, and the person's controls on reads (folder removed, file types narrowed, paused,
// the `resources` switch off, an Activity record per read).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { removeTempDir, SERVER_ENTRY } from '#testing/mcp-server.js';
import { auditRecords, makeDocsAppData, writeDocsSettings } from '#testing/docs-app-data.js';
import { scaled, waitFor } from '#testing/time.js';
import { startTestBroker, waitForQueue } from '#testing/approval-broker.js';
import { approvalPaths } from '#shared/approval/approval.js';

const FILES = Array.from({ length: 150 }, (_, i) => ({
  path: `f${String(i).padStart(3, '0')}.${i % 3 === 0 ? 'pdf' : 'txt'}`,
  mtime: Date.UTC(2025, 4, 1, 10, 0, i),
}));

/** The error a read is refused with: its JSON-RPC code and the 3-line text's ErrorCode. */
async function refusal(promise: Promise<unknown>): Promise<{ code: number; errorCode: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code: number; message: string };
    return { code, errorCode: /ErrorCode: (\S+)/.exec(message)?.[1] ?? message };
  }
  throw new Error('the read was not refused');
}

describe.each([
  ['2025-11-25', 'legacy' as const],
  ['2026-07-28', { pin: '2026-07-28' }],
])('resources, TypeScript SDK 2.x, %s', (version, mode) => {
  let tmp: string;
  let appData: string;
  let docs: string;
  let client: Client;

  beforeAll(async () => {
    ({ tmp, appData, docs } = makeDocsAppData('fg-res-', FILES));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_ENTRY, '--config-dir', appData],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    client = new Client({ name: 'res-test', version: '1.0.0' }, { versionNegotiation: { mode } });
    await client.connect(transport);
    expect(client.getNegotiatedProtocolVersion()).toBe(version);
  });

  afterAll(async () => {
    await client?.close();
    if (tmp) removeTempDir(tmp);
  });

  const settings = (more: Record<string, unknown> = {}) =>
    writeDocsSettings({ appData, docs }, more);
  const opts = () => ({ timeout: scaled(30_000) });

  it('advertises resources and reads foldergate://folders (JSON and a one-line summary)', async () => {
    expect(client.getServerCapabilities()?.resources).toEqual({
      subscribe: true,
      listChanged: true,
    });
    const read = await client.readResource({ uri: 'foldergate://folders' }, opts());
    const [json, text] = read.contents as { mimeType: string; text: string }[];
    expect(json!.mimeType).toBe('application/json');
    expect(JSON.parse(json!.text)).toEqual({
      folders: [{ name: 'Docs', default: true, fileTypes: null, instantSearch: null }],
      paused: false,
    });
    expect(text).toMatchObject({ mimeType: 'text/plain' });
    expect(text!.text).toBe("1 folder may be searched: 'Docs' (default; every file type).");
    const templates = await client.listResourceTemplates(undefined, opts());
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'foldergate://results/{id}{?page}',
    ]);
  });

  it('keeps a search as a result: its link, read and paged, listed, and refused as settings change', async () => {
    const call = await client.callTool(
      { name: 'fs.search_by_time', arguments: { timeField: 'modified', limit: 1000 } },
      opts(),
    );
    const structured = call.structuredContent as { resultUri: string; matches: unknown[] };
    expect(structured.matches).toHaveLength(150);
    expect(structured.resultUri).toMatch(/^foldergate:\/\/results\/[0-9a-f]{24}$/);
    const link = (call.content as { type: string; uri?: string }[]).find(
      (c) => c.type === 'resource_link',
    );
    expect(link?.uri).toBe(structured.resultUri);
    expect(JSON.stringify(call)).not.toMatch(/file:\/\//);

    const listed = await client.listResources(undefined, opts());
    expect(listed.resources.map((r) => r.uri)).toEqual([
      'foldergate://folders',
      structured.resultUri,
    ]);
    expect(listed.resources[1]).toMatchObject({
      mimeType: 'application/json',
      title: "Search in 'Docs' (150 matches)",
    });

    // A new result changes the list: told (2026-07-28: on a stream that asked for it).
    let listChanges = 0;
    client.setNotificationHandler('notifications/resources/list_changed', () => void listChanges++);
    if (mode !== 'legacy') await client.listen({ resourcesListChanged: true });
    await client.callTool(
      { name: 'fs.search_by_time', arguments: { timeField: 'modified', limit: 1 } },
      opts(),
    );
    await waitFor('the list change', () => listChanges > 0, 2000);

    const page = async (uri: string) => {
      const read = await client.readResource({ uri }, opts());
      return JSON.parse((read.contents[0] as { text: string }).text) as {
        page: number;
        pages: number;
        total: number;
        nextPage: string | null;
        matches: { path: string }[];
      };
    };
    const first = await page(structured.resultUri);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 150 });
    expect(first.matches).toHaveLength(100);
    expect(first.nextPage).toBe(`${structured.resultUri}?page=2`);
    const second = await page(first.nextPage!);
    expect(second.matches).toHaveLength(50);
    expect(second.nextPage).toBeNull();
    expect([...first.matches, ...second.matches]).toEqual(structured.matches);
    expect(await refusal(client.readResource({ uri: `${structured.resultUri}?page=3` }))).toEqual({
      code: -32001,
      errorCode: 'InvalidArgument',
    });

    // File types narrowed: what is not allowed now is left out.
    settings({ roots: [{ path: docs, name: 'Docs', fileTypes: ['.pdf'] }] });
    const narrowed = await page(structured.resultUri);
    expect(narrowed.total).toBe(50);
    expect(narrowed.matches.every((m) => m.path.endsWith('.pdf'))).toBe(true);

    // A name the folder leaves out now: what it matches is left out of the saved result too.
    settings({ roots: [{ path: docs, name: 'Docs', leaveOut: { folders: [], names: ['f00*'] } }] });
    const withLeftOut = await page(structured.resultUri);
    expect(withLeftOut.total).toBe(140);
    expect(withLeftOut.matches.some((m) => /f00\d/.test(m.path))).toBe(false);

    // Paused: refused with the tool's code.
    settings({ paused: true });
    expect(await refusal(client.readResource({ uri: structured.resultUri }))).toEqual({
      code: -32001,
      errorCode: 'AccessPaused',
    });

    // Resources switched off: nothing listed, reads refused.
    settings({ tools: { resources: false } });
    expect((await client.listResources(undefined, opts())).resources).toEqual([]);
    expect(await refusal(client.readResource({ uri: 'foldergate://folders' }))).toEqual({
      code: -32001,
      errorCode: 'ToolDisabled',
    });
    const unlinked = await client.callTool(
      { name: 'fs.search_by_time', arguments: { timeField: 'modified' } },
      opts(),
    );
    expect(unlinked.structuredContent).not.toHaveProperty('resultUri');

    // The folder removed from the settings: the result is refused.
    writeDocsSettings({ appData, docs: `${docs}-elsewhere` });
    expect(await refusal(client.readResource({ uri: structured.resultUri }))).toEqual({
      code: -32001,
      errorCode: 'RootNotAllowed',
    });
    settings();

    // An unknown (or dropped) result: not found, with the fix to search again.
    const unknown = await refusal(
      client.readResource({ uri: 'foldergate://results/0123456789abcdef01234567' }),
    );
    expect(unknown).toEqual({ code: -32602, errorCode: 'NOT_FOUND' });

    // "Ask me first": the person is asked for a read as for a call, named resources/read.
    settings({ approval: { mode: 'ask' } });
    const test = await startTestBroker(approvalPaths(appData, process.platform));
    try {
      const asked = client.readResource({ uri: structured.resultUri }, opts());
      const { current } = await waitForQueue(test.broker, (q) => q.current !== null);
      expect(current).toMatchObject({
        tool: 'resources/read',
        args: { uri: structured.resultUri },
      });
      test.broker.answer(current!.id, 'deny');
      expect(await refusal(asked)).toEqual({ code: -32001, errorCode: 'DeniedByUser' });
      const allowed = client.readResource({ uri: 'foldergate://folders' }, opts());
      const next = await waitForQueue(test.broker, (q) => q.current !== null);
      test.broker.answer(next.current!.id, 'allow-once');
      expect((await allowed).contents).toHaveLength(2);
    } finally {
      await test.broker.close();
      settings();
    }

    const reads = auditRecords(appData).filter((r) => r.tool === 'resources/read');
    expect(reads.length).toBeGreaterThanOrEqual(8);
    expect(reads[0]).toMatchObject({ outcome: 'ok', args: { uri: 'foldergate://folders' } });
  });
});
