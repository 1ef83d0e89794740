// Lost updates between processes: many real `foldergate roots add` processes (and the app's own
// store in this process) change settings.json at the same moment; every change must be kept.
// Real processes, a real FOLDERGATE_HOME and real folders; nothing is mocked.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settingsSchema } from '#shared/settings/settings.js';
import { createRootsService } from '#core/folders/folders-service.js';
import { createSettingsStore } from './settings-store.js';
import { holdSettingsLockInOtherProcess, makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { CLI_SHIM } from '#testing/repo.js';
import { scaled } from '#testing/time.js';

const ROUNDS = 3;
const CLI_WRITERS = 8;

let base: string;
let home: string;

beforeAll(() => {
  // The bundles come from the integration project's one build (testing/global-setup.ts).
});

beforeEach(() => {
  base = makeTempDir('fg-race-');
  home = path.join(base, 'home');
});
afterEach(() => removeTempDir(base));

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `foldergate roots add <dir>` without waiting for it. */
function addByCli(dir: string): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_SHIM, 'roots', 'add', dir], {
      cwd: base,
      env: { ...process.env, FOLDERGATE_HOME: home },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function makeFolders(round: number, prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const dir = path.join(base, `r${round}-${prefix}${i}`);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  });
}

function savedPaths(): string[] {
  const text = fs.readFileSync(path.join(home, 'settings.json'), 'utf8');
  return settingsSchema
    .parse(JSON.parse(text))
    .roots.map((r) => r.path)
    .sort();
}

describe('settings.json across processes', () => {
  it(
    `keeps every folder of ${CLI_WRITERS} CLI processes started at once`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        fs.rmSync(home, { recursive: true, force: true });
        const dirs = makeFolders(round, 'cli', CLI_WRITERS);
        const exits = await Promise.all(dirs.map(addByCli));
        for (const exit of exits) {
          expect(exit.code, exit.stderr).toBe(0);
          expect(exit.stdout).toContain('Added');
        }
        expect(savedPaths(), `round ${round}`).toEqual([...dirs].sort());
      }
    },
    scaled(120_000),
  );

  it(
    `keeps every folder when ${CLI_WRITERS} CLI processes race the app's own store`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        fs.rmSync(home, { recursive: true, force: true });
        const store = createSettingsStore(home);
        await store.load();
        const roots = createRootsService(store, { home: base });
        const cliDirs = makeFolders(round, 'cli', CLI_WRITERS);
        const appDirs = makeFolders(round, 'app', 4);
        const [exits] = await Promise.all([
          Promise.all(cliDirs.map(addByCli)),
          Promise.all(
            appDirs.map(async (dir, i) => {
              // Spread the app's changes over the time the CLI processes start and write.
              await new Promise((r) => setTimeout(r, 150 * i));
              return roots.add(dir);
            }),
          ),
        ]);
        for (const exit of exits) expect(exit.code, exit.stderr).toBe(0);
        const all = [...cliDirs, ...appDirs].sort();
        expect(savedPaths(), `round ${round}`).toEqual(all);
        // The app's own view follows the file once it refreshes.
        const view = await store.refresh();
        expect(view.settings.roots.map((r) => r.path).sort()).toEqual(all);
      }
    },
    scaled(180_000),
  );

  it(
    `keeps every folder of ${CLI_WRITERS} CLI processes that find the lock of a killed FolderGate`,
    async () => {
      fs.mkdirSync(home, { recursive: true });
      const file = path.join(home, 'settings.json');
      const holder = await holdSettingsLockInOtherProcess(file, base);
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      // Touched an hour from now: no process can take it over by its age, only by its dead holder;
      // they all find it at once and must still take turns.
      const later = new Date(Date.now() + 3_600_000);
      fs.utimesSync(`${file}.lock`, later, later);
      const dirs = makeFolders(0, 'after-kill', CLI_WRITERS);
      const exits = await Promise.all(dirs.map(addByCli));
      for (const exit of exits) expect(exit.code, exit.stderr).toBe(0);
      expect(savedPaths()).toEqual([...dirs].sort());
      expect(fs.existsSync(`${file}.lock`)).toBe(false);
    },
    scaled(120_000),
  );
});
