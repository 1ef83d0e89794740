// WCAG 2.2 AA in the real UI (headless host in Chromium): an axe-core scan of every screen and
// state at 1280 and 900 px (760 px, the window's minimum, for many; the dark theme for some)
// with zero serious or critical violations allowed; a keyboard-only walk of the main path in
// which focus never falls to <body> and every stop shows the focus ring; focus after Pause and
// after answering an approval; the narrow layouts without sideways scroll or hidden columns.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expectFocusRing, readFocus, scanAtWidths, scanPage } from './a11y.js';
import type { HeadlessHost } from './fixtures.js';
import {
  expect,
  invoke,
  makeCatalog,
  openApp,
  startAgent,
  startHeadlessHost,
  test,
} from './fixtures.js';
import { ALL_FILES, FOLDER_NAME, IN_RANGE } from './user-path-steps.js';
import { scaled } from '#testing/time.js';

const WIDE = [1280, 900];
const ALL = [1280, 900, 760];

/** Problems with the results table: hidden, cut off or sideways-scrolled cells. */
function resultsTableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const table = document.querySelector('[data-testid="search-table"]');
    if (!table) return ['no results table'];
    const problems: string[] = [];
    for (const cell of table.querySelectorAll('thead th, tbody td')) {
      const box = cell.getBoundingClientRect();
      const style = getComputedStyle(cell);
      const text = (cell.textContent ?? '').trim().slice(0, 30);
      // A header row may be visually hidden when the rows label their own cells.
      if (cell.closest('thead') && box.width <= 1) continue;
      if (style.display === 'none' || style.visibility === 'hidden') {
        problems.push(`hidden cell: ${text}`);
      } else if (box.right > window.innerWidth + 0.5 || box.left < -0.5) {
        problems.push(`cell outside the window: ${text}`);
      }
    }
    for (let parent = table.parentElement; parent; parent = parent.parentElement) {
      if (parent.scrollWidth > parent.clientWidth + 1) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') {
          problems.push(`scrolls sideways: <${parent.tagName.toLowerCase()}.${parent.className}>`);
        }
      }
    }
    return problems;
  });
}

/** True when the page itself scrolls sideways. */
function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

/** Opens every Details disclosure in the main area, so the scan sees what they hold. */
async function openAllDetails(page: Page): Promise<number> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLDetailsElement>('main details')];
    for (const details of all) details.open = true;
    return all.length;
  });
}

/** Scans in the dark theme too, then goes back to the light one. */
async function scanDark(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await scanPage(page, testInfo, `${state} (dark)`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A host with one allowed folder of the user path's files and the first run done; `before`
 * runs then, and the app is reloaded. */
async function setUp(
  page: Page,
  host: HeadlessHost,
  makeFolder: (name: string, files: typeof ALL_FILES) => Promise<string>,
  before?: () => Promise<void>,
): Promise<string> {
  const dir = await makeFolder('my-files', ALL_FILES);
  await invoke(host, 'roots:add', { path: dir, name: FOLDER_NAME });
  await invoke(host, 'settings:completeFirstRun', {});
  await before?.();
  // The `app` fixture opened the page already; a reload shows what the host holds now.
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeAttached({ timeout: scaled(20_000) });
  return dir;
}

test.describe('axe-core, every screen and state', () => {
  // Each scan takes a few seconds on a busy machine, and a test makes up to thirty of them.
  test.describe.configure({ timeout: scaled(180_000) });

  test('first run: every step, without folders and with one', async ({
    app: page,
    userHome,
    makeFolder,
  }, testInfo) => {
    // Cursor "installed": the connect step lists an app with its Connect button.
    await fs.mkdir(path.join(userHome, '.cursor'), { recursive: true });
    const dir = await makeFolder('my-files', ALL_FILES);
    await expect(page.getByRole('heading', { name: 'Welcome to FolderGate' })).toBeVisible();
    await scanAtWidths(page, testInfo, 'first run: welcome', ALL);
    await scanDark(page, testInfo, 'first run: welcome');

    await page.getByTestId('first-run-start').click();
    await expect(
      page.getByRole('heading', { name: 'Choose the folders AI may search' }),
    ).toBeVisible();
    await scanAtWidths(page, testInfo, 'first run: folders, none yet', ALL);
    await page.getByTestId('folder-path-input').fill(path.join(dir, 'no-such-folder'));
    await expect(page.getByTestId('folder-check-error')).toBeVisible();
    await scanAtWidths(page, testInfo, 'first run: a folder that does not exist', WIDE);
    await page.getByTestId('folder-path-input').fill(dir);
    await expect(page.getByTestId('folder-check')).toContainText('Ready to add');
    await page.getByTestId('folder-name-input').fill(FOLDER_NAME);
    await page.getByTestId('add-folder').click();
    await expect(page.getByTestId('first-run-roots')).toContainText(FOLDER_NAME);
    await scanAtWidths(page, testInfo, 'first run: folders, one added', ALL);

    await page.getByTestId('first-run-continue').click();
    await expect(page.getByRole('heading', { name: 'Connect your AI app' })).toBeVisible();
    await expect(page.getByTestId('first-run-clients')).toContainText('Cursor');
    await scanAtWidths(page, testInfo, 'first run: connect', ALL);
    await scanDark(page, testInfo, 'first run: connect');
    await page.getByTestId('first-run-connect-continue').click();
    await expect(page.getByRole('heading', { name: 'You’re all set' })).toBeVisible();
    await scanAtWidths(page, testInfo, 'first run: done', WIDE);
  });

  test('folders (one missing, the file type chooser open), AI apps, Control', async ({
    app: page,
    host,
    userHome,
    makeFolder,
  }, testInfo) => {
    const dir = await setUp(page, host, makeFolder, async () => {
      // VS Code "installed", and Cursor with a settings file that cannot be read.
      await fs.mkdir(path.join(userHome, '.config', 'Code', 'User'), { recursive: true });
      await fs.mkdir(path.join(userHome, '.cursor'), { recursive: true });
      await fs.writeFile(path.join(userHome, '.cursor', 'mcp.json'), '{\n  "mcpServers": {,,\n');
      const gone = await makeFolder('old-stick', [{ path: 'a.txt', mtime: new Date() }]);
      await invoke(host, 'roots:add', { path: gone, name: 'USB stick' });
      await fs.rm(gone, { recursive: true });
      // A checkout cloned again since it was added: another folder at its place.
      const cloned = await makeFolder('checkout', [{ path: 'a.txt', mtime: new Date() }]);
      await invoke(host, 'roots:add', { path: cloned, name: 'Checkout' });
      await fs.rename(cloned, `${cloned}.old`);
      await fs.mkdir(cloned);
    });

    await expect(page.getByTestId('root-row')).toHaveCount(3);
    await expect(page.getByTestId('root-row').filter({ hasText: 'USB stick' })).toContainText(
      'Missing',
    );
    await expect(page.getByTestId('root-row').filter({ hasText: 'Checkout' })).toContainText(
      'Moved or replaced',
    );
    await scanAtWidths(page, testInfo, 'folders with a missing folder', ALL);
    await scanDark(page, testInfo, 'folders with a missing folder');
    await page.getByTestId('use-folder').click();
    const useDialog = page.getByRole('dialog', { name: 'Use the folder now at “Checkout”?' });
    await expect(useDialog).toBeVisible();
    await scanAtWidths(page, testInfo, 'folders: use the folder now there', WIDE);
    await useDialog.getByRole('button', { name: 'Cancel' }).click();
    const row = page.getByTestId('root-row').filter({ hasText: FOLDER_NAME });
    await row.getByTestId('file-types-edit').click();
    await row.getByTestId('file-types-only').check();
    await row.getByTestId('file-group-pdfs').click();
    await expect(row.getByTestId('file-type-form')).toBeVisible();
    await scanAtWidths(page, testInfo, 'folders: file type chooser open', ALL);
    await scanDark(page, testInfo, 'folders: file type chooser open');
    await row.getByRole('button', { name: 'Cancel' }).click();

    // A folder inside an allowed one: the live check says it is included already.
    await page.getByTestId('open-add-folder').click();
    await page.getByTestId('folder-path-input').fill(path.join(dir, 'reports'));
    await expect(page.getByTestId('folder-check-error')).toBeVisible();
    await scanAtWidths(page, testInfo, 'folders: a nested folder typed, already included', WIDE);
    await page.getByTestId('folder-path-input').fill('');
    await page.getByTestId('close-add-folder').click();

    // Renaming to a blank name says why it is not saved.
    await row.getByRole('button', { name: `Rename ${FOLDER_NAME}` }).click();
    await page.getByTestId('rename-input').fill('   ');
    await page.getByTestId('rename-input').press('Enter');
    await expect(page.getByTestId('rename-problem')).toBeVisible();
    await scanAtWidths(page, testInfo, 'folders: renaming to a blank name', WIDE);
    await page.getByTestId('rename-input').press('Escape');

    // The removal asks first, in a modal dialog.
    await page
      .getByTestId('root-row')
      .filter({ hasText: 'USB stick' })
      .getByTestId('remove-root')
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await scanAtWidths(page, testInfo, 'folders: remove, the confirmation dialog', WIDE);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByTestId('nav-activity').click();
    await expect(page.getByTestId('activity-empty')).toBeVisible();
    await scanAtWidths(page, testInfo, 'activity before any call', WIDE);
    await page.getByTestId('nav-setup').click();
    await expect(page.getByRole('heading', { name: 'Welcome to FolderGate' })).toBeVisible();
    await scanAtWidths(page, testInfo, 'setup guide (the first run inside the app)', WIDE);

    await page.getByTestId('nav-apps').click();
    await expect(page.getByRole('heading', { name: 'AI apps', level: 1 })).toBeVisible();
    await expect(page.locator('[data-testid="client-row"][data-client="cursor"]')).toContainText(
      /settings file/i,
    );
    await scanAtWidths(page, testInfo, 'AI apps, one settings file unreadable', WIDE);
    await page
      .locator('[data-testid="client-row"][data-client="vscode"]')
      .getByRole('button', { name: /^Connect/ })
      .click();
    await expect(page.locator('[data-testid="client-row"][data-client="vscode"]')).toContainText(
      'Connected',
    );
    // Every app's Details (the exact entry FolderGate writes) open.
    expect(await openAllDetails(page)).toBeGreaterThan(0);
    await scanAtWidths(page, testInfo, 'AI apps, every Details open', ALL);
    await page.getByTestId('nav-control').click();
    await expect(page.getByRole('heading', { name: 'Control', level: 1 })).toBeVisible();
    await scanAtWidths(page, testInfo, 'Control', ALL);
    await scanDark(page, testInfo, 'Control');
  });

  test('the states a real user reaches: two folders, a connected app, the file types chooser by keyboard', async ({
    app: page,
    host,
    userHome,
    makeFolder,
  }, testInfo) => {
    await setUp(page, host, makeFolder, async () => {
      const pictures = await makeFolder('Pictures', [{ path: 'a.jpg', mtime: new Date() }]);
      await invoke(host, 'roots:add', { path: pictures, name: 'Pictures' });
      await fs.mkdir(path.join(userHome, '.cursor'), { recursive: true });
      await invoke(host, 'clients:connect', { id: 'cursor' });
    });
    await expect(page.getByTestId('root-row')).toHaveCount(2);
    await expect(page).toHaveTitle('Folders — FolderGate');
    // The name of "Make default" starts with its visible words (axe label-content-name-mismatch).
    await expect(page.getByRole('button', { name: 'Make default: Pictures' })).toBeVisible();
    await scanAtWidths(page, testInfo, 'folders: two folders', WIDE);
    await scanDark(page, testInfo, 'folders: two folders');
    // Change → the chooser takes the focus; Escape closes it and gives the focus back to Change.
    const pictures = page.getByTestId('root-row').filter({ hasText: 'Pictures' });
    await pictures.getByTestId('file-types-edit').focus();
    await page.keyboard.press('Enter');
    await expect(pictures.getByTestId('file-type-form')).toBeVisible();
    await expectFocusRing(page, 'Change (file types)');
    await page.keyboard.press('Escape');
    await expect(pictures.getByTestId('file-type-form')).toHaveCount(0);
    await expect(pictures.getByTestId('file-types-edit')).toBeFocused();

    await page.getByTestId('nav-apps').click();
    await expect(page).toHaveTitle('AI apps — FolderGate');
    await expect(
      page.locator('[data-testid="client-row"][data-client="cursor"]').getByTestId('client-status'),
    ).toHaveText('Connected');
    await scanAtWidths(page, testInfo, 'AI apps: one connected', WIDE);
  });

  test('search preview: before a search, results, paging, nothing found, an error', async ({
    app: page,
    host,
    makeFolder,
  }, testInfo) => {
    await setUp(page, host, makeFolder);
    await page.getByTestId('nav-search').click();
    await expect(page.getByRole('heading', { name: 'Search preview', level: 1 })).toBeVisible();
    await scanAtWidths(page, testInfo, 'search preview, before a search', ALL);
    await page.getByTestId('search-from').fill('2024-03-01T00:00');
    await page.getByTestId('search-to').fill('2024-04-01T00:00');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-row')).toHaveCount(IN_RANGE.length);
    await page.getByTestId('search-details').locator('summary').first().click();
    expect(await openAllDetails(page)).toBeGreaterThan(1);
    await scanAtWidths(page, testInfo, 'search preview: results, Details open', ALL);
    await scanDark(page, testInfo, 'search preview: results, Details open');

    // More options is open (with every Details above).
    await page.getByTestId('search-limit').fill('3');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-row')).toHaveCount(IN_RANGE.length);
    await scanAtWidths(page, testInfo, 'search preview: pages of 3 merged', ALL);

    await page.getByTestId('search-from').fill('2030-01-01T00:00');
    await page.getByTestId('search-to').fill('2030-02-01T00:00');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-row')).toHaveCount(0);
    await expect(page.getByTestId('search-nothing')).toBeVisible();
    await scanAtWidths(page, testInfo, 'search preview: nothing found', WIDE);

    // To before From: flagged as typed.
    await page.getByTestId('search-from').fill('2024-04-01T00:00');
    await page.getByTestId('search-to').fill('2024-03-01T00:00');
    await expect(page.getByTestId('search-to')).toHaveAttribute('aria-invalid', 'true');
    await scanAtWidths(page, testInfo, 'search preview: To before From', WIDE);

    // A start folder that does not exist: the server answers with an error.
    await page.getByTestId('search-from').fill('2024-03-01T00:00');
    await page.getByTestId('search-to').fill('2024-04-01T00:00');
    await page.getByTestId('search-path').fill('no/such/folder');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-error')).toBeVisible();
    await openAllDetails(page);
    await scanAtWidths(page, testInfo, 'search preview: an error, its Details open', ALL);
    await scanDark(page, testInfo, 'search preview: an error');
  });

  test('activity with details open; Advanced, every tab; the logic catalog', async ({
    app: page,
    host,
    workDir,
    makeFolder,
  }, testInfo) => {
    await setUp(page, host, makeFolder);
    const catalog = await makeCatalog(workDir);
    const agent = await startAgent(host.home);
    try {
      await agent.callTool({
        name: 'fs.search_by_time',
        arguments: { root: FOLDER_NAME, timeField: 'modified', glob: '**/*.txt' },
      });
      await agent.callTool({
        name: 'fs.search_by_time',
        arguments: { root: FOLDER_NAME, path: '../..', timeField: 'modified' },
      });
    } finally {
      await agent.close();
    }

    await page.getByTestId('nav-activity').click();
    await expect(page.getByTestId('activity-row')).toHaveCount(2);
    await page.getByTestId('activity-row').filter({ hasText: 'Test Agent looked' }).click();
    await expect(page.getByTestId('activity-args')).toBeVisible();
    // The call's exact JSON and the charts' tables.
    expect(await openAllDetails(page)).toBeGreaterThanOrEqual(3);
    await scanAtWidths(page, testInfo, 'activity: details of a search, JSON open', ALL);
    await page.getByTestId('activity-row').filter({ hasText: 'refused' }).click();
    await expect(page.getByTestId('activity-error')).toBeVisible();
    await scanAtWidths(page, testInfo, 'activity: details of a blocked call', WIDE);
    await scanDark(page, testInfo, 'activity: details of a blocked call');

    await page.getByTestId('nav-advanced').click();
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (let i = 0; i < (await tabs.count()); i++) {
      const tab = tabs.nth(i);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const name = ((await tab.textContent()) ?? '').trim();
      if (name === 'Preview engine') {
        await expect(page.getByTestId('server-state')).toHaveText('Running');
        expect(await openAllDetails(page)).toBeGreaterThan(0);
      }
      await scanAtWidths(page, testInfo, `Advanced: ${name}`, WIDE);
    }
    await scanDark(page, testInfo, 'Advanced: the last tab');

    await page.getByTestId('tab-logic').click();
    await page.getByTestId('logic-catalog-input').fill(catalog);
    await page.getByTestId('logic-catalog-save').click();
    await page.getByTestId('logic-item').filter({ hasText: 'purchase_item' }).click();
    await expect(page.getByTestId('logic-detail')).toContainText('purchase_item');
    await expect(page.getByTestId('logic-invalid')).toContainText('broken_report');
    await scanAtWidths(page, testInfo, 'logic catalog: a logic open, an invalid one listed', ALL);
    await scanDark(page, testInfo, 'logic catalog');
  });

  test('the paused banner and the approval banner', async ({
    app: page,
    host,
    makeFolder,
  }, testInfo) => {
    await setUp(page, host, makeFolder);
    await page.getByTestId('pause-switch').click();
    await expect(page.getByTestId('paused-banner')).toBeVisible();
    await scanAtWidths(page, testInfo, 'paused banner', ALL);
    await scanDark(page, testInfo, 'paused banner');
    // The preview while paused: information, not an error.
    await page.getByTestId('nav-search').click();
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-paused')).toBeVisible();
    await scanAtWidths(page, testInfo, 'search preview while paused', WIDE);
    await page.getByTestId('resume-access').click();
    await expect(page.getByTestId('paused-banner')).toHaveCount(0);

    await page.getByTestId('nav-control').click();
    await page.getByRole('switch', { name: 'Ask me before an AI app uses FolderGate' }).click();
    const agent = await startAgent(host.home);
    try {
      const call = agent.callTool({
        name: 'fs.search_by_time',
        arguments: { root: FOLDER_NAME, timeField: 'modified' },
      });
      const banner = page.getByTestId('approval-banner');
      await expect(banner).toBeVisible();
      await scanAtWidths(page, testInfo, 'approval banner', ALL);
      await scanDark(page, testInfo, 'approval banner');
      await banner.getByRole('button', { name: 'Deny' }).click();
      await call;
      await expect(banner).toBeHidden();
    } finally {
      await agent.close();
    }
  });

  test('the settings file cannot be read', async ({ page, workDir }, testInfo) => {
    const home = path.join(workDir, 'broken-home');
    await fs.mkdir(home);
    await fs.writeFile(
      path.join(home, 'settings.json'),
      JSON.stringify({ version: 2, firstRunCompleted: true, paused: 'yes' }),
    );
    const running = await startHeadlessHost(home);
    try {
      // The file cannot be used, so the app shows its defaults (the first run) under the notice;
      // skipping it would be a change, which is refused until the file is fixed or started over.
      await openApp(page, running.host.url);
      await expect(page.getByText('Your settings file could not be read')).toBeVisible();
      await expect(page.getByTestId('start-over')).toBeVisible();
      await page.getByTestId('first-run-skip').click();
      await expect(
        page.getByText('Your settings file has a mistake, so nothing was changed'),
      ).toBeVisible();
      await scanAtWidths(page, testInfo, 'settings file problem', ALL);
      await page.getByTestId('start-over').click();
      await expect(
        page.getByRole('dialog', { name: 'Start over with default settings?' }),
      ).toBeVisible();
      await scanAtWidths(page, testInfo, 'start over dialog', ALL);
    } finally {
      expect(await running.stop()).toBeNull();
    }
  });
});

/** Presses Tab (or Shift+Tab) until `target` has focus; every stop must show the ring. */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await readFocus(page);
    if (!focus.isBody) await expectFocusRing(page, `Tab to <${focus.tag}> "${focus.label}"`);
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Presses a key on the focused control and checks focus stayed somewhere visible. */
async function press(page: Page, key: string, what: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusRing(page, what);
}

test('keyboard only: first run, add a folder, search preview, next page, activity', async ({
  app: page,
  makeFolder,
}) => {
  test.setTimeout(scaled(90_000));
  const dir = await makeFolder('my-files', ALL_FILES);
  await expect(page.getByRole('heading', { name: 'Welcome to FolderGate' })).toBeVisible();

  await test.step('first run, adding a folder by typing its path', async () => {
    await tabTo(page, page.getByTestId('first-run-start'));
    await press(page, 'Enter', 'Get started');
    await expect(
      page.getByRole('heading', { name: 'Choose the folders AI may search' }),
    ).toBeFocused();
    // The headless host has no native folder dialog (the desktop's is stubbed only in Electron
    // specs): the path is typed, as a person does in the browser.
    await tabTo(page, page.getByTestId('folder-path-input'));
    await page.keyboard.type(dir);
    await expect(page.getByTestId('folder-check')).toContainText('Ready to add');
    await tabTo(page, page.getByTestId('folder-name-input'));
    await page.keyboard.type(FOLDER_NAME);
    await tabTo(page, page.getByTestId('add-folder'));
    await press(page, 'Enter', 'Add folder');
    await expect(page.getByTestId('first-run-roots')).toContainText(FOLDER_NAME);
    await expectFocusRing(page, 'the folder was added');
    await tabTo(page, page.getByTestId('first-run-continue'));
    await press(page, 'Enter', 'Continue');
    await expect(page.getByRole('heading', { name: 'Connect your AI app' })).toBeFocused();
    await tabTo(page, page.getByTestId('first-run-connect-continue'));
    await press(page, 'Enter', 'Skip for now');
    await expect(page.getByRole('heading', { name: 'You’re all set' })).toBeFocused();
    await tabTo(page, page.getByTestId('first-run-finish'));
    await press(page, 'Enter', 'Open FolderGate');
    await expect(page.getByRole('heading', { name: 'Folders', level: 1 })).toBeFocused();
  });

  await test.step('search preview: three per request, search, every row', async () => {
    await tabTo(page, page.getByTestId('nav-search'), true);
    await press(page, 'Enter', 'the Search preview item');
    await expect(page.getByRole('heading', { name: 'Search preview', level: 1 })).toBeFocused();
    await tabTo(page, page.locator('summary', { hasText: 'More options' }));
    await press(page, 'Enter', 'More options');
    await tabTo(page, page.getByTestId('search-limit'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3');
    await tabTo(page, page.getByTestId('search-submit'));
    await press(page, 'Enter', 'Search');
    await expect(page.getByTestId('search-row')).toHaveCount(ALL_FILES.length);
    await expectFocusRing(page, 'the results arrived');
  });

  await test.step('pause and resume from the sidebar: focus stays on the switch', async () => {
    const pause = page.getByTestId('pause-switch');
    await tabTo(page, pause, true);
    await press(page, 'Space', 'Pause');
    await expect(pause).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('paused-banner')).toBeVisible();
    await expect(pause).toBeFocused();
    await press(page, 'Space', 'Resume');
    await expect(pause).toHaveAttribute('aria-checked', 'false');
    await expect(pause).toBeFocused();
  });

  await test.step('activity: the list by keyboard, the details of the newest call', async () => {
    await tabTo(page, page.getByTestId('nav-activity'), true);
    await press(page, 'Enter', 'the Activity item');
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeFocused();
    // The calls here are FolderGate's own (the preview's): shown once asked for.
    await tabTo(page, page.getByTestId('activity-show-preview'));
    await press(page, 'Space', 'Include FolderGate’s own searches');
    await expect(page.getByTestId('activity-show-preview')).toBeChecked();
    await tabTo(page, page.getByTestId('activity-list'));
    await expect(page.getByTestId('activity-details')).toContainText('FolderGate preview');
    await press(page, 'ArrowDown', 'the next call in the list');
    await expect(page.getByTestId('activity-list')).toBeFocused();
  });
});

test('focus after answering approvals: the next request, then the screen title', async ({
  app: page,
  host,
  makeFolder,
}) => {
  await setUp(page, host, makeFolder);
  await page.getByTestId('nav-control').click();
  await page.getByRole('switch', { name: 'Ask me before an AI app uses FolderGate' }).click();
  const agent = await startAgent(host.home);
  try {
    const args = { root: FOLDER_NAME, timeField: 'modified' };
    const first = agent.callTool({ name: 'fs.search_by_time', arguments: args });
    const banner = page.getByTestId('approval-banner');
    await expect(banner).toContainText('Approval needed');
    const second = agent.callTool({ name: 'fs.search_by_time', arguments: args });
    await expect(banner).toContainText('1 of 2');
    await expect(page.locator('#approval-title')).toBeFocused();
    await tabTo(page, banner.getByRole('button', { name: 'Allow once' }));
    await press(page, 'Enter', 'Allow once');
    await first;
    await expect(banner).not.toContainText('of 2');
    await expect(page.locator('#approval-title')).toBeFocused();
    await tabTo(page, banner.getByRole('button', { name: 'Deny' }));
    await page.keyboard.press('Enter');
    await second;
    await expect(banner).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Control', level: 1 })).toBeFocused();
    await expectFocusRing(page, 'the last answer');
  } finally {
    await agent.close();
  }
});

test('900 and 760 px: no sideways scroll of the page, every results column in view', async ({
  app: page,
  host,
  makeFolder,
  shot,
}) => {
  await setUp(page, host, makeFolder);
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-from').fill('2024-03-01T00:00');
  await page.getByTestId('search-to').fill('2024-04-01T00:00');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-row')).toHaveCount(IN_RANGE.length);
  for (const width of [900, 760, 1280]) {
    await page.setViewportSize({ width, height: 600 });
    await expect(page.getByTestId('search-table')).toBeVisible();
    expect(await pageScrollsSideways(page), `the page scrolls sideways at ${width} px`).toBe(false);
    expect(await resultsTableProblems(page), `results table at ${width} px`).toEqual([]);
    const names = page.getByTestId('search-row').first().locator('td');
    for (let i = 0; i < (await names.count()); i++) await expect(names.nth(i)).toBeVisible();
    await shot(page, `layout-search-${width}`);
  }
  for (const screen of ['folders', 'apps', 'control', 'activity', 'advanced']) {
    await page.getByTestId(`nav-${screen}`).click();
    await expect(page.locator(`main[data-screen="${screen}"]`)).toBeVisible();
    for (const width of [900, 760]) {
      await page.setViewportSize({ width, height: 600 });
      expect(await pageScrollsSideways(page), `${screen} scrolls sideways at ${width} px`).toBe(
        false,
      );
      await shot(page, `layout-${screen}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  }
  // The compact sidebar still names every place, and is narrower than the wide one.
  const wide = (await page.locator('.sidebar').boundingBox())?.width ?? 0;
  await page.setViewportSize({ width: 760, height: 600 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Folders', 'AI apps', 'Control', 'Activity', 'Search preview', 'Advanced']) {
    await expect(nav.getByRole('button', { name })).toBeVisible();
  }
  const compact = (await page.locator('.sidebar').boundingBox())?.width ?? 0;
  expect(compact).toBeLessThanOrEqual(200);
  expect(compact).toBeLessThan(wide);
});
