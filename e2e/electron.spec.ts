// The same user path in the desktop app: Playwright's `_electron.launch` runs the built main
// process (main/dist/electron-main.cjs) on a temp FOLDERGATE_HOME. Runs only where the Electron
// binary is installed and a desktop session exists; skipped with the reason otherwise.
//
// The native folder dialog cannot be driven by a test, so it is STUBBED in the main process:
// `dialog.showOpenDialog` is replaced (electronApp.evaluate) by a function that answers the
// folders this test queues, in order. Everything behind it (roots:pickFolder, the live check,
// roots:add, logic:setCatalog, the supervised server) is the real app.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { _electron as electron } from '@playwright/test';
import type { ElectronApplication } from '@playwright/test';
import {
  descendantPids,
  expect,
  makeCatalog,
  REPO_ROOT,
  survivors,
  test,
  within,
} from './fixtures.js';
import {
  ALL_FILES,
  FOLDER_NAME,
  badRange,
  firstRun,
  foldersScreen,
  logicCatalog,
  nextPage,
  pauseAndResume,
  readSettings,
  searchPreview,
  serverScreen,
} from './user-path-steps.js';
import type { AddFolderStep, SetCatalogStep } from './user-path-steps.js';
import { scaled } from '#testing/time.js';

const MAIN_ENTRY = path.join(REPO_ROOT, 'main', 'electron', 'dist', 'electron-main.cjs');
const CLOSE_GRACE_MS = 10_000;

/**
 * The Electron binary, found the way `npm start` finds it (node_modules/electron/path.txt),
 * without require('electron'): that module tries to download the binary when it is missing.
 */
function electronBinary(): { binary: string | null; reason: string } {
  const packageDir = path.join(REPO_ROOT, 'node_modules', 'electron');
  if (!existsSync(path.join(packageDir, 'package.json'))) {
    return { binary: null, reason: 'the electron package is not installed' };
  }
  let relative: string;
  try {
    relative = readFileSync(path.join(packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    return { binary: null, reason: 'node_modules/electron/path.txt is missing (never downloaded)' };
  }
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(packageDir, 'dist');
  const binary = path.join(dist, relative);
  return existsSync(binary)
    ? { binary, reason: '' }
    : { binary: null, reason: `${binary} does not exist` };
}

const found = electronBinary();
const hasElectron = found.binary !== null;
const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

test.describe('desktop app (Electron)', () => {
  test.skip(
    !hasElectron,
    `Electron binary not installed (its download is blocked on this machine): ${found.reason}. ` +
      'The same path runs in the browser against the headless host (user-path.spec.ts).',
  );
  test.skip(
    !hasDisplay,
    'Electron needs a desktop session: neither DISPLAY nor WAYLAND_DISPLAY is set ' +
      '(run under xvfb-run to include this test).',
  );

  test('a new user sets up FolderGate in the desktop app', async ({
    home,
    workDir,
    makeFolder,
    shot,
  }) => {
    const dir = await makeFolder('my-files', ALL_FILES);
    const catalog = await makeCatalog(workDir);
    const app = await launch(home);
    try {
      const page = await app.firstWindow();
      await expect(page.locator('body[data-ready="true"]')).toBeAttached({
        timeout: scaled(30_000),
      });
      const screen = (name: string): Promise<void> => shot(page, `electron-${name}`);

      // The stubbed dialog answers the folder first, then the catalog folder.
      await stubFolderDialog(app, [dir, catalog]);
      const addByDialog: AddFolderStep = async (p, folder) => {
        await p.getByTestId('choose-folder').click();
        await expect(p.getByTestId('folder-check')).toContainText(`Ready to add ${folder}`);
        await p.getByTestId('folder-name-input').fill(FOLDER_NAME);
        await p.getByTestId('add-folder').click();
      };
      const catalogByDialog: SetCatalogStep = async (p) => {
        await p.getByRole('button', { name: 'Choose catalog folder…' }).click();
      };

      await test.step('first run: add a folder with the (stubbed) native dialog', async () => {
        await firstRun(page, dir, addByDialog, screen);
        expect(await readSettings(home)).toMatchObject({
          firstRunCompleted: true,
          roots: [{ path: dir, name: FOLDER_NAME }],
        });
      });
      await test.step('folders screen', () => foldersScreen(page, dir, screen));
      await test.step('search preview', async () => {
        await searchPreview(page, screen);
        // Electron only: each match can be revealed in the file manager.
        await expect(
          page.getByRole('button', { name: 'Show budget.xlsx in its folder' }),
        ).toBeVisible();
      });
      await test.step('next page', () => nextPage(page));
      await test.step('bad range', () => badRange(page, screen));
      await test.step('pause and resume', () => pauseAndResume(page, home, screen));
      await test.step('logic catalog', async () => {
        await logicCatalog(page, home, catalog, catalogByDialog, screen);
        await expect(page.getByTestId('logic-catalog-path')).toHaveText(catalog);
      });
      await test.step('server status', () => serverScreen(page, screen));
    } finally {
      await closeBounded(app);
    }
  });
});

/** Starts the built main process on FOLDERGATE_HOME=`home`. */
async function launch(home: string): Promise<ElectronApplication> {
  const runningAsRoot = process.getuid?.() === 0;
  return electron.launch({
    executablePath: found.binary!,
    // Chromium refuses to run as root with its sandbox on (CI containers).
    args: [...(runningAsRoot ? ['--no-sandbox'] : []), MAIN_ENTRY],
    cwd: REPO_ROOT,
    env: { ...process.env, FOLDERGATE_HOME: home } as Record<string, string>,
    timeout: scaled(30_000),
  });
}

/** Replaces dialog.showOpenDialog in the main process with a queue of answers. */
async function stubFolderDialog(app: ElectronApplication, folders: string[]): Promise<void> {
  await app.evaluate(({ dialog }, queued) => {
    const answers = [...queued];
    const stub = async () => {
      const next = answers.shift();
      return next ? { canceled: false, filePaths: [next] } : { canceled: true, filePaths: [] };
    };
    dialog.showOpenDialog = stub as unknown as typeof dialog.showOpenDialog;
  }, folders);
}

/** Quits the app (it stops its server child first); kills it after a grace period. */
async function closeBounded(app: ElectronApplication): Promise<void> {
  const child = app.process();
  const descendants = descendantPids(child.pid);
  const closed =
    (await within(
      app.close().then(() => true),
      CLOSE_GRACE_MS,
    )) ?? false;
  if (!closed) child.kill('SIGKILL');
  const alive = await survivors(descendants, 5_000);
  expect(closed, `Electron did not quit within ${CLOSE_GRACE_MS} ms`).toBe(true);
  expect(alive, 'processes that outlived the app').toEqual([]);
}
