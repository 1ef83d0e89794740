// Issue 38 item 6 against the real headless host, in English and Korean: "What AI saw" on the
// Activity screen lists the files a separate AI app (the SDK Client "Test Agent" running the built
// server) was shown, by app and with their folders, live; and the first run's introduction to
// "Ask me first" sends a test request that brings up the real approval banner and is recorded in
// Activity as a test.
import path from 'node:path';
import { scanPage } from './a11y.js';
import { expect, invoke, savePartScreenshot, startAgent, test } from './fixtures.js';
import { scaled } from '#testing/time.js';

test('What AI saw: the files an AI app was shown, by app and folder, live, in English and Korean', async ({
  app: page,
  host,
  makeFolder,
}, testInfo) => {
  test.setTimeout(scaled(90_000));
  const now = new Date();
  const docs = await makeFolder('Documents', [
    { path: 'report.pdf', mtime: now },
    { path: 'plans/budget.pdf', mtime: now },
    { path: 'notes.md', mtime: now },
  ]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await page.reload();
  await page.getByTestId('nav-activity').click();
  const card = page.getByRole('region', { name: 'What AI saw' });
  await expect(card.getByTestId('seen-empty')).toHaveText(/No AI app has been shown a file today/);
  await expect(card.getByRole('radio', { name: 'Today' })).toBeChecked();

  const agent = await startAgent(host.home);
  try {
    const found = await agent.callTool({
      name: 'fs.search_by_time',
      arguments: { root: 'Documents', timeField: 'modified', glob: '**/*.pdf' },
    });
    expect(found.isError).toBeFalsy();
    // Live: the answer shows without a reload.
    const files = card.getByRole('list', { name: 'Files shown to Test Agent' });
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(card.getByRole('heading', { name: /^Test Agent/ })).toHaveText(
      'Test Agent 2 files · from 1 search',
    );
    await expect(files.getByRole('listitem').filter({ hasText: 'budget.pdf' })).toContainText(
      `In ${path.join(docs, 'plans')}`,
    );
    await expect(files.getByRole('listitem').filter({ hasText: 'report.pdf' })).toContainText(
      `In ${docs}`,
    );
    await agent.callTool({
      name: 'fs.search_by_time',
      arguments: { root: 'Documents', timeField: 'modified', glob: 'report.pdf' },
    });
    await expect(card.getByRole('heading', { name: /^Test Agent/ })).toHaveText(
      'Test Agent 2 files · from 2 searches',
    );
    await expect(files.getByRole('listitem').filter({ hasText: 'report.pdf' })).toContainText(
      'Shown 2 times, last at',
    );
    // By keyboard: the period is a radio group.
    await card.getByRole('radio', { name: 'Today' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await page.keyboard.press('ArrowLeft');
    await expect(card.getByRole('radio', { name: 'Today' })).toBeChecked();
    await scanPage(page, testInfo, 'activity: what AI saw');
    await savePartScreenshot(card, 'activity-what-ai-saw', testInfo);

    await invoke(host, 'settings:update', { language: 'ko' });
    const ko = page.getByRole('region', { name: 'AI가 본 파일' });
    await expect(ko.getByRole('heading', { name: /^Test Agent/ })).toHaveText(
      'Test Agent 파일 2개 · 검색 2번',
    );
    await expect(
      ko.getByRole('list', { name: 'Test Agent에 보여 준 파일' }).getByRole('listitem').first(),
    ).toContainText('위치:');
    await ko.getByText('최근 7일', { exact: true }).click();
    await expect(ko.getByRole('radio', { name: '최근 7일' })).toBeChecked();
    await scanPage(page, testInfo, 'activity: what AI saw (ko)');
    await savePartScreenshot(ko, 'ko-activity-what-ai-saw', testInfo);
  } finally {
    await agent.close();
  }
});

for (const language of ['en', 'ko'] as const) {
  const words =
    language === 'en'
      ? {
          title: 'Ask me first',
          send: 'Send a test request',
          note: /no AI app is asking/,
          deny: 'Deny',
          denied: 'You denied the test request. Activity lists it, marked as a test.',
          row: "FolderGate's test request",
        }
      : {
          title: '먼저 묻기',
          send: '테스트 요청 보내기',
          note: /FolderGate가 스스로 보낸 테스트 요청입니다/,
          deny: '거부',
          denied: '테스트 요청을 거부했습니다. 활동에 테스트로 표시되어 남습니다.',
          row: 'FolderGate 테스트 요청',
        };
  test(`first run: Ask me first sends a test request to the real banner (${language})`, async ({
    app: page,
    host,
  }, testInfo) => {
    test.setTimeout(scaled(90_000));
    if (language === 'ko') await invoke(host, 'settings:update', { language: 'ko' });
    await page.reload();
    await page.getByTestId('first-run-start').click();
    await page.getByTestId('first-run-continue').click();
    await page.getByTestId('first-run-connect-continue').click();
    const card = page.getByRole('region', { name: words.title });
    await expect(card).toBeVisible();
    await card.getByRole('switch').click();
    await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await card.getByRole('button', { name: words.send }).click();
    const banner = page.getByTestId('approval-banner');
    await expect(banner.getByTestId('approval-test-note')).toHaveText(words.note);
    await expect(banner.getByRole('heading')).toBeFocused();
    await expect(banner.getByTestId('approval-countdown')).toBeVisible();
    await scanPage(page, testInfo, `first run: test request (${language})`);
    if (language === 'en') await savePartScreenshot(banner, 'first-run-test-request', testInfo);
    // By keyboard in English (Escape denies, as for an AI app's request), by pointer in Korean.
    if (language === 'en') await page.keyboard.press('Escape');
    else await banner.getByRole('button', { name: words.deny }).click();
    await expect(banner).toHaveCount(0);
    await expect(card.getByTestId('first-run-test-status')).toHaveText(words.denied);
    if (language === 'en') await savePartScreenshot(card, 'first-run-ask', testInfo);

    await page.getByTestId('first-run-finish').click();
    await page.getByTestId('nav-activity').click();
    const row = page.getByTestId('activity-row').first();
    await expect(row).toContainText(words.row);
    // Not a file an AI app was shown.
    await expect(page.getByTestId('seen-empty')).toBeVisible();
  });
}
