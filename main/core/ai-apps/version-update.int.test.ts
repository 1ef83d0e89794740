// The check at the core's start after an update: FolderGate's own entry whose program moved is
// rewritten (backup, record, Undo), an entry the person edited, a file that cannot be read and
// an app not connected are left byte for byte, a second run changes nothing, two at once write
// once. Real files in a temp HOME, a real old program (a link to this Node that still exists).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { SERVER_BUNDLE, serviceFor } from '#testing/ai-app-fixtures.js';
import { descriptorOf } from './client-descriptors.js';
import { loadRecord } from './client-state.js';
import { createClientService } from './client-service.js';
import { installedServerPath } from './server-bundle.js';
import { movedProgram } from './version-update.js';
import type { ClientService } from './types.js';

let base: string;
let home: string;
let appData: string;
let oldNode: string;
let oldService: ClientService;
let service: ClientService;
let n = 0;

const NEW = { command: process.execPath, args: [], env: {} };
const cursorFile = (): string => path.join(home, '.cursor', 'mcp.json');
const vscodeFile = (): string => path.join(home, '.config', 'Code', 'User', 'mcp.json');
const read = (file: string) =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as {
    mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }>;
  };

beforeAll(() => {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} missing: run npm run build`);
  base = makeTempDir('fg-version-update-');
  // The program an older FolderGate wrote: still there (an old install, a Node kept around).
  oldNode = path.join(base, 'old FolderGate', 'node');
  fs.mkdirSync(path.dirname(oldNode));
  fs.symlinkSync(process.execPath, oldNode);
});
afterAll(() => removeTempDir(base));
beforeEach(() => {
  n += 1;
  home = path.join(base, `home-${n}`);
  appData = path.join(base, `appdata-${n}`);
  fs.mkdirSync(path.join(home, '.cursor'), { recursive: true });
  oldService = serviceFor(home, appData, {}, { command: oldNode, args: [], env: {} });
  service = serviceFor(home, appData, {}, NEW);
});

describe('the check at start', () => {
  it('rewrites FolderGate’s own entry with an old program, with a backup, a notice and Undo', async () => {
    fs.writeFileSync(cursorFile(), '{\n  "mcpServers": {}\n}\n');
    await oldService.connect('cursor');
    // Cursor rewrote its file since (another server added): Undo keeps that change.
    const file = read(cursorFile());
    file.mcpServers.docs = { command: 'docs-server', args: [] };
    fs.writeFileSync(cursorFile(), `${JSON.stringify(file, null, 2)}\n`);
    const before = fs.readFileSync(cursorFile(), 'utf8');
    expect((await service.get('cursor')).status).toBe('needs-repair');

    const result = await service.updateForNewVersion();
    expect(result).toEqual({ updated: ['cursor'], failed: [] });
    const after = read(cursorFile());
    expect(after.mcpServers.foldergate!.command).toBe(process.execPath);
    expect(after.mcpServers.docs).toEqual({ command: 'docs-server', args: [] });
    const state = await service.get('cursor');
    expect(state).toMatchObject({ status: 'connected', canUndo: true, undoes: 'repair' });
    expect(state.updatedForNewVersion).toEqual({ at: expect.any(String) as string, from: oldNode });
    const record = await loadRecord(appData, cursorFile());
    const last = record!.writes.at(-1)!;
    expect(last).toMatchObject({ what: 'repair', updatedFrom: oldNode });
    expect(fs.readFileSync(last.backupPath!, 'utf8')).toBe(before);

    // Idempotent: nothing left to do, nothing written.
    expect(await service.updateForNewVersion()).toEqual({ updated: [], failed: [] });
    expect((await loadRecord(appData, cursorFile()))!.writes).toHaveLength(2);

    await service.undo('cursor');
    expect(fs.readFileSync(cursorFile(), 'utf8')).toBe(before);
    expect((await service.get('cursor')).updatedForNewVersion).toBeNull();
  });

  it('copies this version’s server bundle before it rewrites an entry', async () => {
    // An older build's entry and full server (another build name), installed by the old version.
    const oldBuild = path.join(base, `old-build-${n}`);
    fs.mkdirSync(oldBuild);
    const entry = fs.readFileSync(SERVER_BUNDLE, 'utf8');
    const full = /server-[0-9a-f]{12}\.js/.exec(entry)![0];
    fs.writeFileSync(
      path.join(oldBuild, 'index.js'),
      entry.replace(full, 'server-000000000001.js'),
    );
    fs.copyFileSync(
      path.join(path.dirname(SERVER_BUNDLE), full),
      path.join(oldBuild, 'server-000000000001.js'),
    );
    const older = createClientService({
      appDataDir: appData,
      serverBundle: path.join(oldBuild, 'index.js'),
      launcher: { command: oldNode, args: [], env: {} },
      platform: 'linux',
      env: { HOME: home },
    });
    await older.connect('cursor');
    expect(fs.readFileSync(installedServerPath(appData), 'utf8')).toContain('server-000000000001');

    await service.updateForNewVersion();
    const dir = path.dirname(installedServerPath(appData));
    expect(fs.readFileSync(installedServerPath(appData), 'utf8')).toBe(entry);
    expect(fs.existsSync(path.join(dir, full))).toBe(true);
    // The previous build's full server stays for servers started before the update.
    expect(fs.existsSync(path.join(dir, 'server-000000000001.js'))).toBe(true);
    expect(read(cursorFile()).mcpServers.foldergate!.args).toContain(installedServerPath(appData));
  });

  it('leaves an entry the person edited as it is (needs repair, for them to decide)', async () => {
    await oldService.connect('cursor');
    const file = read(cursorFile());
    // Their own wrapper instead of FolderGate's program: a program change, but theirs.
    file.mcpServers.foldergate!.command = path.join(base, 'my-wrapper');
    const edited = `${JSON.stringify(file, null, 2)}\n`;
    fs.writeFileSync(cursorFile(), edited);

    expect(await service.updateForNewVersion()).toEqual({ updated: [], failed: [] });
    expect(fs.readFileSync(cursorFile(), 'utf8')).toBe(edited);
    expect(await service.get('cursor')).toMatchObject({
      status: 'needs-repair',
      updatedForNewVersion: null,
    });
  });

  it('leaves an entry alone when it differs in more than the program (another data folder)', async () => {
    await oldService.connect('cursor');
    const file = read(cursorFile());
    const args = file.mcpServers.foldergate!.args;
    args[args.indexOf('--config-dir') + 1] = path.join(base, 'elsewhere');
    const edited = `${JSON.stringify(file, null, 2)}\n`;
    fs.writeFileSync(cursorFile(), edited);
    await service.updateForNewVersion();
    expect(fs.readFileSync(cursorFile(), 'utf8')).toBe(edited);
  });

  it('never touches a file that cannot be read, nor an app that is not connected', async () => {
    await oldService.connect('cursor');
    const broken = fs.readFileSync(cursorFile(), 'utf8').replace('{', '{,');
    fs.writeFileSync(cursorFile(), broken);
    // VS Code: connected once, then disconnected (its file stays FolderGate's last write).
    await oldService.connect('vscode');
    await oldService.disconnect('vscode');
    const vscode = fs.readFileSync(vscodeFile(), 'utf8');

    expect(await service.updateForNewVersion()).toEqual({ updated: [], failed: [] });
    expect(fs.readFileSync(cursorFile(), 'utf8')).toBe(broken);
    expect(fs.readFileSync(vscodeFile(), 'utf8')).toBe(vscode);
    expect(fs.existsSync(path.join(home, '.codeium'))).toBe(false);
    expect((await service.get('cursor')).status).toBe('unreadable');
  });

  it('reads an older record (no entry kept) as FolderGate’s only while the file is as it wrote it', async () => {
    await oldService.connect('cursor');
    await oldService.connect('vscode');
    // Records as a version before entries were recorded wrote them.
    for (const file of [cursorFile(), vscodeFile()]) {
      const key = fs.readdirSync(path.join(appData, 'clients')).find((name) => {
        const p = path.join(appData, 'clients', name);
        return fs.statSync(p).isFile() && fs.readFileSync(p, 'utf8').includes(file);
      })!;
      const p = path.join(appData, 'clients', key);
      const record = JSON.parse(fs.readFileSync(p, 'utf8')) as { writes: { entry?: unknown }[] };
      for (const write of record.writes) delete write.entry;
      fs.writeFileSync(p, JSON.stringify(record));
    }
    // VS Code's file changed since (someone added a setting): whose entry it holds is not known.
    fs.appendFileSync(vscodeFile(), '\n');
    const vscode = fs.readFileSync(vscodeFile(), 'utf8');

    expect(await service.updateForNewVersion()).toEqual({ updated: ['cursor'], failed: [] });
    expect(fs.readFileSync(vscodeFile(), 'utf8')).toBe(vscode);
  });

  it('runs once at a time in a process, and two processes at once write once', async () => {
    await oldService.connect('cursor');
    const first = service.updateForNewVersion();
    // Both hosts' cores on one data folder in one process share the run.
    expect(serviceFor(home, appData, {}, NEW).updateForNewVersion()).toBe(first);
    // Another process (a fresh copy of the modules): kept apart by the file's lock, it decides
    // again under it and finds the entry already rewritten, or rewrites it while the first waits.
    vi.resetModules();
    const fresh = await import('#testing/ai-app-fixtures.js');
    const [a, b] = await Promise.all([
      first,
      fresh.serviceFor(home, appData, {}, NEW).updateForNewVersion(),
    ]);
    expect([...a.updated, ...b.updated]).toEqual(['cursor']);
    expect((await loadRecord(appData, cursorFile()))!.writes).toHaveLength(2);
  });
});

describe('movedProgram', () => {
  const d = descriptorOf('claude-code');
  const launch = (command: string, script: string, env: Record<string, string> = {}) =>
    d.entry({
      command,
      args: ['--expose-gc', script, '--config-dir', '/data', '--client', 'claude-code'],
      env,
    });
  const now = launch('/opt/FolderGate/foldergate', '/data/server/index.js', {
    ELECTRON_RUN_AS_NODE: '1',
  });

  it('names the old program or server script when only they differ', () => {
    expect(movedProgram(d, launch('/usr/bin/node', '/data/server/index.js'), now)).toBe(
      '/usr/bin/node',
    );
    const moved = launch('/opt/FolderGate/foldergate', '/old/mcp-server/dist/index.js', {
      ELECTRON_RUN_AS_NODE: '1',
    });
    expect(movedProgram(d, moved, now)).toBe('/old/mcp-server/dist/index.js');
  });

  it('is null when anything else differs', () => {
    const other = { ...launch('/usr/bin/node', '/data/server/index.js'), type: 'http' };
    expect(movedProgram(d, other, now)).toBeNull();
    const client = d.entry({
      command: '/usr/bin/node',
      args: ['/data/server/index.js', '--config-dir', '/data', '--client', 'cursor'],
      env: {},
    });
    expect(movedProgram(d, client, now)).toBeNull();
    expect(movedProgram(d, { command: '/usr/bin/node', args: ['--version'] }, now)).toBeNull();
  });
});
