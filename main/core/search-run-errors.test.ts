// search:run's error answers through the real core and the real built server: whatever the
// server echoes back in its 3-line error text, the preview shows the server's own code.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchIpc, type IpcResponse } from '../../shared/ipc.js';
import { defaultServerCommand } from './app-paths.js';
import { createCore, type Core } from './core.js';
import { makeTempDir, removeTempDir } from './test-support.js';

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
      expect(data.error.message).toContain(rel);
      expect(data.error.fix).not.toBe('');
      expect(data.error.fix).not.toContain('Message:');
    }
  });
});
