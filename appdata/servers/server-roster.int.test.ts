// The roster of running servers against the built server: a server started as an AI app starts
// it reports in with its app, program, entry and the per-folder rules it keeps; it takes its file back when it ends; a server
// killed outright leaves a file that the next reader drops, as it drops one whose process id
// now belongs to another process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { SERVER_BUNDLE } from '#testing/repo.js';
import { waitFor } from '#testing/time.js';
import { rosterDir, runningServers } from './server-roster.js';

let appData: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  appData = makeTempDir('fg-roster-');
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const closed = new Promise((resolve) => child.on('close', resolve));
      child.kill('SIGKILL');
      await closed;
    }
  }
  removeTempDir(appData);
});

function startServer(args: string[]) {
  const child = spawn(process.execPath, [SERVER_BUNDLE, '--config-dir', appData, ...args], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  children.push(child);
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return { child, closed };
}

it('a server reports in with its app, program and entry, and takes it back when it ends', async () => {
  const cursor = startServer(['--client', 'cursor']);
  const preview = startServer(['--no-approval']);
  const both = await waitFor('both servers report in', async () => {
    const list = await runningServers(appData);
    return list.length === 2 ? list : null;
  });
  expect(both).toEqual(
    [
      {
        pid: cursor.child.pid,
        client: 'cursor',
        program: process.execPath,
        entry: SERVER_BUNDLE,
        preview: false,
        keeps: ['apps', 'until', 'leaveOut'],
        startTicks: expect.any(Number),
      },
      {
        pid: preview.child.pid,
        client: null,
        program: process.execPath,
        entry: SERVER_BUNDLE,
        preview: true,
        keeps: ['apps', 'until', 'leaveOut'],
        startTicks: expect.any(Number),
      },
    ].sort((a, b) => a.pid! - b.pid!),
  );
  expect(fs.statSync(path.join(rosterDir(appData), `${cursor.child.pid}.json`)).mode & 0o777).toBe(
    0o600,
  );
  // Its AI app closes the connection: the server ends and its file is gone.
  cursor.child.stdin!.end();
  await cursor.closed;
  expect(fs.existsSync(path.join(rosterDir(appData), `${cursor.child.pid}.json`))).toBe(false);
  expect((await runningServers(appData)).map((s) => s.pid)).toEqual([preview.child.pid]);
});

it('drops the file of a server killed outright, and of a process id now used by another', async () => {
  const server = startServer(['--client', 'vscode']);
  const file = path.join(rosterDir(appData), `${server.child.pid}.json`);
  await waitFor('the server reports in', () => fs.existsSync(file));
  server.child.kill('SIGKILL');
  await server.closed;
  expect(fs.existsSync(file)).toBe(true);
  // This test's own process, under a record whose start time is not its own.
  const reused = path.join(rosterDir(appData), `${process.pid}.json`);
  fs.writeFileSync(
    reused,
    JSON.stringify({ pid: process.pid, client: 'cursor', program: 'x', startTicks: 1 }),
  );
  // A file that is not an entry, under the id of a process that has ended.
  const ended = spawnSync(process.execPath, ['-e', '']).pid;
  fs.writeFileSync(path.join(rosterDir(appData), `${ended}.json`), 'not json');
  expect(await runningServers(appData)).toEqual([]);
  expect(fs.readdirSync(rosterDir(appData))).toEqual([]);
});

it('leaves alone a file that does not read as an entry while its process runs', async () => {
  // What a reader saw when it raced a server writing its file in place (an empty file): it removed
  // the file, and the running server was never named again.
  fs.mkdirSync(rosterDir(appData), { recursive: true });
  const file = path.join(rosterDir(appData), `${process.pid}.json`);
  fs.writeFileSync(file, '');
  expect(await runningServers(appData)).toEqual([]);
  expect(fs.existsSync(file)).toBe(true);
});
