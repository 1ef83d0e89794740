// FolderGate as a Claude Desktop extension: an MCP Bundle (`.mcpb`, a zip with manifest.json,
// MCPB manifest 0.3) holding the same server entry every AI app starts, built into
// <appData>/extension/ for the person to open with Claude (one click installs it). The extension's
// server reads the folders from FolderGate's settings (`--config-dir <appData>`), is identified as
// Claude Desktop (`--client claude-desktop`), and asks Claude for nothing (no user_config).
// Claude Desktop records what it installed in its own folder (extensions-installations.json, the
// unpacked `Claude Extensions/<id>/` and `Claude Extensions Settings/<id>.json`), which is read
// here, never written: adding and removing extensions is Claude's own.
import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { CLIENT_ENTRY_NAME } from '#shared/clients/clients.js';
import { fullServerOf } from './server-bundle.js';
import { zipFiles, type ZipEntry } from './zip-file.js';

/** Where the built bundle is kept (rebuilt whenever the person asks for it). */
export function extensionBundlePath(appDataDir: string): string {
  return path.join(appDataDir, 'extension', 'foldergate.mcpb');
}

/** The key of FolderGate's own `_meta` in the manifest: which build and data folder it serves. */
export const EXTENSION_META_KEY = 'dev.foldergate';

/** What the manifest records of this FolderGate, to tell an installed extension is current. */
export interface ExtensionStamp {
  /** The full server's build (server-<build>.js), or the entry's size for a one-file bundle. */
  build: string;
  configDir: string;
}

/** The extension's manifest (MCPB manifest 0.3; checked against the schema in the tests). */
export function extensionManifest(input: {
  version: string;
  stamp: ExtensionStamp;
  icon: boolean;
}): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: CLIENT_ENTRY_NAME,
    display_name: 'FolderGate',
    version: input.version,
    description: 'Search the folders you chose in FolderGate, by date.',
    long_description:
      'FolderGate lets Claude find files by name, type and date in the folders you allowed in the FolderGate app, and nowhere else. The folders, pauses and approvals are set in FolderGate; Claude never sees what is inside your files.',
    author: { name: 'FolderGate' },
    ...(input.icon ? { icon: 'icon.png' } : {}),
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: {
        command: 'node',
        args: [
          '${__dirname}/server/index.js',
          '--config-dir',
          input.stamp.configDir,
          '--client',
          'claude-desktop',
          '--tool-names',
          'underscore',
        ],
        env: {},
      },
    },
    tools_generated: true,
    // The prompts name the person's folders and speak their language (docs/contracts/prompts.md).
    prompts_generated: true,
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=20.0.0' } },
    _meta: { [EXTENSION_META_KEY]: input.stamp },
  };
}

/** The stamp of a bundle built now from `entry` (the server entry's bytes) for `appDataDir`. */
export function stampFor(appDataDir: string, entry: Buffer): ExtensionStamp {
  const full = fullServerOf(entry.toString('utf8'));
  return {
    build: full?.slice('server-'.length, -'.js'.length) ?? String(entry.length),
    configDir: appDataDir,
  };
}

/** The icon the bundle carries: beside the server bundle, else the checkout's app icon. */
function iconFor(serverBundle: string): Buffer | null {
  const dir = path.dirname(serverBundle);
  for (const file of [
    path.join(dir, 'icon.png'),
    path.join(dir, '..', '..', 'build', 'icons', '256x256.png'),
  ]) {
    try {
      return fs.readFileSync(file);
    } catch {
      // the next place
    }
  }
  return null;
}

/** Builds the bundle from the server entry (and its full server) into <appData>; returns its path. */
export async function buildExtension(input: {
  appDataDir: string;
  serverBundle: string;
  version: string;
}): Promise<string> {
  const entry = fs.readFileSync(input.serverBundle);
  const full = fullServerOf(entry.toString('utf8'));
  const icon = iconFor(input.serverBundle);
  const stamp = stampFor(input.appDataDir, entry);
  const manifest = extensionManifest({ version: input.version, stamp, icon: icon !== null });
  const files: ZipEntry[] = [
    { path: 'manifest.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    { path: 'server/package.json', data: Buffer.from('{\n  "type": "module"\n}\n') },
    { path: 'server/index.js', data: entry },
  ];
  if (full)
    files.push({
      path: `server/${full}`,
      data: fs.readFileSync(path.join(path.dirname(input.serverBundle), full)),
    });
  if (icon) files.push({ path: 'icon.png', data: icon });
  const target = extensionBundlePath(input.appDataDir);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  await writeFileAtomic(target, zipFiles(files), { mode: 0o644 });
  return target;
}

/** FolderGate's extension as Claude Desktop recorded it. */
export interface InstalledExtension {
  id: string;
  /** Claude's own switch for it (Settings › Extensions); an extension without one is on. */
  enabled: boolean;
  /** What its manifest records (null: a bundle FolderGate did not build, or an older one). */
  stamp: ExtensionStamp | null;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function stampOf(manifest: unknown): ExtensionStamp | null {
  const meta = isRecord(manifest) && isRecord(manifest._meta) ? manifest._meta : null;
  const stamp = meta?.[EXTENSION_META_KEY];
  if (!isRecord(stamp) || typeof stamp.build !== 'string' || typeof stamp.configDir !== 'string')
    return null;
  return { build: stamp.build, configDir: stamp.configDir };
}

/**
 * FolderGate's extension in Claude Desktop's folder, or null: an entry of
 * extensions-installations.json whose manifest is named foldergate (else an unpacked
 * `Claude Extensions/<id>/manifest.json` of that name), with its switch from
 * `Claude Extensions Settings/<id>.json`.
 */
export function installedExtension(claudeDir: string): InstalledExtension | null {
  const found: { id: string; manifest: unknown }[] = [];
  const registry = readJson(path.join(claudeDir, 'extensions-installations.json'));
  const extensions = isRecord(registry) && isRecord(registry.extensions) ? registry.extensions : {};
  for (const [id, record] of Object.entries(extensions))
    if (isRecord(record) && isRecord(record.manifest) && record.manifest.name === CLIENT_ENTRY_NAME)
      found.push({ id, manifest: record.manifest });
  if (found.length === 0) {
    const unpacked = path.join(claudeDir, 'Claude Extensions');
    let ids: string[] = [];
    try {
      ids = fs.readdirSync(unpacked);
    } catch {
      // no extensions yet
    }
    for (const id of ids) {
      const manifest = readJson(path.join(unpacked, id, 'manifest.json'));
      if (isRecord(manifest) && manifest.name === CLIENT_ENTRY_NAME) found.push({ id, manifest });
    }
  }
  const first = found[0];
  if (!first) return null;
  const settings = readJson(path.join(claudeDir, 'Claude Extensions Settings', `${first.id}.json`));
  const enabled = !(isRecord(settings) && settings.isEnabled === false);
  return { id: first.id, enabled, stamp: stampOf(first.manifest) };
}
