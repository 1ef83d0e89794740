// Issue 18 in the real UI (headless host): a folder replaced on disk since it was chosen is shown
// as "Moved or replaced", AI apps are refused, and "Use this folder" (confirmed) allows the one now
// there; a settings file that cannot be used refuses changes and offers "Start over", which keeps
// it aside.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, invoke, openApp, startAgent, test } from './fixtures.js';

test('a folder replaced since it was chosen: refused until the person uses the new one', async ({
  app: page,
  host,
  makeFolder,
}) => {
  const now = new Date();
  const projects = await makeFolder('Projects', [{ path: 'first.txt', mtime: now }]);
  await invoke(host, 'roots:add', { path: projects, name: 'Projects' });
  await invoke(host, 'settings:completeFirstRun', {});
  // Cloned again: a new folder at the same place.
  await fs.mkdir(`${projects}.new`);
  await fs.writeFile(path.join(`${projects}.new`, 'second.txt'), 'x');
  await fs.rm(projects, { recursive: true });
  await fs.rename(`${projects}.new`, projects);

  const agent = await startAgent(host.home);
  const search = () =>
    agent.callTool({
      name: 'fs.search_by_time',
      arguments: { timeField: 'modified' },
    }) as Promise<CallToolResult>;
  try {
    const refused = await search();
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('ErrorCode: RootReplaced');

    await openApp(page, host.url);
    const row = page.getByTestId('root-row');
    await expect(row.getByText('Moved or replaced', { exact: true })).toBeVisible();
    await expect(row.getByText(/This folder was moved or replaced/)).toBeVisible();
    await expect(row.getByTestId('root-now-at')).toContainText(projects);
    await row.getByRole('button', { name: 'Use this folder for Projects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use the folder now at “Projects”?' });
    await expect(dialog).toContainText(projects);
    await dialog.getByRole('button', { name: 'Use this folder' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Moved or replaced', { exact: true })).toHaveCount(0);
    await expect(row.locator('.badge')).toHaveCount(0);
    await expect(row.getByTestId('use-folder')).toHaveCount(0);

    const allowed = await search();
    expect(allowed.isError).toBeFalsy();
    expect(JSON.stringify(allowed.structuredContent)).toContain('second.txt');
  } finally {
    await agent.close();
  }
});

test('a settings file that cannot be used: changes refused, Start over keeps it aside', async ({
  app: page,
  host,
  makeFolder,
}) => {
  const docs = await makeFolder('Docs', [{ path: 'a.txt', mtime: new Date() }]);
  const file = path.join(host.home, 'settings.json');
  const bad = '{ "version": 2, "roots": [';
  await fs.writeFile(file, bad);
  await expect(invoke(host, 'roots:add', { path: docs })).rejects.toThrow(/SettingsUnusable/);
  expect(await fs.readFile(file, 'utf8')).toBe(bad);

  await openApp(page, host.url);
  const notice = page.getByRole('note').filter({ hasText: 'Your settings file could not be read' });
  await expect(notice).toContainText('line 1, column 27');
  await notice.getByTestId('start-over').click();
  const dialog = page.getByRole('dialog', { name: 'Start over with default settings?' });
  await dialog.getByRole('button', { name: 'Start over' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice).toContainText('You chose to start over');
  await expect(notice.getByTestId('start-over')).toHaveCount(0);

  const names = await fs.readdir(host.home);
  const aside = names.filter((n) => n.startsWith('settings.corrupt-'));
  expect(aside).toHaveLength(1);
  expect(await fs.readFile(path.join(host.home, aside[0]!), 'utf8')).toBe(bad);
  await invoke(host, 'roots:add', { path: docs });
  expect(JSON.parse(await fs.readFile(file, 'utf8'))).toMatchObject({ roots: [{ path: docs }] });
});

test('the open window sees a folder renamed away and one replaced, without a reload (issue 38)', async ({
  app: page,
  host,
  makeFolder,
}) => {
  const documents = await makeFolder('Documents', []);
  const desktop = await makeFolder('Desktop', []);
  const downloads = await makeFolder('Downloads', []);
  for (const [p, name] of [
    [documents, 'Documents'],
    [desktop, 'Desktop'],
    [downloads, 'Downloads'],
  ])
    await invoke(host, 'roots:add', { path: p, name });
  await invoke(host, 'settings:completeFirstRun', {});
  await openApp(page, host.url);
  const row = (name: string) =>
    page.getByTestId('root-row').filter({ has: page.locator('.root-name', { hasText: name }) });
  await expect(page.getByTestId('access-sub')).toHaveText('AI apps may search 3 folders.');
  await expect(row('Desktop').getByRole('button', { name: 'Make default: Desktop' })).toBeVisible();

  // Renamed away while Folders is open: the core sees it and pushes the list over the event stream.
  await fs.rename(desktop, `${desktop} (old)`);
  await expect(row('Desktop').locator('.root-title .badge')).toHaveText('Missing');
  await expect(row('Desktop').getByRole('button', { name: 'Make default: Desktop' })).toHaveCount(
    0,
  );
  await expect(page.getByTestId('access-sub')).toHaveText('AI apps may search 2 folders.');

  // Replaced by a new folder of the same name: said truly, its own path is not "where it leads".
  await fs.rename(downloads, `${downloads} (old)`);
  await fs.mkdir(downloads);
  await expect(row('Downloads').locator('.root-title .badge')).toHaveText('Moved or replaced');
  await expect(row('Downloads').getByTestId('root-now-at')).toHaveText(
    `The folder at ${downloads} is not the one you chose. Until you choose “Use this folder”, FolderGate lets no AI app search it.`,
  );
  await expect(page.getByTestId('access-sub')).toHaveText('AI apps may search 1 folder.');
});
