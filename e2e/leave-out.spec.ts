// Folders › Leave out in the real UI (headless host, so a subfolder is typed as a full path): a
// subfolder and a suggested name are left out, the panel passes axe, an AI app's server (the SDK
// client over stdio, as an AI app starts it) finds nothing inside and is refused a start inside
// with PathExcluded, and the Search preview says how much the folder leaves out.
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { scanPage } from './a11y.js';
import { expect, invoke, savePartScreenshot, startAgent, test } from './fixtures.js';
import { scaled } from '#testing/time.js';

test('leave out a subfolder and a name: the panel, an AI app, the Search preview', async ({
  app: page,
  host,
  makeFolder,
  shot,
}, testInfo) => {
  test.setTimeout(scaled(60_000));
  const now = new Date();
  const docs = await makeFolder('Documents', [
    { path: 'Taxes/2024/return.pdf', mtime: now },
    { path: 'Work/Taxes/memo.pdf', mtime: now },
    { path: 'Work/plan.pdf', mtime: now },
    { path: 'code/node_modules/pkg/index.js', mtime: now },
    { path: 'code/app.js', mtime: now },
  ]);
  await invoke(host, 'roots:add', { path: docs, name: 'Documents' });
  await invoke(host, 'settings:completeFirstRun', {});
  await page.reload();

  await test.step('the Leave out panel: a typed subfolder and a suggested name', async () => {
    await page.getByTestId('nav-folders').click();
    const row = page.getByTestId('root-row').filter({ hasText: 'Documents' });
    await expect(row.getByTestId('leave-out-summary')).toHaveText('nothing');
    await row.getByRole('button', { name: 'Change what AI apps never see in Documents' }).click();
    const panel = row.getByTestId('leave-out-panel');
    await expect(panel.getByRole('heading', { name: 'Leave out of Documents' })).toBeFocused();
    await panel.getByTestId('leave-out-add-folder').click();
    await panel.getByTestId('leave-out-folder-input').fill(path.join(docs, 'Taxes'));
    await panel.getByTestId('leave-out-folder-submit').click();
    await expect(panel.getByTestId('leave-out-folders')).toContainText('Taxes');
    const chips = panel.getByTestId('leave-out-suggestions');
    await chips.getByRole('button', { name: /Leave out every “node_modules”/ }).click();
    await expect(panel.getByTestId('leave-out-names')).toContainText('node_modules');
    await scanPage(page, testInfo, 'folders: leave out');
    await savePartScreenshot(row, 'folder-leave-out', testInfo);
    await panel.getByTestId('leave-out-done').click();
    await expect(row.getByTestId('leave-out-summary')).toHaveText('2 items');
    await expect(row.getByTestId('leave-out-edit')).toBeFocused();
  });

  await test.step('an AI app sees nothing inside and is refused a start inside', async () => {
    const agent = await startAgent(host.home);
    try {
      const all = (await agent.callTool({
        name: 'fs.search_by_time',
        arguments: { timeField: 'modified', includeDirectories: true },
      })) as CallToolResult;
      const paths = (all.structuredContent as { matches: { path: string }[] }).matches
        .map((m) => path.relative(docs, m.path))
        .sort();
      expect(paths).toEqual(
        [
          'Work',
          'Work/Taxes',
          'Work/Taxes/memo.pdf',
          'Work/plan.pdf',
          'code',
          'code/app.js',
        ].sort(),
      );
      const inside = (await agent.callTool({
        name: 'fs.search_by_time',
        arguments: { timeField: 'modified', path: 'Taxes/2024' },
      })) as CallToolResult;
      expect(inside.isError).toBe(true);
      const text = inside.content[0]?.type === 'text' ? inside.content[0].text : '';
      expect(text).toContain('ErrorCode: PathExcluded');
      expect(text).toContain(
        "'Taxes/2024' is inside a subfolder the user keeps private from AI apps.",
      );
    } finally {
      await agent.close();
    }
  });

  await test.step('the Search preview says what the folder leaves out', async () => {
    await page.getByTestId('nav-search').click();
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-answer')).toHaveText(/files? in Documents/);
    await expect(page.getByTestId('search-left-out')).toHaveText(
      '2 subfolders and names left out of Documents',
    );
    await expect(page.getByTestId('search-row').locator('.path-name')).not.toContainText([
      'return.pdf',
    ]);
    await scanPage(page, testInfo, 'search preview: a folder that leaves things out');
    await shot(page, 'search-left-out');
  });
});
