// The server copy AI apps run: <appData>/server/index.js and the full server it loads, copied from
// the build; the copy serves a tool call on its own (the full server found beside it).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE } from '#testing/repo.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { fullServerOf, installServerBundle, KEPT_BUILDS } from './server-bundle.js';

const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = makeTempDir(prefix);
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

describe('installServerBundle', () => {
  it('copies the entry and its full server; the copy answers a search with nothing else beside it', async () => {
    const appData = temp('fg-bundle-appdata-');
    const folder = temp('fg-bundle-tree-');
    fs.writeFileSync(path.join(folder, 'a.txt'), 'a');
    fs.writeFileSync(
      path.join(appData, 'settings.json'),
      JSON.stringify({ version: 1, roots: [{ path: folder, name: 'Tree' }] }),
    );
    const target = await installServerBundle(appData, SERVER_BUNDLE);
    const full = fullServerOf(fs.readFileSync(SERVER_BUNDLE, 'utf8'));
    expect(full).toMatch(/^server-[0-9a-f]{12}\.js$/);
    const dir = path.dirname(target);
    expect(fs.readFileSync(path.join(dir, full!))).toEqual(
      fs.readFileSync(path.join(path.dirname(SERVER_BUNDLE), full!)),
    );

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [target, '--config-dir', appData],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'bundle-test', version: '1' });
    await client.connect(transport);
    try {
      const result = await client.callTool({
        name: 'fs.search_by_time',
        arguments: { timeField: 'modified' },
      });
      expect(result.isError).toBe(false);
      expect(JSON.stringify(result.structuredContent)).toContain('a.txt');
    } finally {
      await client.close();
    }
  });

  it('refuses a build whose full server is missing, and leaves the installed entry as it was', async () => {
    const appData = temp('fg-bundle-appdata-');
    const build = temp('fg-bundle-build-');
    const entry = path.join(build, 'index.js');
    fs.writeFileSync(entry, 'const load = () => import("./server-0123456789ab.js");\n');
    await expect(installServerBundle(appData, entry)).rejects.toMatchObject({
      code: 'ServerBundleMissing',
    });
    expect(fs.existsSync(path.join(appData, 'server', 'index.js'))).toBe(false);
  });

  it(`keeps the ${KEPT_BUILDS} most recent earlier full servers (for servers started before an update)`, async () => {
    const appData = temp('fg-bundle-appdata-');
    const build = temp('fg-bundle-build-');
    const dir = path.join(appData, 'server');
    fs.mkdirSync(dir, { recursive: true });
    const old = ['aaaaaaaaaaa1', 'aaaaaaaaaaa2', 'aaaaaaaaaaa3', 'aaaaaaaaaaa4', 'aaaaaaaaaaa5'];
    old.forEach((id, i) => {
      const file = path.join(dir, `server-${id}.js`);
      fs.writeFileSync(file, id);
      const at = new Date(Date.UTC(2026, 0, 1 + i));
      fs.utimesSync(file, at, at);
    });
    fs.writeFileSync(path.join(build, 'index.js'), 'import("./server-bbbbbbbbbbbb.js");\n');
    fs.writeFileSync(path.join(build, 'server-bbbbbbbbbbbb.js'), 'export {};\n');
    await installServerBundle(appData, path.join(build, 'index.js'));
    expect(fs.readdirSync(dir).sort()).toEqual(
      [
        'index.js',
        'package.json',
        'server-aaaaaaaaaaa3.js',
        'server-aaaaaaaaaaa4.js',
        'server-aaaaaaaaaaa5.js',
        'server-bbbbbbbbbbbb.js',
      ].sort(),
    );
  });
});
