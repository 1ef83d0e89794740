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
import { holdSettingsLockInOtherProcess, makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
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
