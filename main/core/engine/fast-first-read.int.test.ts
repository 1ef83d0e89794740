// Whether the search engine reads new folders with its native listing (the fast first read), as
// the engine says it in its first status line and the app's supervisor relays it: on with the
// module the build made, off and why with none for the platform, with one that will not load, and
// with FOLDERGATE_NATIVE_LIST=0 in the app's environment; unknown (null) once no engine runs. The
// engine runs from a copy of the built bundle laid out as in the app (<resources>/engine/), so each
// case is its own real module file, or none.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineStatus } from '#shared/engine/engine.js';
import { NATIVE_LIST_FILE } from '#search/native-list.js';
import { REPO_ROOT } from '#testing/repo.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { createEngineSupervisor } from './engine-supervisor.js';

const BUILT = path.join(REPO_ROOT, 'engine', 'dist');
const dirs: string[] = [];

/** A <resources> folder with the engine's bundle and `module` as its native listing (or none). */
function resources(module: 'built' | 'none' | 'broken'): string {
  const dir = makeTempDir('fg-fast-read-');
  dirs.push(dir);
  const engine = path.join(dir, 'engine');
  fs.mkdirSync(engine);
  fs.mkdirSync(path.join(dir, 'mcp-server')); // the server's folder the engine's is found beside
  for (const file of ['engine.js', 'crawl-helper.js'])
    fs.copyFileSync(path.join(BUILT, file), path.join(engine, file));
  fs.copyFileSync(
    path.join(REPO_ROOT, 'main', 'electron', 'resources', 'node-module.package.json'),
    path.join(engine, 'package.json'),
  );
  if (module === 'built')
    fs.copyFileSync(path.join(BUILT, NATIVE_LIST_FILE), path.join(engine, NATIVE_LIST_FILE));
  // A file of the module's name that is no module: it cannot load (as on a glibc below 2.28).
  if (module === 'broken') fs.writeFileSync(path.join(engine, NATIVE_LIST_FILE), 'not a module');
  return dir;
}

/** The first status the supervisor relays from an engine started from `dir`, and after stop. */
async function relayed(
  dir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ first: EngineStatus; stopped: EngineStatus }> {
  const appData = makeTempDir('fg-fast-read-data-');
  dirs.push(appData);
  const lines: string[] = [];
  const supervisor = createEngineSupervisor(
    {
      command: process.execPath,
      args: [path.join(dir, 'mcp-server', 'index.js'), '--config-dir', appData],
      env: {},
    },
    { log: (line) => lines.push(line), env },
  );
  try {
    const first = await new Promise<EngineStatus>((resolve, reject) => {
      supervisor.onStatus((status) => {
        if (status.running) resolve(status);
        else reject(new Error(`the engine stopped: ${lines.join('\n')}`));
      });
      supervisor.start();
    });
    await supervisor.stop();
    return { first, stopped: supervisor.status() };
  } finally {
    await supervisor.stop();
  }
}

beforeAll(() => {
  // Built by the integration project's global setup (engine/build.mjs).
  expect(fs.existsSync(path.join(BUILT, 'engine.js'))).toBe(true);
});
afterAll(() => {
  for (const dir of dirs) removeTempDir(dir);
});

describe('the fast first read, as the engine says it and the app relays it', () => {
  it.runIf(process.platform === 'linux')(
    'is on with the module the build made; the first line says so before any folder',
    async () => {
      const dir = resources('built');
      // The engine's own first line, as it writes it.
      const appData = makeTempDir('fg-fast-read-data-');
      dirs.push(appData);
      const engine = spawn(
        process.execPath,
        [path.join(dir, 'engine', 'engine.js'), '--config-dir', appData],
        { stdio: ['pipe', 'pipe', 'ignore'] },
      );
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        engine.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
        });
        engine.on('close', (code) => reject(new Error(`the engine ended (${code})`)));
      });
      const ended = new Promise((resolve) => engine.on('close', resolve));
      engine.stdin.end(); // the engine ends with its stdin
      await ended;
      expect(JSON.parse(line)).toEqual({ running: true, fastFirstRead: 'on', folders: [] });

      const { first, stopped } = await relayed(dir);
      expect(first).toEqual({ running: true, fastFirstRead: 'on', folders: [] });
      expect(stopped).toEqual({ running: false, fastFirstRead: null, folders: [] });
    },
  );

  it('is off for the platform when the build has no module for it', async () => {
    const { first } = await relayed(resources('none'));
    expect(first.fastFirstRead).toBe('off-platform');
  });

  it.runIf(process.platform === 'linux')(
    'is off, failed, when the module will not load',
    async () => {
      const { first } = await relayed(resources('broken'));
      expect(first.fastFirstRead).toBe('off-failed');
    },
  );

  it('is off, as asked, with FOLDERGATE_NATIVE_LIST=0 where the app was started', async () => {
    const { first } = await relayed(resources(process.platform === 'linux' ? 'built' : 'none'), {
      FOLDERGATE_NATIVE_LIST: '0',
    });
    expect(first.fastFirstRead).toBe('off-disabled');
  });
});
