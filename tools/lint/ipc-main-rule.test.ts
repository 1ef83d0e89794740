// IPC is registered in one place: ESLint (with the project's config) fails ipcMain.handle and its
// kin anywhere in main/ but main/electron/ipc-main.ts, under the names a person would reach it by,
// and passes the composition root handing ipcMain to registerIpcHandlers.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The ipcMain rule's messages for `code` as if it were the file `rel`. */
async function ipcErrors(rel: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, rel) });
  // A planted text that does not parse would pass every rule: it is a broken test.
  expect(result?.messages.filter((m) => m.fatal) ?? [], code).toEqual([]);
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('registerIpcHandlers'))
    .map((m) => m.message);
}

const IMPORT = "import { ipcMain } from 'electron';\n";

describe('ipcMain outside main/electron/ipc-main.ts', () => {
  it.each([
    ['main/electron/planted.ts', `${IMPORT}ipcMain.handle('x', async () => 1);`],
    ['main/core/planted.ts', `${IMPORT}ipcMain.handle('x', async () => 1);`],
    ['main/electron/planted.ts', `${IMPORT}ipcMain.handleOnce('x', async () => 1);`],
    ['main/electron/planted.ts', `${IMPORT}ipcMain.on('x', () => {});`],
    ['main/electron/planted.ts', `${IMPORT}ipcMain.once('x', () => {});`],
    ['main/electron/planted.ts', `${IMPORT}ipcMain.addListener('x', () => {});`],
    ['main/electron/planted.ts', `${IMPORT}ipcMain.prependListener('x', () => {});`],
    ['main/electron/planted.ts', `${IMPORT}ipcMain['handle']('x', async () => 1);`],
    ['main/electron/planted.ts', `${IMPORT}ipcMain.handle.call(ipcMain, 'x', async () => 1);`],
    ['main/electron/planted.mjs', `${IMPORT}ipcMain.handle('x', async () => 1);`],
    [
      'main/electron/planted.ts',
      "import electron from 'electron';\nelectron.ipcMain.handle('x', async () => 1);",
    ],
    [
      'main/electron/planted.ts',
      "import * as electron from 'electron';\nelectron.ipcMain.on('x', () => {});",
    ],
    [
      'main/electron/planted.ts',
      "import type { BrowserWindow } from 'electron';\n" +
        "export const f = (w: BrowserWindow) => w.webContents.ipc.handle('x', async () => 1);",
    ],
    // Another name for ipcMain: an import alias, a variable, a destructuring, an assignment.
    [
      'main/electron/planted.ts',
      "import { ipcMain as m } from 'electron';\nm.handle('x', async () => 1);",
    ],
    ['main/electron/planted.ts', `${IMPORT}const m = ipcMain;\nm.handle('x', async () => 1);`],
    [
      'main/electron/planted.ts',
      `${IMPORT}const { handle } = ipcMain;\nhandle.call(ipcMain, 'x', async () => 1);`,
    ],
    ['main/electron/planted.ts', `${IMPORT}let m: unknown;\nm = ipcMain;\nexport const n = m;`],
    [
      'main/electron/planted.ts',
      "import electron from 'electron';\nconst { ipcMain: m } = electron;\nm.on('x', () => {});",
    ],
    // Handed to a helper that would register under its own parameter's name.
    ['main/electron/planted.ts', `${IMPORT}import { wire } from './wire.js';\nwire(ipcMain);`],
    [
      'main/electron/planted.ts',
      `${IMPORT}const helpers = { wire: (x: unknown) => x };\nhelpers.wire(ipcMain);`,
    ],
  ])('%s fails: %s', async (rel, code) => {
    expect(await ipcErrors(rel, code)).not.toEqual([]);
  });

  it('passes the one place that registers, and the composition root handing ipcMain to it', async () => {
    expect(
      await ipcErrors('main/electron/ipc-main.ts', `${IMPORT}ipcMain.handle('x', async () => 1);`),
    ).toEqual([]);
    expect(
      await ipcErrors(
        'main/electron/planted.ts',
        `${IMPORT}import { registerIpcHandlers } from './ipc-main.js';\n` +
          'registerIpcHandlers(ipcMain, handlers, contents);\n' +
          "ipcMain.removeHandler('x');",
      ),
    ).toEqual([]);
    // A test file drives a fake ipcMain.
    expect(
      await ipcErrors(
        'main/electron/planted.test.ts',
        `${IMPORT}ipcMain.handle('x', async () => 1);`,
      ),
    ).toEqual([]);
  });

  it('does not catch a name built at run time (documented in eslint.config.js)', async () => {
    const built =
      "import * as electron from 'electron';\n" +
      "const key = ['ipc', 'Main'].join('') as 'ipcMain';\n" +
      "electron[key].handle('x', async () => 1);";
    expect(await ipcErrors('main/electron/planted.ts', built)).toEqual([]);
  });
});
