import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { createServerSupervisor, type ServerSupervisor } from './server-supervisor.js';
import { scaled, waitFor } from '#testing/time.js';
import {
  isAlive,
  makeTempDir,
  removeTempDir,
  waitForExit,
  waitForStatus,
} from '#testing/temp-dirs.js';

let dir: string;
let supervisor: ServerSupervisor | null = null;
// Children a test stopped with SIGSTOP: continued before stop() (SIGTERM waits for SIGCONT).
let frozen: number[] = [];
beforeEach(() => {
  dir = makeTempDir('fg-super-');
});
afterEach(async () => {
  for (const pid of frozen) if (isAlive(pid)) process.kill(pid, 'SIGCONT');
  await supervisor?.stop();
  supervisor = null;
  for (const pid of frozen) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  frozen = [];
  removeTempDir(dir);
});

// Never `pid ?? -1`: process.kill(-1, …) signals every process the user may signal.
function pidOf(pid: number | null): number {
  if (pid === null || pid <= 0) throw new Error(`no child process (pid ${pid})`);
  return pid;
}

function freeze(pid: number | null): number {
  const real = pidOf(pid);
  frozen.push(real);
  process.kill(real, 'SIGSTOP');
  return real;
}

const node = (code: string) => ({ command: process.execPath, args: ['-e', code], env: {} });

describe('server supervisor with the real server', () => {
  it('runs the child, reports its pid and stderr, and restarts it after SIGKILL', async () => {
    supervisor = createServerSupervisor(defaultServerCommand(dir), { initialBackoffMs: 50 });
    const states: ServerStatus['state'][] = [];
    supervisor.onStatus((s) => {
      if (states.at(-1) !== s.state) states.push(s.state); // stderr lines re-send the same state
    });
    await supervisor.start();
    const first = supervisor.status();
    expect(first).toMatchObject({ state: 'running', restarts: 0, lastError: null });
    expect(first.pid).toEqual(expect.any(Number));
    expect(isAlive(pidOf(first.pid))).toBe(true);
    expect(states.slice(0, 2)).toEqual(['starting', 'running']);
    const ready = await waitForStatus(supervisor, (s) =>
      s.stderrTail.some((l) => l.includes('ready on stdio')),
    );
    expect(ready.stderrTail.every((l) => !l.includes('\n'))).toBe(true);

    process.kill(pidOf(first.pid), 'SIGKILL');
    const again = await waitForStatus(
      supervisor,
      (s) => s.state === 'running' && s.pid !== first.pid,
    );
    expect(again.restarts).toBe(1);
    expect(again.lastError).toMatch(/stopped unexpectedly/);
    expect(states).toContain('restarting');
    expect(isAlive(pidOf(again.pid))).toBe(true);
    const tools = await supervisor.callTool('fs.search_by_time', { timeField: 'modified' });
    expect(tools.isError).toBe(true); // no roots in this app-data folder: NoAllowedRoots
    expect(JSON.stringify(tools.content)).toContain('NoAllowedRoots');
  });

  it('stop() ends the child and leaves no process; restart() brings a new one', async () => {
    supervisor = createServerSupervisor(defaultServerCommand(dir));
    await supervisor.start();
    const pid = pidOf(supervisor.status().pid);
    const restarted = await supervisor.restart();
    expect(restarted).toMatchObject({ state: 'running', restarts: 1 });
    expect(restarted.pid).not.toBe(pid);
    expect(await waitForExit(pid)).toBe(true);
    const second = pidOf(restarted.pid);
    await supervisor.stop();
    expect(supervisor.status()).toMatchObject({ state: 'stopped', pid: null });
    expect(isAlive(second)).toBe(false);
    await expect(supervisor.callTool('fs.search_by_time', {})).rejects.toMatchObject({
      code: 'ServerUnavailable',
    });
  });
});

describe('server supervisor failure handling', () => {
  it('shows a crash loop when the server exits at once, and does not restart it forever', async () => {
    supervisor = createServerSupervisor(
      node("process.stderr.write('boom: cannot start\\n'); process.exit(3)"),
      {
        initialBackoffMs: 10,
        maxQuickFailures: 3,
      },
    );
    await supervisor.start();
    const crashed = await waitForStatus(supervisor, (s) => s.state === 'crashed');
    expect(crashed.restarts).toBe(2);
    expect(crashed.lastError).toMatch(/failed 3 times in a row/);
    expect(crashed.lastError).toContain('boom: cannot start');
    expect(crashed.pid).toBeNull();
    await expect(supervisor.callTool('fs.search_by_time', {})).rejects.toMatchObject({
      code: 'ServerUnavailable',
    });
  });

  it('a child that ran long enough resets the count of quick failures', async () => {
    // resetAfterMs 0: every run counts as long enough, so the loop never becomes 'crashed'.
    supervisor = createServerSupervisor(node('process.exit(1)'), {
      initialBackoffMs: 10,
      maxQuickFailures: 2,
      resetAfterMs: 0,
    });
    const states = new Set<string>();
    supervisor.onStatus((s) => states.add(s.state));
    await supervisor.start();
    const later = await waitForStatus(supervisor, (s) => s.restarts >= 4);
    expect(later.state).not.toBe('crashed');
    expect(states.has('crashed')).toBe(false);
  });

  it('kills a child that ignores SIGTERM once the kill timer runs out', async () => {
    // A stand-in server (the real one always honours SIGTERM): it answers the MCP handshake,
    // then ignores SIGTERM and the end of stdin, so only the supervisor's kill timer ends it.
    const stubborn = path.join(dir, 'stubborn.mjs');
    fs.writeFileSync(
      stubborn,
      `process.on('SIGTERM', () => {});
       process.stdin.on('end', () => {});
       setInterval(() => {}, 1000);
       let buf = '';
       process.stdin.on('data', (c) => {
         buf += c;
         let i;
         while ((i = buf.indexOf('\\n')) >= 0) {
           const msg = JSON.parse(buf.slice(0, i)); buf = buf.slice(i + 1);
           if (msg.method === 'initialize') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: msg.id,
             result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'stubborn', version: '1' } } }) + '\\n');
         }
       });`,
    );
    supervisor = createServerSupervisor(
      { command: process.execPath, args: [stubborn], env: {} },
      { killAfterMs: 300 },
    );
    await supervisor.start();
    const pid = pidOf(supervisor.status().pid);
    expect(supervisor.status().state).toBe('running');
    await supervisor.stop();
    expect(isAlive(pid)).toBe(false);
    expect(supervisor.status().state).toBe('stopped');
  });

  it('two restarts at once leave one child and count two restarts', async () => {
    supervisor = createServerSupervisor(defaultServerCommand(dir));
    await supervisor.start();
    const first = pidOf(supervisor.status().pid);
    const [a, b] = await Promise.all([supervisor.restart(), supervisor.restart()]);
    expect(a.pid).not.toBe(b.pid);
    expect(supervisor.status()).toMatchObject({ state: 'running', restarts: 2, pid: b.pid });
    expect(await waitForExit(first)).toBe(true);
    expect(await waitForExit(pidOf(a.pid))).toBe(true);
    expect(isAlive(pidOf(b.pid))).toBe(true);
  });

  it('a crash racing an on-demand restart ends with exactly one running child', async () => {
    let answered = 0;
    supervisor = createServerSupervisor(defaultServerCommand(dir), {
      initialBackoffMs: 20,
      pingIntervalMs: 50,
      pingTimeoutMs: scaled(2_000),
      onPingAnswered: () => answered++,
    });
    await supervisor.start();
    const old = pidOf(supervisor.status().pid);
    process.kill(old, 'SIGKILL');
    const restarted = await supervisor.restart();
    expect(restarted).toMatchObject({ state: 'running', restarts: 1 });
    // Once the old child's exit is in, a wrongly scheduled backoff restart (due in 20 ms) would
    // replace the child: timers fire in the order they are due, so after ten more ping rounds
    // (each due 50 ms after the last) it would have fired.
    expect(await waitForExit(old)).toBe(true);
    const seen = answered;
    await waitFor('ten more pings answered', () => answered >= seen + 10);
    expect(supervisor.status()).toMatchObject({
      state: 'running',
      restarts: 1,
      pid: restarted.pid,
    });
    expect(isAlive(pidOf(restarted.pid))).toBe(true);
  });
});

describe('server supervisor liveness', () => {
  it('shows a frozen child (SIGSTOP) as unresponsive, kills it and runs a new one; a call waiting on it fails with TimeoutExceeded', async () => {
    // A ping a busy machine's healthy server answers in time; a frozen one never does.
    supervisor = createServerSupervisor(defaultServerCommand(dir), {
      initialBackoffMs: 50,
      pingIntervalMs: scaled(200),
      pingTimeoutMs: scaled(300),
    });
    const states: ServerStatus['state'][] = [];
    supervisor.onStatus((s) => {
      if (states.at(-1) !== s.state) states.push(s.state);
    });
    await supervisor.start();
    const pid = freeze(supervisor.status().pid);
    // A long time limit: only the liveness check can end this call (its message says so).
    const call = supervisor.callTool('fs.search_by_time', { timeField: 'modified' }, 60_000);
    await expect(call).rejects.toMatchObject({
      code: 'TimeoutExceeded',
      message: expect.stringMatching(/stopped responding/),
    });
    const again = await waitForStatus(
      supervisor,
      (s) => s.state === 'running' && s.pid !== pid,
      5_000,
    );
    expect(states).toEqual(expect.arrayContaining(['unresponsive', 'restarting']));
    expect(states.indexOf('unresponsive')).toBeLessThan(states.lastIndexOf('running'));
    expect(again.restarts).toBe(1);
    expect(again.lastError).toMatch(/did not answer a ping within [\d.]+ s/);
    expect(await waitForExit(pid)).toBe(true); // kill -9 ends a stopped process; SIGTERM would not
    const answer = await supervisor.callTool('fs.search_by_time', { timeField: 'modified' });
    expect(JSON.stringify(answer.content)).toContain('NoAllowedRoots');
  });

  it('gives up a call after the time limit plus the margin with TimeoutExceeded, not a bare error', async () => {
    supervisor = createServerSupervisor(defaultServerCommand(dir), {
      pingIntervalMs: 0, // pings off: only the call's own deadline applies
      callMarginMs: 200,
    });
    await supervisor.start();
    freeze(supervisor.status().pid);
    const call = supervisor.callTool('fs.search_by_time', { timeField: 'modified' }, 100);
    await expect(call).rejects.toMatchObject({
      name: 'IpcError',
      code: 'TimeoutExceeded',
      message: 'The preview server did not answer within 0.3 s.',
      fix: expect.stringContaining('time limit'),
    });
  });

  it('keeps a responsive child running while it is pinged, and pings do not count as restarts', async () => {
    let answered = 0;
    supervisor = createServerSupervisor(defaultServerCommand(dir), {
      pingIntervalMs: 50,
      pingTimeoutMs: scaled(2_000),
      onPingAnswered: () => answered++,
    });
    const states = new Set<string>();
    supervisor.onStatus((s) => states.add(s.state));
    await supervisor.start();
    const pid = supervisor.status().pid;
    await waitFor('ten pings answered', () => answered >= 10);
    expect(supervisor.status()).toMatchObject({ state: 'running', pid, restarts: 0 });
    expect(states.has('unresponsive')).toBe(false);
  });
});
