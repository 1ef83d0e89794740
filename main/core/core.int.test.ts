import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dispatchIpc,
  type IpcChannel,
  type IpcEventPayload,
  type IpcResult,
} from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { createCore, type Core, type PlatformHooks } from './core.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { waitFor } from '#testing/time.js';

let tmp: string;
let appData: string;
let docs: string;
let core: Core;
const statusEvents: Array<IpcEventPayload<'server:status'>> = [];
const settingsEvents: Array<IpcEventPayload<'settings:changed'>> = [];

async function invoke(channel: string, payload: unknown = {}): Promise<IpcResult<IpcChannel>> {
  return dispatchIpc(core.handlers, channel, payload);
}
async function data<T = Record<string, unknown>>(
  channel: IpcChannel,
  payload: unknown = {},
): Promise<T> {
  const result = await invoke(channel, payload);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return result.data as T;
}

beforeAll(async () => {
  tmp = makeTempDir('fg-core-');
  appData = path.join(tmp, 'appdata');
  docs = path.join(tmp, 'docs');
  fs.mkdirSync(path.join(docs, 'sub'), { recursive: true });
  const files = {
    'report.pdf': '2025-03-01T10:00:00Z',
    'notes.md': '2025-03-02T10:00:00Z',
    'sub/plan.md': '2025-03-03T10:00:00Z',
  };
  for (const [rel, time] of Object.entries(files)) {
    fs.writeFileSync(path.join(docs, rel), rel);
    const t = new Date(time).getTime() / 1000;
    fs.utimesSync(path.join(docs, rel), t, t);
  }
  core = createCore({
    appDataDir: appData,
    host: 'headless',
    serverCommand: defaultServerCommand(appData),
    version: '1.2.3',
  });
  core.on('server:status', (s) => statusEvents.push(s));
  core.on('settings:changed', (s) => settingsEvents.push(s));
  await core.start();
});
afterAll(async () => {
  await core?.stop();
  removeTempDir(tmp);
});

describe('core: search preview through the supervised server', () => {
  it('runs a real search round trip that finds the files created by the test, and pages', async () => {
    await data('roots:add', { path: docs, name: 'Docs' });
    const first = await data<{
      ok: boolean;
      summary: string;
      result: { matches: Array<{ path: string }>; nextCursor: string | null };
      elapsedMs: number;
    }>('search:run', { timeField: 'modified', limit: 2 });
    expect(first.ok).toBe(true);
    expect(first.elapsedMs).toEqual(expect.any(Number));
    expect(first.summary).not.toBe('');
    expect(first.result.matches.map((m) => m.path)).toEqual([
      path.join(docs, 'sub', 'plan.md'),
      path.join(docs, 'notes.md'),
    ]);
    const second = await data<typeof first>('search:run', {
      timeField: 'modified',
      limit: 2,
      cursor: first.result.nextCursor,
    });
    expect(second.result.matches.map((m) => m.path)).toEqual([path.join(docs, 'report.pdf')]);
    expect(second.result.nextCursor).toBeNull();
  });

  it("a first page says how many match in all, counted by the app's index (issue 38 item 2)", async () => {
    await waitFor('the folder ready in the search engine', async () => {
      const status = await data<{ folders: Array<{ state: string }> }>('engine:status');
      return status.folders.some((f) => f.state === 'ready');
    });
    type Page = { ok: boolean; result: { nextCursor: string | null }; total?: number };
    const start = (args: Record<string, unknown>) =>
      data<Page>('search:start', { runId: `total-${Math.random()}`, args });
    // Two of three shown, three in all; two Markdown files, one shown; a complete page: its own.
    const first = await start({ timeField: 'modified', limit: 2 });
    expect(first).toMatchObject({ ok: true, total: 3 });
    expect(await start({ timeField: 'modified', limit: 1, glob: '*.md' })).toMatchObject({
      total: 2,
    });
    expect(await start({ timeField: 'modified', sort: 'path_asc', limit: 1 })).toMatchObject({
      total: 3,
    });
    expect((await start({ timeField: 'modified', limit: 10 })).total).toBe(3);
    // A next page does not count again; the plain search:run (what AI apps' calls are) never does.
    const next = await start({ timeField: 'modified', limit: 2, cursor: first.result.nextCursor });
    expect(next.total).toBeUndefined();
    expect(
      (await data<Page>('search:run', { timeField: 'modified', limit: 2 })).total,
    ).toBeUndefined();
  });

  it('answers a tool error as ok:false with code, message and fix', async () => {
    const bad = await data<{ ok: boolean; error: { code: string; message: string; fix: string } }>(
      'search:run',
      {
        timeField: 'modified',
        from: '2025-03-05T00:00:00Z',
        to: '2025-03-01T00:00:00Z',
      },
    );
    expect(bad.ok).toBe(false);
    expect(bad.error.code).toBe('InvalidRange');
    expect(bad.error.message).not.toBe('');
    expect(bad.error.fix).not.toBe('');
  });

  it('pause makes the server refuse with AccessPaused, and resuming lets it answer again', async () => {
    const paused = await data<{ settings: { paused: boolean } }>('settings:setPaused', {
      paused: true,
    });
    expect(paused.settings.paused).toBe(true);
    expect(settingsEvents.at(-1)?.settings.paused).toBe(true);
    const refused = await data<{ ok: boolean; error: { code: string } }>('search:run', {
      timeField: 'modified',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'AccessPaused' } });
    await data('settings:setPaused', { paused: false });
    expect((await data<{ ok: boolean }>('search:run', { timeField: 'modified' })).ok).toBe(true);
  });

  it('reports server status as events and restarts on demand', async () => {
    expect(statusEvents.some((s) => s.state === 'running' && s.pid !== null)).toBe(true);
    const before = await data<{ pid: number; restarts: number }>('server:status');
    const after = await data<{ pid: number; restarts: number; state: string }>('server:restart');
    expect(after).toMatchObject({ state: 'running', restarts: before.restarts + 1 });
    expect(after.pid).not.toBe(before.pid);
    expect(statusEvents.at(-1)).toMatchObject({ state: 'running', pid: after.pid });
  });
});

describe('core: settings, folders and host features', () => {
  it('app:openDataFolder is for the desktop app: headless, it says where the folder is', async () => {
    expect(await invoke('app:openDataFolder', {})).toMatchObject({
      ok: false,
      error: { code: 'Unsupported', fix: expect.stringContaining(appData) },
    });
  });

  it('app:info says what a headless host can do', async () => {
    expect(await data('app:info')).toMatchObject({
      version: '1.2.3',
      host: 'headless',
      appDataDir: appData,
      features: {
        nativeFolderDialog: false,
        revealInFolder: false,
        openFolder: false,
        tray: false,
        startAtLogin: false,
      },
    });
  });

  it('answers Unsupported for Electron-only channels, with a fix', async () => {
    for (const [channel, payload] of [
      ['roots:pickFolder', {}],
      ['shell:reveal', { path: docs }],
      ['app:setStartAtLogin', { enabled: true }],
    ] as const) {
      const result = await invoke(channel, payload);
      expect(result).toMatchObject({ ok: false, error: { code: 'Unsupported' } });
      if (!result.ok) expect(result.error.fix).not.toBe('');
    }
    expect(await invoke('app:getStartAtLogin')).toEqual({ ok: true, data: { enabled: null } });
    const pick = await invoke('roots:pickFolder');
    if (!pick.ok) expect(pick.error.fix).toMatch(/[Tt]ype the full path/);
  });

  it('updates limits, excludes and symlinks, and completes the first run', async () => {
    const view = await data<{ settings: Record<string, unknown> }>('settings:update', {
      limits: { timeoutMs: 5000 },
      exclude: ['node_modules'],
      followSymlinks: true,
    });
    expect(view.settings).toMatchObject({
      limits: { timeoutMs: 5000, maxFilesScanned: 200_000 },
      exclude: ['node_modules'],
      followSymlinks: true,
    });
    expect(
      (await data<{ settings: { firstRunCompleted: boolean } }>('settings:completeFirstRun'))
        .settings.firstRunCompleted,
    ).toBe(true);
    const onDisk = JSON.parse(fs.readFileSync(path.join(appData, 'settings.json'), 'utf8'));
    expect(onDisk).toMatchObject({ firstRunCompleted: true, exclude: ['node_modules'] });
    await data('settings:update', { exclude: [], followSymlinks: false });
  });

  it('roots channels check, list and refuse a bad folder with InvalidFolder', async () => {
    expect(await data('roots:check', { path: path.join(docs, 'sub') })).toMatchObject({
      ok: false,
      error: "Already included in 'Docs': AI apps can search this folder already.",
    });
    expect(await invoke('roots:add', { path: path.join(tmp, 'missing') })).toMatchObject({
      ok: false,
      error: { code: 'InvalidFolder' },
    });
    expect((await data<{ roots: unknown[] }>('roots:list')).roots).toEqual([
      expect.objectContaining({ name: 'Docs', state: 'ok', isDefault: true }),
    ]);
  });
});

describe('core: logic catalog', () => {
  it('validates the catalog folder, lists logics and the invalid ones with reasons, and gets one', async () => {
    expect(await invoke('logic:setCatalog', { path: path.join(tmp, 'nope') })).toMatchObject({
      ok: false,
      error: { code: 'InvalidFolder' },
    });
    const catalog = path.join(tmp, 'catalog');
    fs.mkdirSync(path.join(catalog, 'logics', 'admin'), { recursive: true });
    fs.writeFileSync(
      path.join(catalog, 'logics', 'purchase_item.sql'),
      'INSERT INTO purchases (user_id, item_id) VALUES (:user_id, :item_id)',
    );
    fs.writeFileSync(path.join(catalog, 'logics', 'admin', 'users.sql'), 'SELECT id FROM users');
    fs.writeFileSync(path.join(catalog, 'logics', 'broken.sql'), 'SELECT 1');
    fs.writeFileSync(path.join(catalog, 'logics', 'broken.json'), '{ not json');
    fs.writeFileSync(path.join(catalog, 'logics', 'bad name.sql'), 'SELECT 2');
    expect(
      (await data<{ settings: { logicCatalog: string } }>('logic:setCatalog', { path: catalog }))
        .settings.logicCatalog,
    ).toBe(catalog);

    const list = await data<{
      catalog: string;
      logics: string[];
      invalid: Array<{ name: string; reason: string }>;
      summary: string;
    }>('logic:list');
    expect(list.catalog).toBe(catalog);
    expect(list.logics).toEqual(['admin/users', 'purchase_item']);
    expect(list.invalid.map((i) => i.name).sort()).toEqual(['bad name', 'broken']);
    for (const item of list.invalid) expect(item.reason).not.toBe('');

    expect(await data('logic:get', { name: 'purchase_item' })).toEqual({
      ok: true,
      logic: {
        name: 'purchase_item',
        sql: 'INSERT INTO purchases (user_id, item_id) VALUES (:user_id, :item_id)',
        params: [
          { name: 'user_id', type: 'string', required: true },
          { name: 'item_id', type: 'string', required: true },
        ],
        auth: { required: true, roles: ['authenticated'] },
      },
    });
    expect(await data('logic:get', { name: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await data('logic:get', { name: 'broken' })).toMatchObject({
      ok: false,
      error: { code: 'InvalidLogic' },
    });
    expect(
      (await data<{ settings: { logicCatalog: null } }>('logic:setCatalog', { path: null }))
        .settings.logicCatalog,
    ).toBeNull();
    expect(await data('logic:list')).toMatchObject({ catalog: null, logics: [], invalid: [] });
  });
});

describe('core: payload validation', () => {
  it('rejects bad payloads with InvalidPayload and keeps working', async () => {
    const bad: Array<[string, unknown]> = [
      ['roots:add', { path: 5 }],
      ['roots:add', { path: '' }],
      ['roots:add', { path: docs, extra: true }],
      ['roots:add', null],
      ['roots:rename', { path: docs, name: '   ' }],
      ['roots:check', 'not an object'],
      ['settings:setPaused', { paused: 'yes' }],
      ['settings:setPaused', {}],
      ['settings:update', { limits: { timeoutMs: 1 } }],
      ['settings:update', { exclude: 'node_modules' }],
      ['logic:get', { name: '' }],
      ['logic:setCatalog', { path: 42 }],
      ['search:run', ['timeField', 'modified']],
      ['app:info', { sneaky: 1 }],
      ['server:restart', 'now'],
    ];
    for (const [channel, payload] of bad) {
      const result = await invoke(channel, payload);
      expect(result, `${channel} ${JSON.stringify(payload)}`).toMatchObject({
        ok: false,
        error: { code: 'InvalidPayload' },
      });
    }
    expect(await invoke('no:such', {})).toMatchObject({
      ok: false,
      error: { code: 'UnknownChannel' },
    });
    expect((await data<{ roots: unknown[] }>('roots:list')).roots).toHaveLength(1);
    expect((await data<{ state: string }>('server:status')).state).toBe('running');
  });
});

describe('core: platform hooks (the Electron host supplies them; stand-ins here)', () => {
  it('uses pickFolder, reveal and start-at-login hooks, and reveals only inside allowed folders', async () => {
    const revealed: string[] = [];
    const opened: string[] = [];
    const pickedWithin: (string | undefined)[] = [];
    const hooks: PlatformHooks = {
      pickFolder: async (within) => (pickedWithin.push(within), docs),
      reveal: async (p) => void revealed.push(p),
      openFolder: async (p) => void opened.push(p),
      getStartAtLogin: async () => false,
      setStartAtLogin: async (enabled) => enabled,
    };
    const other = createCore({
      appDataDir: appData,
      host: 'electron',
      serverCommand: defaultServerCommand(appData),
      platform: hooks,
    });
    // No start(): these channels need neither the server nor a fresh load.
    const call = (channel: string, payload: unknown = {}) =>
      dispatchIpc(other.handlers, channel, payload);
    expect(await call('app:info')).toMatchObject({
      ok: true,
      data: {
        host: 'electron',
        features: {
          nativeFolderDialog: true,
          revealInFolder: true,
          openFolder: true,
          tray: true,
          startAtLogin: true,
        },
      },
    });
    expect(await call('roots:pickFolder')).toEqual({ ok: true, data: { path: docs } });
    // Leave out › Add subfolder…: the dialog is opened in the allowed folder.
    expect(await call('roots:pickFolder', { within: docs })).toEqual({
      ok: true,
      data: { path: docs },
    });
    expect(pickedWithin).toEqual([undefined, docs]);
    // "Open data folder" (About) opens FolderGate's own folder, nothing else.
    expect(await call('app:openDataFolder')).toEqual({ ok: true, data: {} });
    expect(opened).toEqual([appData]);
    expect(await call('app:getStartAtLogin')).toEqual({ ok: true, data: { enabled: false } });
    expect(await call('app:setStartAtLogin', { enabled: true })).toEqual({
      ok: true,
      data: { enabled: true },
    });
    await call('settings:get');
    expect(await call('shell:reveal', { path: path.join(docs, 'notes.md') })).toEqual({
      ok: true,
      data: {},
    });
    expect(await call('shell:reveal', { path: path.join(appData, 'settings.json') })).toMatchObject(
      { ok: false, error: { code: 'NotFound' } },
    );
    expect(revealed).toEqual([path.join(docs, 'notes.md')]);
    expect(await call('search:run', { timeField: 'modified' })).toMatchObject({
      ok: false,
      error: { code: 'ServerUnavailable' },
    });
  });
});

describe('core: keys this version does not know, through every change of the app', () => {
  it('keeps them in every settings object and in the folder entries, whatever is changed', async () => {
    const file = path.join(appData, 'settings.json');
    const identity = { dev: '1', ino: '2', real: docs, checkedBy: 'v9' };
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 2,
        roots: [{ path: docs, name: 'Docs', colour: 'red', identity }],
        limits: { maxFilesScanned: 1000, turbo: true },
        activity: { enabled: true, keepPreviews: false },
        tools: { 'fs.search_by_time': true, 'fs.read_file': false },
        approval: { mode: 'off', apps: {}, remindAfterDays: 3 },
        firstRunCompleted: true,
        futureTopLevel: [1, 2],
      }),
    );
    const changes: Array<[IpcChannel, unknown]> = [
      ['settings:setPaused', { paused: true }],
      ['settings:setPaused', { paused: false }],
      ['settings:update', { limits: { timeoutMs: 5000 }, exclude: ['*.tmp'] }],
      ['control:setTool', { tool: 'logic_get', enabled: false }],
      ['roots:setFileTypes', { path: docs, fileTypes: ['.pdf'] }],
      ['roots:setFileTypes', { path: docs, fileTypes: null }],
      ['approval:setSettings', { mode: 'ask', app: { name: 'Cursor', rule: 'allow' } }],
      ['activity:setSettings', { retentionDays: 7, notify: true }],
      ['roots:rename', { path: docs, name: 'My docs' }],
      ['roots:setDefault', { path: docs }],
      ['logic:setCatalog', { path: null }],
    ];
    for (const [channel, payload] of changes) {
      await data(channel, payload);
      expect(JSON.parse(fs.readFileSync(file, 'utf8')), channel).toMatchObject({
        roots: [{ path: docs, colour: 'red', identity }],
        limits: { turbo: true },
        activity: { keepPreviews: false },
        tools: { 'fs.read_file': false },
        approval: { remindAfterDays: 3 },
        futureTopLevel: [1, 2],
      });
    }
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      roots: [{ name: 'My docs' }],
      limits: { maxFilesScanned: 1000, timeoutMs: 5000 },
      activity: { retentionDays: 7, notify: true },
      approval: { mode: 'ask', apps: { cursor: 'allow' } },
    });
  });
});
