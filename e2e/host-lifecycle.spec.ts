// Stopping the headless host (`foldergate web`): Ctrl+C ends it and its MCP server child promptly,
// even while a browser holds an idle connection; a host killed outright leaves no child behind.
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { descendantPids, expect, startHeadlessHost, survivors, test } from './fixtures.js';

/** The command lines of `pids` (Linux). */
function commands(pids: number[]): string[] {
  return pids.map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      return '';
    }
  });
}

test.skip(process.platform !== 'linux', 'reads the process tree from /proc');

test('SIGTERM stops the host and its server even with an idle browser connection open', async ({
  home,
}) => {
  const running = await startHeadlessHost(home);
  const socket = new net.Socket();
  try {
    const children = descendantPids(running.child.pid);
    expect(commands(children).some((c) => c.includes('mcp-server/dist/index.js'))).toBe(true);

    // What a browser's speculative preconnect looks like: connected, no request sent yet.
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
      socket.connect(running.host.port, '127.0.0.1');
    });
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // null = exited with code 0 within 5 s of SIGTERM, and no child outlived it.
    expect(await running.stop()).toBeNull();
    await socketClosed;
    expect(running.host.output()).toContain('FolderGate stopped.');
  } finally {
    socket.destroy();
    await running.stop();
  }
});

test('a host killed outright leaves no MCP server child behind', async ({ home }) => {
  const running = await startHeadlessHost(home);
  try {
    const children = descendantPids(running.child.pid);
    expect(commands(children).some((c) => c.includes('mcp-server/dist/index.js'))).toBe(true);
    running.child.kill('SIGKILL');
    // The child sees its stdin close and exits by itself.
    expect(await survivors(children, 5_000)).toEqual([]);
  } finally {
    await running.stop();
  }
});
