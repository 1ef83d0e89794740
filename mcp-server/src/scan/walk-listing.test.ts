// Where a server finds the native listing for its walks, in each layout it runs from, and that a
// walk with it on gives what a walk with it off gives.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { disableNativeList, NATIVE_LIST_FILE } from '#search/native-list.js';
import { walkTree } from '#search/walker.js';
import { useNativeWalkListing, walkListingModule } from './walk-listing.js';

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-walk-listing-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  disableNativeList();
});

const place = (file: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  return file;
};

describe('walkListingModule', () => {
  it('finds the module beside the bundle, beside the app’s engine, or in a checkout’s engine/dist', () => {
    const a = tempDir();
    expect(walkListingModule(path.join(a, 'server'))).toBeNull();
    const checkout = place(path.join(a, 'engine', 'dist', NATIVE_LIST_FILE));
    expect(walkListingModule(path.join(a, 'mcp-server', 'dist'))).toBe(checkout);
    expect(walkListingModule(path.join(a, 'mcp-server', 'src', 'scan'))).toBe(
      path.join(
        a,
        'mcp-server',
        'src',
        'scan',
        '..',
        '..',
        '..',
        'engine',
        'dist',
        NATIVE_LIST_FILE,
      ),
    );
    const b = tempDir();
    const app = place(path.join(b, 'resources', 'engine', NATIVE_LIST_FILE));
    expect(walkListingModule(path.join(b, 'resources', 'mcp-server'))).toBe(
      path.join(b, 'resources', 'mcp-server', '..', 'engine', NATIVE_LIST_FILE),
    );
    expect(fs.existsSync(app)).toBe(true);
    const beside = place(path.join(b, 'resources', 'mcp-server', NATIVE_LIST_FILE));
    expect(walkListingModule(path.join(b, 'resources', 'mcp-server'))).toBe(beside);
  });
});

describe.runIf(process.platform === 'linux')('useNativeWalkListing', () => {
  it('turns the listing on from the checkout, and a walk with it finds what one without it finds', async () => {
    const root = fs.realpathSync(tempDir());
    for (const [rel, sec] of [
      ['a/one.txt', 1_700_000_000],
      ['a/b/two.md', 1_700_000_100],
      ['c/three.pdf', 1_700_000_200],
      ['four', 1_700_000_300],
    ] as const) {
      const file = place(path.join(root, rel));
      fs.utimesSync(file, sec, sec + 0.25);
    }
    fs.symlinkSync('four', path.join(root, 'link'));
    const walk = async () => {
      const seen: string[] = [];
      await walkTree({
        startReal: root,
        rootReal: root,
        maxDepth: 10,
        followSymlinks: false,
        after: null,
        until: null,
        limits: null,
        deadline: Number.POSITIVE_INFINITY,
        visit(entry) {
          const st = entry.stat();
          seen.push(`${entry.rel} ${entry.isDirectory} ${st?.size} ${st?.mtimeMs}`);
          return true;
        },
      });
      return seen;
    };
    const without = await walk();
    expect(useNativeWalkListing()).toBe(true);
    expect(await walk()).toEqual(without);
    expect(without).toContain('four false 0 1700000300250');
    expect(without).not.toContain(expect.stringMatching(/^link /));
  });
});
