// The Activity screen against the real headless host: a search made in the Search preview and
// calls made by a separate MCP client process (the SDK Client named "Test Agent", running the
// built server with --config-dir <host's FOLDERGATE_HOME>, as an AI app would) appear live;
// filter by app; the details of a search and of a blocked escape; export as CSV (a real download).
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, invoke, openApp, startAgent, test } from './fixtures.js';
import { scaled } from '#testing/time.js';

/** Text holding one of `names` that CSS shows otherwise than written (text-transform). */
function transformedNames(page: Page, names: string[]): Promise<string[]> {
  return page.evaluate((names) => {
    const found: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
      const text = own.map((n) => n.textContent ?? '').join('');
      if (!names.some((name) => text.includes(name))) continue;
      if (getComputedStyle(el).textTransform !== 'none') found.push(text.trim());
    }
    return found;
  }, names);
}

function rows(page: Page) {
  return page.getByTestId('activity-row');
}

test('calls from the preview and from another AI app appear live; filter, details, export', async ({
  app: page,
  host,
  makeFolder,
  shot,
}) => {
  test.setTimeout(scaled(90_000));
  const now = new Date();
  const docs = await makeFolder('Documents', [
    { path: 'report.pdf', mtime: now },
    { path: 'notes.md', mtime: now },
    { path: 'plans/budget.pdf', mtime: now },
  ]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);

  await test.step('before any call: a plain empty state', async () => {
    await page.getByTestId('nav-activity').click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeFocused();
    await expect(page.getByTestId('activity-empty')).toContainText(
      'No AI app has used FolderGate yet',
    );
  });

  await test.step('a search in the preview is recorded as "FolderGate preview"', async () => {
    await page.getByTestId('nav-search').click();
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-answer')).toHaveText('3 files in Documents');
    // The sidebar says so live, wherever the person is.
    await expect(page.getByTestId('live-activity')).toContainText(
      'FolderGate preview searched Documents · just now',
    );
    await page.getByTestId('nav-activity').click();
    // FolderGate's own searches are left out until the person asks for them.
    await expect(page.getByTestId('activity-empty')).toBeVisible();
    await expect(page.getByTestId('activity-show-preview')).not.toBeChecked();
    await page.getByTestId('activity-show-preview').check();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('FolderGate preview looked for files');
    await expect(rows(page).first()).toContainText('Answered');
  });

  const agent = await startAgent(host.home);
  try {
    await test.step('calls of a separate AI app appear live, newest first', async () => {
      const found = await agent.callTool({
        name: 'fs.search_by_time',
        arguments: { root: 'Documents', timeField: 'modified', glob: '**/*.pdf' },
      });
      expect(found.isError).toBeFalsy();
      await expect(rows(page)).toHaveCount(2);
      await expect(rows(page).first()).toContainText(
        'Test Agent looked for PDF files in Documents — 2 files',
      );
      const escape = await agent.callTool({
        name: 'fs.search_by_time',
        arguments: { root: 'Documents', path: '../..', timeField: 'modified' },
      });
      expect(escape.isError).toBe(true);
      await expect(rows(page)).toHaveCount(3);
      const blocked = rows(page).first();
      await expect(blocked).toContainText(
        "Test Agent's search in Documents (../..) was refused: it tried to leave the allowed folder",
      );
      // Marked in words, not by colour alone.
      await expect(blocked).toContainText('Blocked');
      await expect(page.getByTestId('live-activity')).toContainText(
        'Test Agent was stopped from leaving a folder',
      );
      await expect(page.getByTestId('activity-chart')).toContainText('3 calls, 1 error');
      await shot(page, 'activity', 'all');
    });
  } finally {
    await agent.close();
  }

  await test.step('filter by app', async () => {
    await page.getByTestId('activity-filter-app').selectOption('Test Agent');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page)).toContainText(['Test Agent', 'Test Agent']);
    await page.getByTestId('activity-filter-app').selectOption('FolderGate preview');
    await expect(rows(page)).toHaveCount(1);
    await page.getByTestId('activity-filter-outcome').selectOption('security');
    await expect(page.getByTestId('activity-empty')).toContainText('No calls match these filters');
    await page.getByTestId('activity-filter-clear').click();
    await expect(rows(page)).toHaveCount(3);
  });

  await test.step('details by keyboard: the arguments in words, the files shown, the error', async () => {
    const list = page.getByTestId('activity-list');
    await list.focus(); // selects the newest call
    const details = page.getByTestId('activity-details');
    await expect(details).toContainText('was refused: it tried to leave the allowed folder');
    await expect(page.getByTestId('activity-error')).toContainText('PathTraversalDetected');
    await expect(page.getByTestId('activity-error')).toContainText('What to do:');
    await page.keyboard.press('ArrowDown');
    await expect(list).toHaveAttribute('aria-activedescendant', /activity-row-/);
    await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(details).toContainText('Test Agent (version 3.1.0)');
    const args = page.getByTestId('activity-args');
    await expect(args).toContainText('Names like');
    await expect(args).toContainText('**/*.pdf');
    await expect(args).toContainText('when changed');
    await expect(page.getByTestId('activity-paths')).toContainText('report.pdf');
    await expect(page.getByTestId('activity-paths')).toContainText('plans/budget.pdf');
    // A person's names are shown as they wrote them: no heading uppercases "Documents".
    const shownHeading = details.getByRole('heading', { name: /What the AI app was shown/ });
    expect(await shownHeading.evaluate((el) => (el as HTMLElement).innerText)).toContain(
      'Documents',
    );
    expect(await transformedNames(page, ['Documents', 'Test Agent'])).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });
    await shot(page, 'activity-details', 'all');
    await page.setViewportSize({ width: 900, height: 860 });
    await shot(page, 'activity-narrow');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  await test.step('export the filtered calls as CSV', async () => {
    await page.getByTestId('activity-filter-app').selectOption('Test Agent');
    await expect(rows(page)).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('activity-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^foldergate-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await fs.readFile(await download.path(), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^time,app,app version,what happened,tool,outcome,error code,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Test Agent,3.1.0,');
    expect(lines[1]).toContain('PathTraversalDetected');
    expect(lines[2]).toContain('Test Agent looked for PDF files in Documents — 2 files');
    await expect(page.getByText('Exported 2 calls.')).toBeVisible();
  });
});
