// The app's logic catalog view through the real core and the real built server: a logic whose
// .sql is a symbolic link is shown among the invalid logics with the server's reason.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchIpc, type IpcResponse } from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { createCore, type Core } from '../core.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { scaled } from '#testing/time.js';

let tmp: string;
let core: Core;
let catalog: string;
let linked = true;

beforeAll(async () => {
  tmp = makeTempDir('fg-logic-browser-');
  const appData = path.join(tmp, 'appdata');
  catalog = path.join(tmp, 'catalog');
  fs.mkdirSync(path.join(catalog, 'logics'), { recursive: true });
  fs.writeFileSync(path.join(catalog, 'logics', 'ok.sql'), 'SELECT 1');
  fs.writeFileSync(path.join(tmp, 'outside.sql'), 'SELECT secret');
  try {
    fs.symlinkSync(path.join(tmp, 'outside.sql'), path.join(catalog, 'logics', 'linked.sql'));
  } catch {
    linked = false; // Windows without the privilege to create links
  }
  core = createCore({
    appDataDir: appData,
    host: 'headless',
    serverCommand: defaultServerCommand(appData),
  });
  await core.start();
  expect((await dispatchIpc(core.handlers, 'logic:setCatalog', { path: catalog })).ok).toBe(true);
});
afterAll(async () => {
  await core?.stop();
  removeTempDir(tmp);
});

describe('logic:list and logic:get with a symbolically linked .sql', () => {
  it('lists it among the invalid logics with the reason, and logic:get answers InvalidLogic', async () => {
    if (!linked) return;
    const list = await dispatchIpc(core.handlers, 'logic:list', {});
    expect(list.ok).toBe(true);
    const view = list.ok ? (list.data as IpcResponse<'logic:list'>) : null;
    expect(view?.logics).toEqual(['ok']);
    expect(view?.invalid).toEqual([
      {
        name: 'linked',
        reason: 'linked.sql is a symbolic link; links are not followed.',
        problem: { file: 'linked.sql', sidecar: false, problem: { kind: 'link' } },
      },
    ]);
    const got = await dispatchIpc(core.handlers, 'logic:get', { name: 'linked' });
    expect(got).toMatchObject({ ok: true, data: { ok: false, error: { code: 'InvalidLogic' } } });
    expect(JSON.stringify(got)).not.toContain('SELECT secret');
  });
});

describe('browsing the catalog is not an AI call', () => {
  it('logic:list and logic:get leave nothing in Activity, while a preview search is recorded', async () => {
    expect((await dispatchIpc(core.handlers, 'logic:list', {})).ok).toBe(true);
    expect((await dispatchIpc(core.handlers, 'logic:get', { name: 'ok' })).ok).toBe(true);
    // A search through the same server is recorded: the log works, only the browser is left out.
    await dispatchIpc(core.handlers, 'search:run', { timeField: 'modified' });
    const tools = async () => {
      const answer = await dispatchIpc(core.handlers, 'activity:query', {});
      const entries = answer.ok ? (answer.data as IpcResponse<'activity:query'>).entries : [];
      return entries.map((e) => e.record.tool);
    };
    await expect.poll(tools, { timeout: scaled(5_000) }).toContain('fs.search_by_time');
    expect(await tools()).not.toContain('logic_list');
    expect(await tools()).not.toContain('logic_get');
  });
});
