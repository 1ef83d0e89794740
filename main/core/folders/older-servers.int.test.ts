// The AI apps still running a server from before the per-folder rules, from the roster of running
// servers: real processes under real roster files, as servers of two builds leave them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { rosterDir } from '#appdata/servers/server-roster.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { olderServers } from './older-servers.js';

let appData: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  appData = makeTempDir('fg-older-servers-');
  fs.mkdirSync(rosterDir(appData), { recursive: true });
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  removeTempDir(appData);
});

/** A running process reported in as a server of `client` keeping `keeps` (absent: an older build). */
function server(client: string | null, keeps?: string[], preview = false): void {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  const record = { pid: child.pid, client, program: 'node', entry: 'index.js', preview, keeps };
  fs.writeFileSync(path.join(rosterDir(appData), `${child.pid}.json`), JSON.stringify(record));
}

const root = (rules: object = {}) => ({ path: '/home/me/Work', name: 'Work', ...rules });

it('names nobody while no folder uses a rule, whatever runs', async () => {
  server('cursor');
  expect(await olderServers(appData, [root()])).toEqual({ apps: [], rules: [] });
});

it('names each AI app once whose server would not keep a rule in use, and which rules', async () => {
  server('cursor'); // before the rules
  server('cursor');
  server(null); // a hand-written entry, before the rules
  server('claude-desktop', ['apps', 'until', 'leaveOut']);
  server(null, undefined, true); // the app's own preview: restarted with the app
  const roots = [
    root({ apps: ['claude-desktop'] }),
    root({ leaveOut: { folders: [], names: [] } }),
  ];
  expect(await olderServers(appData, roots)).toEqual({
    apps: ['cursor', null],
    rules: ['apps', 'leaveOut'],
  });
});

it('names a server that keeps some rules only for the rules it would not keep', async () => {
  server('vscode', ['apps']);
  expect(await olderServers(appData, [root({ apps: ['vscode'] })])).toEqual({
    apps: [],
    rules: [],
  });
  expect(await olderServers(appData, [root({ until: '2026-11-28T09:00:00+09:00' })])).toEqual({
    apps: ['vscode'],
    rules: ['until'],
  });
});
