// The whole app killed in the middle of a query: the headless host (`foldergate web`, the app
// without its window) runs the engine as its child; a server started as AI apps start it has
// asked the engine when the host dies (SIGKILL). The engine goes with its app (its stdin ends),
// and the server's answer is still complete: it walked.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { askEngine } from '#appdata/engine/engine-ask.js';
import { enginePaths } from '#shared/engine/engine.js';
import { CLI_SHIM } from '#testing/repo.js';
import {
  callTool,
  makeTempDir,
  removeTempDir,
  startServer,
  writeTree,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { engineQuery } from '#testing/engine-query.js';
import { scaled, waitFor } from '#testing/time.js';
import { connectionsTo } from '#testing/unix-sockets.js';

const FILES = 40;
const dirs: string[] = [];
let host: ChildProcess | null = null;
let server: ServerHandle | null = null;
afterAll(async () => {
  await server?.close();
  host?.kill('SIGKILL');
  for (const dir of dirs) removeTempDir(dir);
});

function enginePid(appData: string): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => a.endsWith('engine.js')) && cmd.includes(appData)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

describe('the app killed in the middle of a query', () => {
  it(
    'takes its engine with it, and the server answers completely by walking',
    { timeout: scaled(90_000) },
    async () => {
      const appData = makeTempDir('fg-killed-app-');
      const home = makeTempDir('fg-killed-home-');
      dirs.push(appData, home);
      const folder = path.join(home, 'Documents');
      writeTree(
        folder,
        Array.from({ length: FILES }, (_, i) => ({
          path: `d${i % 4}/f${i}.txt`,
          mtime: Date.UTC(2026, 0, 1) + i * 60_000,
        })),
      );
      fs.writeFileSync(
        path.join(appData, 'settings.json'),
        JSON.stringify({ version: 2, roots: [{ path: folder, name: 'Documents' }] }),
      );
      host = spawn(process.execPath, [CLI_SHIM, 'web', '--port', '0'], {
        env: { PATH: process.env.PATH ?? '', HOME: home, FOLDERGATE_HOME: appData },
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      const paths = enginePaths(appData, process.platform);
      const query = engineQuery(fs.realpathSync(folder), 1);
      // The app is up and its engine answers for the folder.
      await waitFor(
        'the engine to answer',
        async () => (await askEngine({ paths, query }))?.type === 'answer',
      );
      const engine = enginePid(appData);
      expect(engine).not.toBeNull();

      server = await startServer(['--config-dir', appData]);
      process.kill(engine!, 'SIGSTOP'); // the query reaches an engine that does not answer yet …
      const connected = connectionsTo(paths.socketPath);
      const asked = callTool(server, 'fs.search_by_time', { timeField: 'modified', limit: 500 });
      await waitFor(
        'the server to reach the engine',
        () => connectionsTo(paths.socketPath) > connected,
      );
      host.kill('SIGKILL'); // … and the whole app dies meanwhile
      // The engine cannot answer while stopped: whatever the server answers, it walked for it.
      const result = await asked;
      process.kill(engine!, 'SIGCONT');
      const out = result.structuredContent as { matches: unknown[]; nextCursor: string | null };
      expect(result.isError).toBeFalsy();
      expect(out.matches).toHaveLength(FILES);
      expect(out.nextCursor).toBeNull();
      // The engine followed its app: nothing of FolderGate's app is left running.
      await waitFor('the engine to exit', () => enginePid(appData) === null, 10_000);
    },
  );
});
