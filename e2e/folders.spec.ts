// Choosing folders without typing a path (issue 22, items 1 and 11), in the real UI on the
// headless host whose HOME holds a person's usual folders: one click on a suggestion, "Did you
// mean", completion, a nested folder refused, the home folder asked about; axe on each state.
import fs from 'node:fs/promises';
import path from 'node:path';
import { scanPage } from './a11y.js';
import { expect, invoke, openApp, savePartScreenshot, test, writeFiles } from './fixtures.js';

test('a person adds their usual folders with a click, and is asked before the whole home', async ({
  app: page,
  host,
  shot,
}, testInfo) => {
  const home = host.userHome;
  const now = new Date();
  await writeFiles(path.join(home, 'Documents'), [
    { path: 'taxes/2025.pdf', mtime: now },
    { path: 'letter.docx', mtime: now },
  ]);
  await writeFiles(path.join(home, 'Pictures'), [{ path: 'beach.jpg', mtime: now }]);
  await fs.mkdir(path.join(home, 'Downloads'));
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  await page.getByTestId('nav-folders').click();

  await test.step('the usual folders are offered with how many files they hold', async () => {
    const offered = page.getByTestId('folder-suggestion');
    await expect(offered).toHaveCount(3);
    await expect(offered.nth(0)).toHaveAccessibleName('Add Documents 2 files');
    await expect(offered.nth(1)).toHaveAccessibleName('Add Downloads empty');
    await expect(offered.nth(2)).toHaveAccessibleName('Add Pictures 1 file');
    await scanPage(page, testInfo, 'folders: suggestions');
    await shot(page, 'folders-suggestions', 'all');
  });

  await test.step('one click adds Documents; it is not offered again', async () => {
    await page.getByRole('button', { name: /^Add Documents/ }).click();
    // Its button goes away: the keyboard goes to the path field, not to the page.
    await expect(page.getByTestId('folder-path-input')).toBeFocused();
    const row = page.getByTestId('root-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Documents');
    await expect(page.getByTestId('folder-check')).toContainText('Added “Documents”.');
    await expect(page.getByTestId('folder-suggestion')).toHaveCount(2);
  });

  await test.step('a folder inside Documents is already included', async () => {
    await page.getByTestId('folder-path-input').fill(path.join(home, 'Documents', 'taxes'));
    await expect(page.getByTestId('folder-check-error')).toHaveText(
      "Already included in 'Documents': AI apps can search this folder already.",
    );
    await expect(page.getByTestId('add-folder')).toBeDisabled();
  });

  await test.step('"pictures" typed alone: Did you mean …/Pictures?', async () => {
    await page.getByTestId('folder-path-input').fill('pictures');
    const meant = page.getByTestId('did-you-mean');
    await expect(meant).toHaveText(`Did you mean ${path.join(home, 'Pictures')}?`);
    await scanPage(page, testInfo, 'folders: did you mean');
    await meant.getByRole('button').click();
    await expect(page.getByTestId('folder-path-input')).toHaveValue(path.join(home, 'Pictures'));
    await expect(page.getByTestId('folder-check')).toContainText('Ready to add');
    await page.getByTestId('add-folder').press('Enter');
    await expect(page.getByTestId('root-row')).toHaveCount(2);
  });

  await test.step('a typed path is completed from the folders on disk', async () => {
    await page.getByTestId('folder-path-input').fill(path.join(home, 'Do'));
    await expect(page.getByTestId('folder-completions').locator('option')).toHaveCount(2);
    await expect(page.getByTestId('folder-completions').locator('option').first()).toHaveAttribute(
      'value',
      path.join(home, 'Documents'),
    );
  });

  await test.step('the whole home folder is asked about; Cancel adds nothing', async () => {
    await page.getByTestId('folder-path-input').fill(home);
    await expect(page.getByTestId('folder-check')).toContainText('Ready to add');
    await page.getByTestId('add-folder').click();
    const dialog = page.getByRole('dialog', { name: 'Allow AI to search your whole home folder?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await scanPage(page, testInfo, 'folders: home folder asked');
    await shot(page, 'folders-home-asked', 'all');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('root-row')).toHaveCount(2);
  });

  await test.step('Done folds the form: the list first, "+ Add folder" one click away', async () => {
    await page.getByTestId('close-add-folder').click();
    await expect(page.getByTestId('open-add-folder')).toBeFocused();
    await expect(page.getByTestId('folder-path-input')).toHaveCount(0);
    await expect(page.getByTestId('root-row').locator('.badge')).toHaveCount(0);
    // The app's search engine has read both folders: AI apps get instant, complete answers.
    await expect(page.getByTestId('search-readiness')).toHaveText([
      'Ready for instant search',
      'Ready for instant search',
    ]);
    await scanPage(page, testInfo, 'folders: two folders');
    await shot(page, 'folders-two', 'all');
  });
});

test('a person chooses which AI apps may search each folder, and for how long', async ({
  app: page,
  host,
  makeFolder,
}, testInfo) => {
  const now = new Date();
  const work = await makeFolder('Work', [{ path: 'plan.docx', mtime: now }]);
  const pictures = await makeFolder('Pictures', [{ path: 'beach.jpg', mtime: now }]);
  const downloads = await makeFolder('Downloads', [{ path: 'setup.zip', mtime: now }]);
  for (const folder of [work, pictures, downloads])
    await invoke(host, 'roots:add', { path: folder });
  // Downloads was allowed for a while, and its time is over.
  await invoke(host, 'roots:setAccess', {
    path: downloads,
    apps: null,
    until: new Date(now.getTime() - 60_000).toISOString(),
  });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  await page.getByTestId('nav-folders').click();
  const row = (name: string) => page.getByTestId('root-row').filter({ hasText: name });

  await test.step('Pictures: only Claude Desktop, for 1 hour, with the keyboard', async () => {
    const pics = row('Pictures');
    await pics
      .getByRole('button', { name: 'Change which AI apps may search Pictures, and for how long' })
      .click();
    // The chosen option has the focus; the arrow keys move between the two.
    await expect(pics.getByRole('radio', { name: 'All connected apps' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(pics.getByRole('radio', { name: 'Only these apps' })).toBeChecked();
    await pics.getByRole('checkbox', { name: 'Claude Desktop' }).check();
    await pics.getByRole('radio', { name: 'For 1 hour' }).check();
    await scanPage(page, testInfo, 'folders: who may search, the form');
    await savePartScreenshot(pics, 'folders-who-may-search', testInfo);
    await pics.getByRole('button', { name: 'Save' }).click();
    await expect(pics.getByTestId('access-apps')).toHaveText('Claude Desktop');
    await expect(pics.getByTestId('access-until')).toHaveText(/^Allowed until /);
  });

  await test.step('Downloads says its access ended, and can be allowed again', async () => {
    const dl = row('Downloads');
    await expect(dl.getByTestId('access-ended')).toContainText('Access ended at');
    await scanPage(page, testInfo, 'folders: a folder whose time ended');
    await savePartScreenshot(page.getByTestId('root-list'), 'folders-access', testInfo);
    await dl.getByRole('button', { name: 'Allow again: let AI apps search Downloads' }).click();
    await expect(dl.getByTestId('access-ended')).toHaveCount(0);
  });

  await test.step('AI apps: each app card names its folders', async () => {
    await page.getByTestId('nav-apps').click();
    const cursor = page.locator('[data-testid=client-row][data-client=cursor]');
    await expect(cursor.getByTestId('client-folders-names')).toHaveText('Work and Downloads');
    const claude = page.locator('[data-testid=client-row][data-client=claude-desktop]');
    await expect(claude.getByTestId('client-folders-names')).toHaveText('All folders');
    await scanPage(page, testInfo, 'ai apps: the folders each app may search');
    await savePartScreenshot(cursor, 'ai-apps-folders', testInfo);
  });

  await test.step('Search as Cursor finds nothing in Pictures, as Cursor would', async () => {
    await page.getByTestId('nav-search').click();
    await page.getByRole('combobox', { name: 'Search as' }).selectOption('cursor');
    await expect(page.getByTestId('search-root').getByRole('option')).toHaveText([
      'All allowed folders (2)',
      'Work (default)',
      'Downloads',
    ]);
    await page.getByTestId('search-submit').click();
    const names = page.getByTestId('search-row').locator('.path-name');
    await expect(names).toHaveCount(2);
    expect((await names.allTextContents()).sort()).toEqual(['plan.docx', 'setup.zip']);
    await expect(names.filter({ hasText: 'beach.jpg' })).toHaveCount(0);
    await scanPage(page, testInfo, 'search preview: search as Cursor');
    await savePartScreenshot(page.locator('.search-as'), 'search-as', testInfo);
  });
});
