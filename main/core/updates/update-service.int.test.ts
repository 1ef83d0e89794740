// Self-update decisions against a real update feed: electron-updater's own AppImage updater, run
// under Node (testing/updates/feed.ts), checks a local HTTP feed, downloads and verifies the
// file's sha512; the service decides when to check (a moved clock), what the person is told, and
// when a restart may install (never while an approval waits or a search runs; on Windows never
// while an AI app runs the program — a real server process reports in).
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateState, UpdateWait } from '#shared/updates/updates.js';
import { nodeUpdater, startFeed, type LocalFeed } from '#testing/updates/feed.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { SERVER_BUNDLE } from '#testing/repo.js';
import { waitFor } from '#testing/time.js';
import { ask, makeApprovalHome } from '#testing/approval-broker.js';
import { approvalPaths } from '#shared/approval/approval.js';
import { enginePaths } from '#shared/engine/engine.js';
import { ensureApprovalSecret } from '#appdata/approval/approval-secret.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { createCore } from '../core.js';
import { currentWaits } from './update-waits.js';
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_DELAY_MS,
  WAIT_POLL_MS,
  createUpdateService,
  type UpdateClock,
  type UpdateServiceOptions,
} from './update-service.js';
import { portFromAppUpdater, type UpdaterPort } from './updater-port.js';

/** A clock the test moves: timers run when their time comes, in order. */
function movingClock(start = Date.parse('2026-11-27T09:00:00Z')) {
  let now = start;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let next = 0;
  const clock: UpdateClock & { advance(ms: number): void; pending(): number } = {
    now: () => now,
    setTimeout(run, ms) {
      const id = ++next;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.run();
      }
      now = until;
    },
    pending: () => timers.length,
  };
  return clock;
}

const NEW_BYTES = Buffer.from('FolderGate 0.2.0 AppImage '.repeat(4096));

let tmp: string;
let feed: LocalFeed;
let states: UpdateState[];
let installs: number;

beforeEach(async () => {
  tmp = makeTempDir('fg-upd-');
  feed = await startFeed({
    version: '0.2.0',
    notes: '<p>Faster first search</p>',
    bytes: NEW_BYTES,
  });
  states = [];
  installs = 0;
});

afterEach(async () => {
  await feed.close();
  delete process.env.APPIMAGE;
  removeTempDir(tmp);
});

/** The real updater for an installed 0.1.0, its install counted instead of run. */
function port(): UpdaterPort {
  const real = portFromAppUpdater(
    nodeUpdater({ url: feed.url, version: '0.1.0', dir: path.join(tmp, 'app') }),
    'linux',
  );
  return { ...real, install: () => void (installs += 1) };
}

function service(overrides: Partial<UpdateServiceOptions> = {}) {
  const clock = movingClock();
  const updates = createUpdateService({
    port: port(),
    unsupported: null,
    current: '0.1.0',
    platform: 'linux',
    autoCheck: () => true,
    waits: async () => [],
    onChanged: (state) => states.push(state),
    clock,
    ...overrides,
  });
  return { updates, clock };
}

describe('checks at start and daily, downloads in the background, verifies', () => {
  it('finds 0.2.0 after start, downloads it, and offers the restart with what changed', async () => {
    const { updates, clock } = service();
    updates.start();
    expect(updates.state().nextCheckAt).toBe(
      new Date(clock.now() + FIRST_CHECK_DELAY_MS).toISOString(),
    );
    expect(feed.requests).toEqual([]);
    clock.advance(FIRST_CHECK_DELAY_MS);
    await waitFor('the update is ready', () => updates.state().phase === 'ready');
    const state = updates.state();
    expect(state.available).toMatchObject({ version: '0.2.0', notes: 'Faster first search' });
    expect(state.problem).toBeNull();
    expect(states.map((s) => s.phase)).toEqual(
      expect.arrayContaining(['checking', 'downloading', 'ready']),
    );
    // The download is the feed's file, byte for byte, verified against its sha512.
    const pending = path.join(tmp, 'app', 'cache', 'foldergate-updater', 'pending');
    const downloaded = fs.readdirSync(pending).find((f) => f.endsWith('.AppImage'))!;
    expect(fs.readFileSync(path.join(pending, downloaded)).equals(NEW_BYTES)).toBe(true);
    // Nothing is installed until the person restarts.
    expect(installs).toBe(0);
    // The next check is a day later; the one after it finds the same version ready.
    expect(state.nextCheckAt).toBe(new Date(clock.now() + CHECK_EVERY_MS).toISOString());
    const asked = feed.requests.length;
    clock.advance(CHECK_EVERY_MS);
    await waitFor(
      'the daily check',
      () => feed.requests.length > asked && updates.state().phase === 'ready',
    );
    expect(feed.requests.slice(asked)).toEqual(['latest-linux.yml']);
    updates.stop();
  });

  it('says when this version is the newest', async () => {
    feed.release = { version: '0.1.0', bytes: NEW_BYTES };
    const { updates } = service();
    const state = await updates.check();
    expect(state.phase).toBe('up-to-date');
    expect(state.checkedAt).not.toBeNull();
    expect(feed.requests).toEqual(['latest-linux.yml']);
  });

  it('refuses a download that does not match its sha512, and installs nothing', async () => {
    feed.release = { version: '0.2.0', bytes: NEW_BYTES, corrupt: true };
    const { updates } = service();
    const state = await updates.check();
    expect(state.phase).toBe('failed');
    expect(state.problem?.kind).toBe('checksum');
    await expect(updates.restart()).rejects.toThrow(/no downloaded update/);
    expect(installs).toBe(0);
    // Fixed on the feed: the next check downloads it.
    feed.release = { version: '0.2.0', bytes: NEW_BYTES };
    expect((await updates.check()).phase).toBe('ready');
  });

  it('says the update server cannot be reached when the feed is down, and keeps running', async () => {
    await feed.close();
    const { updates } = service();
    const state = await updates.check();
    expect(state.phase).toBe('failed');
    expect(state.problem?.kind).toBe('offline');
    expect(state.current).toBe('0.1.0');
  });

  it('tells a feed that has no update file apart from one that cannot be reached', async () => {
    feed.release = null;
    const { updates } = service();
    const state = await updates.check();
    expect(state.phase).toBe('failed');
    expect(state.problem?.kind).toBe('feed');
  });

  it('checks nothing while automatic checks are off, and starts when they are turned on', async () => {
    let on = false;
    const { updates, clock } = service({ autoCheck: () => on });
    updates.start();
    expect(updates.state().nextCheckAt).toBeNull();
    clock.advance(2 * CHECK_EVERY_MS);
    expect(clock.pending()).toBe(0);
    expect(feed.requests).toEqual([]);
    on = true;
    updates.followAutoCheck();
    clock.advance(FIRST_CHECK_DELAY_MS);
    await waitFor('the update is ready', () => updates.state().phase === 'ready');
    on = false;
    updates.followAutoCheck();
    expect(updates.state().nextCheckAt).toBeNull();
    expect(clock.pending()).toBe(0);
    updates.stop();
  });
});

describe('a restart to update never interrupts the person', () => {
  it('waits while an approval waits or a search runs, then installs once', async () => {
    let waits: UpdateWait[] = [{ kind: 'approval', count: 1 }];
    const { updates } = service({ waits: async () => waits });
    await updates.check();
    const asked = await updates.restart();
    expect(asked.restartRequested).toBe(true);
    expect(asked.waitingFor).toEqual([{ kind: 'approval', count: 1 }]);
    expect(installs).toBe(0);
    // The approval is answered, but a search now runs.
    waits = [{ kind: 'search', count: 1 }];
    updates.waitsMayHaveChanged();
    await waitFor('waiting for the search', () => updates.state().waitingFor[0]?.kind === 'search');
    expect(installs).toBe(0);
    waits = [];
    updates.waitsMayHaveChanged();
    await waitFor('the install', () => installs === 1);
    updates.waitsMayHaveChanged();
    expect(installs).toBe(1);
    updates.stop();
  });

  it('can be taken back while it waits', async () => {
    let waits: UpdateWait[] = [{ kind: 'approval', count: 2 }];
    const { updates } = service({ waits: async () => waits });
    await updates.check();
    await updates.restart();
    expect(updates.cancelRestart()).toMatchObject({ restartRequested: false, waitingFor: [] });
    waits = [];
    updates.waitsMayHaveChanged();
    expect(installs).toBe(0);
    updates.stop();
  });

  it('on Windows, names the AI app running the program and installs once it quit', async () => {
    const appData = path.join(tmp, 'data');
    fs.mkdirSync(appData);
    // An AI app's server, started as registration writes it (Cursor), reports in.
    const server = spawn(
      process.execPath,
      [SERVER_BUNDLE, '--config-dir', appData, '--client', 'cursor'],
      { stdio: ['pipe', 'ignore', 'ignore'] },
    );
    const closed = new Promise((resolve) => server.on('close', resolve));
    try {
      const waits = () =>
        currentWaits({
          appDataDir: appData,
          platform: 'win32',
          program: process.execPath,
          approvalsWaiting: () => 0,
          searchesRunning: () => 0,
        });
      await waitFor('the server in the roster', async () => (await waits()).length === 1);
      const { updates, clock } = service({ platform: 'win32', waits });
      expect(updates.state().runningApps).toBe('quit-first');
      await updates.check();
      const asked = await updates.restart();
      expect(asked.waitingFor).toEqual([{ kind: 'ai-app', app: 'Cursor', pid: server.pid }]);
      // The person quits Cursor: its server ends, and the next look at the roster installs.
      server.stdin.end();
      await closed;
      expect(installs).toBe(0);
      clock.advance(WAIT_POLL_MS);
      await waitFor('the install', () => installs === 1);
      expect(updates.state().waitingFor).toEqual([]);
      updates.stop();
    } finally {
      server.kill();
      await closed;
    }
  });

  it('elsewhere, AI apps keep running the version they started with', async () => {
    const { updates } = service({ platform: 'darwin' });
    expect(updates.state().runningApps).toBe('keeps-running');
    await updates.check();
    await updates.restart();
    expect(installs).toBe(1);
  });
});

it('a copy that cannot update itself says why and never checks', async () => {
  const { updates } = service({ port: null, unsupported: 'web-host' });
  updates.start();
  expect(updates.state()).toMatchObject({
    unsupported: 'web-host',
    phase: 'idle',
    nextCheckAt: null,
  });
  expect((await updates.check()).phase).toBe('idle');
  expect(feed.requests).toEqual([]);
});

describe('through the app core', () => {
  it('an update found while an approval waits installs only once the person answered', async () => {
    // Short: the approval socket's path must stay under ~107 bytes.
    const appData = makeApprovalHome().home;
    const core = createCore({
      appDataDir: appData,
      host: 'headless',
      serverCommand: defaultServerCommand(appData, SERVER_BUNDLE),
      previewEngine: false,
      updates: { port: port(), clock: movingClock(), platform: 'linux' },
      version: '0.1.0',
    });
    const seen: UpdateState[] = [];
    core.on('updates:changed', (state) => seen.push(state));
    await core.start();
    try {
      await core.handlers['approval:setSettings']({ mode: 'ask' });
      const asked = ask(approvalPaths(appData, process.platform), { clientName: 'cursor' });
      await waitFor(
        'the request waits',
        async () => (await core.handlers['approval:state']({})).pending.length === 1,
      );
      expect((await core.handlers['updates:check']({})).phase).toBe('ready');
      const restart = await core.handlers['updates:restart']({});
      expect(restart.waitingFor).toEqual([{ kind: 'approval', count: 1 }]);
      expect(installs).toBe(0);
      const { pending } = await core.handlers['approval:state']({});
      await core.handlers['approval:answer']({ id: pending[0]!.id, answer: 'deny' });
      expect((await asked).decision).toBe('deny');
      await waitFor('the install', () => installs === 1);
      expect(seen.at(-1)?.waitingFor).toEqual([]);
      // Automatic checks follow the settings' switch.
      await core.handlers['settings:update']({ checkForUpdates: false });
      expect((await core.handlers['updates:state']({})).nextCheckAt).toBeNull();
    } finally {
      await core.stop();
      removeTempDir(appData);
    }
  });
  it('a restart asked while a Search preview search runs waits until the search ended', async () => {
    const appData = makeApprovalHome().home;
    const docs = path.join(appData, 'Docs');
    fs.mkdirSync(docs);
    fs.writeFileSync(path.join(docs, 'a.txt'), 'a');
    // An engine that takes the server's question and never answers: the search waits the
    // engine's time limit before it walks, so it is running until then (a sequence point, not
    // a guess: the listener sees the question arrive).
    const paths = enginePaths(appData, process.platform);
    fs.mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
    await ensureApprovalSecret(paths.secretPath);
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(paths.socketPath, resolve));
    const core = createCore({
      appDataDir: appData,
      host: 'headless',
      serverCommand: defaultServerCommand(appData, SERVER_BUNDLE),
      searchEngine: false,
      updates: { port: port(), clock: movingClock(), platform: 'linux' },
      version: '0.1.0',
    });
    await core.start();
    try {
      await core.handlers['roots:add']({ path: docs, name: 'Docs' });
      expect((await core.handlers['updates:check']({})).phase).toBe('ready');
      const search = core.handlers['search:start']({
        runId: 'r1',
        args: { root: 'Docs', timeField: 'modified' },
      });
      await waitFor('the search asks the engine', () => held.length > 0);
      const restart = await core.handlers['updates:restart']({});
      expect(restart.waitingFor).toEqual([{ kind: 'search', count: 1 }]);
      expect(installs).toBe(0);
      expect(await search).toMatchObject({ ok: true });
      await waitFor('the install', () => installs === 1);
    } finally {
      await core.stop();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      removeTempDir(appData);
    }
  });
});
