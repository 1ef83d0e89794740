// The person's controls in the real UI (headless host): "Ask me before an AI app uses FolderGate"
// switched on in the Control screen, a separate MCP client process (the SDK Client named
// "Test Agent", running the built server with --config-dir <host's FOLDERGATE_HOME>, as an AI app
// would) asks twice at once, the banner shows "1 of 2" and takes focus; Allow once gives it its
// result and Deny gives it DeniedByUser. Then a tool switched off, and a folder limited to some
// file types (a search for *.exe finds nothing).
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from '@playwright/test';
import { scanPage } from './a11y.js';
import { expect, invoke, makeCatalog, openApp, startAgent, test } from './fixtures.js';
import { scaled } from '#testing/time.js';

function search(agent: Client, args: Record<string, unknown>): Promise<CallToolResult> {
  return agent.callTool({
    name: 'fs.search_by_time',
    arguments: { root: 'Documents', timeField: 'modified', ...args },
  }) as Promise<CallToolResult>;
}

function firstText(result: CallToolResult): string {
  const item = result.content[0];
  return item && item.type === 'text' ? item.text : '';
}

/** Both widths the README's pictures are checked at. */
async function shotBoth(
  page: Page,
  shot: (page: Page, name: string, all?: 'all') => Promise<void>,
  name: string,
) {
  // 1280 px light; when refreshing, also 900 px and the dark theme (-narrow, -dark, -dark-narrow).
  await shot(page, name, 'all');
}

test('ask before a call: the banner, Allow once and Deny; a tool switch; file types', async ({
  app: page,
  host,
  workDir,
  makeFolder,
  shot,
}) => {
  test.setTimeout(scaled(90_000));
  const now = new Date();
  const docs = await makeFolder('Documents', [
    { path: 'report.pdf', mtime: now },
    { path: 'Scan.PDF', mtime: now },
    { path: 'notes.md', mtime: now },
    { path: 'setup.exe', mtime: now },
  ]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);

  await test.step('switch asking on in the Control screen', async () => {
    await page.getByTestId('nav-control').click();
    await expect(page.getByRole('heading', { name: 'Control', level: 1 })).toBeVisible();
    await expect(page.getByTestId('approval-apps-empty')).toBeVisible();
    const ask = page.getByRole('switch', { name: 'Ask me before an AI app uses FolderGate' });
    await expect(ask).toHaveAttribute('aria-checked', 'false');
    await ask.click();
    await expect(ask).toHaveAttribute('aria-checked', 'true');
  });

  const agent = await startAgent(host.home);
  try {
    await test.step('two calls wait; Allow once answers the first, Deny the second', async () => {
      const first = search(agent, { glob: '*.pdf' });
      await expect(page.getByTestId('approval-banner')).toContainText(
        'Test Agent wants to list PDF files in Documents',
      );
      const second = search(agent, {});
      const banner = page.getByTestId('approval-banner');
      await expect(banner).toContainText('1 of 2');
      // How the request came: the name the app gave itself, and (Linux, proven) the process that
      // asked, the program it runs and what started it.
      await expect(page.getByTestId('approval-origin')).toContainText(
        /Sent by an app that calls itself “Test Agent” from process \d+ \([^)]+\), which the program “[^”]+” started\./,
      );
      // Focus moved to the request, so a keyboard user answers it at once.
      await expect(page.locator('#approval-title')).toBeFocused();
      await shotBoth(page, shot, 'approval-banner');
      await banner.getByRole('button', { name: 'Allow once' }).click();
      const allowed = await first;
      expect(allowed.isError).toBe(false);
      expect(firstText(allowed)).toContain("Found 1 file in 'Documents'");
      await expect(banner).toContainText('Test Agent wants to list files in Documents');
      await expect(banner).not.toContainText('of 2');
      await banner.getByRole('button', { name: 'Deny' }).click();
      const denied = await second;
      expect(denied.isError).toBe(true);
      expect(firstText(denied)).toMatch(/^ErrorCode: DeniedByUser\nMessage: /);
      await expect(banner).toBeHidden();
    });

    await test.step('the app is listed per app; a tool is switched off', async () => {
      await expect(page.getByTestId('approval-app')).toContainText('Test Agent');
      // The logic tools are for people with a logic catalog: without one, no switch for them.
      await expect(page.getByRole('switch', { name: 'Read a logic' })).toHaveCount(0);
      await expect(page.getByRole('switch', { name: 'List the logic catalog' })).toHaveCount(0);
      await invoke(host, 'logic:setCatalog', { path: await makeCatalog(workDir) });
      const logicGet = page.getByRole('switch', { name: 'Read a logic' });
      await expect(logicGet).toHaveAttribute('aria-checked', 'true');
      await expect
        .poll(async () => (await agent.listTools()).tools.map((t) => t.name))
        .toContain('logic_get');
      await logicGet.click();
      await expect(logicGet).toHaveAttribute('aria-checked', 'false');
      const tools = await agent.listTools();
      expect(tools.tools.map((t) => t.name)).not.toContain('logic_get');
      await shotBoth(page, shot, 'control');
      const ask = page.getByRole('switch', { name: 'Ask me before an AI app uses FolderGate' });
      await ask.click();
      await expect(ask).toHaveAttribute('aria-checked', 'false');
    });

    await test.step('a folder limited to PDFs and documents shows no .exe', async () => {
      await page.getByTestId('nav-folders').click();
      const row = page.getByTestId('root-row').filter({ hasText: 'Documents' });
      await expect(row.getByTestId('file-types-summary')).toHaveText('All file types');
      await row.getByTestId('file-types-edit').click();
      await row.getByTestId('file-types-only').check();
      await row.getByTestId('file-group-pdfs').click();
      await row.getByTestId('file-group-documents').click();
      await row.getByTestId('file-types-typed').fill('LOG, *.eml');
      await row.getByTestId('file-types-typed').press('Enter');
      await expect(row.getByRole('button', { name: 'Remove .log' })).toBeVisible();
      await shotBoth(page, shot, 'folder-file-types');
      await row.getByTestId('file-types-save').click();
      await expect(row.getByTestId('file-types-summary')).toHaveText(
        'Documents, PDFs and .eml, .log files',
      );
      const exe = await search(agent, { glob: '*.exe' });
      expect(exe.isError).toBe(false);
      expect((exe.structuredContent as { matches: unknown[] }).matches).toEqual([]);
      expect(firstText(exe)).toContain('A file type filter applies');
      const all = await search(agent, {});
      const names = (all.structuredContent as { matches: { path: string }[] }).matches
        .map((m) => path.basename(m.path))
        .sort();
      expect(names).toEqual(['Scan.PDF', 'notes.md', 'report.pdf']);
    });
  } finally {
    await agent.close();
  }
});

test('the approval prompt window (?view=prompt): the request alone, answered by keyboard', async ({
  page,
  host,
  makeFolder,
  shot,
}, testInfo) => {
  const docs = await makeFolder('Documents', [{ path: 'report.pdf', mtime: new Date() }]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await invoke(host, 'approval:setSettings', { mode: 'ask' });
  const url = new URL(host.url);
  url.search = '?view=prompt';
  await openApp(page, url.toString());
  await page.setViewportSize({ width: 520, height: 340 });
  await expect(page.getByTestId('prompt-empty')).toHaveText('No request is waiting now.');
  const agent = await startAgent(host.home, 'cursor-vscode');
  try {
    const first = search(agent, { glob: '*.pdf' });
    const banner = page.getByTestId('approval-banner');
    await expect(banner).toContainText('Cursor wants to list PDF files in Documents');
    await expect(page.getByTestId('approval-folder')).toContainText(docs);
    await expect(banner.locator('.client-icon svg')).toHaveCount(1); // Cursor's own mark
    await expect(page).toHaveTitle('Approval needed — FolderGate');
    await expect(page.locator('#approval-title')).toBeFocused();
    await scanPage(page, testInfo, 'approval prompt window');
    await shot(page, 'approval-prompt');
    await page.keyboard.press('Escape');
    const denied = await first;
    expect(firstText(denied)).toMatch(/^ErrorCode: DeniedByUser/);
    await expect(page.getByTestId('prompt-empty')).toBeVisible();
    // Enter allows once (after a moment on screen: a key already on its way does not count).
    const second = search(agent, {});
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('data-enter-allows', 'true');
    await page.keyboard.press('Enter');
    expect((await second).isError).toBe(false);
  } finally {
    await agent.close();
  }
});
