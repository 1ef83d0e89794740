// Issue 35 on real files in a temp HOME, each file parsed again as its app parses it: every entry
// names its app (`--client`), entries from before are FolderGate's and updated; a one-line JSON
// file stays one line; variables the person added to FolderGate's entry survive a new register;
// Antigravity CLI's mcp_config.json; Gemini CLI's own mcp.allowed / mcp.excluded lists.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseToml } from '@decimalturn/toml-patch';
import { parse as parseYaml } from 'yaml';
import { stripComments } from 'jsonc-parser';
import { CLIENT_IDS } from '#shared/clients/clients.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { SERVER_BUNDLE, serviceFor } from '#testing/ai-app-fixtures.js';
import { descriptorOf } from './client-descriptors.js';
import { editorFor } from './editor-for.js';

let base: string;
let home: string;
let appData: string;
let n = 0;

beforeAll(() => {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} missing: run npm run build`);
  base = makeTempDir('fg-identity-');
});
afterAll(() => removeTempDir(base));
beforeEach(() => {
  n += 1;
  home = path.join(base, `home-${n}`);
  appData = path.join(base, `appdata-${n}`);
  fs.mkdirSync(home, { recursive: true });
});

const ctx = () => ({
  platform: 'linux' as const,
  env: { HOME: home },
  fallbackHome: home,
  listDir,
});
function listDir(dir: string): string[] | null {
  try {
    return fs.readdirSync(dir);
  } catch {
    return null;
  }
}
/** Gemini CLI's reader: strip-json-comments, then JSON.parse (a trailing comma fails). */
const geminiParse = (text: string): Record<string, unknown> =>
  JSON.parse(stripComments(text)) as Record<string, unknown>;

describe('every entry names the app it was written for', () => {
  it.each(CLIENT_IDS.map((id) => [id]))(
    '%s: --client <id>, read back from the file',
    async (id) => {
      const service = serviceFor(home, appData);
      await service.connect(id);
      const d = descriptorOf(id);
      const entry = editorFor(d).read(fs.readFileSync(d.configPath(ctx()), 'utf8')) as {
        args: string[];
      };
      const at = entry.args.indexOf('--client');
      expect(at, JSON.stringify(entry.args)).toBeGreaterThan(0);
      expect(entry.args[at + 1]).toBe(id);
      expect((await service.get(id)).status).toBe('connected');
    },
  );

  it("an entry written before identities is FolderGate's: needs repair, and register updates it", async () => {
    const service = serviceFor(home, appData);
    await service.connect('cursor');
    const file = path.join(home, '.cursor', 'mcp.json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      mcpServers: { foldergate: { args: string[] } };
    };
    const args = data.mcpServers.foldergate.args;
    data.mcpServers.foldergate.args = args.filter(
      (a, i) => a !== '--client' && args[i - 1] !== '--client',
    );
    fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
    expect((await service.get('cursor')).status).toBe('needs-repair');
    const result = await service.connect('cursor');
    expect(result.changed).toBe(true);
    const again = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof data;
    expect(again.mcpServers.foldergate.args).toContain('cursor');
    expect(Object.keys(again.mcpServers)).toEqual(['foldergate']);
    expect((await service.get('cursor')).status).toBe('connected');
  });
});

describe('a one-line JSON file stays one line (issue 35, item 6)', () => {
  it("~/.claude.json written on one line: FolderGate's entry goes in, still one line", async () => {
    const file = path.join(home, '.claude.json');
    const before = {
      numStartups: 12,
      mcpServers: { docs: { type: 'stdio', command: 'docs', args: [] } },
      projects: { '/home/ann/p': { allowedTools: [] } },
    };
    fs.writeFileSync(file, `${JSON.stringify(before)}\n`);
    const service = serviceFor(home, appData);
    await service.connect('claude-code');
    const text = fs.readFileSync(file, 'utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    expect(text.endsWith('\n')).toBe(true);
    const after = JSON.parse(text) as typeof before & { mcpServers: Record<string, unknown> };
    expect(after.numStartups).toBe(12);
    expect(after.projects).toEqual(before.projects);
    expect(after.mcpServers.docs).toEqual(before.mcpServers.docs);
    expect(after.mcpServers.foldergate).toMatchObject({ type: 'stdio', command: process.execPath });
    // Removing it keeps the line too, and gives the other servers back as they were.
    await service.disconnect('claude-code');
    const removed = fs.readFileSync(file, 'utf8');
    expect(removed.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(removed)).toEqual(before);
  });

  it('a file without a server list yet, on one line: the list is added on that line', async () => {
    const file = path.join(home, '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"theme":"dark"}');
    await serviceFor(home, appData).connect('cursor');
    const text = fs.readFileSync(file, 'utf8');
    expect(text.split('\n')).toHaveLength(1);
    expect(JSON.parse(text)).toMatchObject({ theme: 'dark', mcpServers: { foldergate: {} } });
  });
});

describe("variables the person added to FolderGate's entry survive a new register", () => {
  // The launcher of the packed app writes ELECTRON_RUN_AS_NODE; then the person adds their own.
  const electron = { command: process.execPath, args: [], env: { ELECTRON_RUN_AS_NODE: '1' } };

  it('Codex: config.toml, read back with a TOML parser', async () => {
    const file = path.join(home, '.codex', 'config.toml');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'model = "o4"\n');
    await serviceFor(home, appData, {}, electron).connect('codex');
    const text = fs.readFileSync(file, 'utf8');
    // The person adds a proxy to FolderGate's env table.
    fs.writeFileSync(
      file,
      text.replace(
        'ELECTRON_RUN_AS_NODE = "1"',
        'ELECTRON_RUN_AS_NODE = "1", HTTPS_PROXY = "http://proxy:3128"',
      ),
    );
    const service = serviceFor(home, appData, {}, electron);
    expect((await service.get('codex')).status).toBe('connected');
    // FolderGate moves (another data folder): register again.
    const moved = serviceFor(home, `${appData}-moved`, {}, electron);
    expect((await moved.connect('codex')).changed).toBe(true);
    const data = parseToml(fs.readFileSync(file, 'utf8')) as {
      model: string;
      mcp_servers: { foldergate: { env: Record<string, string>; args: string[] } };
    };
    expect(data.model).toBe('o4');
    expect(data.mcp_servers.foldergate.env).toEqual({
      ELECTRON_RUN_AS_NODE: '1',
      HTTPS_PROXY: 'http://proxy:3128',
    });
    expect(data.mcp_servers.foldergate.args).toContain(`${appData}-moved`);
    // Switching to plain Node drops only FolderGate's own variable.
    await serviceFor(home, appData).connect('codex');
    const plain = parseToml(fs.readFileSync(file, 'utf8')) as typeof data;
    expect(plain.mcp_servers.foldergate.env).toEqual({ HTTPS_PROXY: 'http://proxy:3128' });
  });

  it('Goose: its `envs` map in config.yaml, read back with a YAML parser', async () => {
    const service = serviceFor(home, appData);
    await service.connect('goose');
    const file = path.join(home, '.config', 'goose', 'config.yaml');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('envs: {}', 'envs:\n      LANG: ko_KR.UTF-8'),
    );
    expect((await service.get('goose')).status).toBe('connected');
    await serviceFor(home, `${appData}-moved`).connect('goose');
    const data = parseYaml(fs.readFileSync(file, 'utf8')) as {
      extensions: { foldergate: { envs: Record<string, string> } };
    };
    expect(data.extensions.foldergate.envs).toEqual({ LANG: 'ko_KR.UTF-8' });
  });
});

describe('Antigravity CLI (issue 35, item 3)', () => {
  it('detected by its folder; written into the mcp_config.json it has, as Antigravity reads it', async () => {
    const service = serviceFor(home, appData);
    expect((await service.get('antigravity-cli')).status).toBe('not-installed');
    const own = path.join(home, '.gemini', 'antigravity-cli');
    fs.mkdirSync(own, { recursive: true });
    fs.writeFileSync(
      path.join(own, 'mcp_config.json'),
      '{\n  "mcpServers": {\n    "firebase": { "command": "npx", "args": ["-y", "firebase-tools@latest", "mcp"] }\n  }\n}\n',
    );
    const state = await service.get('antigravity-cli');
    expect(state).toMatchObject({ installed: true, status: 'not-connected' });
    expect(state.configPath).toBe(path.join(own, 'mcp_config.json'));
    await service.connect('antigravity-cli');
    const data = JSON.parse(fs.readFileSync(state.configPath, 'utf8')) as {
      mcpServers: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(data.mcpServers).sort()).toEqual(['firebase', 'foldergate']);
    // No `type`: Antigravity drops an entry that has one.
    expect(Object.keys(data.mcpServers.foldergate!).sort()).toEqual(['args', 'command', 'env']);
    expect(fs.existsSync(path.join(home, '.gemini', 'config'))).toBe(false);
  });

  it('with only its folder, the shared ~/.gemini/config/mcp_config.json is created', async () => {
    fs.mkdirSync(path.join(home, '.gemini', 'antigravity-cli'), { recursive: true });
    const service = serviceFor(home, appData);
    await service.connect('antigravity-cli');
    const file = path.join(home, '.gemini', 'config', 'mcp_config.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      mcpServers: { foldergate: {} },
    });
    expect((await service.get('antigravity-cli')).status).toBe('connected');
  });
});

describe("Gemini CLI's mcp.allowed and mcp.excluded (issue 35, item 3)", () => {
  const file = () => path.join(home, '.gemini', 'settings.json');
  const settings = [
    '{',
    '  // my theme',
    '  "ui": { "theme": "GitHub" },',
    '  "mcp": {',
    '    "allowed": ["github"], // only what I trust',
    '    "excluded": ["foldergate", "slack"]',
    '  }',
    '}',
    '',
  ].join('\n');

  it('says Connected, but excluded; the fix changes only the two lists, and Undo puts them back', async () => {
    const service = serviceFor(home, appData);
    await service.connect('gemini-cli');
    const connected = fs.readFileSync(file(), 'utf8');
    expect((await service.get('gemini-cli')).problem).toBeNull();
    // The person's own lists, written around FolderGate's entry.
    const mine = connected.replace('{\n', `${settings.slice(0, -3)},\n`);
    fs.writeFileSync(file(), mine);
    geminiParse(mine); // Gemini can read it
    const state = await service.get('gemini-cli');
    expect(state.status).toBe('connected');
    expect(state.problem).toMatchObject({ kind: 'excluded', allowable: true });
    expect(state.problem?.message).toContain(file());
    const result = await service.allow('gemini-cli');
    expect(result.changed).toBe(true);
    const fixed = fs.readFileSync(file(), 'utf8');
    const data = geminiParse(fixed) as {
      mcp: { allowed: string[]; excluded: string[] };
      ui: unknown;
    };
    expect(data.mcp).toEqual({ allowed: ['github', 'foldergate'], excluded: ['slack'] });
    expect(data.ui).toEqual({ theme: 'GitHub' });
    expect(fixed).toContain('// my theme');
    expect(fixed).toContain('// only what I trust');
    expect(result.client.problem).toBeNull();
    expect(result.client.undoes).toBe('allow');
    await service.undo('gemini-cli');
    expect(fs.readFileSync(file(), 'utf8')).toBe(mine);
  });

  it("a system settings file's exclusion is said, and never offered as a fix", async () => {
    const system = path.join(base, `system-${n}.json`);
    fs.writeFileSync(system, '{ "mcp": { "excluded": ["FolderGate"] } }');
    const service = serviceFor(home, appData, { GEMINI_CLI_SYSTEM_SETTINGS_PATH: system });
    await service.connect('gemini-cli');
    const state = await service.get('gemini-cli');
    expect(state.problem).toMatchObject({ kind: 'excluded' });
    expect(state.problem?.allowable).toBeUndefined();
    expect(state.problem?.message).toContain(system);
    // An allowed list that names it, and an empty one, restrict nothing (as Gemini reads them).
    fs.writeFileSync(system, '{ "mcp": { "allowed": ["foldergate", "github"] } }');
    expect((await service.get('gemini-cli')).problem).toBeNull();
    fs.writeFileSync(system, '{ "mcp": { "allowed": [] } }');
    expect((await service.get('gemini-cli')).problem).toBeNull();
  });
});
