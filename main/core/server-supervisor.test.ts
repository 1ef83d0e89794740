import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../shared/ipc.js';
import { defaultServerCommand } from './app-paths.js';
import { createServerSupervisor, type ServerSupervisor } from './server-supervisor.js';
import { isAlive, makeTempDir, removeTempDir, waitForExit, waitForStatus } from './test-support.js';

let dir: string;
let supervisor: ServerSupervisor | null = null;
beforeEach(() => {
  dir = makeTempDir('fg-super-');
});
afterEach(async () => {
  await supervisor?.stop();
  supervisor = null;
  removeTempDir(dir);
});

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
    expect(isAlive(first.pid ?? -1)).toBe(true);
    expect(states.slice(0, 2)).toEqual(['starting', 'running']);
    const ready = await waitForStatus(supervisor, (s) =>
      s.stderrTail.some((l) => l.includes('ready on stdio')),
    );
    expect(ready.stderrTail.every((l) => !l.includes('\n'))).toBe(true);

    process.kill(first.pid ?? -1, 'SIGKILL');
    const again = await waitForStatus(
      supervisor,
      (s) => s.state === 'running' && s.pid !== first.pid,
    );
    expect(again.restarts).toBe(1);
    expect(again.lastError).toMatch(/stopped unexpectedly/);
    expect(states).toContain('restarting');
    expect(isAlive(again.pid ?? -1)).toBe(true);
    const tools = await supervisor.callTool('fs.search_by_time', { timeField: 'modified' });
    expect(tools.isError).toBe(true); // no roots in this app-data folder: NoAllowedRoots
    expect(JSON.stringify(tools.content)).toContain('NoAllowedRoots');
  });

  it('stop() ends the child and leaves no process; restart() brings a new one', async () => {
    supervisor = createServerSupervisor(defaultServerCommand(dir));
    await supervisor.start();
    const pid = supervisor.status().pid ?? -1;
    const restarted = await supervisor.restart();
    expect(restarted).toMatchObject({ state: 'running', restarts: 1 });
    expect(restarted.pid).not.toBe(pid);
    expect(await waitForExit(pid)).toBe(true);
    const second = restarted.pid ?? -1;
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
    const pid = supervisor.status().pid ?? -1;
    expect(supervisor.status().state).toBe('running');
    await supervisor.stop();
    expect(isAlive(pid)).toBe(false);
    expect(supervisor.status().state).toBe('stopped');
  });

  it('two restarts at once leave one child and count two restarts', async () => {
    supervisor = createServerSupervisor(defaultServerCommand(dir));
    await supervisor.start();
    const first = supervisor.status().pid ?? -1;
    const [a, b] = await Promise.all([supervisor.restart(), supervisor.restart()]);
    expect(a.pid).not.toBe(b.pid);
    expect(supervisor.status()).toMatchObject({ state: 'running', restarts: 2, pid: b.pid });
    expect(await waitForExit(first)).toBe(true);
    expect(await waitForExit(a.pid ?? -1)).toBe(true);
    expect(isAlive(b.pid ?? -1)).toBe(true);
  });

  it('a crash racing an on-demand restart ends with exactly one running child', async () => {
    supervisor = createServerSupervisor(defaultServerCommand(dir), { initialBackoffMs: 20 });
    await supervisor.start();
    const old = supervisor.status().pid ?? -1;
    process.kill(old, 'SIGKILL');
    const restarted = await supervisor.restart();
    expect(restarted).toMatchObject({ state: 'running', restarts: 1 });
    // Give a wrongly scheduled backoff restart time to fire; none may replace the child.
    await new Promise((r) => setTimeout(r, 300));
    expect(supervisor.status()).toMatchObject({
      state: 'running',
      restarts: 1,
      pid: restarted.pid,
    });
    expect(isAlive(restarted.pid ?? -1)).toBe(true);
    expect(await waitForExit(old)).toBe(true);
  });
});
