// Root safety through the real built server: the CVE-2025-53110 prefix sibling, CVE-2025-53109
// symlinks out of the root, `..` chains, NUL bytes, absolute/UNC/drive paths, link chains, loops
// and dangling links, and unreadable entries (under another uid when the tests run as root).
// Real files and real symlinks in temp folders; no mocks.
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput } from '#shared/tools/search-by-time.js';
import {
  SERVER_ENTRY,
  callTool,
  errorCode,
  firstText,
  makeTempDir,
  removeTempDir,
  startServer,
  writeTree,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const MTIME = '2025-06-01T12:00:00Z';

let base: string;
let root: string;
let sibling: string;
let outside: string;
let server: ServerHandle;
let followServer: ServerHandle;

/** Searches everything (files and folders, path order, one big page). */
function searchAll(
  handle: ServerHandle,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return callTool(handle, TOOL, {
    timeField: 'modified',
    includeDirectories: true,
    sort: 'path_asc',
    limit: 1000,
    ...args,
  });
}

function output(result: CallToolResult): SearchOutput {
  expect(result.isError, result.isError ? firstText(result) : '').toBeFalsy();
  return searchOutput(result);
}

/** Paths of the matches relative to `from`, '/'-separated. */
function relPaths(result: CallToolResult, from = root): string[] {
  return output(result).matches.map((m) => path.relative(from, m.path).split(path.sep).join('/'));
}

/** Asserts an isError result with `code` whose text leaks no absolute path of ours. */
function expectError(result: CallToolResult, code: string): void {
  expect(errorCode(result), firstText(result)).toBe(code);
  const text = firstText(result);
  expect(text).not.toContain(base);
  expect(text).not.toContain(root);
  expect(text.split('\n')[1]).toMatch(/^Message: /);
  expect(text.split('\n')[2]).toMatch(/^Fix: /);
}

beforeAll(async () => {
  base = makeTempDir('fg-sec-');
  root = path.join(base, 'docs');
  sibling = `${root}_sensitive`; // CVE-2025-53110: shares the root's string prefix
  outside = path.join(base, 'outside');
  writeTree(root, [
    { path: 'top.txt', mtime: MTIME },
    { path: 'a/b/deep.txt', mtime: MTIME },
    { path: 'b/inside.txt', mtime: MTIME },
  ]);
  writeTree(sibling, [{ path: 'secret-sibling.txt', mtime: MTIME }]);
  writeTree(outside, [
    { path: 'secret-outside.txt', mtime: MTIME },
    { path: 'sub/secret-deeper.txt', mtime: MTIME },
  ]);
  const link = (target: string, at: string) => fs.symlinkSync(target, path.join(root, at));
  link('../outside', 'link-out-dir'); // CVE-2025-53109: relative link to an outside folder
  link(path.join(outside, 'secret-outside.txt'), 'link-out-file'); // absolute link to an outside file
  link('../docs_sensitive', 'link-sibling');
  link('chain2', 'chain1'); // link → link → outside
  link(outside, 'chain2');
  link('loop-b', 'loop-a'); // a → b → a
  link('loop-a', 'loop-b');
  link('..', 'a/up'); // a folder link to its parent
  link('nowhere', 'dangling');
  link('a', 'link-in-dir'); // inside the root: followed only with --follow-symlinks
  link('top.txt', 'link-in-file');
  [server, followServer] = await Promise.all([
    startServer(['--root', root]),
    startServer(['--root', root, '--follow-symlinks']),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), followServer?.close()]);
  if (base) removeTempDir(base);
});

describe('walking a root with links out of it (default: links never followed)', () => {
  it('lists only the real entries: no link, nothing outside, nothing of the sibling', async () => {
    const result = await searchAll(server);
    expect(relPaths(result)).toEqual(['a', 'a/b', 'a/b/deep.txt', 'b', 'b/inside.txt', 'top.txt']);
    expect(output(result).nextCursor).toBeNull();
    expect(JSON.stringify(result)).not.toMatch(/secret|outside|sensitive/);
  });

  it('finds nothing outside the root with globs that try to leave it', async () => {
    for (const glob of ['../docs_sensitive/*', '../**', '/**', '**/secret*', '**/../**']) {
      const result = await searchAll(server, { glob });
      expect(output(result).matches, glob).toEqual([]);
    }
  });
});

describe('CVE-2025-53110: the prefix sibling <root>_sensitive', () => {
  it('is not an allowed root, by path or by name', async () => {
    for (const requested of [
      sibling,
      `${sibling}/`,
      path.join(root, '..', 'docs_sensitive'),
      `${root}/../docs_sensitive`,
      'docs_sensitive',
      root.slice(0, -1), // '<base>/doc', a prefix of the root
    ]) {
      expectError(await searchAll(server, { root: requested }), 'RootNotAllowed');
    }
  });

  it('is not reachable as a relative path', async () => {
    for (const p of ['../docs_sensitive', '../docs_sensitive/', 'a/../../docs_sensitive', '..']) {
      expectError(await searchAll(server, { path: p }), 'PathTraversalDetected');
    }
  });

  it('is not reachable through a link inside the root', async () => {
    expectError(await searchAll(server, { path: 'link-sibling' }), 'SymlinkEscapeDetected');
  });

  it('accepts the allowed root itself by path, also spelled with a trailing slash or a `..`', async () => {
    for (const requested of [root, `${root}/`, `${root}/a/..`, 'docs']) {
      expect(relPaths(await searchAll(server, { root: requested }))).toContain('top.txt');
    }
  });
});

describe('`..` chains', () => {
  it('rejects every chain that leaves the root', async () => {
    for (const p of [
      'a/../../x',
      'a/b/../../..',
      'a/b/../../../docs',
      '../docs',
      './../x',
      'a/./../..',
    ]) {
      expectError(await searchAll(server, { path: p }), 'PathTraversalDetected');
    }
  });

  it('resolves `..` that stays inside the root', async () => {
    const result = await searchAll(server, { path: 'a/../b' });
    expect(relPaths(result, path.join(root, 'b'))).toEqual(['inside.txt']);
    const parent = await searchAll(server, { path: 'a/b/..' });
    expect(relPaths(parent, path.join(root, 'a'))).toEqual(['b', 'b/deep.txt']);
  });
});

describe('NUL bytes', () => {
  it('are InvalidArgument in path, root and glob', async () => {
    expectError(await searchAll(server, { path: 'a\0/b' }), 'InvalidArgument');
    expectError(await searchAll(server, { path: '\0' }), 'InvalidArgument');
    expectError(await searchAll(server, { root: `${root}\0` }), 'InvalidArgument');
    expectError(await searchAll(server, { root: 'docs\0' }), 'InvalidArgument');
    expectError(await searchAll(server, { glob: '*.txt\0' }), 'InvalidArgument');
  });
});

describe('absolute, UNC, drive and device paths', () => {
  it('are PathNotRelative', async () => {
    for (const p of [
      '/etc',
      root,
      path.join(root, 'a'),
      sibling,
      'C:\\x',
      'C:x',
      'C:',
      'c:/x',
      '\\\\server\\share',
      '\\\\?\\C:\\x',
      '\\\\.\\C:\\x',
      '//server/x',
    ]) {
      expectError(await searchAll(server, { path: p }), 'PathNotRelative');
    }
  });
});

describe('CVE-2025-53109: links inside the root as the start path', () => {
  it('refuses links whose target leaves the root', async () => {
    for (const p of [
      'link-out-dir',
      'link-out-dir/sub',
      'link-out-file',
      'chain1',
      'chain2',
      'a/up/link-out-dir',
    ]) {
      expectError(await searchAll(server, { path: p }), 'SymlinkEscapeDetected');
    }
  });

  it('refuses a loop and reports a dangling link as missing', async () => {
    expectError(await searchAll(server, { path: 'loop-a' }), 'SymlinkEscapeDetected');
    expectError(await searchAll(server, { path: 'loop-b/x' }), 'SymlinkEscapeDetected');
    expectError(await searchAll(server, { path: 'dangling' }), 'PathNotFound');
  });
});

describe('with --follow-symlinks', () => {
  it('follows links to folders and files inside the root, never the ones leaving it', async () => {
    const result = await searchAll(followServer);
    const paths = relPaths(result);
    expect(paths).toEqual(
      expect.arrayContaining(['link-in-dir', 'link-in-dir/b/deep.txt', 'link-in-file']),
    );
    expect(paths).toEqual(expect.arrayContaining(['a/b/deep.txt', 'b/inside.txt', 'top.txt']));
    for (const p of paths) {
      expect(p).not.toMatch(/^(link-out|link-sibling|chain|loop|dangling)/);
      expect(p).not.toMatch(/(^|\/)up\//); // the link to its parent is not walked again
    }
    expect(new Set(paths).size).toBe(paths.length);
    expect(output(result).nextCursor).toBeNull();
    // Every listed entry really lies inside the root.
    for (const match of output(result).matches) {
      const rel = path.relative(root, fs.realpathSync(match.path));
      expect(rel.startsWith('..') || path.isAbsolute(rel), match.path).toBe(false);
    }
    const file = output(result).matches.find((m) => m.path === path.join(root, 'link-in-file'));
    expect(file).toMatchObject({ isDirectory: false, sizeBytes: 'top.txt'.length });
  });

  it('searches below a link inside the root and lists files under the link path', async () => {
    const result = await searchAll(followServer, {
      path: 'link-in-dir',
      includeDirectories: false,
    });
    const paths = output(result).matches.map((m) => m.path);
    expect(paths[0]).toBe(path.join(root, 'link-in-dir', 'b', 'deep.txt'));
    // `link-in-dir/up` leads to the root: inside it, so followed, but each folder only once.
    for (const p of paths)
      expect(p.startsWith(path.join(root, 'link-in-dir') + path.sep)).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.join('\n')).not.toMatch(/secret|outside|sensitive|\/up\/.*\/up\//);
    expect(output(result).nextCursor).toBeNull();
  });

  it('still refuses start paths and roots that leave the root', async () => {
    expectError(await searchAll(followServer, { path: 'link-out-dir' }), 'SymlinkEscapeDetected');
    expectError(await searchAll(followServer, { path: 'chain1' }), 'SymlinkEscapeDetected');
    expectError(await searchAll(followServer, { path: 'loop-a' }), 'SymlinkEscapeDetected');
    expectError(await searchAll(followServer, { root: sibling }), 'RootNotAllowed');
  });

  it('terminates on a link loop inside the root', async () => {
    const loopBase = makeTempDir('fg-sec-loop-');
    try {
      writeTree(loopBase, [{ path: 'x/y/file.txt', mtime: MTIME }]);
      fs.symlinkSync('..', path.join(loopBase, 'x', 'y', 'back-to-x-parent'));
      fs.symlinkSync('../..', path.join(loopBase, 'x', 'y', 'back-to-root'));
      fs.symlinkSync('.', path.join(loopBase, 'x', 'self'));
      const handle = await startServer(['--root', loopBase, '--follow-symlinks']);
      try {
        const result = await searchAll(handle, { includeDirectories: false });
        const paths = relPaths(result, loopBase);
        expect(paths).toContain('x/y/file.txt');
        expect(new Set(paths).size).toBe(paths.length);
        expect(paths.length).toBeLessThan(10);
        expect(output(result).nextCursor).toBeNull();
      } finally {
        await handle.close();
      }
    } finally {
      removeTempDir(loopBase);
    }
  });
});

describe('unreadable entries', () => {
  const NOBODY = 65534;
  let ubase: string;
  let uroot: string;
  let handle: ServerHandle;

  /** Starts the server as an unprivileged user: root ignores file permissions. */
  async function startUnprivileged(args: string[]): Promise<ServerHandle> {
    if (process.getuid?.() !== 0) return startServer(args);
    let setpriv: string;
    try {
      setpriv = execFileSync('which', ['setpriv'], { encoding: 'utf8' }).trim();
    } catch {
      throw new Error(
        'The tests run as root and setpriv is missing: cannot test unreadable folders.',
      );
    }
    const transport = new StdioClientTransport({
      command: setpriv,
      args: [
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        '--clear-groups',
        process.execPath,
        SERVER_ENTRY,
        ...args,
      ],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'foldergate-tests', version: '1.0.0' });
    await client.connect(transport);
    return { client, transport, stderr: () => stderr, close: () => client.close() };
  }

  beforeAll(async () => {
    ubase = makeTempDir('fg-sec-perm-');
    uroot = path.join(ubase, 'root');
    writeTree(uroot, [
      { path: 'ok/file.txt', mtime: MTIME },
      { path: 'locked/secret.txt', mtime: MTIME },
      { path: 'noexec/hidden.txt', mtime: MTIME },
      { path: 'z.txt', mtime: MTIME },
    ]);
    fs.chmodSync(ubase, 0o755); // mkdtemp makes it 0700
    fs.chmodSync(path.join(uroot, 'locked'), 0o000);
    fs.chmodSync(path.join(uroot, 'noexec'), 0o644); // names readable, entries not stat-able
    handle = await startUnprivileged(['--root', uroot]);
  });

  afterAll(async () => {
    await handle?.close();
    if (ubase) removeTempDir(ubase);
  });

  it('skips unreadable folders and entries, counts them, and says so', async () => {
    const result = await callTool(handle, TOOL, { timeField: 'modified', sort: 'path_asc' });
    expect(result.isError, firstText(result)).toBeFalsy();
    const paths = searchOutput(result).matches.map((m) => path.relative(uroot, m.path));
    expect(paths).toEqual([path.join('ok', 'file.txt'), 'z.txt']);
    expect(firstText(result)).toMatch(/Skipped 2 unreadable entries/);
  });

  it('answers AccessDenied for an unreadable start folder', async () => {
    const result = await callTool(handle, TOOL, { timeField: 'modified', path: 'locked' });
    expect(errorCode(result), firstText(result)).toBe('AccessDenied');
    expect(firstText(result)).not.toContain(ubase);
  });
});
