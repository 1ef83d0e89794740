// A walk that runs out of descriptors (EMFILE: the process's open-files limit) opening a folder
// waits and tries again: the folder is read, not counted unreadable. One that never gets a
// descriptor is counted unreadable in a search (its answer says how many) and ends a crawl
// ('throw': the engine reads it again later). Real folders; the shortage is made by a folder
// access that fails opens as the system would.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import type { FolderAccess } from './folder-access.js';
import { platformFolderAccess } from './platform-access.js';
import { walkTree, type WalkSpec } from './walker.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) removeTempDir(d);
});

function tree(): string {
  const root = makeTempDir('fg-walk-emfile-');
  dirs.push(root);
  for (const rel of ['a/one.txt', 'b/deep/two.txt', 'c/three.txt']) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), 'x');
  }
  return root;
}

/** The platform's access, whose opens of `names` fail with EMFILE the first `times` times each. */
function shortOf(names: string[], times: number): FolderAccess & { failed: Map<string, number> } {
  const real = platformFolderAccess();
  const access = {
    ...real,
    failed: new Map<string, number>(),
    openChild(parent: Parameters<FolderAccess['openChild']>[0], child: string) {
      const failed = access.failed.get(child) ?? 0;
      if (names.includes(child) && failed < times) {
        access.failed.set(child, failed + 1);
        throw Object.assign(new Error(`EMFILE: too many open files, open '${child}'`), {
          code: 'EMFILE',
        });
      }
      return real.openChild(parent, child);
    },
  };
  return access;
}

async function walk(root: string, access: FolderAccess, extra: Partial<WalkSpec> = {}) {
  const seen: string[] = [];
  const result = await walkTree({
    startReal: root,
    rootReal: root,
    maxDepth: 10,
    followSymlinks: false,
    after: null,
    until: null,
    limits: null,
    deadline: Infinity,
    access,
    visit(entry) {
      seen.push(entry.rel);
      return true;
    },
    ...extra,
  });
  return { result, seen };
}

describe('a walk out of descriptors', () => {
  it('waits and reads the folder once descriptors are free again', async () => {
    const root = tree();
    const access = shortOf(['b'], 3);
    const { result, seen } = await walk(root, access);
    expect(access.failed.get('b')).toBe(3);
    expect(result.skippedUnreadable).toBe(0);
    expect(seen).toContain('b/deep/two.txt');
  });

  it('counts a folder that never gets one unreadable in a search, and ends a crawl with EMFILE', async () => {
    const root = tree();
    const access = shortOf(['a', 'b'], Infinity);
    const counted = await walk(root, access);
    expect(counted.result.skippedUnreadable).toBe(2);
    expect(counted.seen).toContain('c/three.txt');
    // One round of waits a walk: 'a' was tried nine times, 'b' (after it) once.
    expect([...access.failed]).toEqual([
      ['a', 9],
      ['b', 1],
    ]);
    await expect(
      walk(root, shortOf(['b'], Infinity), { outOfDescriptors: 'throw' }),
    ).rejects.toMatchObject({
      code: 'EMFILE',
    });
  });
});
