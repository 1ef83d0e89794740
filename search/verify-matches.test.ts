// The last check of an engine's matches looks at each match below the root's descriptor in one
// native call whose opens the kernel refuses through any link (stat-below.ts, openat2), or,
// without the native module, opens each match's folder in one call and proves it by the kernel's
// own path (FolderAccess.openBelow): either way a link anywhere on the way, a folder swapped for
// one, or a root moved away is never read through, and the match is said to have changed (the
// server then walks). Real folders and links, both ways.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { PLAIN_MATCH } from '#testing/engine-query.js';
import type { Candidate } from './candidates.js';
import { lookingFolderAccess } from './platform-access.js';
import { checkMatchesOnDisk } from './verify-matches.js';
import { disableNativeList, enableNativeList, NATIVE_LIST_FILE } from './native-list.js';
import { statBelow } from './stat-below.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) removeTempDir(d);
});

function tree(): string {
  const root = fs.realpathSync(makeTempDir('fg-verify-'));
  dirs.push(root);
  for (const rel of ['a/b/c/deep.txt', 'x/b/c/deep.txt', 'top.txt']) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), 'same size');
    // Whole seconds, the same everywhere: only where a file is tells two apart.
    fs.utimesSync(path.join(root, rel), 1_700_000_000, 1_700_000_000);
  }
  return root;
}

function candidate(root: string, rel: string): Candidate {
  const st = fs.lstatSync(path.join(root, rel));
  return {
    rel,
    t: st.mtimeMs,
    isDirectory: false,
    size: st.size,
    mtimeMs: st.mtimeMs,
    birthtimeMs: st.birthtimeMs,
  };
}

const query = PLAIN_MATCH;

const fdAccess = lookingFolderAccess().openBelow !== undefined;

const NATIVE = path.join(REPO_ROOT, 'engine', 'dist', NATIVE_LIST_FILE);

for (const way of ['native', 'JavaScript'] as const)
  describe(`the check of an engine’s matches (${way})`, () => {
    beforeEach(() => {
      if (way === 'native' && process.platform === 'linux')
        expect(enableNativeList(NATIVE), 'the native module did not load').toBe(true);
    });
    afterEach(() => disableNativeList());

    it.runIf(process.platform === 'linux')('looks natively, or not, as asked', () => {
      const root = tree();
      const access = lookingFolderAccess();
      const opened = access.openStart(root, [], null);
      try {
        const stats = access.statBelow?.(opened, ['a/b/c/deep.txt']) ?? null;
        if (way === 'native') expect(stats?.[0]).toMatchObject({ status: 'ok', size: 9 });
        else expect(stats).toBeNull();
      } finally {
        access.close(opened);
        access.leave();
      }
    });

    it.runIf(process.platform === 'linux')('has the one-call open here (Linux)', () => {
      expect(fdAccess).toBe(true);
    });

    it('finds matches on disk as listed, at any depth', () => {
      const root = tree();
      const matches = ['a/b/c/deep.txt', 'top.txt', 'x/b/c/deep.txt'].map((r) =>
        candidate(root, r),
      );
      expect(checkMatchesOnDisk(root, null, [], matches, query)).toEqual({
        changed: [],
        unfit: [],
      });
      // Below a start folder too.
      const below = [candidate(root, 'a/b/c/deep.txt')].map((c) => ({ ...c, rel: 'b/c/deep.txt' }));
      expect(checkMatchesOnDisk(root, null, ['a'], below, query)).toEqual({
        changed: [],
        unfit: [],
      });
    });

    it('never reads through a link on the way, inside the root or out of it', () => {
      const root = tree();
      const matches = [candidate(root, 'a/b/c/deep.txt'), candidate(root, 'top.txt')];
      // The very same file (a hard link: same size and times) at x/b/c and outside the root; a/b
      // swapped for a link to x/b, then to the folder outside: the file read through either is
      // the match's in every stat, and only where its folder is tells the difference.
      const outside = tree();
      for (const at of [path.join(root, 'x/b/c/deep.txt'), path.join(outside, 'a/b/c/deep.txt')]) {
        fs.rmSync(at);
        fs.linkSync(path.join(root, 'a/b/c/deep.txt'), at);
      }
      fs.renameSync(path.join(root, 'a/b'), path.join(root, 'a/b-old'));
      fs.symlinkSync(path.join(root, 'x/b'), path.join(root, 'a/b'));
      expect(checkMatchesOnDisk(root, null, [], matches, query).changed).toEqual([
        'a/b/c/deep.txt',
      ]);
      fs.rmSync(path.join(root, 'a/b'));
      fs.symlinkSync(path.join(outside, 'a/b'), path.join(root, 'a/b'));
      expect(checkMatchesOnDisk(root, null, [], matches, query).changed).toEqual([
        'a/b/c/deep.txt',
      ]);
      // The match's own folder a link: the same.
      fs.rmSync(path.join(root, 'a/b'));
      fs.renameSync(path.join(root, 'a/b-old'), path.join(root, 'a/b'));
      fs.renameSync(path.join(root, 'a/b/c'), path.join(root, 'a/b/c-old'));
      fs.symlinkSync(path.join(root, 'a/b/c-old'), path.join(root, 'a/b/c'));
      expect(checkMatchesOnDisk(root, null, [], matches, query).changed).toEqual([
        'a/b/c/deep.txt',
      ]);
      // Put back: found as listed again.
      fs.rmSync(path.join(root, 'a/b/c'));
      fs.renameSync(path.join(root, 'a/b/c-old'), path.join(root, 'a/b/c'));
      expect(checkMatchesOnDisk(root, null, [], matches, query).changed).toEqual([]);
    });

    it.runIf(fdAccess)('refuses a folder whose root was moved away once opened', () => {
      const root = tree();
      const access = lookingFolderAccess();
      const opened = access.openStart(root, [], null);
      try {
        fs.renameSync(root, `${root}-moved`);
        dirs.push(`${root}-moved`);
        expect(() => access.openBelow!(opened, ['a', 'b', 'c'], root)).toThrow(
          expect.objectContaining({ code: 'ECHANGED' }),
        );
        fs.renameSync(`${root}-moved`, root);
        const folder = access.openBelow!(opened, ['a', 'b', 'c'], root);
        expect(access.lstat(folder, 'deep.txt')?.isFile()).toBe(true);
        access.close(folder);
      } finally {
        access.close(opened);
        access.leave();
      }
    });
  });

describe.runIf(process.platform === 'linux')('stat-below.ts, the native look', () => {
  beforeEach(() => {
    expect(enableNativeList(NATIVE)).toBe(true);
  });
  afterEach(() => disableNativeList());

  it('says what each path is, and refuses what is no entry below the root', () => {
    const root = tree();
    const fd = fs.openSync(root, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
    try {
      const st = fs.lstatSync(path.join(root, 'a/b/c/deep.txt'));
      const [deep, top, folder, gone, goneFolder, up, dot, nul, empty] = statBelow(fd, [
        'a/b/c/deep.txt',
        'top.txt',
        'a/b',
        'a/b/c/none.txt',
        'a/none/x.txt',
        'a/../../etc/passwd',
        'a/.',
        'top.txt\0.evil',
        'a/',
      ])!;
      expect(deep).toMatchObject({ status: 'ok', size: st.size, mtimeMs: st.mtimeMs });
      expect(deep!.status === 'ok' && deep!.birthtimeMs).toBe(st.birthtimeMs);
      expect(deep!.status === 'ok' && deep!.isFile()).toBe(true);
      expect(top).toMatchObject({ status: 'ok' });
      expect(folder!.status === 'ok' && folder!.isDirectory()).toBe(true);
      expect(gone).toEqual({ status: 'gone' });
      expect(goneFolder).toEqual({ status: 'gone' });
      expect(up).toEqual({ status: 'refused' });
      expect(dot).toEqual({ status: 'refused' });
      expect(nul).toEqual({ status: 'refused' });
      expect(empty).toEqual({ status: 'refused' });
    } finally {
      fs.closeSync(fd);
    }
  });
});

describe.runIf(process.platform === 'linux')('stat-below.ts, permissions', () => {
  it('does not look into a folder whose names cannot be read, as the walk cannot', () => {
    // As a user who is not root (root reads every folder): the nobody user when this runs as root.
    const base = fs.realpathSync(makeTempDir('fg-below-perm-'));
    dirs.push(base);
    fs.chmodSync(base, 0o755);
    fs.mkdirSync(path.join(base, 'closed'));
    fs.mkdirSync(path.join(base, 'open'));
    for (const folder of ['closed', 'open'])
      fs.writeFileSync(path.join(base, folder, 'f.txt'), 'x', { mode: 0o644 });
    fs.chmodSync(path.join(base, 'closed'), 0o311); // may be passed through, not listed
    const module = path.join(base, 'fast-list.node');
    fs.copyFileSync(NATIVE, module);
    fs.chmodSync(module, 0o755);
    const script = `const n = require(${JSON.stringify(module)});
      const fd = require('fs').openSync(${JSON.stringify(base)}, 'r');
      const s = n.statBelow(fd, ['closed/f.txt', 'open/f.txt']);
      console.log(JSON.stringify([s[0], s[7]]));`;
    const asNobody = process.getuid?.() === 0;
    const run = asNobody
      ? spawnSync(
          'setpriv',
          ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', script],
          { encoding: 'utf8' },
        )
      : spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.error, 'setpriv (util-linux) runs the check as another user').toBeUndefined();
    expect(run.stderr).toBe('');
    // Could not be looked at (the server then walks, and the walk skips it); the other is there.
    expect(JSON.parse(run.stdout)).toEqual([2, 0]);
  });
});
