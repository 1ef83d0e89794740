// lstat through Node's binding (fast-lstat.ts) against fs.lstatSync on real files: the same size
// and times to the fraction of a millisecond, the same answer for a missing path, the same error
// for an unreadable one, and the fallback when the binding is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enableFastLstat, isFastLstat, lstatTimes, testing } from './fast-lstat.js';

let dir: string;
beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-lstat-')));
  fs.writeFileSync(path.join(dir, 'a.txt'), 'hello');
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.writeFileSync(path.join(dir, 'sub', 'b.bin'), Buffer.alloc(70_000));
  fs.symlinkSync('a.txt', path.join(dir, 'link'));
  fs.symlinkSync('nowhere', path.join(dir, 'dangling'));
  fs.writeFileSync(path.join(dir, 'naïve ☃.txt'), 'x');
  // Times with sub-millisecond parts and one before 1970, to check the conversion exactly.
  fs.utimesSync(path.join(dir, 'a.txt'), 1_700_000_000.123456, 1_700_000_000.987654);
  fs.utimesSync(path.join(dir, 'sub', 'b.bin'), -86_400.5, -86_400.25);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const names = ['a.txt', 'sub', 'sub/b.bin', 'link', 'dangling', 'naïve ☃.txt'];

describe('lstatTimes', () => {
  it('is off until a scan process turns it on, and only on an allow-listed Node major', () => {
    expect(isFastLstat()).toBe(false); // as in the server: fs.lstatSync
    expect(enableFastLstat('18.20.0')).toBe(false);
    expect(enableFastLstat('24.1.0')).toBe(false);
    expect(isFastLstat()).toBe(false);
    // This Node (20 here; 22 under Electron 45) passes the binding's checks.
    expect(enableFastLstat()).toBe(process.platform === 'linux');
  });

  it('gives exactly what fs.lstatSync gives, by absolute path and by name in the working folder', () => {
    for (const name of names) {
      const st = fs.lstatSync(path.join(dir, name));
      const t = lstatTimes(path.join(dir, name));
      expect(t, name).toEqual({ size: st.size, mtimeMs: st.mtimeMs, birthtimeMs: st.birthtimeMs });
    }
    const cwd = process.cwd();
    try {
      process.chdir(path.join(dir, 'sub'));
      expect(lstatTimes('b.bin')?.size).toBe(70_000);
      expect(lstatTimes('b.bin')?.mtimeMs).toBe(fs.lstatSync('b.bin').mtimeMs);
    } finally {
      process.chdir(cwd);
    }
  });

  it('gives undefined for a missing entry and throws what fs.lstatSync throws otherwise', () => {
    expect(lstatTimes(path.join(dir, 'gone'))).toBeUndefined();
    expect(() => lstatTimes(path.join(dir, 'a.txt', 'below-a-file'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR' }) as Error,
    );
    expect(() => lstatTimes(`${dir}/a\u0000b`)).toThrow();
  });

  it('runs without a binding check failure on its own probes, and refuses a path that does not exist', () => {
    expect(testing.loadRawLstat([process.execPath, dir])).not.toBeNull();
    expect(testing.loadRawLstat([path.join(dir, 'gone')])).toBeNull();
  });

  it('falls back to fs.lstatSync when turned off (FOLDERGATE_FAST_LSTAT=0), with the same results', async () => {
    vi.resetModules();
    process.env.FOLDERGATE_FAST_LSTAT = '0';
    try {
      const fresh = await import('./fast-lstat.js');
      expect(fresh.enableFastLstat()).toBe(false);
      expect(fresh.isFastLstat()).toBe(false);
      for (const name of names) {
        const st = fs.lstatSync(path.join(dir, name));
        const t = fresh.lstatTimes(path.join(dir, name));
        expect(t?.size).toBe(st.size);
        expect(t?.mtimeMs).toBe(st.mtimeMs);
        expect(t?.birthtimeMs).toBe(st.birthtimeMs);
      }
      expect(fresh.lstatTimes(path.join(dir, 'gone'))).toBeUndefined();
    } finally {
      delete process.env.FOLDERGATE_FAST_LSTAT;
      vi.resetModules();
    }
  });
});
