// Connecting AI apps against the real headless host and the real client service: the host's HOME
// is a temp folder in which three apps are "installed" the way FolderGate detects them (their
// config folders exist: ~/.cursor/, ~/.codeium/windsurf/, ~/.config/Code/User/ with an mcp.json
// holding comments). Every check on disk reads the real files the host wrote.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'jsonc-parser';
import { expect, invoke, startAgent, test } from './fixtures.js';
import { scanPage } from './a11y.js';

/** VS Code's settings file as a person left it: comments, another server, trailing commas. */
const VSCODE_TEXT = [
  '{',
  '  // My servers, added by hand',
  '  "servers": {',
  '    "other": { "command": "npx", "args": ["-y", "other-server"] }, // keep me',
  '  },',
  '  /* prompts for secrets */',
  '  "inputs": [],',
  '}',
  '',
].join('\n');

/** Cursor's settings file with a syntax error on line 3 (two commas). */
const BROKEN_CURSOR_TEXT = '{\n  "mcpServers": {\n    "other": {},,\n  }\n}\n';

/** Where each fake app keeps its settings file under `userHome`. */
function configFiles(userHome: string) {
  return {
    cursor: path.join(userHome, '.cursor', 'mcp.json'),
    windsurf: path.join(userHome, '.codeium', 'windsurf', 'mcp_config.json'),
    vscode: path.join(userHome, '.config', 'Code', 'User', 'mcp.json'),
  };
}

/** "Installs" Cursor, Windsurf and VS Code (with its settings file) under `userHome`. */
async function installFakeApps(userHome: string): Promise<ReturnType<typeof configFiles>> {
  const files = configFiles(userHome);
  for (const file of Object.values(files)) await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(files.vscode, VSCODE_TEXT);
  return files;
}

/** Leaves the first run through "Skip setup". */
async function skipFirstRun(page: Page): Promise<void> {
  await page.getByTestId('first-run-skip').click();
  await expect(page.getByTestId('nav-apps')).toBeVisible();
}

/** The row of one app on the AI apps screen or in the first run. */
function row(page: Page, id: string) {
  return page.locator(`[data-testid="client-row"][data-client="${id}"]`);
}

/** FolderGate's entry in a JSON or JSONC settings file. */
async function entryIn(file: string, key: string): Promise<Record<string, unknown> | undefined> {
  const data = parse(await fs.readFile(file, 'utf8')) as Record<string, Record<string, unknown>>;
  return data[key]?.foldergate as Record<string, unknown> | undefined;
}

/** The arguments every AI app's entry gets: Node's flags, the server, its data folder, its app, names. */
function entryArgs(home: string, app: string): string[] {
  return [
    '--max-semi-space-size=1',
    '--expose-gc',
    path.join(home, 'server', 'index.js'),
    '--config-dir',
    home,
    '--client',
    app,
    '--tool-names',
    'underscore',
  ];
}

test('connect, undo and disconnect an AI app from the AI apps screen', async ({
  app: page,
  host,
  shot,
}) => {
  const files = await installFakeApps(host.userHome);
  await skipFirstRun(page);

  await test.step('the apps found on this computer come first, in plain words', async () => {
    await page.getByTestId('nav-apps').click();
    await expect(page.getByRole('heading', { name: 'AI apps', level: 1 })).toBeFocused();
    const lists = page.getByTestId('client-list');
    await expect(lists.nth(0).getByTestId('client-row')).toHaveCount(3);
    await expect(lists.nth(0).locator('.client-name')).toHaveText([
      'Cursor',
      'VS Code',
      'Windsurf',
    ]);
    // The other ten are folded away, one click away.
    const more = page.getByTestId('clients-more');
    await expect(more.locator('summary')).toHaveText('Show 10 more apps');
    await expect(lists.nth(1)).toBeHidden();
    await more.locator('summary').click();
    await expect(lists.nth(1).getByTestId('client-row')).toHaveCount(10);
    await expect(row(page, 'vscode').getByTestId('client-status')).toHaveText('Not connected');
    await expect(row(page, 'zed').getByTestId('client-status')).toHaveText(
      'Not found on this computer',
    );
    await expect(row(page, 'vscode').getByTestId('client-config-path')).toHaveText(files.vscode);
    // Plain words on the main path: the raw entries stay inside the closed Details.
    expect(await page.locator('main').innerText()).not.toMatch(/MCP|stdio|JSON/);
  });

  await test.step('Connect (by keyboard) writes our entry and keeps everything else', async () => {
    const vscode = row(page, 'vscode');
    await vscode.getByRole('button', { name: 'Connect VS Code' }).focus();
    await page.keyboard.press('Enter');
    await expect(vscode.getByTestId('client-status')).toHaveText('Connected');
    // Focus stays on the row's main button, which now disconnects.
    await expect(vscode.getByRole('button', { name: 'Disconnect VS Code' })).toBeFocused();
    await expect(vscode.getByTestId('client-result')).toHaveText(
      'VS Code is connected to FolderGate.',
    );
    // What to try, and a live line waiting for the app's first request.
    await expect(vscode.getByTestId('try-it')).toContainText('Then ask VS Code');
    await expect(vscode.getByTestId('try-it-status')).toHaveText(
      'Waiting for VS Code’s first request…',
    );
    await expect(page.getByTestId('clients-announcement')).toContainText(
      'VS Code is connected to FolderGate.',
    );

    const text = await fs.readFile(files.vscode, 'utf8');
    for (const kept of [
      '  // My servers, added by hand',
      '    "other": { "command": "npx", "args": ["-y", "other-server"] }, // keep me',
      '  /* prompts for secrets */',
      '  "inputs": [],',
    ])
      expect(text).toContain(kept);
    const entry = await entryIn(files.vscode, 'servers');
    expect(entry).toMatchObject({
      type: 'stdio',
      args: entryArgs(host.home, 'vscode'),
    });
    expect(path.isAbsolute(String(entry?.command))).toBe(true);
    expect(existsSync(path.join(host.home, 'server', 'index.js'))).toBe(true);

    await vscode.getByText('Details').click();
    await expect(vscode.getByTestId('client-details')).toContainText('--config-dir');
    await shot(page, 'ai-apps', 'all');
  });

  await test.step('Undo puts the file back as it was', async () => {
    const vscode = row(page, 'vscode');
    // Undo names the one change it takes back.
    await vscode.getByRole('button', { name: 'Undo connect: VS Code' }).click();
    await expect(vscode.getByTestId('client-status')).toHaveText('Not connected');
    expect(await fs.readFile(files.vscode, 'utf8')).toBe(VSCODE_TEXT);
    await expect(vscode.getByRole('button', { name: 'Connect VS Code' })).toBeFocused();
  });

  await test.step('Disconnect removes only our entry', async () => {
    const vscode = row(page, 'vscode');
    await vscode.getByRole('button', { name: 'Connect VS Code' }).click();
    await expect(vscode.getByTestId('client-status')).toHaveText('Connected');
    await vscode.getByRole('button', { name: 'Disconnect VS Code' }).click();
    await expect(vscode.getByTestId('client-status')).toHaveText('Not connected');
    await expect(vscode.getByTestId('client-result')).toHaveText(
      'VS Code is no longer connected to FolderGate.',
    );
    expect(await fs.readFile(files.vscode, 'utf8')).toBe(VSCODE_TEXT);
    // Two changes since the file was as the person left it: Undo takes both back, and says so.
    await expect(
      vscode.getByRole('button', { name: 'Undo FolderGate’s changes: VS Code' }),
    ).toBeVisible();
  });

  await test.step('a change made outside is seen when the screen is shown again', async () => {
    await page.getByTestId('nav-folders').click();
    await fs.writeFile(
      files.cursor,
      '{ "mcpServers": { "foldergate": { "command": "/old/node" } } }',
    );
    await page.getByTestId('nav-apps').click();
    await expect(row(page, 'cursor').getByTestId('client-status')).toHaveText(
      'Needs repair — FolderGate moved or was updated',
    );
    await row(page, 'cursor').getByRole('button', { name: 'Repair Cursor' }).click();
    await expect(row(page, 'cursor').getByTestId('client-status')).toHaveText('Connected');
    const entry = await entryIn(files.cursor, 'mcpServers');
    expect(entry?.args).toContain('underscore');
  });

  await test.step('an app not found can still be connected; its row stays put meanwhile', async () => {
    await page.getByTestId('clients-more').locator('summary').click();
    const gemini = row(page, 'gemini-cli');
    await gemini.getByRole('button', { name: 'Connect Gemini CLI' }).click();
    await expect(gemini.getByTestId('client-status')).toHaveText('Connected');
    await expect(gemini.getByRole('button', { name: 'Disconnect Gemini CLI' })).toBeFocused();
    const file = path.join(host.userHome, '.gemini', 'settings.json');
    expect(await entryIn(file, 'mcpServers')).toBeDefined();
    // Shown again, it is an app on this computer now.
    await page.getByTestId('nav-folders').click();
    await page.getByTestId('nav-apps').click();
    await expect(page.getByTestId('client-list').nth(0).locator('.client-name')).toHaveText([
      'Cursor',
      'VS Code',
      'Windsurf',
      'Gemini CLI',
    ]);
  });

  await test.step('the browser page offers the path with a copy button instead of a reveal', async () => {
    await expect(page.getByTestId('client-reveal')).toHaveCount(0);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The settings file is developer material: it waits under the row's Details.
    const details = row(page, 'vscode').getByTestId('client-details');
    await expect(details.getByTestId('client-copy-path')).toBeHidden();
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    await row(page, 'vscode').getByTestId('client-copy-path').click();
    await expect(row(page, 'vscode').getByTestId('client-copy-path')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(files.vscode);
  });
});

test('a settings file that cannot be written is said before Connect; a failed Connect keeps its blocks apart', async ({
  app: page,
  host,
  shot,
}) => {
  const files = await installFakeApps(host.userHome);
  const text = '{\n  "mcpServers": {}\n}\n';
  await fs.writeFile(files.cursor, text, { mode: 0o444 });
  await fs.chmod(files.cursor, 0o444);
  await skipFirstRun(page);
  await page.getByTestId('nav-apps').click();
  const cursor = row(page, 'cursor');
  // Said on the card when the screen shows, before anyone chooses Connect (issue 38 item 5).
  await expect(cursor.getByTestId('client-problem')).toContainText(
    'the file is read-only, so connecting Cursor would not work',
  );
  await shot(page, 'ai-apps-read-only', 'all');

  await cursor.getByRole('button', { name: 'Connect Cursor' }).click();
  await expect(cursor.getByTestId('client-error')).toBeVisible();
  // One story: the error says what the note said, so the note steps aside.
  await expect(cursor.getByTestId('client-problem')).toHaveCount(0);
  // Every disclosure open: the error, the note and the card's Details lie one below the other,
  // none drawn over another (they overlapped once).
  const closed = cursor.locator('details:not([open]) > summary:visible');
  for (let opened = 0; (await closed.count()) > 0 && opened < 10; opened++)
    await closed.first().click();
  const blocks = [
    cursor.getByTestId('client-error'),
    cursor.getByTestId('client-problem'),
    cursor.getByTestId('client-details'),
  ];
  const boxes = [];
  for (const block of blocks) {
    if ((await block.count()) === 0) continue;
    const box = await block.boundingBox();
    expect(box).not.toBeNull();
    boxes.push(box!);
  }
  expect(boxes.length).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const apart =
        a.y + a.height <= b.y + 0.5 ||
        b.y + b.height <= a.y + 0.5 ||
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5;
      expect(apart, `blocks ${i} and ${j} overlap`).toBe(true);
    }
  // Nothing was written.
  expect(await fs.readFile(files.cursor, 'utf8')).toBe(text);
});

test('a settings file with a syntax error shows its error and is never touched', async ({
  app: page,
  host,
  shot,
}) => {
  const files = await installFakeApps(host.userHome);
  await fs.writeFile(files.cursor, BROKEN_CURSOR_TEXT);
  const before = await fs.readFile(files.cursor);
  await skipFirstRun(page);
  await page.getByTestId('nav-apps').click();

  const cursor = row(page, 'cursor');
  await expect(cursor.getByTestId('client-status')).toHaveText('Can’t read its settings file');
  const problem = cursor.getByTestId('client-problem');
  // Plain words first; the line and column wait under a disclosure for whoever fixes it by hand.
  await expect(problem).toContainText('It has a typing mistake');
  await expect(problem.getByText(/line 3, column \d+/)).toBeHidden();
  await problem.getByText('The mistake, for fixing it by hand').click();
  await expect(problem).toContainText(files.cursor);
  await expect(problem).toContainText(/line 3, column \d+/);
  await expect(cursor.getByRole('button', { name: /^(Connect|Repair|Disconnect) / })).toHaveCount(
    0,
  );
  await shot(page, 'ai-apps-unreadable', 'all');

  await page.getByTestId('clients-refresh').click();
  await expect(cursor.getByTestId('client-status')).toHaveText('Can’t read its settings file');
  expect((await fs.readFile(files.cursor)).equals(before)).toBe(true);

  // Back up and repair: what could be read, plus FolderGate; the original kept for Undo.
  await cursor.getByRole('button', { name: 'Back up and repair: Cursor' }).click();
  await expect(cursor.getByTestId('client-status')).toHaveText('Connected');
  await expect(cursor.getByTestId('client-result')).toContainText('“Undo repair” puts it back');
  const repaired = JSON.parse(await fs.readFile(files.cursor, 'utf8')) as {
    mcpServers: Record<string, unknown>;
  };
  expect(Object.keys(repaired.mcpServers).sort()).toEqual(['foldergate', 'other']);
  await cursor.getByRole('button', { name: 'Undo repair: Cursor' }).click();
  await expect(cursor.getByTestId('client-status')).toHaveText('Can’t read its settings file');
  expect((await fs.readFile(files.cursor)).equals(before)).toBe(true);

  // Fixed by hand: Check again sees it and Connect appears.
  await fs.writeFile(files.cursor, '{ "mcpServers": {} }\n');
  await page.getByTestId('clients-refresh').click();
  await expect(cursor.getByTestId('client-status')).toHaveText('Not connected');
  await expect(cursor.getByRole('button', { name: 'Connect Cursor' })).toBeVisible();
});

test("Claude's extension beside its settings file, and Gemini CLI's own lists (issue 35)", async ({
  app: page,
  host,
  shot,
}, testInfo) => {
  const claude = path.join(host.userHome, '.config', 'Claude');
  await fs.mkdir(claude, { recursive: true });
  const gemini = path.join(host.userHome, '.gemini', 'settings.json');
  await fs.mkdir(path.dirname(gemini), { recursive: true });
  await invoke(host, 'clients:connect', { id: 'gemini-cli' });
  const connected = await fs.readFile(gemini, 'utf8');
  await fs.writeFile(
    gemini,
    connected.replace('{\n', '{\n  // mine\n  "mcp": { "excluded": ["foldergate"] },\n'),
  );
  await skipFirstRun(page);
  await page.getByTestId('nav-apps').click();

  await test.step('Gemini CLI: connected, but its own list excludes FolderGate; fixed on request', async () => {
    const row_ = row(page, 'gemini-cli');
    await expect(row_.getByTestId('client-status')).toHaveText('Connected');
    await expect(row_.getByTestId('client-problem')).toContainText(
      'Connected, but Gemini CLI’s settings exclude it',
    );
    await expect(row_.getByTestId('client-problem')).toContainText('mcp.excluded');
    await shot(page, 'ai-apps-gemini-excluded', 'all');
    await scanPage(page, testInfo, 'AI apps: Gemini CLI excludes FolderGate');
    await row_.getByRole('button', { name: 'Let Gemini CLI use FolderGate' }).click();
    await expect(row_.getByTestId('client-problem')).toHaveCount(0);
    const text = await fs.readFile(gemini, 'utf8');
    expect(text).toContain('// mine');
    expect((parse(text) as { mcp: unknown }).mcp).toEqual({ excluded: [] });
  });

  await test.step('Claude Desktop: "Add to Claude" builds the extension, the page downloads it', async () => {
    const desktop = row(page, 'claude-desktop');
    await expect(desktop.getByTestId('client-way')).toContainText('Use one way, not both');
    await desktop.getByRole('button', { name: 'Add to Claude' }).click();
    const link = desktop.getByTestId('client-extension-download');
    await expect(link).toBeVisible();
    await shot(page, 'ai-apps-extension', 'all');
    await scanPage(page, testInfo, 'AI apps: the Claude extension built');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('foldergate.mcpb');
    const saved = await fs.readFile(await download.path());
    const built = await fs.readFile(path.join(host.home, 'extension', 'foldergate.mcpb'));
    expect(saved.equals(built)).toBe(true);
    expect(saved.subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  await test.step('once Claude has it, the row says that way and writes no settings entry', async () => {
    await fs.writeFile(
      path.join(claude, 'extensions-installations.json'),
      JSON.stringify({
        extensions: { 'local.mcpb.foldergate.foldergate': { manifest: { name: 'foldergate' } } },
      }),
    );
    await page.getByTestId('clients-refresh').click();
    const desktop = row(page, 'claude-desktop');
    await expect(desktop.getByTestId('client-way')).toHaveText('Connected as a Claude extension.');
    await expect(desktop.getByTestId('client-status')).toHaveText('Connected');
    await expect(desktop.getByRole('button', { name: /^(Connect|Disconnect) Claude/ })).toHaveCount(
      0,
    );
    expect(existsSync(path.join(claude, 'claude_desktop_config.json'))).toBe(false);
  });
});

test('first run: connect an AI app found on this computer, and see its first request arrive', async ({
  app: page,
  host,
  makeFolder,
  shot,
}) => {
  const files = await installFakeApps(host.userHome);
  const documents = await makeFolder('Documents', [{ path: 'a.pdf', mtime: new Date() }]);
  await invoke(host, 'roots:add', { path: documents, name: 'Documents' });
  await page.getByTestId('first-run-start').click();
  await page.getByTestId('first-run-continue').click();
  await expect(page.getByRole('heading', { name: 'Connect your AI app' })).toBeFocused();
  const found = page.getByTestId('first-run-clients');
  await expect(found.locator('.client-name')).toHaveText(['Cursor', 'VS Code', 'Windsurf']);
  await expect(page.getByTestId('first-run-connect-continue')).toHaveText('Skip for now');

  await row(page, 'cursor').getByRole('button', { name: 'Connect Cursor' }).click();
  await expect(row(page, 'cursor').getByTestId('client-status')).toHaveText('Connected');
  const status = row(page, 'cursor').getByTestId('try-it-status');
  await expect(status).toHaveText('Waiting for Cursor’s first request…');
  await expect(page.getByTestId('first-run-connect-continue')).toHaveText('Continue');
  expect(await entryIn(files.cursor, 'mcpServers')).toMatchObject({
    args: entryArgs(host.home, 'cursor'),
  });
  await shot(page, 'first-run-connect', 'all');
  // Cursor (its MCP client says "cursor-vscode"), started from FolderGate's entry, makes its first
  // request: the line says so.
  const cursor = await startAgent(host.home, 'cursor-vscode', ['--client', 'cursor']);
  try {
    await cursor.callTool({ name: 'fs_search_by_time', arguments: { timeField: 'modified' } });
  } finally {
    await cursor.close();
  }
  await expect(status).toHaveText('It works: Cursor searched Documents just now.');
  await shot(page, 'first-run-connect-works', 'all');

  await page.getByTestId('first-run-connect-continue').click();
  // Cursor has called already: Done says it works, not to restart it (issue 38 item 2).
  await expect(page.getByTestId('first-run-done-working')).toContainText(
    'Working now: Cursor has already reached FolderGate, so there is nothing to restart.',
  );
  await expect(page.getByTestId('first-run-done-apps')).toHaveCount(0);
  await page.getByTestId('first-run-finish').click();
  await page.getByTestId('nav-apps').click();
  await expect(row(page, 'cursor').getByTestId('client-status')).toHaveText('Connected');
});

test('first run: no AI app found says so and can be skipped', async ({ app: page }) => {
  await page.getByTestId('first-run-start').click();
  await page.getByTestId('first-run-continue').click();
  await expect(page.getByTestId('first-run-no-clients')).toContainText(
    'No AI apps found on this computer',
  );
  await page.getByTestId('first-run-connect-continue').click();
  await expect(page.getByTestId('first-run-done-apps')).toContainText(
    'Connect an AI app any time on the AI apps screen.',
  );
});
