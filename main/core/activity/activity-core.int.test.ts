// The activity log through the core, end to end: a real MCP server process (started with the SDK
// client, as an AI app starts it) and the core's own preview server append to <appData>/audit;
// the core pushes each record as 'activity:added', and the activity channels answer through
// dispatchIpc. Real files, real processes, nothing mocked.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDay, type ActivityRecord } from '#shared/activity/activity.js';
import {
  dispatchIpc,
  type IpcChannel,
  type IpcEventPayload,
  type IpcResponse,
} from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { createCore, type Core } from '../core.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { searchRecord } from '#testing/activity-records.js';
import { createActivityService, resolveShownPath } from './activity-service.js';
import { createSettingsStore } from '#appdata/settings/settings-store.js';
import { scaled } from '#testing/time.js';

let tmp: string;
let appData: string;
let docs: string;
let core: Core;
const added: Array<IpcEventPayload<'activity:added'>['entries'][number]> = [];

async function data<C extends IpcChannel>(channel: C, payload: unknown): Promise<IpcResponse<C>> {
  const result = await dispatchIpc(core.handlers, channel, payload);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return result.data as IpcResponse<C>;
}

/** Resolves with the first pushed record that satisfies `predicate`, or rejects after `ms`. */
function nextAdded(predicate: (r: ActivityRecord) => boolean, ms = 5_000): Promise<ActivityRecord> {
  return new Promise((resolve, reject) => {
    const found = () => added.find((e) => predicate(e.record))?.record;
    const started = Date.now();
    const timer = setInterval(() => {
      const record = found();
      if (record) {
        clearInterval(timer);
        resolve(record);
      } else if (Date.now() - started > ms) {
        clearInterval(timer);
        reject(new Error(`no matching 'activity:added' within ${ms} ms`));
      }
    }, 20);
  });
}

beforeAll(async () => {
  tmp = makeTempDir('fg-activity-');
  appData = path.join(tmp, 'appdata');
  docs = path.join(tmp, 'Documents');
  fs.mkdirSync(docs, { recursive: true });
  fs.writeFileSync(path.join(docs, 'report.pdf'), 'pdf');
  fs.writeFileSync(path.join(docs, 'notes.md'), 'md');
  core = createCore({
    appDataDir: appData,
    host: 'headless',
    serverCommand: defaultServerCommand(appData),
    version: '9.8.7',
    activityPollMs: 100,
  });
  core.on('activity:added', (payload) => added.push(...payload.entries));
  await core.start();
  await data('roots:add', { path: docs, name: 'Documents' });
}, scaled(30_000));

afterAll(async () => {
  await core?.stop();
  removeTempDir(tmp);
});

describe('the core and the activity log', () => {
  it("pushes 'activity:added' for a call of a separate AI app's server process", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: defaultServerCommand(appData).args,
      stderr: 'ignore',
    });
    const client = new Client({ name: 'Test Agent', version: '2.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({
        name: 'fs.search_by_time',
        arguments: { root: 'Documents', timeField: 'modified', glob: '**/*.pdf' },
      });
      expect(result.isError).toBeFalsy();
      const record = await nextAdded((r) => r.client?.name === 'Test Agent');
      expect(record).toMatchObject({
        client: { name: 'Test Agent', version: '2.0.0' },
        tool: 'fs.search_by_time',
        outcome: 'ok',
        args: { root: 'Documents', timeField: 'modified', glob: '**/*.pdf' },
        search: { root: 'Documents', matchCount: 1, paths: ['report.pdf'] },
      });
    } finally {
      await client.close();
    }
  });

  it('names the preview\'s own calls "FolderGate preview" with the app\'s version', async () => {
    const answer = await data('search:run', { root: 'Documents', timeField: 'modified' });
    expect(answer.ok).toBe(true);
    const record = await nextAdded((r) => r.client?.name === 'FolderGate preview');
    expect(record.client).toEqual({ name: 'FolderGate preview', version: '9.8.7' });
    expect(record.search?.matchCount).toBe(2);
  });

  it('answers activity:query newest first, filtered by app, with paging', async () => {
    const all = await data('activity:query', {});
    expect(all.entries.map((e) => e.record.client?.name)).toEqual([
      'FolderGate preview',
      'Test Agent',
    ]);
    expect(all.entries.map((e) => e.id)).toEqual(
      [...added].reverse().map((e) => e.id), // the same ids as pushed
    );
    const agent = await data('activity:query', { filter: { client: 'Test Agent' } });
    expect(agent.entries).toHaveLength(1);
    const first = await data('activity:query', { limit: 1 });
    expect(first.entries).toHaveLength(1);
    const second = await data('activity:query', { limit: 1, cursor: first.nextCursor });
    expect(second.entries[0]?.record.client?.name).toBe('Test Agent');
    const bad = await dispatchIpc(core.handlers, 'activity:query', { limit: 5000 });
    expect(bad.ok).toBe(false);
  });

  it('answers activity:chart with this hour and today counted', async () => {
    const chart = await data('activity:chart', {});
    expect(chart.hours).toHaveLength(24);
    expect(chart.days).toHaveLength(7);
    expect(chart.hours.at(-1)?.calls).toBeGreaterThanOrEqual(2);
    expect(chart.days.at(-1)).toMatchObject({ start: `${activityDay(Date.now())}T00:00:00.000Z` });
  });

  it('exports the filtered records as CSV and JSONL text', async () => {
    const csv = await data('activity:export', { format: 'csv', filter: { client: 'Test Agent' } });
    expect(csv).toMatchObject({ records: 1, truncated: false });
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^time,app,app version,what happened,/);
    expect(lines[1]).toContain('Test Agent,2.0.0,Test Agent looked for PDF files in Documents');
    const jsonl = await data('activity:export', { format: 'jsonl' });
    expect(jsonl.records).toBe(2);
    expect(
      jsonl.text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).client.name),
    ).toEqual(['FolderGate preview', 'Test Agent']);
  });

  it('resolves a shown path inside its allowed folder only', async () => {
    expect(await data('activity:resolvePath', { root: 'Documents', path: 'report.pdf' })).toEqual({
      path: path.join(docs, 'report.pdf'),
    });
    for (const rel of ['../secret.txt', '/etc/passwd', 'a/../../b', ''])
      expect(await data('activity:resolvePath', { root: 'Documents', path: rel })).toEqual({
        path: null,
      });
    expect(await data('activity:resolvePath', { root: 'Nope', path: 'x' })).toEqual({ path: null });
  });

  it('changes only the activity settings it is given', async () => {
    const view = await data('activity:setSettings', { notify: true });
    expect(view.settings.activity).toEqual({ enabled: true, retentionDays: 30, notify: true });
    const again = await data('activity:setSettings', { retentionDays: 7 });
    expect(again.settings.activity).toEqual({ enabled: true, retentionDays: 7, notify: true });
    const bad = await dispatchIpc(core.handlers, 'activity:setSettings', { retentionDays: 0 });
    expect(bad.ok).toBe(false);
  });
});

describe('the activity service', () => {
  const record = (time: string, i: number): string =>
    `${JSON.stringify({
      v: 1,
      time,
      durationMs: 3,
      pid: 1,
      client: { name: 'claude-ai', version: '1' },
      tool: 'logic_list',
      outcome: 'ok',
      errorCode: null,
      errorMessage: null,
      security: false,
      args: { i },
    })}\n`;

  it('prunes days older than the retention at start and cuts a large export', async () => {
    const dir = makeTempDir('fg-activity-svc-');
    try {
      const audit = path.join(dir, 'audit');
      fs.mkdirSync(audit);
      const now = Date.parse('2025-06-10T12:00:00Z');
      fs.writeFileSync(path.join(audit, '2025-01-01.jsonl'), record('2025-01-01T10:00:00Z', 0));
      fs.writeFileSync(
        path.join(audit, '2025-06-10.jsonl'),
        Array.from({ length: 50 }, (_, i) => record('2025-06-10T10:00:00.000Z', i)).join(''),
      );
      const store = createSettingsStore(dir);
      await store.load();
      const service = createActivityService({
        dir: audit,
        store,
        onAdded: () => undefined,
        now: () => now,
        exportMaxBytes: 2_000,
      });
      await service.start();
      service.stop();
      expect(fs.readdirSync(audit)).toEqual(['2025-06-10.jsonl']);
      const cut = await service.handlers['activity:export']({ format: 'jsonl' });
      expect(cut.truncated).toBe(true);
      expect(cut.records).toBeGreaterThan(0);
      expect(cut.records).toBeLessThan(50);
      expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(2_000);
      expect(cut.text.split('\n').filter(Boolean)).toHaveLength(cut.records);
    } finally {
      removeTempDir(dir);
    }
  });

  it('never resolves a path to outside the named folder', () => {
    const roots = [{ path: '/home/me/Docs', name: 'Docs' }];
    expect(resolveShownPath(roots, 'Docs', 'a/b.txt')).toBe('/home/me/Docs/a/b.txt');
    expect(resolveShownPath(roots, 'Docs', 'a\\..\\..\\x')).toBeNull();
    expect(resolveShownPath(roots, 'Docs', 'C:/x')).toBeNull();
    expect(resolveShownPath(roots, 'Other', 'a')).toBeNull();
  });
});

describe('recording on a full disk (issue 18, item 6)', () => {
  it('says the disk is full, and names the calls a server had to give up once it writes again', async () => {
    const dir = makeTempDir('fg-activity-full-');
    try {
      const audit = path.join(dir, 'audit');
      fs.mkdirSync(audit);
      const store = createSettingsStore(dir);
      await store.load();
      let free = 0;
      const pushed: unknown[] = [];
      const service = createActivityService({
        dir: audit,
        store,
        onAdded: (payload) => pushed.push(...payload.entries),
        pollMs: 50,
        freeBytes: async () => free,
      });
      await service.start();
      try {
        expect(await service.handlers['activity:recording']({})).toEqual({
          diskFull: true,
          unrecorded: null,
        });
        free = 10 * 1024 * 1024;
        expect((await service.handlers['activity:recording']({})).diskFull).toBe(false);
        // A server that wrote again after it had to drop 3 calls says so in its next record.
        const record = {
          ...searchRecord({ time: Date.now(), client: 'Cursor' }),
          unrecorded: {
            count: 3,
            from: '2026-11-24T10:00:00.000Z',
            to: '2026-11-24T10:05:00.000Z',
            reason: 'ENOSPC',
          },
        };
        fs.appendFileSync(
          path.join(audit, `${activityDay(Date.now())}.jsonl`),
          `${JSON.stringify(record)}\n`,
        );
        await expect.poll(() => pushed.length, { timeout: scaled(5_000) }).toBe(1);
        expect((await service.handlers['activity:recording']({})).unrecorded).toEqual({
          ...record.unrecorded,
          app: 'Cursor',
        });
      } finally {
        service.stop();
      }
    } finally {
      removeTempDir(dir);
    }
  });
});
