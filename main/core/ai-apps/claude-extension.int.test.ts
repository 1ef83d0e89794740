// Claude Desktop's extension (issue 35, item 2): the bundle FolderGate builds is an MCP Bundle
// as the MCPB package reads it (its own unpack and its manifest schema, v0.3), the server in it
// starts as Claude would start it and answers as Claude Desktop, and the row never registers
// twice: Claude's own records of installed extensions decide which way is in use.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MANIFEST_SCHEMAS, unpackExtension } from '@anthropic-ai/mcpb';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { SERVER_BUNDLE, serviceFor } from '#testing/ai-app-fixtures.js';
import { scaled } from '#testing/time.js';
import { extensionBundlePath } from './claude-extension.js';
import type { ClientService } from './types.js';

let base: string;
let home: string;
let appData: string;
let claudeDir: string;
let service: ClientService;
let n = 0;

beforeAll(() => {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} missing: run npm run build`);
  base = makeTempDir('fg-extension-');
});
afterAll(() => removeTempDir(base));
beforeEach(() => {
  n += 1;
  home = path.join(base, `home-${n}`);
  appData = path.join(base, `appdata-${n}`);
  claudeDir = path.join(home, '.config', 'Claude');
  fs.mkdirSync(claudeDir, { recursive: true });
  service = serviceFor(home, appData);
});

interface Manifest {
  name: string;
  version: string;
  server: { entry_point: string; mcp_config: { command: string; args: string[] } };
}

/** What Claude Desktop records when the person installs the bundle (its registry and switch). */
function installInClaude(manifest: unknown, enabled = true): string {
  const id = 'local.mcpb.foldergate.foldergate';
  const registry = {
    extensions: {
      'ant.dir.gh.other.tool': { id: 'ant.dir.gh.other.tool', manifest: { name: 'other' } },
      [id]: {
        id,
        version: '0.1.0',
        manifest,
        signatureInfo: { status: 'unsigned' },
        source: 'local',
      },
    },
  };
  fs.writeFileSync(path.join(claudeDir, 'extensions-installations.json'), JSON.stringify(registry));
  const unpacked = path.join(claudeDir, 'Claude Extensions', id);
  fs.mkdirSync(unpacked, { recursive: true });
  fs.writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
  const settings = path.join(claudeDir, 'Claude Extensions Settings');
  fs.mkdirSync(settings, { recursive: true });
  fs.writeFileSync(path.join(settings, `${id}.json`), JSON.stringify({ isEnabled: enabled }));
  return id;
}

async function builtManifest(): Promise<{ manifest: Manifest; dir: string }> {
  const built = await service.extension('claude-desktop');
  expect(built.path).toBe(extensionBundlePath(appData));
  const dir = path.join(base, `unpacked-${n}`);
  expect(await unpackExtension({ mcpbPath: built.path, outputDir: dir, silent: true })).toBe(true);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  return { manifest, dir };
}

describe('the bundle', () => {
  it('unpacks with the MCPB package, its manifest passes the MCPB 0.3 schema', async () => {
    const { manifest, dir } = await builtManifest();
    const checked = MANIFEST_SCHEMAS['0.3'].safeParse(manifest);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    expect(manifest.name).toBe('foldergate');
    expect(fs.existsSync(path.join(dir, manifest.server.entry_point))).toBe(true);
    // The full server the entry loads is there beside it.
    const entry = fs.readFileSync(path.join(dir, 'server', 'index.js'), 'utf8');
    const full = /import\("\.\/(server-[0-9a-f]{12}\.js)"\)/.exec(entry)?.[1];
    expect(full && fs.existsSync(path.join(dir, 'server', full))).toBe(true);
    // Folders from FolderGate's settings, never from a directory picker of Claude's.
    expect(manifest.server.mcp_config.args).toEqual(
      expect.arrayContaining(['--config-dir', appData, '--client', 'claude-desktop']),
    );
    expect(manifest).not.toHaveProperty('user_config');
  });

  it(
    'its server starts as Claude starts it, and its calls are recorded as Claude Desktop',
    async () => {
      const { manifest, dir } = await builtManifest();
      const args = manifest.server.mcp_config.args.map((a) => a.replace('${__dirname}', dir));
      const transport = new StdioClientTransport({
        command: process.execPath,
        args,
        env: { PATH: process.env.PATH ?? '' },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'claude-ai', version: '0.14.0' });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toContain('fs_search_by_time');
        await client.callTool({ name: 'fs_search_by_time', arguments: {} });
      } finally {
        await client.close();
      }
      const audit = path.join(appData, 'audit');
      const lines = fs
        .readdirSync(audit)
        .flatMap((f) => fs.readFileSync(path.join(audit, f), 'utf8').trim().split('\n'));
      const record = JSON.parse(lines.at(-1)!) as { client: Record<string, string> };
      expect(record.client).toEqual({
        name: 'claude-ai',
        version: '0.14.0',
        app: 'claude-desktop',
      });
    },
    scaled(60_000),
  );
});

describe('one way at a time', () => {
  it('installed as an extension: Connected that way, and Connect writes no settings entry', async () => {
    const { manifest } = await builtManifest();
    installInClaude(manifest);
    const state = await service.get('claude-desktop');
    expect(state.status).toBe('connected');
    expect(state.extension).toMatchObject({ installed: true, enabled: true, outdated: false });
    expect(state.problem).toBeNull();
    const result = await service.connect('claude-desktop');
    expect(result.changed).toBe(false);
    expect(fs.existsSync(path.join(claudeDir, 'claude_desktop_config.json'))).toBe(false);
  });

  it('both ways: the row says so, and removing the settings entry leaves the extension', async () => {
    await service.connect('claude-desktop');
    const { manifest } = await builtManifest();
    installInClaude(manifest);
    const twice = await service.get('claude-desktop');
    expect(twice.problem).toMatchObject({ kind: 'twice' });
    const removed = await service.disconnect('claude-desktop');
    expect(removed.changed).toBe(true);
    expect(removed.client).toMatchObject({ status: 'connected', problem: null });
    const config = JSON.parse(
      fs.readFileSync(path.join(claudeDir, 'claude_desktop_config.json'), 'utf8'),
    ) as { mcpServers: object };
    expect(config.mcpServers).toEqual({});
  });

  it("Claude's switch off, or a bundle of another build: said, to be added again", async () => {
    const { manifest } = await builtManifest();
    installInClaude(manifest, false);
    expect((await service.get('claude-desktop')).extension).toMatchObject({ enabled: false });
    const older = JSON.parse(JSON.stringify(manifest)) as {
      _meta: Record<string, { build: string }>;
    };
    older._meta['dev.foldergate']!.build = '000000000000';
    installInClaude(older);
    expect((await service.get('claude-desktop')).extension).toMatchObject({ outdated: true });
  });
});
