// search:run's error answers through the real core and the real built server: whatever the
// server echoes back in its 3-line error text, the preview shows the server's own code.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchIpc, type IpcResponse, type ServerStatus } from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { createCore, type Core } from '../core.js';
import { isAlive, makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { scaled, waitFor } from '#testing/time.js';

let tmp: string;
let core: Core;

beforeAll(async () => {
  tmp = makeTempDir('fg-search-errors-');
  const appData = path.join(tmp, 'appdata');
  const docs = path.join(tmp, 'docs');
  fs.mkdirSync(docs, { recursive: true });
  fs.writeFileSync(path.join(docs, 'a.txt'), 'a');
  core = createCore({
    appDataDir: appData,
    host: 'headless',
    serverCommand: defaultServerCommand(appData),
  });
  await core.start();
  const added = await dispatchIpc(core.handlers, 'roots:add', { path: docs, name: 'Docs' });
  expect(added.ok).toBe(true);
});
afterAll(async () => {
  await core?.stop();
  removeTempDir(tmp);
});

describe('search:run errors with line breaks echoed by the server', () => {
  it.each([
    ['a carriage return', 'no\rsuch'],
    ['U+2028', 'no\u2028such'],
    ['U+2029', 'no\u2029such'],
    ['all of them', 'x\r\u2028\u2029y/z\r'],
  ])('a path with %s answers the server code (PathNotFound), never Unknown', async (_, rel) => {
    const result = await dispatchIpc(core.handlers, 'search:run', {
      timeField: 'modified',
      path: rel,
    });
    expect(result.ok).toBe(true);
    const data = result.ok ? (result.data as IpcResponse<'search:run'>) : null;
    expect(data).toMatchObject({ ok: false, error: { code: 'PathNotFound' } });
    if (data && !data.ok) {
      // The server folds every line break to a space, so its text stays three lines.
      expect(data.error.message).toContain(rel.replace(/[\r\u2028\u2029]+/g, ' '));
      expect(data.error.fix).not.toBe('');
      expect(data.error.fix).not.toContain('Message:');
    }
  });
});

describe('search:run while the server is frozen', () => {
  let frozenTmp: string;
  let frozenCore: Core;
  let statuses: Array<{ state: string; pid: number | null }> = [];
  let frozenPid: number | null = null;

  beforeAll(async () => {
    frozenTmp = makeTempDir('fg-search-frozen-');
    const appData = path.join(frozenTmp, 'appdata');
    const docs = path.join(frozenTmp, 'docs');
    fs.mkdirSync(docs, { recursive: true });
    fs.writeFileSync(path.join(docs, 'a.txt'), 'a');
    frozenCore = createCore({
      appDataDir: appData,
      host: 'headless',
      serverCommand: defaultServerCommand(appData),
      // Budgets a busy machine's healthy server meets; a frozen one never does.
      supervisor: {
        initialBackoffMs: 50,
        pingIntervalMs: scaled(300),
        pingTimeoutMs: scaled(500),
        callMarginMs: scaled(200),
      },
    });
    frozenCore.on('server:status', (s) => statuses.push({ state: s.state, pid: s.pid }));
    await frozenCore.start();
    expect((await dispatchIpc(frozenCore.handlers, 'roots:add', { path: docs })).ok).toBe(true);
    const limits = { limits: { timeoutMs: 100 } };
    expect((await dispatchIpc(frozenCore.handlers, 'settings:update', limits)).ok).toBe(true);
  });
  afterAll(async () => {
    if (frozenPid !== null && isAlive(frozenPid)) process.kill(frozenPid, 'SIGCONT');
    await frozenCore?.stop();
    if (frozenPid !== null && isAlive(frozenPid)) process.kill(frozenPid, 'SIGKILL');
    removeTempDir(frozenTmp);
  });

  const status = async (): Promise<ServerStatus> => {
    const result = await dispatchIpc(frozenCore.handlers, 'server:status', {});
    if (!result.ok) throw new Error(result.error.message);
    return result.data as ServerStatus;
  };

  it(
    'fails quickly with TimeoutExceeded (not Internal), then the restarted server answers',
    async () => {
      const pid = (await status()).pid;
      if (pid === null || pid <= 0) throw new Error('the preview server is not running');
      frozenPid = pid;
      statuses = [];
      process.kill(pid, 'SIGSTOP');
      const result = await dispatchIpc(frozenCore.handlers, 'search:run', {
        timeField: 'modified',
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'TimeoutExceeded' } });
      if (!result.ok) {
        expect(result.error.message).not.toBe('');
        expect(result.error.fix).not.toBe('');
      }
      await waitFor('a new server', async () => {
        const now = await status();
        return now.state === 'running' && now.pid !== pid;
      });
      expect(statuses.map((s) => s.state)).toContain('unresponsive');
      const again = await dispatchIpc(frozenCore.handlers, 'search:run', { timeField: 'modified' });
      expect(again).toMatchObject({ ok: true, data: { ok: true } });
    },
    scaled(15_000),
  );
});
