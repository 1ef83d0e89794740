// One action, one story (issue 38 item 2), in the Search preview on the real headless host with
// its real preview server: the menu and the answer count the same folders, the typed name comes
// back as typed, and a paused preview says it is paused — in English and in Korean.
import fs from 'node:fs/promises';
import { expect, invoke, openApp, test } from './fixtures.js';

test('the folder count, the typed name and a pause, each told the same way everywhere', async ({
  page,
  host,
  makeFolder,
}) => {
  const now = new Date();
  const names = ['Documents', 'Pictures', 'Music', 'Gone'];
  for (const name of names) {
    const dir = await makeFolder(name, [{ path: `Tax ${name}.pdf`, mtime: now }]);
    await invoke(host, 'roots:add', { path: dir, name });
    // One of the four is no longer there: it is listed, but it cannot be searched now.
    if (name === 'Gone') await fs.rm(dir, { recursive: true });
  }
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  await page.getByTestId('nav-search').click();
  const menu = page.getByTestId('search-root');
  await expect(menu.locator('option').first()).toHaveText(
    'All allowed folders (4; 3 can be searched now)',
  );
  await page.getByTestId('search-name').fill('Tax');
  await page.getByTestId('search-submit').click();
  const answer = page.getByTestId('search-answer');
  // What the person typed, as typed ("Tax", not "tax"); the count the menu gave.
  await expect(answer).toHaveText(/^3 files with "Tax" in the name .*in 3 of your 4 folders$/);

  await invoke(host, 'settings:update', { language: 'ko' });
  await expect(menu.locator('option').first()).toHaveText(
    '허용한 모든 폴더(4개 중 지금 검색할 수 있는 폴더 3개)',
  );
  await page.getByTestId('search-submit').click();
  await expect(answer).toContainText('폴더 4개 중 3개에서');
  await expect(answer).toContainText('Tax');

  await invoke(host, 'settings:setPaused', { paused: true });
  await page.getByTestId('search-submit').click();
  await expect(answer).toHaveText('AI 접근이 일시 중지되어 검색하지 않았습니다');
  await invoke(host, 'settings:update', { language: 'en' });
  await expect(answer).toHaveText('Nothing searched: AI access is paused');
  await expect(answer).not.toContainText('yet');
  await expect(page.getByTestId('search-paused')).toContainText('Resume AI access');
});

test('a preview search over every folder is one search in Activity, each folder’s request in its Details', async ({
  page,
  host,
  makeFolder,
}) => {
  const now = new Date();
  for (const name of ['Documents', 'Pictures', 'Music']) {
    const dir = await makeFolder(name, [{ path: `${name}-a.pdf`, mtime: now }]);
    await invoke(host, 'roots:add', { path: dir, name });
  }
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-answer')).toHaveText(/^3 files .*in your 3 folders$/);

  await page.getByTestId('nav-activity').click();
  await page.getByTestId('activity-show-preview').click();
  const rows = page.getByRole('listbox').getByRole('option');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(
    'FolderGate preview looked for files in all allowed folders (3) — 3 files',
  );
  // The chart counts it as the list does: one search.
  await expect(page.getByTestId('activity-chart')).toContainText(
    'Last 24 hours, per hour · 1 call',
  );
  await rows.first().click();
  const pages = page.getByTestId('activity-page');
  await expect(pages).toHaveCount(3);
  await expect(pages.locator('summary')).toHaveText(
    // In the order they were sent.
    ['To Documents', 'To Pictures', 'To Music'],
  );

  await invoke(host, 'settings:update', { language: 'ko' });
  await expect(rows.first()).toContainText('허용한 모든 폴더(3개)에서');
  await expect(page.getByTestId('activity-pages')).toContainText('폴더별 요청');
});
