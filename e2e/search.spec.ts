// The Search preview over every allowed folder (issue 22, items 7 and 8), in the real UI on the
// headless host with its real preview server: two folders merged newest first, 25 rows and
// "Show more"; a long search with a live count, Stop, and "Keep searching".
import fs from 'node:fs/promises';
import path from 'node:path';
import { expectFocusRing, scanPage } from './a11y.js';
import { expect, invoke, openApp, savePartScreenshot, test } from './fixtures.js';

const day = (n: number) => new Date(Date.UTC(2025, 2, 1, 12) + n * 3_600_000);

test('all allowed folders, merged newest first: 25 rows, then Show more', async ({
  page,
  host,
  makeFolder,
  shot,
}, testInfo) => {
  // Twenty files each, their times interleaved (Documents even hours, Pictures odd ones).
  const docs = await makeFolder(
    'Documents',
    Array.from({ length: 20 }, (_, i) => ({ path: `doc-${i}.pdf`, mtime: day(2 * i) })),
  );
  const pics = await makeFolder(
    'Pictures',
    Array.from({ length: 20 }, (_, i) => ({ path: `trip/pic-${i}.jpg`, mtime: day(2 * i + 1) })),
  );
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'roots:add', { path: pics, name: 'Pictures' });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  await page.getByTestId('nav-search').click();
  await expect(page.getByTestId('search-root')).toHaveValue('');
  await page.getByTestId('search-submit').click();

  const answer = page.getByTestId('search-answer');
  // Each folder's first page held all its files: the heading counts them all at once (issue 38).
  await expect(answer).toHaveText('40 files in Documents and Pictures');
  const names = page.getByTestId('search-row').locator('.path-name');
  await expect(names).toHaveCount(25);
  // Newest first across both folders: pic-19, doc-19, pic-18, …
  const expected = Array.from({ length: 40 }, (_, k) => {
    const i = 19 - Math.floor(k / 2);
    return k % 2 === 0 ? `pic-${i}.jpg` : `doc-${i}.pdf`;
  });
  await expect(names).toHaveText(expected.slice(0, 25));
  // Each row says which folder it is in.
  await expect(page.getByTestId('search-row').first()).toContainText('in Pictures/trip');
  await scanPage(page, testInfo, 'search preview: all folders, Show more');
  await shot(page, 'search-all-folders', 'all');
  // The prompts a person can use in their AI app, under the results (README: Prompts).
  const prompts = page.locator('section', { has: page.getByTestId('prompt-list') });
  await expect(prompts.getByTestId('prompt-recent_files')).toContainText('/recent_files');
  await savePartScreenshot(prompts, 'search-prompts', testInfo);

  await page.getByTestId('search-show-more').focus();
  await page.keyboard.press('Enter');
  // The button goes away with the last rows: the keyboard is on the first row it brought (the
  // 26th), not on the page nor back at the top.
  await expect(names).toHaveCount(40);
  await expect(
    page.locator('[data-testid="search-row"] td.search-cell-name').nth(25),
  ).toBeFocused();
  await expect(page.locator(':focus')).toContainText(expected[25]!);
  await expect(names).toHaveText(expected);
  await expect(answer).toHaveText('40 files in Documents and Pictures');
  await expect(page.getByTestId('search-show-more')).toHaveCount(0);

  // One folder chosen: only its files, and the heading names it.
  await page.getByTestId('search-root').selectOption('Documents');
  await page.getByTestId('search-submit').click();
  await expect(answer).toHaveText('20 files in Documents');
  await expect(page.getByTestId('search-row').first()).not.toContainText('in Documents');
});

test("more than a page: the heading says the app's index's count while the first 25 show", async ({
  page,
  host,
  makeFolder,
}) => {
  const docs = await makeFolder(
    'Documents',
    Array.from({ length: 60 }, (_, i) => ({ path: `d${i % 4}/note-${i}.md`, mtime: day(i) })),
  );
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await expect
    .poll(async () => {
      const status = (await invoke(host, 'engine:status', {})) as {
        folders: Array<{ state: string }>;
      };
      return status.folders.map((f) => f.state).join();
    })
    .toBe('ready');
  await openApp(page, host.url);
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-row')).toHaveCount(25);
  await expect(page.getByTestId('search-answer')).toHaveText('60 files in Documents');
  // The same in Korean: the count, not "… 이상" (at least).
  await invoke(host, 'settings:update', { language: 'ko' });
  await page.reload();
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-row')).toHaveCount(25);
  await expect(page.getByTestId('search-answer')).toContainText('60개');
  await expect(page.getByTestId('search-answer')).not.toContainText('이상');
});

test('a long search: a live count, Stop keeps what was found, Keep searching goes on', async ({
  page,
  host,
  makeFolder,
}, testInfo) => {
  const big = await makeFolder('Big', [{ path: 'match.pdf', mtime: new Date() }]);
  // 2,000 files in 200 folders, scanned five at a time (a tiny limit): hundreds of pages.
  for (let d = 0; d < 200; d++) {
    const dir = path.join(big, `d${d}`);
    await fs.mkdir(dir);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => fs.writeFile(path.join(dir, `f${i}.txt`), '')),
    );
  }
  await invoke(host, 'roots:add', { path: big, name: 'Big' });
  // The walking path (instant search off): the search runs long enough to be watched and stopped.
  await invoke(host, 'settings:update', { limits: { maxFilesScanned: 5 }, instantSearch: false });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-name').fill('nothing-like-this');
  await page.getByTestId('search-submit').click();

  const looked = page.getByTestId('search-looked');
  await expect(looked).toHaveText(/^Looked at [\d,]+ files…$/);
  await scanPage(page, testInfo, 'search preview: a long search running');
  await page.getByTestId('search-stop').click();
  await expect(page.getByTestId('search-answer')).toBeFocused();
  const stopped = page.getByTestId('search-stopped');
  // Nothing was found before the stop: it says so, not "the files found so far are above".
  await expect(stopped).toHaveText(
    /^It had looked at [\d,]+ files and found nothing before you stopped it\.$/,
  );
  const seen = Number(
    (await stopped.textContent())!.match(/looked at ([\d,]+)/)![1]!.replaceAll(',', ''),
  );
  expect(seen).toBeGreaterThan(0);
  expect(seen).toBeLessThan(2002);
  // It is not running any more: no Stop, and the count stays.
  await expect(page.getByTestId('search-stop')).toHaveCount(0);
  await scanPage(page, testInfo, 'search preview: stopped');

  await page.getByTestId('search-keep-going').click();
  await expect(page.getByTestId('search-stop')).toBeVisible();
  await expect(looked).toHaveText(/^Looked at [\d,]+ files…$/);
  await page.getByTestId('search-stop').click();
  await expect(stopped).toBeVisible();
});

test('a date field is two Tab stops: the date typed as text, then a calendar button with a ring', async ({
  page,
  host,
  makeFolder,
}) => {
  const docs = await makeFolder('Documents', [{ path: 'a.pdf', mtime: new Date(2024, 2, 5) }]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-from').focus();
  await page.keyboard.type('2024-03-01');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('search-from-calendar')).toBeFocused();
  await expect(page.getByTestId('search-from-calendar')).toHaveAccessibleName(
    'Choose “From” on a calendar',
  );
  await expectFocusRing(page, 'the calendar button');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('search-to')).toBeFocused();
  // Not a date: said next to the field, and nothing is sent.
  await page.keyboard.type('tomorrow');
  await expect(page.getByTestId('search-to-error')).toContainText('Type a date as year-month-day');
  await page.getByTestId('search-to').fill('2024-04-01');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-answer')).toHaveText(
    '1 file changed between March 1 and April 1, in Documents',
  );
});

test('kinds and sizes under More options: only the files of those kinds and sizes, no folder', async ({
  page,
  host,
  makeFolder,
}, testInfo) => {
  const kb = (n: number) => 'x'.repeat(Math.round(n * 1024));
  const work = await makeFolder('Work', [
    { path: 'report.pdf', mtime: day(1), content: kb(3) },
    { path: 'notes.docx', mtime: day(2), content: kb(0.5) },
    { path: 'trip/photo.jpg', mtime: day(3), content: kb(200) },
    { path: 'trip/poster.png', mtime: day(4), content: kb(1100) },
    { path: 'song.mp3', mtime: day(5), content: kb(100) },
  ]);
  await invoke(host, 'roots:add', { path: work, name: 'Work' });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  await page.getByTestId('nav-search').click();
  await page.getByText('More options').click();
  await page.getByTestId('search-include-folders').check();
  await page.getByRole('checkbox', { name: 'Documents and PDFs' }).check();
  await page.getByRole('checkbox', { name: 'Images' }).check();

  // A size that is not a number stops the search at its field.
  await page.getByTestId('search-minSize').fill('one');
  await expect(page.getByTestId('search-minSize-error')).toContainText('Enter a number');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-blocked')).toContainText('“At least”');
  await page.getByTestId('search-minSize').fill('1');
  await page.getByTestId('search-minUnit').selectOption('KB');
  await page.getByTestId('search-maxSize').fill('1');
  await expect(page.getByTestId('search-minSize-error')).toHaveCount(0);

  await page.getByTestId('search-maxSize').blur();
  const form = page.getByTestId('search-form');
  await savePartScreenshot(form, 'search-kinds-sizes', testInfo);
  await page.getByTestId('search-submit').click();
  const names = page.getByTestId('search-row').locator('.path-name');
  // 1 KB to 1 MB, documents and images, newest first; the trip folder is not listed.
  await expect(names).toHaveText(['photo.jpg', 'report.pdf']);
  await expect(page.getByTestId('search-answer')).toHaveText('2 files in Work');
});
