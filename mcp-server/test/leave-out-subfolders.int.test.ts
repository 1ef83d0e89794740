// Issue 36, item 2: "everything but this subfolder". The folder is added as the app adds it, a
// subfolder and a name are left out through the app core's own service (which records the
// subfolder's identity), and the built server reads settings.json over stdio: a start inside is
// PathExcluded, nothing from inside is listed on any page, in any sort or from a snapshot, a renamed
// left-out subfolder stays out, and a second process swapping it for a link to a sibling (and
// back, with the real one parked under another name inside the folder) never makes a search list
// anything from inside.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRootsService } from '#core/folders/folders-service.js';
import { createLeaveOutService } from '#core/folders/leave-out-service.js';
import { createSettingsStore } from '#appdata/settings/settings-store.js';
import {
  callTool,
  errorCode,
  firstText,
  makeTempDir,
  removeTempDir,
  type ServerHandle,
  useServers,
} from '#testing/mcp-server.js';
import { scaled } from '#testing/time.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const ROUNDS = 25;

// Parks `taxes` under another name inside the folder and puts a link to `sibling` in its place,
// then back, until killed; writes one line once it runs.
const SWAPPER = `
const fs = require('node:fs');
const [taxes, parked, sibling] = process.argv.slice(1);
const cell = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(cell, 0, 0, ms);
process.stdout.write('ready\\n');
for (;;) {
  try {
    sleep(Math.random() * 3);
    fs.renameSync(taxes, parked);
    fs.symlinkSync(sibling, taxes);
    sleep(Math.random() * 2);
    fs.unlinkSync(taxes);
    fs.renameSync(parked, taxes);
  } catch {}
}`;

let base: string;
let root: string;
let configDir: string;
let swapper: ChildProcess | null = null;

function write(rel: string, text = 'x'): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

beforeAll(async () => {
  base = makeTempDir('fg-leave-out-');
  root = path.join(base, 'root');
  for (let i = 0; i < 8; i++) write(`Taxes/2024/secret-${i}.pdf`);
  write('Taxes/secret-top.txt');
  write('Work/Taxes/in-memo.txt'); // a Taxes below Work is not the left-out one
  write('Work/node_modules/pkg/secret-nm.js');
  write('code/node_modules/secret-nm2.js');
  for (let i = 0; i < 6; i++) write(`Sibling/in-sib-${i}.txt`);
  for (let d = 0; d < 6; d++) for (let f = 0; f < 3; f++) write(`x${d}/in-${d}-${f}.txt`);
  write('in-top.txt');
  configDir = path.join(base, 'home');
  const store = createSettingsStore(configDir);
  await store.load();
  await createRootsService(store, { home: base }).add(root);
  const leaveOut = createLeaveOutService(store);
  await leaveOut.change(root, { op: 'addFolder', folder: path.join(root, 'Taxes') });
  await leaveOut.change(root, { op: 'addName', name: 'node_modules' });
});

afterEach(async () => {
  await stopSwapper();
  restore();
});

afterAll(() => removeTempDir(base));

function restore(): void {
  const taxes = path.join(root, 'Taxes');
  if (fs.lstatSync(taxes, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(taxes);
  for (const parked of ['.parked', 'Archive-2019']) {
    const at = path.join(root, parked);
    if (fs.existsSync(at)) fs.renameSync(at, taxes);
  }
}

const { start } = useServers();

async function stopSwapper(): Promise<void> {
  const child = swapper;
  swapper = null;
  if (child === null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

type Sort = 'path_asc' | 'time_desc' | 'time_asc';

function search(h: ServerHandle, sort: Sort, extra: object = {}) {
  return callTool(h, TOOL, {
    timeField: 'modified',
    sort,
    limit: 1000,
    includeDirectories: true,
    ...extra,
  });
}

/** Every path listed, page after page (limit `limit`), relative to the root. */
async function allPages(h: ServerHandle, sort: Sort, extra: object = {}): Promise<string[]> {
  const listed: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await search(h, sort, { limit: 4, ...extra, ...(cursor ? { cursor } : {}) });
    expect(result.isError, firstText(result)).toBeFalsy();
    const out = searchOutput(result);
    listed.push(...out.matches.map((m) => path.relative(root, m.path).split(path.sep).join('/')));
    if (out.nextCursor === null) return listed;
    cursor = out.nextCursor;
  }
  throw new Error('more than 100 pages');
}

const inside = (rel: string) =>
  rel === 'Taxes' ||
  rel.startsWith('Taxes/') ||
  rel.includes('node_modules') ||
  rel.includes('secret');

describe('a left-out subfolder and name, through the built server', () => {
  it('refuses a start inside with PathExcluded and says nothing of what is inside', async () => {
    const h = await start(['--config-dir', configDir]);
    for (const p of ['Taxes', 'Taxes/2024', 'Work/node_modules', 'code/node_modules']) {
      for (const sort of ['path_asc', 'time_desc'] as const) {
        const result = await search(h, sort, { path: p });
        expect(errorCode(result), p).toBe('PathExcluded');
        expect(firstText(result)).toContain(
          `'${p}' is inside a subfolder the user keeps private from AI apps.`,
        );
        expect(firstText(result)).toContain(
          'Search another folder; only the user can change this in FolderGate.',
        );
        expect(firstText(result)).not.toContain('secret');
      }
    }
    // The same name deeper down is not the left-out subfolder.
    const work = await search(h, 'path_asc', { path: 'Work/Taxes' });
    expect(searchOutput(work).matches.map((m) => path.basename(m.path))).toEqual(['in-memo.txt']);
  });

  it('lists nothing from inside on any page, in any sort, from snapshots, for any glob', async () => {
    const h = await start(['--config-dir', configDir], { FOLDERGATE_SCAN_POOL: '2' });
    const expected = (await allPages(h, 'path_asc')).sort();
    expect(expected.filter(inside)).toEqual([]);
    expect(expected).toContain('Work/Taxes/in-memo.txt');
    expect(expected).toContain('Sibling/in-sib-0.txt');
    for (const sort of ['time_desc', 'time_asc'] as const) {
      // Later pages of a time sort come from the first page's snapshot.
      const listed = await allPages(h, sort);
      expect(listed.filter(inside)).toEqual([]);
      expect([...listed].sort()).toEqual(expected);
    }
    for (const glob of ['**/secret*', 'Taxes/**', '**/node_modules/**', '*.pdf']) {
      for (const sort of ['path_asc', 'time_desc'] as const) {
        const names = searchOutput(await search(h, sort, { glob })).matches.map((m) => m.path);
        expect(names, glob).toEqual([]);
      }
    }
  });

  it('keeps a renamed left-out subfolder out, by identity', async () => {
    const h = await start(['--config-dir', configDir]);
    fs.renameSync(path.join(root, 'Taxes'), path.join(root, 'Archive-2019'));
    for (const sort of ['path_asc', 'time_desc'] as const) {
      const listed = searchOutput(await search(h, sort)).matches.map((m) => m.path);
      expect(listed.filter((p) => p.includes('secret') || p.includes('Archive'))).toEqual([]);
      expect(listed.length).toBeGreaterThan(10);
      const refused = await search(h, sort, { path: 'Archive-2019/2024' });
      expect(errorCode(refused)).toBe('PathExcluded');
    }
  });
});

describe('a left-out subfolder swapped for a link to a sibling while searches run', () => {
  for (const [pool, follow] of [
    ['0', false],
    ['2', false],
    ['0', true],
  ] as const) {
    it(
      `lists nothing from inside (scan children: ${pool}, links followed: ${follow})`,
      async () => {
        if (follow) {
          const store = createSettingsStore(configDir);
          await store.load();
          await store.update((s) => ({ ...s, followSymlinks: true }));
        }
        const h = await start(['--config-dir', configDir], {
          FOLDERGATE_SCAN_POOL: pool,
          FOLDERGATE_SNAPSHOT_TTL_MS: '0',
        });
        const child = spawn(
          process.execPath,
          [
            '-e',
            SWAPPER,
            path.join(root, 'Taxes'),
            path.join(root, '.parked'),
            path.join(root, 'Sibling'),
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        swapper = child;
        await new Promise<void>((resolve, reject) => {
          child.once('error', reject);
          child.stdout?.once('data', () => resolve());
        });
        const leaked: string[] = [];
        let listed = 0;
        for (let i = 0; i < ROUNDS; i++) {
          for (const sort of ['time_desc', 'path_asc'] as const) {
            const result = await search(h, sort);
            if (result.isError) continue;
            const paths = searchOutput(result).matches.map((m) =>
              path.relative(root, m.path).split(path.sep).join('/'),
            );
            leaked.push(...paths.filter(inside), ...paths.filter((p) => p.startsWith('.parked')));
            listed += paths.length;
          }
        }
        expect(leaked).toEqual([]);
        expect(listed).toBeGreaterThan(0);
        if (follow) {
          const store = createSettingsStore(configDir);
          await store.load();
          await store.update((s) => ({ ...s, followSymlinks: false }));
        }
      },
      scaled(60_000),
    );
  }
});
