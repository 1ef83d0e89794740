// What the person controls, checked through a real MCP client of either era against the built
// server (the same scenario for every client in testing/mcp-clients.ts): approval, a switched-off
// tool, pause, file types, progress, cancellation, list changes, and Activity naming the app as it
// named itself. Each `it` starts its own client (and so its own server) on one app data folder.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseToolErrorText } from '#shared/errors/errors.js';
import { approvalPaths, type ApprovalPaths } from '#shared/approval/approval.js';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';
import { startTestBroker, waitForQueue } from './approval-broker.js';
import { auditRecords } from './docs-app-data.js';
import { makeTempDir, removeTempDir, writeTree } from './mcp-server.js';
import { primeListing } from './raw-server.js';
import type { StartClient, TestClient } from './mcp-clients.js';
import { waitFor } from './time.js';

const SEARCH = 'fs.search_by_time';
const FULL = /full server serving/;

/** Registers the scenario for one client; `version` is the protocol version it must speak. */
export function describeControls(label: string, start: StartClient, version: string): void {
  describe(`${label}: the person's controls`, () => {
    let tmp: string;
    let appData: string;
    let docs: string;
    let big: string;
    let paths: ApprovalPaths;
    const clients: TestClient[] = [];
    const closers: (() => Promise<void>)[] = [];

    const ARGS = () => [
      '--config-dir',
      appData,
      '--approval-progress-ms',
      '100',
      '--timeout-ms',
      '600000',
    ];

    beforeAll(async () => {
      // Short: the approval socket's path must stay under ~107 bytes.
      tmp = makeTempDir('fgs-');
      appData = path.join(tmp, 'a');
      fs.mkdirSync(appData);
      docs = path.join(tmp, 'Docs');
      writeTree(docs, [
        { path: 'a.pdf', mtime: '2025-05-01T10:00:00Z' },
        { path: 'b.txt', mtime: '2025-05-02T10:00:00Z' },
      ]);
      // A tree whose walk lasts long enough to report progress: hard links to one empty file
      // per folder, quick to make and as slow to walk as real files.
      big = path.join(tmp, 'Big');
      for (let d = 0; d < 200; d++) {
        const dir = path.join(big, `d${d}`);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'f0.txt'), '');
        for (let f = 1; f < 1000; f++)
          fs.linkSync(path.join(dir, 'f0.txt'), path.join(dir, `f${f}.txt`));
      }
      paths = approvalPaths(appData, process.platform);
      // Servers answer connecting and listing from their front desk from the start.
      settings();
      await primeListing(ARGS());
    });

    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.close()));
      for (const close of closers.splice(0)) await close();
    });

    afterAll(() => {
      if (tmp) removeTempDir(tmp);
    });

    /** Replaces settings.json in one step, as the app does. */
    function settings(change: Record<string, unknown> = {}, names = ['Docs', 'Big']): void {
      const file = path.join(appData, 'settings.json');
      fs.writeFileSync(
        `${file}.next`,
        JSON.stringify({
          version: SETTINGS_VERSION,
          roots: [
            { path: docs, name: names[0] },
            { path: big, name: names[1] },
          ],
          ...change,
        }),
      );
      fs.renameSync(`${file}.next`, file);
    }

    async function connect(): Promise<TestClient> {
      const client = await start(ARGS(), `${label} test`);
      clients.push(client);
      expect(client.protocolVersion).toBe(version);
      return client;
    }

    const code = (outcome: { text: string }) => parseToolErrorText(outcome.text)?.code;
    const found = (outcome: { structured: unknown }) =>
      (outcome.structured as { matches: { path: string }[] }).matches
        .map((m) => path.basename(m.path))
        .sort();
    const docsSearch = { root: 'Docs', timeField: 'modified' };

    const records = () => auditRecords(appData);

    it('lists the tools with their icon and instructions naming them, and searches', async () => {
      settings();
      const client = await connect();
      const info = await client.info();
      expect(info).toMatchObject({ name: 'foldergate', icons: 1 });
      expect(info.instructions).toContain(`Use ${SEARCH} `);
      // No logic catalog: the logic tools are neither listed nor named.
      expect(info.instructions).not.toMatch(/logic_/);
      const tools = await client.list();
      expect(tools.map((tool) => tool.name)).toEqual([SEARCH]);
      expect(tools[0]!.icons).toBe(1);
      expect(tools[0]!.description).toContain('"Docs", "Big"');
      const result = await client.call(SEARCH, docsSearch);
      expect(result.isError).toBe(false);
      expect(found(result)).toEqual(['a.pdf', 'b.txt']);
      await expect(client.call('no_such_tool', {})).rejects.toMatchObject({
        message: expect.stringMatching(
          /Unknown tool: no_such_tool\. Available tools: fs\.search_by_time\.$/,
        ),
      });
    });

    it('asks the person first when approval is on: allowed once, then denied', async () => {
      settings({ approval: { mode: 'ask' } });
      const broker = await startTestBroker(paths);
      closers.push(() => broker.broker.close());
      const client = await connect();
      const allowed = client.call(SEARCH, docsSearch);
      const first = await waitForQueue(broker.broker, (s) => s.current !== null);
      expect(first.current!.client.name).toBe(`${label} test`);
      broker.broker.answer(first.current!.id, 'allow-once');
      expect(found(await allowed)).toEqual(['a.pdf', 'b.txt']);
      const denied = client.call(SEARCH, docsSearch);
      const second = await waitForQueue(broker.broker, (s) => s.current !== null);
      broker.broker.answer(second.current!.id, 'deny');
      expect(code(await denied)).toBe('DeniedByUser');
      const decisions = records()
        .slice(-2)
        .map((record) => record.decision?.outcome);
      expect(decisions).toEqual(['allowed', 'denied']);
    });

    it('refuses a switched-off tool, and every call while paused', async () => {
      settings({ tools: { [SEARCH]: false, logic_list: true, logic_get: true } });
      const client = await connect();
      expect(await client.list()).toEqual([]);
      expect((await client.info()).instructions).toMatch(/offers no tool right now/);
      expect(code(await client.call(SEARCH, docsSearch))).toBe('ToolDisabled');
      settings({ paused: true });
      expect(code(await client.call(SEARCH, docsSearch))).toBe('AccessPaused');
    });

    it("shows only a folder's allowed file types", async () => {
      settings();
      const client = await connect();
      expect(found(await client.call(SEARCH, docsSearch))).toEqual(['a.pdf', 'b.txt']);
      const file = path.join(appData, 'settings.json');
      const now = JSON.parse(fs.readFileSync(file, 'utf8')) as { roots: object[] };
      now.roots[0] = { ...now.roots[0], fileTypes: ['.pdf'] };
      fs.writeFileSync(`${file}.next`, JSON.stringify(now));
      fs.renameSync(`${file}.next`, file);
      expect(found(await client.call(SEARCH, docsSearch))).toEqual(['a.pdf']);
    });

    it('reports growing progress while a big search walks', async () => {
      settings();
      const client = await connect();
      const result = await client.call(
        SEARCH,
        { root: 'Big', timeField: 'modified', limit: 5 },
        true,
      );
      expect(result.isError).toBe(false);
      expect(result.progress.length).toBeGreaterThan(0);
      for (let i = 1; i < result.progress.length; i++)
        expect(result.progress[i]).toBeGreaterThan(result.progress[i - 1]!);
    });

    it('stops a call the client cancels (here while the person is being asked), and keeps serving', async () => {
      settings({ approval: { mode: 'ask' } });
      const broker = await startTestBroker(paths);
      closers.push(() => broker.broker.close());
      const client = await connect();
      // The waiting call reports progress every 100 ms; the client cancels at the first report.
      expect(await client.cancelAtFirstProgress(SEARCH, docsSearch)).toBe(true);
      // The server withdraws its request from the app, and records the call as cancelled.
      await waitForQueue(broker.broker, (s) => s.current === null && s.pending.length === 0);
      await waitFor('the cancelled call’s record', () =>
        records().some(
          (record) => record.outcome === 'cancelled' && record.decision?.by === 'cancelled',
        ),
      );
      expect((await client.list()).map((tool) => tool.name)).toEqual([SEARCH]);
    });

    it('tells of a list change, and of nothing when a change leaves the list as it was', async () => {
      settings();
      const client = await connect();
      await client.listen();
      await client.list();
      // Pause, approval and file types leave the list as it was: nothing is said.
      settings({ paused: true });
      await client.list();
      settings({ paused: true, approval: { mode: 'ask' } });
      await client.list();
      expect(await client.changes()).toBe(0);
      // And the server stayed at its front desk (issue 35, item 5): no full server for that.
      expect(client.stderr()).not.toMatch(FULL);
      // A renamed folder changes the search tool's description.
      settings({}, ['Papers', 'Big']);
      await waitFor('the list change', async () => (await client.changes()) >= 1);
      expect((await client.list())[0]!.description).toContain('"Papers", "Big"');
      expect(await client.changes()).toBe(1);
    });

    it('records each call in Activity under the name the app gave itself', async () => {
      settings();
      const client = await connect();
      await client.call(SEARCH, docsSearch);
      await waitFor('the record', () => records().length > 0);
      expect(records().at(-1)!.client).toMatchObject({ name: `${label} test` });
      expect(client.stderr()).toMatch(FULL);
    });
  });
}
