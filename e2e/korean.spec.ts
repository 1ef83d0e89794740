// FolderGate for a person whose computer speaks Korean: the browser says ko-KR and the host runs
// with LANG=ko_KR.UTF-8, nothing is chosen in the app. The main path (first run → Folders →
// Search preview → AI apps → Activity → Control with an approval request → Advanced) shows no
// English word outside names, passes the axe scan at 1280, 900 and 760 px, cuts no text and
// breaks no word across two lines.
// The screenshots are the README's Korean pictures.
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { scanAtWidths } from './a11y.js';
import {
  expect,
  openApp,
  saveScreenshot,
  startAgent,
  startHeadlessHost,
  test,
} from './fixtures.js';
import { ALL_FILES } from './user-path-steps.js';
import { scaled } from '#testing/time.js';

const WIDTHS = [1280, 900, 760];
const FOLDER = '내 파일';

// Words that stay as they are in Korean: names (of FolderGate, AI apps, systems, formats, keys,
// licences) and the units and marks of numbers and dates.
const NAMES = new Set(
  (
    'FolderGate AI MCP SQL JSON JSONL CSV PDF UTF ID URL YYYY MM DD HH Enter Esc Ctrl ' +
    'Claude Desktop Code Copilot Cursor VS Windsurf Cline Zed Gemini Antigravity CLI Codex LM Studio Continue Goose ' +
    'Settings Agent Windows Mac Linux Node Electron MIT ISC CC B KB MB GB TB ms AM PM GMT UTC YYYY-MM-DD'
  ).split(' '),
);

/** English words a person can read or hear on the page now (names and technical text aside). */
function englishWords(page: Page): Promise<string[]> {
  return page.evaluate(
    (names) => {
      const found = new Set<string>();
      // Text that is a name or what an AI app reads: paths, code, the raw JSON, the logic's SQL,
      // an AI app's mark, a language's own name ("English", marked lang=en).
      const skip =
        'code, pre, kbd, .path, .path-name, .path-folder, .mono-text, .input-mono, .cell-path-inner, .client-icon, [lang=en]';
      // A label that names one of them ("Copy the path of report.pdf") is read without the name.
      const shown = [...document.querySelectorAll(skip)]
        .map((el) => (el.textContent ?? '').trim())
        .filter((text) => text.length > 3)
        .sort((a, b) => b.length - a.length);
      const add = (raw: string | null, label = false): void => {
        let text = raw ?? '';
        if (label) for (const name of shown) text = text.split(name).join(' ');
        // A name an app gave itself, or the program that started it, is quoted: “node”.
        text = text.replace(/“[^”]*”/g, ' ');
        for (const word of text.match(/[A-Za-z][A-Za-z’'-]*/g) ?? []) {
          // File types and formats in capitals (TXT, PDF) are names too.
          if (!names.includes(word) && !/^[A-Z0-9]{2,6}$/.test(word)) found.add(word);
        }
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest(skip) || parent.closest('option, script, style')) continue;
        if (
          !parent.checkVisibility({ visibilityProperty: true }) &&
          !parent.closest('.visually-hidden')
        )
          continue;
        add(node.textContent);
      }
      for (const el of document.body.querySelectorAll('*')) {
        if (el.closest(skip)) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'])
          add(el.getAttribute(name), true);
      }
      for (const option of document.querySelectorAll('select option'))
        if (!option.closest(skip)) add(option.textContent);
      add(document.title);
      return [...found].sort();
    },
    [...NAMES],
  );
}

/** Text cut off in its box (a label, a button, a tab, a badge) at the page's width. */
function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    const boxes = document.querySelectorAll(
      'button, .nav-item, .badge, .tab, h1, h2, h3, label, .chip, .field-label, .setting-title',
    );
    for (const el of boxes) {
      const style = getComputedStyle(el);
      if (!(el as HTMLElement).checkVisibility() || el.closest('.visually-hidden')) continue;
      const hides = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1)
        clipped.push((el.textContent ?? '').trim().slice(0, 40));
    }
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) clipped.push('(the page scrolls sideways)');
    return clipped;
  });
}

/**
 * Korean words broken across two lines ("있습니|다", "크|기"): two Hangul syllables side by side in
 * one text node whose second begins a new line. Korean breaks between words, at spaces.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const hangul = /[\uac00-\ud7a3]/;
    const range = document.createRange();
    const top = (node: Text, at: number): number | null => {
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const rect = range.getClientRects()[0];
      return rect && rect.width > 0 ? rect.top + rect.height / 2 : null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (
      let node = walker.nextNode() as Text | null;
      node;
      node = walker.nextNode() as Text | null
    ) {
      const parent = node.parentElement;
      const text = node.data;
      if (!parent || !hangul.test(text) || !parent.checkVisibility()) continue;
      // Text only a screen reader reads (a visually hidden table header, clipped to 1 px).
      let hidden = false;
      for (let el: Element | null = parent; el && !hidden; el = el.parentElement) {
        const style = getComputedStyle(el);
        hidden = style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '');
      }
      if (hidden) continue;
      const lineHeight = parseFloat(getComputedStyle(parent).fontSize) * 0.5;
      for (let i = 0; i + 1 < text.length; i++) {
        if (!hangul.test(text[i]!) || !hangul.test(text[i + 1]!)) continue;
        const a = top(node, i);
        const b = top(node, i + 1);
        if (a !== null && b !== null && b - a > lineHeight) {
          const start = text.lastIndexOf(' ', i) + 1;
          const end = text.indexOf(' ', i + 1);
          broken.push(
            `${text.slice(start, i + 1)}|${text.slice(i + 1, end < 0 ? undefined : end)}`,
          );
        }
      }
    }
    return broken;
  });
}

/** The checks of one screen: Korean only, axe at every width, nothing cut; its picture. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  expect(await englishWords(page), `English on ${name}`).toEqual([]);
  await scanAtWidths(page, testInfo, `${name} (ko)`, WIDTHS);
  for (const width of [900, 760]) {
    await page.setViewportSize({ width, height: 600 });
    expect(await clippedText(page), `${name} at ${width}px`).toEqual([]);
    expect(await brokenWords(page), `words broken on ${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  expect(await brokenWords(page), `words broken on ${name} at 1280px`).toEqual([]);
  await saveScreenshot(page, `ko-${name}`, testInfo);
}

test('a person whose system is Korean meets FolderGate in Korean, at WCAG AA, at every width', async ({
  browser,
  workDir,
  makeFolder,
}, testInfo) => {
  test.setTimeout(scaled(240_000));
  const dir = await makeFolder('my-files', ALL_FILES);
  const home = path.join(workDir, 'home-ko');
  const running = await startHeadlessHost(home, {
    env: { LANG: 'ko_KR.UTF-8', LANGUAGE: 'ko', LC_ALL: '' },
  });
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  try {
    await openApp(page, running.host.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

    await test.step('first run', async () => {
      await expect(
        page.getByRole('heading', { name: 'FolderGate에 오신 것을 환영합니다' }),
      ).toBeVisible();
      await checkScreen(page, testInfo, 'first-run');
      await page.getByTestId('first-run-start').click();
      await page.getByTestId('folder-path-input').fill(path.join(dir, 'no-such-folder'));
      await expect(page.getByTestId('folder-check-error')).toHaveText(
        '이 폴더를 찾을 수 없습니다.',
      );
      await page.getByTestId('folder-path-input').fill(dir);
      await expect(page.getByTestId('folder-check')).toContainText('폴더를 추가할 수 있습니다');
      await page.getByTestId('folder-name-input').fill(FOLDER);
      await page.getByTestId('add-folder').click();
      await expect(page.getByTestId('first-run-roots')).toContainText(FOLDER);
      await checkScreen(page, testInfo, 'first-run-folders');
      await page.getByTestId('first-run-continue').click();
      await expect(page.getByRole('heading', { name: 'AI 앱 연결' })).toBeVisible();
      await page.getByTestId('first-run-connect-continue').click();
      await expect(page.getByText('이제 AI 앱이 폴더 1개를 검색할 수 있습니다.')).toBeVisible();
      await page.getByTestId('first-run-finish').click();
    });

    await test.step('folders', async () => {
      await expect(page.getByRole('heading', { level: 1, name: '폴더' })).toBeVisible();
      await expect(page.getByTestId('default-note')).toHaveText(/^기본 폴더/);
      await expect(page.getByTestId('search-readiness')).toHaveText('바로 검색 준비됨', {
        timeout: scaled(20_000),
      });
      await checkScreen(page, testInfo, 'folders');
    });

    await test.step('search preview', async () => {
      await page.getByTestId('nav-search').click();
      await page.getByTestId('search-submit').click();
      await expect(page.getByTestId('search-row').first()).toBeVisible();
      await expect(page.getByTestId('search-answer')).toContainText(`${FOLDER}에서`);
      await checkScreen(page, testInfo, 'search-results');
    });

    await test.step('an AI app asks first, then its calls show in Activity', async () => {
      await page.getByTestId('nav-control').click();
      await page.getByRole('switch', { name: 'AI 앱이 FolderGate를 쓰기 전에 묻기' }).click();
      await expect(page.getByTestId('approval-mode-state')).toHaveText(/^켜짐/);
      await checkScreen(page, testInfo, 'control');
      const agent = await startAgent(home, 'Claude Code');
      try {
        const call = agent.callTool({
          name: 'fs.search_by_time',
          arguments: { root: FOLDER, timeField: 'modified', glob: '**/*.txt' },
        });
        // Closing the agent after a failed check rejects the call: that is not the failure.
        call.catch(() => undefined);
        const banner = page.getByTestId('approval-banner');
        await expect(banner).toBeVisible();
        await expect(banner).toContainText('승인 필요');
        await checkScreen(page, testInfo, 'approval');
        await banner.getByRole('button', { name: '한 번 허용' }).click();
        await call;
        const escape = agent.callTool({
          name: 'fs.search_by_time',
          arguments: { root: FOLDER, path: '../..', timeField: 'modified' },
        });
        await page.getByTestId('approval-allow-once').click();
        await escape;
      } finally {
        await agent.close();
      }
      await page.getByTestId('nav-activity').click();
      await expect(page.getByTestId('activity-row')).toHaveCount(2);
      await page.getByTestId('activity-row').first().click();
      await expect(page.getByTestId('activity-details')).toBeVisible();
      await checkScreen(page, testInfo, 'activity');
    });

    await test.step('AI apps', async () => {
      await page.getByTestId('nav-apps').click();
      await expect(page.getByRole('heading', { level: 1, name: 'AI 앱' })).toBeVisible();
      await expect(page.getByTestId('client-row').first()).toBeVisible();
      await checkScreen(page, testInfo, 'ai-apps');
    });

    await test.step('Advanced, and English chosen there applies at once', async () => {
      await page.getByTestId('nav-advanced').click();
      for (const tab of ['limits', 'engine', 'logic', 'about']) {
        await page.getByTestId(`tab-${tab}`).click();
        await expect(page.getByTestId(`panel-${tab}`)).toBeVisible();
        await checkScreen(page, testInfo, `advanced-${tab}`);
      }
      const choice = page.getByTestId('language-choice');
      await expect(choice.locator('option:checked')).toHaveText('이 컴퓨터와 같게(한국어)');
      await choice.selectOption('en');
      await expect(page.getByRole('heading', { level: 1, name: 'Advanced' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByTestId('nav-folders')).toHaveText('Folders');
      await choice.selectOption('system');
      await expect(page.getByRole('heading', { level: 1, name: '고급' })).toBeVisible();
    });
  } finally {
    await context.close();
    await running.stop();
  }
});
