// Every client against a temp HOME: register into a missing file and into a file with other
// servers, settings and comments; twice; unregister; malformed, read-only and unwritable files;
// BOM + CRLF; undo. Real files, no mocks.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_IDS } from '#shared/clients/clients.js';
import { IpcError } from '#shared/contract/ipc.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { descriptorOf } from './client-descriptors.js';
import { CLIENT_ERROR_CODES } from './client-errors.js';
import { backupsOf, fixtureFor, SERVER_BUNDLE, serviceFor } from '#testing/ai-app-fixtures.js';
import { editorFor } from './editor-for.js';
import { backupsDir, WRITES_KEPT } from './client-state.js';
import type { ClientService } from './types.js';

let base: string;
let home: string;
let appData: string;
let service: ClientService;
let n = 0;

beforeAll(() => {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} missing: run npm run build`);
  base = makeTempDir('fg-clients-');
});
afterAll(() => removeTempDir(base));
beforeEach(() => {
  n += 1;
  home = path.join(base, `home-${n}`);
  appData = path.join(base, `appdata-${n}`);
  fs.mkdirSync(home, { recursive: true });
  service = serviceFor(home, appData);
});

async function rejection(promise: Promise<unknown>): Promise<IpcError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IpcError);
  return error as IpcError;
}

describe.each(CLIENT_IDS.map((id) => [id]))('%s', (id) => {
  const d = descriptorOf(id);
  const fixture = fixtureFor(d);
  const file = (): string =>
    d.configPath({
      platform: 'linux',
      env: { HOME: home },
      fallbackHome: home,
      listDir: () => null,
    });
  const write = (text: string): void => {
    fs.mkdirSync(path.dirname(file()), { recursive: true });
    fs.writeFileSync(file(), text);
  };
  const entryIn = (text: string): unknown => editorFor(d).read(text.replace(/^\uFEFF/, ''));

  it('registers into a missing file (folder created), idempotently', async () => {
    expect((await service.get(id)).status).toBe('not-installed');
    const first = await service.connect(id);
    expect(first).toMatchObject({ changed: true, backupPath: null });
    expect(first.client.status).toBe('connected');
    const text = fs.readFileSync(file(), 'utf8');
    expect(entryIn(text)).toMatchObject(first.client.expectedEntry as object);
    const launch = d.launchOf(entryIn(text));
    expect(launch?.command).toBe(process.execPath);
    expect(launch?.args).toEqual(
      expect.arrayContaining([path.join(appData, 'server', 'index.js'), '--config-dir', appData]),
    );
    expect(
      fs
        .readFileSync(path.join(appData, 'server', 'index.js'))
        .equals(fs.readFileSync(SERVER_BUNDLE)),
    ).toBe(true);
    const second = await service.connect(id);
    expect(second).toMatchObject({ changed: false, backupPath: null });
    expect(fs.readFileSync(file(), 'utf8')).toBe(text);
    expect(backupsOf(file())).toEqual([]);
  });

  it('keeps other servers, settings and comments byte for byte; unregister removes only ours', async () => {
    write(fixture.text);
    expect((await service.get(id)).status).toBe('not-connected');
    const result = await service.connect(id);
    expect(result.changed).toBe(true);
    expect(result.backupPath).not.toBeNull();
    expect(fs.readFileSync(result.backupPath as string, 'utf8')).toBe(fixture.text);
    const text = fs.readFileSync(file(), 'utf8');
    for (const line of fixture.kept) expect(text.split('\n')).toContain(line);
    expect(entryIn(text)).toMatchObject(result.client.expectedEntry as object);
    // Twice: byte-identical, no second backup; the backup is in FolderGate's data folder.
    expect((await service.connect(id)).changed).toBe(false);
    expect(fs.readFileSync(file(), 'utf8')).toBe(text);
    expect(backupsOf(file())).toEqual([]);
    expect(fs.readdirSync(backupsDir(appData))).toHaveLength(1);
    expect(path.dirname(result.backupPath as string)).toBe(backupsDir(appData));
    const removed = await service.disconnect(id);
    expect(removed.changed).toBe(true);
    expect(removed.client.status).toBe('not-connected');
    expect(fs.readFileSync(file(), 'utf8')).toBe(fixture.text);
    expect((await service.disconnect(id)).changed).toBe(false);
  });

  it('keeps a UTF-8 BOM and CRLF line endings', async () => {
    const crlf = `\uFEFF${fixture.text.replace(/\n/g, '\r\n')}`;
    write(crlf);
    await service.connect(id);
    const text = fs.readFileSync(file(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect((await service.get(id)).status).toBe('connected');
    await service.disconnect(id);
    expect(fs.readFileSync(file(), 'utf8')).toBe(crlf);
  });

  it('never rewrites a malformed file and says where it breaks', async () => {
    write(fixture.malformed);
    const error = await rejection(service.connect(id));
    expect(error.code).toBe(CLIENT_ERROR_CODES.configUnreadable);
    expect(error.message).toContain(file());
    expect(error.message).toContain(`line ${fixture.malformedLine}`);
    expect(error.fix).toContain(file());
    expect(fs.readFileSync(file(), 'utf8')).toBe(fixture.malformed);
    expect(backupsOf(file())).toEqual([]);
    const state = await service.get(id);
    expect(state.status).toBe('unreadable');
    expect(state.problem?.line).toBe(fixture.malformedLine);
    expect((await rejection(service.disconnect(id))).code).toBe(
      CLIENT_ERROR_CODES.configUnreadable,
    );
  });

  it('Back up and repair: a JSON file rebuilt from what is readable, the original kept for Undo', async () => {
    write(fixture.malformed);
    const state = await service.get(id);
    if (d.format === 'toml' || d.format === 'yaml') {
      expect(state.problem?.rebuildable).toBeUndefined();
      const error = await rejection(service.rebuild(id));
      expect(error.code).toBe(CLIENT_ERROR_CODES.configUnreadable);
      expect(error.message).toMatch(/cannot be repaired automatically/);
      expect(fs.readFileSync(file(), 'utf8')).toBe(fixture.malformed);
      expect(backupsOf(file())).toEqual([]);
      return;
    }
    expect(state.problem?.rebuildable).toBe(true);
    const result = await service.rebuild(id);
    expect(result.changed).toBe(true);
    expect(result.client.status).toBe('connected');
    expect(result.client.undoes).toBe('repair');
    const text = fs.readFileSync(file(), 'utf8');
    expect(entryIn(text)).toBeTruthy();
    // What could be read is kept: the other server before the mistake.
    expect(text).toContain('"other"');
    // The original bytes are the backup (in FolderGate's folder, nothing beside the person's
    // file), and Undo gives them back exactly.
    expect(fs.readFileSync(result.backupPath!, 'utf8')).toBe(fixture.malformed);
    expect(backupsOf(file())).toEqual([]);
    await service.undo(id);
    expect(fs.readFileSync(file(), 'utf8')).toBe(fixture.malformed);
  });

  it('refuses a read-only file, and a folder that cannot be created, leaving them untouched', async () => {
    // We may run as root, who can write any file: FolderGate honours the missing write bits
    // itself, so this holds for every user.
    write(fixture.text);
    fs.chmodSync(file(), 0o444);
    const error = await rejection(service.connect(id));
    expect(error.code).toBe(CLIENT_ERROR_CODES.configReadOnly);
    expect(error.message).toContain(file());
    expect(fs.readFileSync(file(), 'utf8')).toBe(fixture.text);
    expect(backupsOf(file())).toEqual([]);
    fs.chmodSync(file(), 0o644);
    fs.rmSync(path.dirname(file()), { recursive: true });
    // The config's folder is a file: nothing can be created there, whoever we are.
    fs.mkdirSync(path.dirname(path.dirname(file())), { recursive: true });
    fs.writeFileSync(path.dirname(file()), 'not a folder');
    expect((await rejection(service.connect(id))).code).toBe(CLIENT_ERROR_CODES.configReadOnly);
  });

  it('undoes back to before FolderGate in one step, only while the file is what it wrote', async () => {
    expect((await rejection(service.undo(id))).code).toBe(CLIENT_ERROR_CODES.nothingToUndo);
    write(fixture.text);
    await service.connect(id);
    expect((await service.get(id)).canUndo).toBe(true);
    await service.undo(id);
    expect(fs.readFileSync(file(), 'utf8')).toBe(fixture.text);
    expect((await service.get(id)).canUndo).toBe(false);
    // Connect, disconnect, connect again: one Undo, and the file is as before FolderGate; no
    // backup is left, beside the file or in FolderGate's folder.
    await service.connect(id);
    await service.disconnect(id);
    await service.connect(id);
    await service.undo(id);
    expect(fs.readFileSync(file(), 'utf8')).toBe(fixture.text);
    expect((await rejection(service.undo(id))).code).toBe(CLIENT_ERROR_CODES.nothingToUndo);
    expect(backupsOf(file())).toEqual([]);
    expect(fs.readdirSync(backupsDir(appData))).toEqual([]);
    await service.connect(id);
    fs.appendFileSync(file(), d.format === 'yaml' || d.format === 'toml' ? '# edited\n' : '\n');
    const conflict = await rejection(service.undo(id));
    expect(conflict.code).toBe(CLIENT_ERROR_CODES.undoConflict);
    // Undo of a file FolderGate created removes it.
    fs.rmSync(file());
    await service.connect(id);
    await service.undo(id);
    expect(fs.existsSync(file())).toBe(false);
  });
});

describe('status', () => {
  it('reports an entry that differs from what FolderGate would write as needing repair, and repairs it', async () => {
    const d = descriptorOf('cursor');
    const file = path.join(home, '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      '{\n  "mcpServers": {\n    "foldergate": { "command": "npx", "args": ["foldergate"], "autoApprove": [] }\n  }\n}\n',
    );
    const state = await service.get('cursor');
    expect(state.status).toBe('needs-repair');
    expect(state.currentEntry).toMatchObject({ command: 'npx' });
    const repaired = await service.repair('cursor');
    expect(repaired.client.status).toBe('connected');
    // A key the client added itself is kept.
    expect(editorFor(d).read(fs.readFileSync(file, 'utf8'))).toMatchObject({ autoApprove: [] });
  });

  it('lists every client in order; many changes keep a bounded chain, Undo still reaches the start', async () => {
    expect((await service.list()).map((c) => c.id)).toEqual([...CLIENT_IDS]);
    const file = path.join(home, '.gemini', 'settings.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{}\n');
    for (let i = 0; i < 15; i++) {
      await service.connect('gemini-cli');
      await service.disconnect('gemini-cli');
    }
    await service.connect('gemini-cli');
    expect(backupsOf(file)).toEqual([]);
    expect(fs.readdirSync(backupsDir(appData)).length).toBeLessThanOrEqual(WRITES_KEPT);
    await service.undo('gemini-cli');
    expect(fs.readFileSync(file, 'utf8')).toBe('{}\n');
    expect(fs.readdirSync(backupsDir(appData))).toEqual([]);
    expect((await service.get('gemini-cli')).installed).toBe(true);
  });
});

describe('FolderGate listed twice (issue 18, item 7)', () => {
  const cursorFile = () => path.join(home, '.cursor', 'mcp.json');
  const writeCursor = (text: string) => {
    fs.mkdirSync(path.dirname(cursorFile()), { recursive: true });
    fs.writeFileSync(cursorFile(), text);
  };
  const stale = { command: '/old/node', args: ['/old/index.js'] };

  it('reports a duplicated entry as needing repair; repair keeps one; disconnect removes all', async () => {
    // JSON.parse keeps the last copy, as Cursor does: our entry first, a stale one last.
    await service.connect('cursor');
    const ours = JSON.parse(fs.readFileSync(cursorFile(), 'utf8')).mcpServers.foldergate;
    const text = [
      '{',
      '  "theme": "dark",',
      '  "mcpServers": {',
      `    "foldergate": ${JSON.stringify(ours)},`,
      '    "docs": { "command": "docs-server" },',
      `    "foldergate": ${JSON.stringify(stale)}`,
      '  }',
      '}',
      '',
    ].join('\n');
    writeCursor(text);
    const state = await service.get('cursor');
    expect(state.status).toBe('needs-repair');
    expect(state.currentEntry).toEqual(stale); // what Cursor uses
    expect(state.problem?.message).toMatch(
      /lists FolderGate 2 times; Cursor uses only the last one/,
    );

    await service.repair('cursor');
    const repaired = fs.readFileSync(cursorFile(), 'utf8');
    expect(repaired.match(/"foldergate"/g)).toHaveLength(1);
    expect(repaired).toContain('"theme": "dark",');
    expect(repaired).toContain('"docs": { "command": "docs-server" }');
    expect((await service.get('cursor')).status).toBe('connected');

    writeCursor(text);
    await service.disconnect('cursor');
    const after = fs.readFileSync(cursorFile(), 'utf8');
    expect(after).not.toContain('foldergate');
    expect(after).toContain('"docs": { "command": "docs-server" }');
    expect((await service.get('cursor')).status).toBe('not-connected');
  });

  it('refuses to edit a file whose server list itself appears twice, and leaves it untouched', async () => {
    const text = `{\n  "mcpServers": { "a": { "command": "a" } },\n  "mcpServers": { "b": { "command": "b" } }\n}\n`;
    writeCursor(text);
    const state = await service.get('cursor');
    expect(state.status).toBe('unreadable');
    expect(state.problem?.message).toMatch(
      /"mcpServers" appears 2 times, and the app reads only the last one/,
    );
    expect(state.problem?.line).toBe(3);
    const error = await rejection(service.connect('cursor'));
    expect(error.code).toBe(CLIENT_ERROR_CODES.configUnreadable);
    expect(fs.readFileSync(cursorFile(), 'utf8')).toBe(text);
  });

  it('Continue: two list items named foldergate are repaired to one', async () => {
    const file = path.join(home, '.continue', 'config.yaml');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const text = [
      'name: Local',
      'mcpServers:',
      '  - name: foldergate',
      '    command: /old/node',
      '  - name: docs # local',
      '    command: docs-server',
      '  - name: foldergate',
      '    command: /older/node',
      '',
    ].join('\n');
    fs.writeFileSync(file, text);
    expect((await service.get('continue')).status).toBe('needs-repair');
    await service.repair('continue');
    const repaired = fs.readFileSync(file, 'utf8');
    expect(repaired.match(/name: foldergate/g)).toHaveLength(1);
    expect(repaired).toContain('  - name: docs # local');
    expect((await service.get('continue')).status).toBe('connected');
    fs.writeFileSync(file, text);
    await service.disconnect('continue');
    expect(fs.readFileSync(file, 'utf8')).not.toContain('foldergate');
  });
});

describe('a config file that is a link (issue 18, item 8)', () => {
  const cursorFile = () => path.join(home, '.cursor', 'mcp.json');

  it('leaves a link to a missing file alone and says why', async () => {
    fs.mkdirSync(path.dirname(cursorFile()), { recursive: true });
    const target = path.join(home, 'dotfiles', 'cursor-mcp.json'); // not checked out
    fs.symlinkSync(target, cursorFile());
    const state = await service.get('cursor');
    expect(state.status).toBe('unreadable');
    expect(state.problem?.message).toContain(`is a link to ${target}, which does not exist`);
    const error = await rejection(service.connect('cursor'));
    expect(error.code).toBe(CLIENT_ERROR_CODES.configDanglingLink);
    expect(fs.lstatSync(cursorFile()).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(cursorFile())).toBe(target);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('edits the file a link points to and keeps the link', async () => {
    fs.mkdirSync(path.dirname(cursorFile()), { recursive: true });
    const target = path.join(home, 'dotfiles', 'cursor-mcp.json');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, '{ "mcpServers": { "docs": { "command": "docs" } } }\n');
    fs.symlinkSync(target, cursorFile());
    await service.connect('cursor');
    expect(fs.lstatSync(cursorFile()).isSymbolicLink()).toBe(true);
    expect(JSON.parse(fs.readFileSync(target, 'utf8')).mcpServers).toHaveProperty('foldergate');
    await service.disconnect('cursor');
    expect(fs.lstatSync(cursorFile()).isSymbolicLink()).toBe(true);
    expect(JSON.parse(fs.readFileSync(target, 'utf8')).mcpServers).toEqual({
      docs: { command: 'docs' },
    });
  });
});

describe('AI apps where they really keep their files (issue 21)', () => {
  it("a backup FolderGate's folder cannot take: refused, the app's file untouched", async () => {
    const file = path.join(home, '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{ "mcpServers": {} }\n');
    fs.mkdirSync(path.join(appData, 'clients'), { recursive: true });
    fs.writeFileSync(backupsDir(appData), 'not a folder');
    const error = await rejection(service.connect('cursor'));
    expect(error.code).toBe(CLIENT_ERROR_CODES.configReadOnly);
    expect(error.message).toContain(backupsDir(appData));
    expect(fs.readFileSync(file, 'utf8')).toBe('{ "mcpServers": {} }\n');
  });

  it("Undo goes back only to a change the app made itself between FolderGate's changes", async () => {
    const file = path.join(home, '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{ "mcpServers": {} }\n');
    await service.connect('cursor');
    await service.disconnect('cursor');
    // Cursor adds a server of its own.
    const byCursor = '{ "mcpServers": { "docs": { "command": "docs" } } }\n';
    fs.writeFileSync(file, byCursor);
    await service.connect('cursor');
    await service.undo('cursor');
    expect(fs.readFileSync(file, 'utf8')).toBe(byCursor);
  });

  it('LM Studio at its legacy home ~/.cache/lm-studio: found, and written where LM Studio reads', async () => {
    const legacy = path.join(home, '.cache', 'lm-studio');
    fs.mkdirSync(path.join(legacy, 'models'), { recursive: true });
    expect((await service.get('lm-studio')).status).toBe('not-connected');
    await service.connect('lm-studio');
    const written = JSON.parse(fs.readFileSync(path.join(legacy, 'mcp.json'), 'utf8')) as {
      mcpServers: Record<string, unknown>;
    };
    expect(written.mcpServers).toHaveProperty('foldergate');
    expect(fs.existsSync(path.join(home, '.lmstudio'))).toBe(false);
  });

  it('Zed: an entry without "source" (after Zed\'s own settings migration) is ours and healthy', async () => {
    await service.connect('zed');
    const file = path.join(home, '.config', 'zed', 'settings.json');
    const written = fs.readFileSync(file, 'utf8');
    expect(written).not.toContain('"source"');
    expect((await service.get('zed')).status).toBe('connected');
    // An older FolderGate's entry, with the deprecated key: still ours and connected.
    fs.writeFileSync(
      file,
      written.replace('"foldergate": {', '"foldergate": { "source": "custom",'),
    );
    expect((await service.get('zed')).status).toBe('connected');
  });
});

describe('VS Code profiles (issue 21, item 10)', () => {
  it('writes the default profile and names the profiles with MCP servers of their own', async () => {
    const user = path.join(home, '.config', 'Code', 'User');
    fs.mkdirSync(path.join(user, 'globalStorage'), { recursive: true });
    expect((await service.get('vscode')).problem).toBeNull();
    fs.writeFileSync(
      path.join(user, 'globalStorage', 'storage.json'),
      JSON.stringify({
        userDataProfiles: [
          { location: '-5a1b2c', name: 'Work' },
          { location: '7d8e9f', name: 'Shared', useDefaultFlags: { mcp: true } },
        ],
      }),
    );
    await service.connect('vscode');
    expect(fs.existsSync(path.join(user, 'mcp.json'))).toBe(true);
    const state = await service.get('vscode');
    expect(state.status).toBe('connected');
    expect(state.problem).toMatchObject({ kind: 'other-profiles' });
    expect(state.problem?.message).toContain('“Work”');
    expect(state.problem?.message).not.toContain('Shared');
    expect(fs.existsSync(path.join(user, 'profiles'))).toBe(false);
  });
});
