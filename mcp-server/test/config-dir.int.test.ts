// `--config-dir`: the running server takes its roots, limits and pause switch from
// <dir>/settings.json and follows changes to it (atomic rename or plain write) without a restart;
// an invalid file keeps the last good settings; a missing one means no folder is allowed.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';
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
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const MTIME = '2025-04-01T10:00:00Z';

let base: string;
let alpha: string;
let beta: string;
let configDir: string;
let handle: ServerHandle | undefined;

beforeAll(() => {
  base = makeTempDir('fg-config-');
  alpha = path.join(base, 'alpha-folder');
  beta = path.join(base, 'beta-folder');
  writeTree(alpha, [{ path: 'a.txt', mtime: MTIME }]);
  writeTree(beta, [
    { path: 'b1.txt', mtime: MTIME },
    { path: 'sub/b2.txt', mtime: MTIME },
    { path: 'sub/b3.txt', mtime: MTIME },
  ]);
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
  configDir = makeTempDir('fg-config-dir-');
  handle = await startServer(['--config-dir', configDir]);
  return handle;
}

const ALPHA = () => ({ path: alpha, name: 'alpha' });
const BETA = () => ({ path: beta, name: 'beta' });

/** Writes settings.json the way the app does (temp file + rename) or in place. */
function writeSettings(
  settings: Record<string, unknown>,
  how: 'atomic' | 'plain' = 'atomic',
): void {
  const file = path.join(configDir, 'settings.json');
  const text = JSON.stringify({ version: SETTINGS_VERSION, ...settings }, null, 2);
  if (how === 'plain') {
    fs.writeFileSync(file, text);
    return;
  }
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

function search(h: ServerHandle, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return callTool(h, TOOL, { timeField: 'modified', sort: 'path_asc', ...args });
}

/** Names of the files found, relative to the folder searched. */
function found(result: CallToolResult, from: string): string[] {
  expect(result.isError, result.isError ? firstText(result) : '').toBeFalsy();
  return searchOutput(result).matches.map((m) =>
    path.relative(from, m.path).split(path.sep).join('/'),
  );
}

function expectError(result: CallToolResult, code: string): void {
  expect(errorCode(result), firstText(result)).toBe(code);
  expect(firstText(result)).not.toContain(base);
}

describe('--config-dir', () => {
  it('answers NoAllowedRoots while settings.json is missing, and picks it up once written', async () => {
    const h = await start();
    expectError(await search(h), 'NoAllowedRoots');
    const list = await h.client.listTools();
    expect(list.tools.find((t) => t.name === TOOL)?.description).toMatch(
      /No folder has been allowed/,
    );

    writeSettings({ roots: [ALPHA()] });
    expect(found(await search(h), alpha)).toEqual(['a.txt']);

    fs.rmSync(path.join(configDir, 'settings.json'));
    expectError(await search(h), 'NoAllowedRoots');
  });

  it('uses the roots of settings.json: the first is the default, each is usable by name', async () => {
    const h = await start();
    writeSettings({ roots: [ALPHA(), BETA()] });
    expect(found(await search(h), alpha)).toEqual(['a.txt']);
    expect(found(await search(h, { root: 'beta' }), beta)).toEqual([
      'b1.txt',
      'sub/b2.txt',
      'sub/b3.txt',
    ]);
    expect(found(await search(h, { root: beta }), beta)).toHaveLength(3);
    const list = await h.client.listTools();
    expect(list.tools.find((t) => t.name === TOOL)?.description).toContain('"alpha", "beta"');
  });

  it('honours defaultRoot', async () => {
    const h = await start();
    writeSettings({ roots: [ALPHA(), BETA()], defaultRoot: beta });
    expect(found(await search(h), beta)).toHaveLength(3);
  });

  it('applies rewritten roots to the next call, by atomic rename and by plain write', async () => {
    const h = await start();
    writeSettings({ roots: [ALPHA()] });
    expect(found(await search(h), alpha)).toEqual(['a.txt']);
    expectError(await search(h, { root: 'beta' }), 'RootNotAllowed');

    writeSettings({ roots: [BETA()] }, 'atomic');
    expect(found(await search(h), beta)).toHaveLength(3);
    expectError(await search(h, { root: 'alpha' }), 'RootNotAllowed');
    expectError(await search(h, { root: alpha }), 'RootNotAllowed');

    writeSettings({ roots: [ALPHA()] }, 'plain');
    expect(found(await search(h), alpha)).toEqual(['a.txt']);
    expectError(await search(h, { root: 'beta' }), 'RootNotAllowed');

    writeSettings({ roots: [] }, 'plain');
    expectError(await search(h), 'NoAllowedRoots');
  });

  it('keeps the previous roots when the file becomes invalid, and says so on stderr', async () => {
    const h = await start();
    writeSettings({ roots: [ALPHA()] });
    expect(found(await search(h), alpha)).toEqual(['a.txt']);

    fs.writeFileSync(path.join(configDir, 'settings.json'), '{ "version": 1, "roots": [');
    expect(found(await search(h), alpha)).toEqual(['a.txt']);
    await waitForStderr(h, /settings file .*could not be used.*keeping the previous settings/);

    writeSettings({ roots: [BETA()], paused: 'yes' }); // a known field of the wrong type
    expect(found(await search(h), alpha)).toEqual(['a.txt']);
    writeSettings({ roots: [{ path: beta }] }); // a root without a name
    expect(found(await search(h), alpha)).toEqual(['a.txt']);
    // stderr arrives through a pipe: wait for the third report rather than read it at once.
    await waitForStderr(h, /(could not be used[\s\S]*){3}/);

    writeSettings({ roots: [BETA()] });
    expect(found(await search(h), beta)).toHaveLength(3);
  });

  it('allows nothing when the first settings file it sees is invalid', async () => {
    const h = await start();
    fs.writeFileSync(path.join(configDir, 'settings.json'), 'not json at all');
    expectError(await search(h), 'NoAllowedRoots');
    await waitForStderr(h, /could not be used.*no folder is allowed until it is fixed/);
  });

  it('refuses a folder named by a relative path, rather than read it from its own working folder (issue 34, item 8c)', async () => {
    // The server's working folder holds a folder of that name, with a file in it.
    const work = path.join(base, 'a-working-folder');
    writeTree(work, [{ path: 'docs/private.txt', mtime: MTIME }]);
    configDir = makeTempDir('fg-config-dir-');
    handle = await startServer(['--config-dir', configDir], {}, { cwd: work });
    writeSettings({ roots: [{ path: 'docs', name: 'docs' }] });
    const result = await search(handle);
    expectError(result, 'NoAllowedRoots');
    expect(JSON.stringify(result)).not.toContain('private.txt');
    await waitForStderr(
      handle,
      /could not be used \(it names a folder by a relative path, "docs" at roots\.0\.path, which each AI app would look for in its own working folder: write the folder's full path\)/,
    );
    // The same for the logic catalog; a full path is used.
    writeSettings({ roots: [ALPHA()], logicCatalog: 'logic' });
    expectError(await search(handle), 'NoAllowedRoots');
    writeSettings({ roots: [ALPHA()] });
    expect(found(await search(handle), alpha)).toEqual(['a.txt']);
  });

  it('refuses every call with AccessPaused while paused, and resumes', async () => {
    const h = await start();
    writeSettings({ roots: [ALPHA()], paused: true });
    expectError(await search(h), 'AccessPaused');
    expectError(await search(h, { root: 'alpha', path: 'x' }), 'AccessPaused');
    writeSettings({ roots: [ALPHA()], paused: false });
    expect(found(await search(h), alpha)).toEqual(['a.txt']);
  });

  it('a pause for a while: refused until its end, answered after it even if the app is closed', async () => {
    const h = await start();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    writeSettings({ roots: [ALPHA()], paused: true, pausedUntil: inAnHour });
    expectError(await search(h), 'AccessPaused');
    // The end has passed and nothing switched `paused` back: the server answers anyway.
    const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
    writeSettings({ roots: [ALPHA()], paused: true, pausedUntil: aMinuteAgo });
    expect(found(await search(h), alpha)).toEqual(['a.txt']);
  });

  it('applies the limits of settings.json', async () => {
    const h = await start();
    writeSettings({ roots: [BETA()], limits: { maxFilesScanned: 2 } });
    const limited = await search(h);
    expect(found(limited, beta)).toEqual(['b1.txt', 'sub/b2.txt']);
    expect(searchOutput(limited).nextCursor).not.toBeNull();
    expect(firstText(limited)).toMatch(/stopped early at the limit of 2 files/);

    writeSettings({ roots: [BETA()], limits: { maxDirectoriesScanned: 1 } });
    const byFolders = await search(h);
    expect(found(byFolders, beta)).toEqual(['b1.txt']);
    expect(firstText(byFolders)).toMatch(/stopped early at the limit of 1 folder\b/);

    writeSettings({ roots: [BETA()] });
    const full = await search(h);
    expect(found(full, beta)).toHaveLength(3);
    expect(searchOutput(full).nextCursor).toBeNull();
  });
});
