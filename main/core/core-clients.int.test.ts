// The clients:* channels through the core and dispatchIpc, as both hosts serve them: the real
// client service on a temp HOME (three apps "installed"), real config files, real errors.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IDS, type ClientActionResult, type ClientState } from '#shared/clients/clients.js';
import { dispatchIpc, type IpcChannel, type IpcResult } from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { SERVER_BUNDLE } from '#testing/ai-app-fixtures.js';
import { createCore, type Core } from './core.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';

const VSCODE_TEXT = [
  '{',
  '  // my servers',
  '  "servers": {',
  '    "other": { "command": "npx", "args": ["-y", "other-server"] }, // keep me',
  '  },',
  '}',
  '',
].join('\n');

let tmp: string;
let home: string;
let appData: string;
let headless: Core;
let desktop: Core;
const revealed: string[] = [];

function coreFor(host: 'headless' | 'electron'): Core {
  return createCore({
    appDataDir: appData,
    host,
    serverCommand: defaultServerCommand(appData),
    clients: {
      serverBundle: SERVER_BUNDLE,
      launcher: { command: process.execPath, args: [], env: {} },
      platform: 'linux',
      env: { HOME: home },
    },
    ...(host === 'electron'
      ? { platform: { reveal: async (p: string) => void revealed.push(p) } }
      : {}),
  });
}

async function invoke(
  channel: string,
  payload: unknown = {},
  core = headless,
): Promise<IpcResult<IpcChannel>> {
  return dispatchIpc(core.handlers, channel, payload);
}

async function data<T>(channel: IpcChannel, payload: unknown = {}, core = headless): Promise<T> {
  const result = await invoke(channel, payload, core);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return result.data as T;
}

const cursorFile = (): string => path.join(home, '.cursor', 'mcp.json');
const vscodeFile = (): string => path.join(home, '.config', 'Code', 'User', 'mcp.json');
const windsurfFile = (): string => path.join(home, '.codeium', 'windsurf', 'mcp_config.json');

beforeAll(() => {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} missing: run npm run build`);
  tmp = makeTempDir('fg-core-clients-');
  home = path.join(tmp, 'home');
  appData = path.join(tmp, 'appdata');
  fs.mkdirSync(path.join(home, '.cursor'), { recursive: true });
  fs.mkdirSync(path.join(home, '.codeium', 'windsurf'), { recursive: true });
  fs.mkdirSync(path.dirname(vscodeFile()), { recursive: true });
  fs.writeFileSync(vscodeFile(), VSCODE_TEXT);
  headless = coreFor('headless');
  desktop = coreFor('electron');
});
afterAll(async () => {
  await headless?.stop();
  await desktop?.stop();
  removeTempDir(tmp);
});

describe('clients:* channels', () => {
  it('lists every client, with the installed ones marked and their config paths', async () => {
    const { clients } = await data<{ clients: ClientState[] }>('clients:list');
    expect(clients.map((c) => c.id)).toEqual([...CLIENT_IDS]);
    const installed = clients.filter((c) => c.installed).map((c) => c.id);
    expect(installed.sort()).toEqual(['cursor', 'vscode', 'windsurf']);
    const cursor = clients.find((c) => c.id === 'cursor');
    expect(cursor).toMatchObject({ status: 'not-connected', configPath: cursorFile() });
    expect(clients.find((c) => c.id === 'zed')?.status).toBe('not-installed');
  });

  it('connects VS Code, keeping its comments and other server, then disconnects to the same bytes', async () => {
    const connected = await data<ClientActionResult>('clients:connect', { id: 'vscode' });
    expect(connected).toMatchObject({ changed: true, client: { status: 'connected' } });
    expect(connected.backupPath).not.toBeNull();
    const text = fs.readFileSync(vscodeFile(), 'utf8');
    expect(text).toContain('// my servers');
    expect(text).toContain('// keep me');
    expect(text).toContain('"foldergate"');
    expect(text).toContain(path.join(appData, 'server', 'index.js'));
    expect(connected.client.canUndo).toBe(true);

    const again = await data<ClientActionResult>('clients:connect', { id: 'vscode' });
    expect(again.changed).toBe(false);

    const off = await data<ClientActionResult>('clients:disconnect', { id: 'vscode' });
    expect(off).toMatchObject({ changed: true, client: { status: 'not-connected' } });
    expect(fs.readFileSync(vscodeFile(), 'utf8')).toBe(VSCODE_TEXT);
  });

  it('creates a missing file on connect and undo removes it again', async () => {
    await data('clients:connect', { id: 'windsurf' });
    expect(fs.existsSync(windsurfFile())).toBe(true);
    const undone = await data<ClientActionResult>('clients:undo', { id: 'windsurf' });
    expect(undone.client).toMatchObject({ status: 'not-connected', canUndo: false });
    expect(fs.existsSync(windsurfFile())).toBe(false);
    const nothing = await invoke('clients:undo', { id: 'windsurf' });
    expect(nothing).toMatchObject({ ok: false, error: { code: 'NothingToUndo' } });
  });

  it('repairs an entry that points at an old FolderGate', async () => {
    await data('clients:connect', { id: 'cursor' });
    const file = JSON.parse(fs.readFileSync(cursorFile(), 'utf8')) as {
      mcpServers: { foldergate: { command: string } };
    };
    file.mcpServers.foldergate.command = '/old/place/node';
    fs.writeFileSync(cursorFile(), JSON.stringify(file, null, 2));
    const { clients } = await data<{ clients: ClientState[] }>('clients:list');
    const cursor = clients.find((c) => c.id === 'cursor');
    expect(cursor?.status).toBe('needs-repair');
    expect(cursor?.currentEntry).toMatchObject({ command: '/old/place/node' });
    const repaired = await data<ClientActionResult>('clients:repair', { id: 'cursor' });
    expect(repaired.client.status).toBe('connected');
    await data('clients:disconnect', { id: 'cursor' });
  });

  it('never touches a file that does not parse, and says where it breaks', async () => {
    const broken = '{\n  "mcpServers": {\n    "other": {},,\n  }\n}\n';
    fs.writeFileSync(cursorFile(), broken);
    const { clients } = await data<{ clients: ClientState[] }>('clients:list');
    const cursor = clients.find((c) => c.id === 'cursor');
    expect(cursor).toMatchObject({ status: 'unreadable', problem: { line: 3 } });
    const refused = await invoke('clients:connect', { id: 'cursor' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'ClientConfigUnreadable' } });
    if (!refused.ok) expect(refused.error.fix).not.toBe('');
    expect(fs.readFileSync(cursorFile(), 'utf8')).toBe(broken);
    fs.rmSync(cursorFile());
  });

  it('refuses an unknown client id before touching anything', async () => {
    const result = await invoke('clients:connect', { id: 'notepad' });
    expect(result).toMatchObject({ ok: false, error: { code: 'InvalidPayload' } });
    const extra = await invoke('clients:reveal', { id: 'cursor', path: '/etc/passwd' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'InvalidPayload' } });
  });
});

describe('clients:reveal', () => {
  it('is unsupported on the headless host (the page shows the path instead)', async () => {
    const result = await invoke('clients:reveal', { id: 'cursor' });
    expect(result).toMatchObject({ ok: false, error: { code: 'Unsupported' } });
  });

  it('shows the config file on the desktop, or its folder while the file does not exist', async () => {
    revealed.length = 0;
    await data('clients:reveal', { id: 'vscode' }, desktop);
    await data('clients:reveal', { id: 'cursor' }, desktop);
    expect(revealed).toEqual([vscodeFile(), path.dirname(cursorFile())]);
    const missing = await invoke('clients:reveal', { id: 'zed' }, desktop);
    expect(missing).toMatchObject({ ok: false, error: { code: 'NotFound' } });
    expect(revealed).toHaveLength(2);
  });
});
