// The search engine end to end, as people and AI apps meet it: the app's core starts the engine
// process; an MCP server started like an AI app's (the built bundle over stdio, the SDK client)
// asks it first. The answers are complete where a walk would stop at the scan limit; the
// person's settings (a folder removed, a narrowed file type, pause, the tool switched off) apply
// to the very next call; and an engine that dies in the middle of a query leaves the server to
// walk, with a complete answer all the same.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultServerCommand } from '#appdata/paths.js';
import { createCore, type Core } from '../core.js';
import {
  callTool,
  errorCode,
  firstText,
  makeTempDir,
  removeTempDir,
  SERVER_ENTRY,
  startServer,
  writeTree,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { scaled, waitFor } from '#testing/time.js';
import { connectionsTo } from '#testing/unix-sockets.js';
import { enginePaths, type EngineStatus } from '#shared/engine/engine.js';

const SLOW = { timeout: scaled(60_000) };
const FILES = 60;

let appData: string;
let home: string;
let folder: string;
let core: Core;
let server: ServerHandle;
let status: EngineStatus = { running: false, fastFirstRead: null, folders: [] };
/** Times the engine was seen stopped. */
let stops = 0;

const search = (args: Record<string, unknown> = {}) =>
  callTool(server, 'fs.search_by_time', { timeField: 'modified', limit: 500, ...args });

beforeAll(async () => {
  appData = makeTempDir('fg-engine-app-');
  home = makeTempDir('fg-engine-home-');
  folder = path.join(home, 'Documents');
  writeTree(
    folder,
    Array.from({ length: FILES }, (_, i) => ({
      path: `${i % 3 === 0 ? 'reports' : 'notes'}/${String(i).padStart(3, '0')}.${i % 2 ? 'pdf' : 'txt'}`,
      mtime: Date.UTC(2026, 0, 1) + i * 60_000,
    })),
  );
  core = createCore({
    appDataDir: appData,
    host: 'headless',
    home,
    serverCommand: defaultServerCommand(appData, SERVER_ENTRY),
    previewEngine: false,
    searchEngine: true,
  });
  core.on('engine:status', (s) => {
    status = s;
    if (!s.running) stops++;
  });
  await core.start();
  await core.handlers['roots:add']({ path: folder });
  // Limits a walk would stop at: the engine answers for the whole folder regardless.
  await core.handlers['settings:update']({ limits: { maxFilesScanned: 10 } });
  await waitFor('the folder to be ready', () =>
    status.folders.some((f) => f.path === folder && f.state === 'ready'),
  );
  server = await startServer(['--config-dir', appData]);
}, scaled(60_000));

afterAll(async () => {
  await server?.close();
  await core?.stop();
  removeTempDir(appData);
  removeTempDir(home);
});

describe('the search engine', () => {
  it('says per folder that it is ready, with what it holds, and how it reads new folders', async () => {
    const now = await core.handlers['engine:status']({});
    expect(now.running).toBe(true);
    // The checkout's build: the native listing on Linux (engine/build.mjs), none elsewhere.
    expect(now.fastFirstRead).toBe(process.platform === 'linux' ? 'on' : 'off-platform');
    expect(now.folders).toEqual([
      { path: folder, state: 'ready', percent: null, entries: FILES + 2, reason: null },
    ]);
  });

  it('answers a server completely where a walk stops at the scan limit', SLOW, async () => {
    const result = await search();
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { matches: unknown[]; nextCursor: string | null };
    expect(out.matches).toHaveLength(FILES);
    expect(out.nextCursor).toBeNull();
    expect(firstText(result)).not.toMatch(/stopped early/);
  });

  it('asks the engine over a kept connection: later searches open none', SLOW, async () => {
    const socket = enginePaths(appData, process.platform).socketPath;
    await search(); // the server's connection, proven once
    const open = connectionsTo(socket);
    expect(open).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect((await search()).isError).toBeFalsy();
    expect(connectionsTo(socket)).toBe(open);
  });

  it('shows a file created on disk in the next search', SLOW, async () => {
    const file = path.join(folder, 'new-report.txt');
    fs.writeFileSync(file, 'new');
    await waitFor('the new file in an answer', async () => {
      const out = (await search({ glob: 'new-report.txt' })).structuredContent as {
        matches: Array<{ path: string }>;
      };
      return out.matches.some((m) => m.path === file);
    });
    fs.rmSync(file);
  });

  it(
    'keeps the count of what a ready folder holds current as files come and go (issue 34, item 8e)',
    SLOW,
    async () => {
      const held = () => status.folders.find((f) => f.path === folder)?.entries;
      expect(held()).toBe(FILES + 2);
      const added = Array.from({ length: 25 }, (_, i) => path.join(folder, `count-${i}.txt`));
      for (const file of added) fs.writeFileSync(file, 'x');
      fs.mkdirSync(path.join(folder, 'count-folder'));
      // The window learns it from the engine's status lines: no state changed, only the count.
      await waitFor('the status to count the new entries', () => held() === FILES + 2 + 26);
      for (const file of added) fs.rmSync(file);
      fs.rmdirSync(path.join(folder, 'count-folder'));
      await waitFor('the status to count them gone', () => held() === FILES + 2);
      expect(status.folders.find((f) => f.path === folder)?.state).toBe('ready');
    },
  );

  it(
    'obeys a narrowed file type, pause, a switched-off tool and a removed folder at once',
    SLOW,
    async () => {
      await core.handlers['roots:setFileTypes']({ path: folder, fileTypes: ['.pdf'] });
      const narrowed = (await search()).structuredContent as { matches: Array<{ path: string }> };
      expect(narrowed.matches.length).toBe(FILES / 2);
      expect(narrowed.matches.every((m) => m.path.endsWith('.pdf'))).toBe(true);
      await core.handlers['roots:setFileTypes']({ path: folder, fileTypes: null });

      await core.handlers['settings:setPaused']({ paused: true });
      expect(errorCode(await search())).toBe('AccessPaused');
      await core.handlers['settings:setPaused']({ paused: false });

      await core.handlers['control:setTool']({ tool: 'fs.search_by_time', enabled: false });
      expect(errorCode(await search())).toBe('ToolDisabled');
      await core.handlers['control:setTool']({ tool: 'fs.search_by_time', enabled: true });

      await core.handlers['roots:remove']({ path: folder });
      expect(errorCode(await search())).toBe('NoAllowedRoots');
      await core.handlers['roots:add']({ path: folder });
      await waitFor('the folder to be ready again', () =>
        status.folders.some((f) => f.path === folder && f.state === 'ready'),
      );
    },
  );

  it(
    'stops with instant search switched off (servers walk) and starts again with it on',
    SLOW,
    async () => {
      await core.handlers['settings:update']({ instantSearch: false });
      await waitFor('the engine to stop', () => !status.running);
      // Walked: the scan limit (10 files) cuts the page, as it does without the app.
      const walked = await search();
      expect((walked.structuredContent as { matches: unknown[] }).matches).toHaveLength(10);
      expect(firstText(walked)).toMatch(/stopped early/);
      await core.handlers['settings:update']({ instantSearch: true });
      await waitFor('ready again', () => status.running && status.folders[0]?.state === 'ready');
      expect(firstText(await search())).not.toMatch(/stopped early/);
    },
  );

  it(
    'a server whose engine dies in the middle of a query walks, and its answer is complete',
    SLOW,
    async () => {
      await core.handlers['settings:update']({ limits: { maxFilesScanned: 200_000 } });
      const pid = enginePid();
      const stopsBefore = stops;
      // A server of its own: it keeps no proven connection yet, so its query opens one, which
      // is the moment seen from outside (a kept one would carry it unseen).
      const own = await startServer(['--config-dir', appData]);
      process.kill(pid, 'SIGSTOP'); // the query reaches an engine that does not answer …
      const socket = enginePaths(appData, process.platform).socketPath;
      const connected = connectionsTo(socket);
      const asked = callTool(own, 'fs.search_by_time', { timeField: 'modified', limit: 500 });
      await waitFor('the server to reach the engine', () => connectionsTo(socket) > connected);
      process.kill(pid, 'SIGKILL'); // … and dies while the server waits for it
      const result = await asked.finally(() => own.close());
      const out = result.structuredContent as { matches: unknown[]; nextCursor: string | null };
      expect(out.matches).toHaveLength(FILES);
      expect(out.nextCursor).toBeNull();
      // The app starts a new engine, which answers again.
      await waitFor('the app to see it gone', () => stops > stopsBefore);
      await waitFor('a new engine', () => status.running && status.folders[0]?.state === 'ready');
      expect(enginePid()).not.toBe(pid);
    },
  );

  it('holds a folder allowed for a while until its time ends, then lets it go', SLOW, async () => {
    const later = path.join(home, 'Later');
    writeTree(later, [{ path: 'soon.txt', mtime: Date.UTC(2026, 0, 1) }]);
    await core.handlers['roots:add']({ path: later });
    const ends = Date.now() + scaled(1500);
    await core.handlers['roots:setAccess']({
      path: later,
      apps: null,
      until: new Date(ends).toISOString(),
    });
    await waitFor('Later to be held', () => status.folders.some((f) => f.path === later));
    await waitFor('Later to be let go', () => !status.folders.some((f) => f.path === later));
    expect(Date.now()).toBeGreaterThanOrEqual(ends);
    expect(status.folders.map((f) => f.path)).toEqual([folder]);
    await core.handlers['roots:remove']({ path: later });
  });
});

/** The engine process: the one child of this test process that runs engine.js. */
function enginePid(): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (
        ppid === process.pid &&
        cmd.some((arg) => arg.endsWith('engine.js')) &&
        cmd.includes(appData)
      )
        return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error('no engine process');
}
