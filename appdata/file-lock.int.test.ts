// The settings lock judges a holder by its process: real processes hold the lock through the real
// withSettingsLock (bundled, as the app is), and are killed for real.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LOCK_HOLDER_FILE,
  isLockHolderGone,
  readLockHolder,
  takeOverLock,
  withSettingsLock,
  type LockHolder,
} from './file-lock.js';
import {
  holdSettingsLockInOtherProcess,
  loopSettingsLockInOtherProcess,
  makeTempDir,
  removeTempDir,
} from '#testing/temp-dirs.js';
import { scaled } from '#testing/time.js';

let bundleDir: string;
let dir: string;
let file: string;
let lock: string;

beforeAll(() => {
  bundleDir = makeTempDir('fg-lock-holder-');
});
afterAll(() => removeTempDir(bundleDir));
beforeEach(() => {
  dir = makeTempDir('fg-lock-');
  file = path.join(dir, 'settings.json');
  lock = `${file}.lock`;
});
afterEach(() => removeTempDir(dir));

/** The lock looks touched an hour from now: no waiter can take it over by its age. */
function neverStale(): void {
  const later = new Date(Date.now() + 3_600_000);
  fs.utimesSync(lock, later, later);
}

describe('the holder record', () => {
  it('names the process that holds the lock, and goes with the lock', async () => {
    const seen = await withSettingsLock(file, async () => readLockHolder(lock));
    expect(seen).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(seen?.token).toMatch(/^[0-9a-f-]{36}$/);
    if (process.platform === 'linux') expect(seen?.started).toMatch(/^\d+$/);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('judges a live holder alive, and the same holder gone once it was killed', async () => {
    const child = await holdSettingsLockInOtherProcess(file, bundleDir);
    const holder = readLockHolder(lock);
    expect(holder).toMatchObject({ pid: child.pid });
    expect(isLockHolderGone(holder!)).toBe(false);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(isLockHolderGone(holder!)).toBe(true);
  });

  it('never judges a holder on another machine, and knows one from before a restart is gone', async () => {
    const mine = await withSettingsLock(file, async () => readLockHolder(lock));
    const gonePid = 2 ** 22 + 1; // above Linux's largest pid: no such process
    const elsewhere: LockHolder = { ...mine!, host: `not-${os.hostname()}`, pid: gonePid };
    expect(isLockHolderGone(elsewhere)).toBe(false);
    expect(isLockHolderGone({ ...mine!, pid: gonePid })).toBe(true);
    if (mine?.boot !== null)
      expect(isLockHolderGone({ ...mine!, boot: 'an-earlier-boot' })).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'does not mistake a process that reused the holder’s pid for the holder',
    async () => {
      const mine = await withSettingsLock(file, async () => readLockHolder(lock));
      expect(isLockHolderGone(mine!)).toBe(false);
      // This very process, but recorded as started at another time: the holder is gone.
      expect(isLockHolderGone({ ...mine!, started: String(Number(mine!.started) + 1) })).toBe(true);
    },
  );
});

describe('taking over from a holder that is gone', () => {
  it(
    'takes the lock of a killed holder at once, saying whose it was',
    async () => {
      const child = await holdSettingsLockInOtherProcess(file, bundleDir);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      neverStale();
      const gone: LockHolder[] = [];
      const inside = await withSettingsLock(file, async () => readLockHolder(lock), {
        onTakeOver: (holder) => gone.push(holder),
      });
      expect(gone.map((h) => h.pid)).toEqual([child.pid]);
      expect(inside?.pid).toBe(process.pid);
      expect(fs.existsSync(lock)).toBe(false);
    },
    scaled(40_000),
  );

  it(
    'lets exactly one of several waiters in at a time after the holder died',
    async () => {
      const child = await holdSettingsLockInOtherProcess(file, bundleDir);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      neverStale();
      let inside = 0;
      let most = 0;
      let takeOvers = 0;
      await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          withSettingsLock(
            file,
            async () => {
              most = Math.max(most, ++inside);
              // Real file work inside, so that the waiters' turns interleave.
              fs.writeFileSync(path.join(dir, `w${i}`), 'x');
              await fs.promises.readFile(path.join(dir, `w${i}`));
              inside--;
            },
            { onTakeOver: () => takeOvers++ },
          ),
        ),
      );
      expect(most).toBe(1);
      expect(takeOvers).toBe(1);
      expect(fs.existsSync(lock)).toBe(false);
    },
    scaled(40_000),
  );

  it('leaves a lock whose record is not the one judged gone (it changed hands) in place', async () => {
    const dead = await withSettingsLock(file, async () => readLockHolder(lock));
    const live = await withSettingsLock(file, async () => readLockHolder(lock));
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, LOCK_HOLDER_FILE), JSON.stringify(live));
    expect(takeOverLock(lock, dead!)).toBe(false);
    expect(readLockHolder(lock)).toEqual(live);
    expect(fs.readdirSync(lock)).toEqual([LOCK_HOLDER_FILE]);
    // The record judged is removed with its lock.
    fs.writeFileSync(path.join(lock, LOCK_HOLDER_FILE), JSON.stringify(dead));
    expect(takeOverLock(lock, dead!)).toBe(true);
    expect(fs.existsSync(lock)).toBe(false);
  });
});

describe('a takeover killed half way', () => {
  it('takes over at once a lock whose takeover was killed after it claimed the record', async () => {
    const mine = await withSettingsLock(file, async () => readLockHolder(lock));
    const gone: LockHolder = { ...mine!, pid: 2 ** 22 + 1 }; // no such process
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, 'claimed-0a1b.json'), JSON.stringify(gone));
    neverStale();
    expect(readLockHolder(lock)).toEqual(gone);
    const taken: LockHolder[] = [];
    await withSettingsLock(file, async () => undefined, { onTakeOver: (h) => taken.push(h) });
    expect(taken).toEqual([gone]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('a holder killed while it takes the lock (issue 34, item 8a)', () => {
  it(
    'never leaves a lock folder without its holder: every kill leaves no lock or one taken over at once',
    async () => {
      // Three locks, each taken and released in a loop by a process of its own: 30 kills.
      const files = ['a', 'b', 'c'].map((name) => path.join(dir, `${name}.json`));
      for (let round = 0; round < 10; round++) {
        const children = await Promise.all(
          files.map((f) => loopSettingsLockInOtherProcess(f, bundleDir)),
        );
        await Promise.all(
          children.map(async (child, i) => {
            // Somewhere in its taking, holding or releasing (a cycle lasts about a millisecond).
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
            child.kill('SIGKILL');
            await new Promise((resolve) => child.once('exit', resolve));
            const held = `${files[i]!}.lock`;
            if (!fs.existsSync(held)) return;
            const holder = readLockHolder(held);
            expect(holder, `round ${round}: ${held} without its holder`).not.toBeNull();
            expect(holder?.pid).toBe(child.pid);
            // No waiter could take it over by its age: only its gone holder frees it.
            const later = new Date(Date.now() + 3_600_000);
            fs.utimesSync(held, later, later);
            const inside = await withSettingsLock(files[i]!, async () => readLockHolder(held));
            expect(inside?.pid).toBe(process.pid);
          }),
        );
      }
      // Folders they left half made are tidied once they are judged left over.
      for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'))) {
        const old = new Date(Date.now() - 60_000);
        fs.utimesSync(path.join(dir, name), old, old);
      }
      for (const f of files) await withSettingsLock(f, async () => undefined);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
    scaled(120_000),
  );
});
