// The app's structure and plain words in the real UI (headless host, Chromium): the first run's
// secondary "Continue without folders" and the focus after "Open FolderGate"; the sidebar's honest
// status (no folder, a folder, paused, folders gone); a blank folder name refused next to the
// field; "Make default" not offered on a missing folder; and the Advanced area — keyboard tabs,
// the limits checked in the page (never the browser's popup), the Preview engine's wording and
// its Details, a restart that leaves an AI app's own server untouched, a logic's problem in words.
import fs from 'node:fs/promises';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from '@playwright/test';
import { expect, invoke, makeCatalog, startAgent, test } from './fixtures.js';
import { readSettings } from './user-path-steps.js';
import { scaled } from '#testing/time.js';

/**
 * Loads the page again and waits until it is ready: the `app` fixture opened it before the test
 * changed the settings and the disk (going to the same URL would only change the hash).
 */
async function reopen(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeAttached({ timeout: scaled(20_000) });
}

/** The sidebar's status line, its detail and its dot. */
function access(page: Page) {
  const panel = page.getByTestId('access-panel');
  return {
    panel,
    title: page.getByTestId('access-title'),
    detail: page.getByTestId('access-sub'),
    dot: page.getByTestId('access-title').locator('.dot'),
  };
}

test('first run: Continue without folders is secondary, Open FolderGate focuses the title, the sidebar is honest', async ({
  app: page,
  makeFolder,
  home,
}) => {
  await page.getByTestId('first-run-start').click();
  const addButton = page.getByTestId('add-folder');
  const skip = page.getByTestId('first-run-continue');
  await expect(addButton).toHaveText('Add folder');
  await expect(addButton).toHaveClass(/btn-primary/);
  await expect(skip).toHaveText('Continue without folders');
  // A link-style button, after Add folder in reading order — not a second primary button.
  await expect(skip).toHaveClass(/link-button/);
  await expect(skip).not.toHaveClass(/btn-primary/);
  const skipAfterAdd = await addButton.evaluate(
    (add, other) => (add.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    await skip.elementHandle(),
  );
  expect(skipAfterAdd).toBe(true);

  await skip.click();
  await page.getByTestId('first-run-connect-continue').click();
  await page.getByTestId('first-run-finish').focus();
  await page.keyboard.press('Enter');
  const title = page.getByRole('heading', { name: 'Folders', level: 1 });
  await expect(title).toBeFocused();

  // No folder allowed: never the green "AI access on".
  const status = access(page);
  await expect(status.panel).toHaveAttribute('data-access', 'no-folders');
  await expect(status.title).toHaveText('No folders yet');
  await expect(status.detail).toHaveText('AI can’t see any folders.');
  await expect(status.dot).not.toHaveClass(/dot-success/);
  await expect(status.dot).toHaveClass(/dot-warning/);
  await expect(page.getByTestId('brand-version')).toHaveText('Version 0.1.0');

  // One folder added through the page: now it is on.
  const docs = await makeFolder('Documents', [{ path: 'a.txt', mtime: new Date() }]);
  await page.getByTestId('folder-path-input').fill(docs);
  await expect(page.getByTestId('folder-check')).toContainText(`Ready to add ${docs}`);
  await page.getByTestId('add-folder').click();
  await expect(status.panel).toHaveAttribute('data-access', 'on');
  await expect(status.title).toHaveText('AI access on');
  await expect(status.detail).toHaveText('AI apps may search 1 folder.');
  await expect(status.dot).toHaveClass(/dot-success/);

  // Paused reads paused, whatever the folders — paused here from the Control screen's switch.
  await page.getByTestId('nav-control').click();
  await page.getByTestId('pause-switch-control').click();
  await expect(status.panel).toHaveAttribute('data-access', 'paused');
  await expect(status.title).toHaveText('AI access paused');
  await expect(status.dot).not.toHaveClass(/dot-success/);
  await expect(page.getByTestId('pause-switch')).toHaveAttribute('aria-checked', 'true');
  expect(await readSettings(home)).toMatchObject({ paused: true });
  await page.getByTestId('pause-switch').click();
  await expect(page.getByTestId('pause-switch-control')).toHaveAttribute('aria-checked', 'false');
  await expect(status.title).toHaveText('AI access on');

  // The only folder gone from disk: AI apps cannot reach anything, and the sidebar says so.
  await fs.rm(docs, { recursive: true });
  await page.reload();
  await expect(status.panel).toHaveAttribute('data-access', 'unreachable');
  await expect(status.title).toHaveText('AI can’t reach your folders');
  await expect(status.dot).not.toHaveClass(/dot-success/);
});

test('folders: a blank name is refused next to the field; Default explained; no Make default on a missing folder', async ({
  app: page,
  host,
  home,
  makeFolder,
}) => {
  const docs = await makeFolder('Documents', [{ path: 'a.txt', mtime: new Date() }]);
  const gone = await makeFolder('A rather long folder name for old projects', [
    { path: 'b.txt', mtime: new Date() },
  ]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'roots:add', { path: gone });
  await invoke(host, 'settings:completeFirstRun', {});
  await fs.rm(gone, { recursive: true });
  await reopen(page);

  const rows = page.getByTestId('root-row');
  const documents = rows.filter({ hasText: 'Documents' });
  const missing = rows.filter({ hasText: 'old projects' });
  await expect(documents.getByTestId('default-note')).toHaveText(
    'The default folder: AI apps search here when they don’t name a folder.',
  );
  await expect(missing).toContainText('Missing');
  await expect(missing.getByRole('button', { name: /^Make default/ })).toHaveCount(0);
  await expect(missing.getByRole('button', { name: /^Rename/ })).toBeVisible();

  // At 900 px the name and its badges stay on one line.
  await page.setViewportSize({ width: 900, height: 860 });
  const nameBox = await missing.locator('.root-name').boundingBox();
  const badgeBox = await missing.locator('.root-title .badge').boundingBox();
  expect(nameBox && badgeBox).toBeTruthy();
  expect(
    Math.abs(nameBox!.y + nameBox!.height / 2 - (badgeBox!.y + badgeBox!.height / 2)),
  ).toBeLessThan(8);
  await page.setViewportSize({ width: 1280, height: 860 });

  await documents.getByRole('button', { name: 'Rename Documents' }).click();
  const input = page.getByTestId('rename-input');
  await input.fill('   ');
  await input.press('Enter');
  const problem = page.getByTestId('rename-problem');
  await expect(problem).toHaveText(
    'Type a name for this folder, or press Cancel to keep “Documents”.',
  );
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAttribute('aria-describedby', (await problem.getAttribute('id'))!);
  await expect(input).toBeFocused();
  const saved = (await readSettings(home)) as { roots: { name: string }[] };
  expect(saved.roots.map((r) => r.name)).toContain('Documents');

  await input.fill('Work papers');
  await expect(problem).toHaveCount(0);
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  await input.press('Enter');
  await expect(rows.filter({ hasText: 'Work papers' })).toHaveCount(1);
  const renamed = (await readSettings(home)) as { roots: { name: string }[] };
  expect(renamed.roots.map((r) => r.name)).toContain('Work papers');

  // Gone from disk while the app is open: coming back to Folders shows it, without a reload.
  await expect(page.getByTestId('access-panel')).toHaveAttribute('data-access', 'on');
  await fs.rm(docs, { recursive: true });
  await page.getByTestId('nav-control').click();
  await page.getByTestId('nav-folders').click();
  await expect(rows.filter({ hasText: 'Work papers' })).toContainText('Missing');
  await expect(page.getByTestId('access-panel')).toHaveAttribute('data-access', 'unreachable');
});

test('Advanced: keyboard tabs, limits checked in the page, the Preview engine in plain words', async ({
  app: page,
  host,
  home,
  makeFolder,
  workDir,
}) => {
  test.setTimeout(scaled(90_000));
  const docs = await makeFolder('Documents', [{ path: 'a.txt', mtime: new Date() }]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await reopen(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await test.step('one Advanced item; Server and Logic catalog are no main places', async () => {
    await expect(page.getByTestId('nav-server')).toHaveCount(0);
    await expect(page.getByTestId('nav-logic')).toHaveCount(0);
    await page.getByTestId('nav-advanced').click();
    await expect(page.getByRole('heading', { name: 'Advanced', level: 1 })).toBeFocused();
  });

  await test.step('a switch that is on shows the accent; only the pause switch warns, everywhere', async () => {
    /** A token's colour as the page computes colours (rgb(…)). */
    const token = (name: string) =>
      page.evaluate((variable) => {
        const probe = document.createElement('span');
        probe.style.color = `var(${variable})`;
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      }, name);
    // The track's colour once its 150 ms transition has run.
    const track = (testId: string) =>
      page
        .getByTestId(testId)
        .locator('.switch-track')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(page.getByTestId('instant-search')).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => track('instant-search')).toBe(await token('--accent'));
    await invoke(host, 'settings:setPaused', { paused: true });
    await expect(page.getByTestId('pause-switch')).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => track('pause-switch')).toBe(await token('--warning'));
    await page.getByTestId('nav-control').click();
    await expect(page.getByTestId('pause-switch-control')).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => track('pause-switch-control')).toBe(await token('--warning'));
    await invoke(host, 'settings:setPaused', { paused: false });
    await expect(page.getByTestId('pause-switch')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('nav-advanced').click();
  });

  await test.step('the tabs work with the arrow keys, Home and End', async () => {
    const tabs = page.getByRole('tablist', { name: 'Advanced settings' }).getByRole('tab');
    await expect(tabs).toHaveText(['Search limits', 'Preview engine', 'Logic catalog', 'About']);
    const limits = page.getByTestId('tab-limits');
    await expect(limits).toHaveAttribute('aria-selected', 'true');
    // One tab stop: only the selected tab is in the Tab order.
    await expect(page.getByTestId('tab-engine')).toHaveAttribute('tabindex', '-1');
    await limits.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('tab-engine')).toBeFocused();
    await expect(page.getByTestId('tab-engine')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Preview engine' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByTestId('tab-about')).toBeFocused();
    await expect(page.getByTestId('about-version')).toHaveText('0.1.0');
    // The language comes first, above the licences, and shows its whole choice.
    const language = page.getByTestId('language-choice');
    await expect(language).toBeInViewport();
    const fits = await language.evaluate((select) => {
      const el = select as HTMLSelectElement;
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(el.selectedOptions[0]!.text).width;
      const room =
        el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      return { text: Math.ceil(text), room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('tab-limits')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('tab-about')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(limits).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Search limits' })).toBeVisible();
  });

  await test.step('a bad limit is shown next to its field; Save is off until it is fixed, no popup', async () => {
    const form = page.getByTestId('advanced-settings');
    expect(await form.evaluate((el) => (el as HTMLFormElement).noValidate)).toBe(true);
    await expect(page.getByText('Files scanned per page')).toHaveCount(0);
    const files = page.getByLabel('Stop a search after this many files');
    await files.fill('0');
    const problem = page.getByTestId('limit-files-problem');
    await expect(problem).toHaveText('Type a number from 1 to 100,000,000.');
    await expect(files).toHaveAttribute('aria-invalid', 'true');
    await expect(files).toHaveAttribute('aria-describedby', (await problem.getAttribute('id'))!);
    // Nothing to save while a field is wrong: Save is off, and says why next to it.
    await expect(page.getByTestId('settings-save')).toBeDisabled();
    await expect(page.getByTestId('settings-blocked')).toHaveText('Fix the marked field to save.');
    await expect(page.getByTestId('settings-saved')).toBeEmpty();
    expect(await readSettings(home)).toMatchObject({ limits: { maxFilesScanned: 200_000 } });

    await files.fill('5000');
    await expect(problem).toHaveCount(0);
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-saved')).toHaveText(
      'Saved. Every AI app uses the new settings from its next search.',
    );
    await expect
      .poll(async () => readSettings(home))
      .toMatchObject({
        limits: { maxFilesScanned: 5000 },
      });
    expect(dialogs).toEqual([]);
  });

  await test.step('Preview engine: what it is, and the technical part under Details', async () => {
    const agent = await startAgent(home);
    try {
      const search = async (): Promise<CallToolResult> =>
        (await agent.callTool({
          name: 'fs.search_by_time',
          arguments: {
            root: 'Documents',
            timeField: 'modified',
            from: '2000-01-01T00:00:00Z',
            to: '2100-01-01T00:00:00Z',
          },
        })) as CallToolResult;
      expect((await search()).isError).toBeFalsy();

      await page.getByTestId('tab-engine').click();
      const panel = page.getByRole('tabpanel', { name: 'Preview engine' });
      await expect(panel.getByRole('heading', { name: 'Preview engine' })).toBeVisible();
      await expect(page.getByTestId('engine-explainer')).toHaveText(
        'The preview engine runs only the searches you make in Search preview, in this window.' +
          'Your AI apps (Claude, Cursor and the others) each start their own copy of FolderGate when they need it. Restarting the preview engine does not affect them.',
      );
      await expect(page.getByTestId('server-state')).toHaveText('Running');
      const before = (await invoke(host, 'server:status', {})) as { pid: number };
      const details = page.getByTestId('engine-details');
      // The process id, the host kind and the raw log lines are not shown until asked for.
      await expect(page.getByTestId('engine-pid')).toBeHidden();
      await expect(page.getByTestId('server-stderr')).toBeHidden();
      expect(await panel.innerText()).not.toContain(String(before.pid));
      await details.locator('summary').click();
      await expect(page.getByTestId('engine-pid')).toHaveText(String(before.pid));
      await expect(page.getByTestId('engine-host')).toHaveText('Web page in your browser');
      await expect(page.getByTestId('server-stderr')).toContainText('[foldergate-mcp] ready');

      await page.getByRole('button', { name: 'Restart preview engine' }).click();
      await expect
        .poll(async () => ((await invoke(host, 'server:status', {})) as { pid: number }).pid)
        .not.toBe(before.pid);
      await expect(page.getByTestId('server-state')).toHaveText('Running');
      // What the screen promises: the AI app's own server went on answering.
      expect((await search()).isError).toBeFalsy();
    } finally {
      await agent.close();
    }
  });

  await test.step('Logic catalog: plain intro, and a broken logic explained in words', async () => {
    const catalog = await makeCatalog(workDir);
    await page.getByTestId('tab-logic').click();
    await expect(page.getByTestId('logic-intro')).not.toContainText('logic_list');
    await page.getByTestId('logic-catalog-input').fill(catalog);
    await page.getByTestId('logic-catalog-save').click();
    const reason = page.getByTestId('logic-invalid').locator('.invalid-reason');
    await expect(reason).toHaveText(
      /^Its settings file broken_report\.json has a typing mistake( at line 1, column \d+)?, so it cannot be read\.$/,
    );
  });
});
