// "How this screen works" on each main screen (issue 38 item 6): Folders, AI apps, Control,
// Activity and Search preview each have it under their title, it opens and closes by keyboard
// alone (Enter on its summary), and it speaks the window's language — English, then Korean.
import type { Page } from '@playwright/test';
import { expect, invoke, openApp, test } from './fixtures.js';
import { scaled } from '#testing/time.js';

const SCREENS = [
  {
    nav: 'nav-folders',
    help: 'folders',
    en: /only the folders listed here/,
    ko: /여기 있는 폴더만/,
  },
  { nav: 'nav-apps', help: 'aiApps', en: /one FolderGate entry/, ko: /항목 하나만 추가/ },
  { nav: 'nav-control', help: 'control', en: /Pause stops every AI app/, ko: /한꺼번에 멈춥니다/ },
  { nav: 'nav-activity', help: 'activity', en: /as it happens/, ko: /오는 대로 여기에/ },
  { nav: 'nav-search', help: 'search', en: /Nothing is sent to any AI app/, ko: /아무것도 보내지/ },
] as const;

async function openByKeyboard(page: Page, help: string, summary: string, words: RegExp) {
  const details = page.getByTestId(`screen-help-${help}`);
  const toggle = details.locator('summary');
  await expect(toggle).toHaveText(new RegExp(`^\\?${summary}$`)); // the "?" mark is hidden from readers
  await expect(details).not.toHaveAttribute('open');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('open', '');
  await expect(details).toContainText(words);
  // Closed again the same way; the keyboard stays on the summary.
  await page.keyboard.press('Enter');
  await expect(details).not.toHaveAttribute('open');
  await expect(toggle).toBeFocused();
}

test('each main screen explains itself in place, opened by keyboard, in English and Korean', async ({
  app: page,
  host,
  makeFolder,
  shot,
}) => {
  test.setTimeout(scaled(90_000));
  const docs = await makeFolder('Documents', [{ path: 'report.pdf', mtime: new Date() }]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  for (const screen of SCREENS) {
    await page.getByTestId(screen.nav).click();
    await openByKeyboard(page, screen.help, 'How this screen works', screen.en);
  }
  // Open, as the README shows it.
  await page.getByTestId('nav-folders').click();
  await page.getByTestId('screen-help-folders').locator('summary').click();
  await expect(page.getByTestId('screen-help-folders')).toContainText(SCREENS[0].en);
  await shot(page, 'screen-help');
  await invoke(host, 'settings:update', { language: 'ko' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  for (const screen of SCREENS) {
    await page.getByTestId(screen.nav).click();
    await openByKeyboard(page, screen.help, '이 화면 도움말', screen.ko);
  }
});
