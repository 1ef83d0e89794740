// Issue 18 item 1: a second process swaps a folder of the logic catalog (a group under logics/,
// and logics/ itself) for a link to an outside folder holding same-named logics, as fast as it
// can, while the catalog is loaded again and again. A load that reads anything by its full path
// returns the outside SQL sooner or later (41 per 1,000 calls before the fix); the catalog is read
// through folder handles opened without following links, so it never may.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogicCatalog } from '#server/logic/logic-catalog.js';
import { makeTempDir, removeTempDir } from '#testing/mcp-server.js';

const LOADS = 4000;
const LOGICS = 12;

// Swaps `target` for a link to `outside` and back until killed, leaving each state for a random
// fraction of a millisecond or two so that loads start in one state and meet the other halfway.
const SWAPPER = `
const fs = require('node:fs');
const [target, parked, outside] = process.argv.slice(1);
const cell = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(cell, 0, 0, ms);
process.stdout.write('ready\\n');
for (;;) {
  try {
    sleep(Math.random() * 1.5);
    fs.renameSync(target, parked);
    fs.symlinkSync(outside, target);
    sleep(Math.random() * 1.5);
    fs.unlinkSync(target);
    fs.renameSync(parked, target);
  } catch {}
}`;

let base: string;
let catalog: string;
let swapper: ChildProcess | null = null;
let swapped: { target: string; parked: string } | null = null;

function writeLogics(dir: string, marker: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < LOGICS; i++)
    fs.writeFileSync(path.join(dir, `q${i}.sql`), `SELECT '${marker}' AS v${i}`);
}

beforeAll(() => {
  base = makeTempDir('fg-logic-race-');
  catalog = path.join(base, 'catalog');
  writeLogics(path.join(catalog, 'logics', 'grp'), 'inside');
  writeLogics(path.join(catalog, 'logics'), 'inside');
  // The outside folders mirror the catalog's names with secret contents.
  writeLogics(path.join(base, 'outside-grp'), 'SECRET-OUTSIDE');
  writeLogics(path.join(base, 'outside-logics', 'grp'), 'SECRET-OUTSIDE');
  writeLogics(path.join(base, 'outside-logics'), 'SECRET-OUTSIDE');
});

afterEach(async () => {
  await stopSwapper();
});

afterAll(() => {
  removeTempDir(base);
});

async function startSwapper(target: string, outside: string): Promise<void> {
  const parked = path.join(base, 'parked');
  const child = spawn(process.execPath, ['-e', SWAPPER, target, parked, outside], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  swapper = child;
  swapped = { target, parked };
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve());
  });
}

async function stopSwapper(): Promise<void> {
  const child = swapper;
  swapper = null;
  if (child === null || swapped === null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  const { target, parked } = swapped;
  if (fs.lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(target);
  if (fs.existsSync(parked)) fs.renameSync(parked, target);
}

/** Loads the catalog LOADS times while the swapper runs; counts loads that held outside SQL. */
function loadRepeatedly(): { leaks: number; inside: number } {
  // Racy re-reads off: a load re-reads contents only when the listing changed, as it does at
  // every swap.
  const cache = createLogicCatalog({ log: () => undefined, racyWindowMs: 0 });
  let leaks = 0;
  let inside = 0;
  for (let i = 0; i < LOADS; i++) {
    const snapshot = cache.snapshot(catalog);
    if (snapshot.status !== 'ready') continue;
    let leaked = false;
    for (const entry of snapshot.entries.values()) {
      if (!entry.ok) continue;
      if (entry.logic.sql.includes('SECRET-OUTSIDE')) leaked = true;
      else inside++;
    }
    if (leaked) leaks++;
  }
  return { leaks, inside };
}

describe.runIf(process.platform !== 'win32')('logic catalog against a swapping process', () => {
  it('never returns a logic from a group folder swapped for a link to outside', async () => {
    await startSwapper(path.join(catalog, 'logics', 'grp'), path.join(base, 'outside-grp'));
    const { leaks, inside } = loadRepeatedly();
    expect(leaks).toBe(0);
    expect(inside).toBeGreaterThan(0); // the catalog was read meanwhile, not refused outright
  });

  it('never returns a logic from logics/ swapped for a link to outside', async () => {
    await startSwapper(path.join(catalog, 'logics'), path.join(base, 'outside-logics'));
    const { leaks, inside } = loadRepeatedly();
    expect(leaks).toBe(0);
    expect(inside).toBeGreaterThan(0);
  });
});
