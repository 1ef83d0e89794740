// The app, the CLI and every running server read one settings.json: they must agree on what it
// means (one shared parseSettingsDocument), and reading it must never take folders away from a
// running server. Real files, the built server over stdio, the built CLI as a process.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsStore } from '#appdata/settings/settings-store.js';
import {
  callTool,
  errorCode,
  firstText,
  makeTempDir,
  removeTempDir,
  startServer,
  type ServerHandle,
  waitForStderr,
  writeTree,
} from '#testing/mcp-server.js';
import { CLI_SHIM } from '#testing/repo.js';
import { scaled } from '#testing/time.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';

let base: string;
let alpha: string;
let configDir: string;
let handle: ServerHandle | undefined;

beforeAll(() => {
  // The bundles come from the integration project's one build (testing/global-setup.ts).
  base = makeTempDir('fg-agree-');
  alpha = path.join(base, 'alpha');
  writeTree(alpha, [{ path: 'a.txt', mtime: '2025-04-01T10:00:00Z' }]);
});

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  if (configDir) removeTempDir(configDir);
});

afterAll(() => {
  if (base) removeTempDir(base);
});

async function start(): Promise<ServerHandle> {
  configDir = makeTempDir('fg-agree-home-');
  handle = await startServer(['--config-dir', configDir]);
  return handle;
}

const settingsFile = () => path.join(configDir, 'settings.json');

function search(h: ServerHandle): Promise<CallToolResult> {
  return callTool(h, TOOL, { timeField: 'modified', sort: 'path_asc' });
}

function foundNames(result: CallToolResult): string[] {
  expect(result.isError, result.isError ? firstText(result) : '').toBeFalsy();
  return searchOutput(result).matches.map((m) => path.basename(m.path));
}

function rootsList(): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_SHIM, 'roots', 'list'], {
    cwd: base,
    env: { ...process.env, FOLDERGATE_HOME: configDir },
    encoding: 'utf8',
    timeout: scaled(20_000),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('a settings file from a newer FolderGate', () => {
  it('is used by the server through the fields it understands, as the app shows it read-only', async () => {
    const h = await start();
    const newer = `${JSON.stringify({
      version: 99,
      roots: [{ path: alpha, name: 'alpha' }],
      colourTheme: 'dark',
    })}\n`;
    fs.writeFileSync(settingsFile(), newer);
    expect(foundNames(await search(h))).toEqual(['a.txt']);
    await waitForStderr(h, /newer FolderGate \(settings version 99\); using the settings/);

    const store = createSettingsStore(configDir);
    const view = await store.load();
    expect(store.readOnly).toBe(true);
    expect(view.settings.roots).toEqual([{ path: alpha, name: 'alpha' }]);
    const list = rootsList();
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(alpha);
    expect(list.stderr).toContain('settings version 99');
    expect(fs.readFileSync(settingsFile(), 'utf8')).toBe(newer);
  });

  it('whose known fields changed shape is refused by both, the same way', async () => {
    const h = await start();
    fs.writeFileSync(
      settingsFile(),
      JSON.stringify({ version: 99, roots: [{ path: alpha, name: 'alpha', fileTypes: '.pdf' }] }),
    );
    expect(errorCode(await search(h))).toBe('NoAllowedRoots');
    const view = await createSettingsStore(configDir).load();
    expect(view.settings.roots).toEqual([]);
    expect(view.problem).toContain('roots.0.fileTypes: Invalid input: expected array');
  });
});

describe('keys this version does not know inside settings objects', () => {
  it('are used (and kept) alike by the server, the store and roots list', async () => {
    const h = await start();
    const text = `${JSON.stringify({
      version: 2,
      roots: [{ path: alpha, name: 'alpha', colour: 'red' }],
      limits: { maxFilesScanned: 1000, turbo: true },
      tools: { 'fs.search_by_time': true, 'fs.read_file': false },
    })}\n`;
    fs.writeFileSync(settingsFile(), text);
    expect(foundNames(await search(h))).toEqual(['a.txt']);
    expect(h.stderr()).not.toContain('could not be used');

    const view = await createSettingsStore(configDir).load();
    expect(view.problem).toBeNull();
    expect(view.settings.roots).toEqual([{ path: alpha, name: 'alpha', colour: 'red' }]);
    expect(view.settings.limits).toMatchObject({ maxFilesScanned: 1000, turbo: true });
    const list = rootsList();
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(alpha);
    expect(list.stderr).toBe('');
    expect(fs.readFileSync(settingsFile(), 'utf8')).toBe(text);
  });
});

describe('an unusable settings file', () => {
  it('is reported by roots list and the store without being touched; a running server keeps its folders', async () => {
    const h = await start();
    fs.writeFileSync(
      settingsFile(),
      JSON.stringify({ version: 1, roots: [{ path: alpha, name: 'alpha' }] }),
    );
    expect(foundNames(await search(h))).toEqual(['a.txt']);

    const typo = '{\n  "version": 1,\n  "roots": [{ "path": "x", "name": "x" }\n}\n';
    fs.writeFileSync(settingsFile(), typo);
    const list = rootsList();
    expect(list.code).toBe(0);
    expect(list.stderr).toContain('not valid JSON');
    expect(list.stderr).toMatch(/line 4, column 1/);
    const view = await createSettingsStore(configDir).load();
    expect(view.settings.roots).toEqual([]);
    expect(view.problem).toContain('not valid JSON');

    expect(fs.readFileSync(settingsFile(), 'utf8')).toBe(typo);
    // Nothing kept aside or rewritten; `audit` is the server's activity log of the searches,
    // `servers` the roster the running server reported in to (appdata/servers/), and
    // `listing-cache.json` the listing it made for its initialize (under the settings of then).
    expect(fs.readdirSync(configDir).sort()).toEqual([
      'audit',
      'listing-cache.json',
      'servers',
      'settings.json',
    ]);
    expect(foundNames(await search(h))).toEqual(['a.txt']);
    await waitForStderr(
      h,
      /could not be used \(it is not valid JSON.*keeping the previous settings/,
    );
  });

  it('is logged with its zod issues in one readable line', async () => {
    const h = await start();
    fs.writeFileSync(
      settingsFile(),
      JSON.stringify({ version: 1, roots: [{ path: 7, name: 'x' }], paused: 'yes' }),
    );
    expect(errorCode(await search(h))).toBe('NoAllowedRoots');
    const stderr = await waitForStderr(h, /could not be used/);
    expect(stderr).toContain(
      'could not be used (it does not match the settings format (roots.0.path: Invalid input: expected string, received number; paused: Invalid input: expected boolean, received string)); no folder is allowed until it is fixed.',
    );
    expect(stderr).not.toContain('([)');
  });
});
