// The one table of AI apps FolderGate registers with: where each keeps its config (per OS), the
// file format, where a stdio entry goes and its shape, how
// to tell it is installed, and how to make it reload. Electron-free and pure.
import { CLIENT_ENTRY_NAME, CLIENT_IDS } from '#shared/clients/clients.js';
import { CLIENT_NAMES } from '#shared/clients/client-names.js';
import type { ClientId } from '#shared/clients/clients.js';
import type { PathContext } from './client-paths.js';
import {
  ANTIGRAVITY_MCP_CONFIGS,
  antigravityMcpConfig,
  claudeCodeDir,
  claudeDesktopDir,
  codexHome,
  gooseConfigDir,
  inHome,
  lmStudioHome,
  pathApi,
  vscodeUserDir,
  zedConfigDir,
} from './client-paths.js';

/** What a client must run: an absolute command, its arguments and extra environment. */
export interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The formats FolderGate edits, as each client's own reader accepts them: "json" is strict (the
 * client calls JSON.parse), "json-comments" allows comments but no trailing comma
 * (strip-json-comments, then JSON.parse), "jsonc" allows both (VS Code's and Zed's parsers).
 */
export type ConfigFormat = 'json' | 'json-comments' | 'jsonc' | 'toml' | 'yaml';

/** One AI app. */
export interface ClientDescriptor {
  id: ClientId;
  name: string;
  format: ConfigFormat;
  /** The key holding the servers, and whether it is a map keyed by name or a list of named items. */
  serversKey: string;
  serversKind: 'map' | 'list';
  configPath(ctx: PathContext): string;
  /** Files or folders whose existence means the client is installed. */
  installMarkers(ctx: PathContext): string[];
  /** FolderGate's entry for this client. */
  entry(launch: StdioLaunch): Record<string, unknown>;
  /** How the client starts an entry (the inverse of `entry`), or null when it is not stdio. */
  launchOf(entry: unknown): StdioLaunch | null;
  /** The entry's environment map (Goose: `envs`); the person's own variables in it are kept. */
  envKey?: string;
  /** Text a new, empty config file starts from (Continue requires name, version and schema). */
  seed?: string;
  restartHint: string;
}

const dirOf = (ctx: PathContext, file: string): string => pathApi(ctx).dirname(file);

function plain(launch: StdioLaunch): Record<string, unknown> {
  return { command: launch.command, args: launch.args, env: launch.env };
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** Reads `command`/`args`/`env` (or other key names) back from an entry. */
function launchFrom(keys: { command: string; args: string; env: string }) {
  return (entry: unknown): StdioLaunch | null => {
    if (typeof entry !== 'object' || entry === null) return null;
    const record = entry as Record<string, unknown>;
    const command = record[keys.command];
    if (typeof command !== 'string') return null;
    const args = Array.isArray(record[keys.args]) ? (record[keys.args] as unknown[]) : [];
    return { command, args: args.map(String), env: stringRecord(record[keys.env]) };
  };
}

const standard = launchFrom({ command: 'command', args: 'args', env: 'env' });
const quitFromTray = (name: string): string =>
  `Quit ${name} completely (from its tray or menu-bar icon, not just the window) and open it again.`;

/** Every supported client, in CLIENT_IDS order. */
export const CLIENT_DESCRIPTORS: readonly ClientDescriptor[] = [
  {
    id: 'claude-desktop',
    name: CLIENT_NAMES['claude-desktop'],
    format: 'json',
    serversKey: 'mcpServers',
    serversKind: 'map',
    configPath: (ctx) => pathApi(ctx).join(claudeDesktopDir(ctx), 'claude_desktop_config.json'),
    installMarkers: (ctx) => [claudeDesktopDir(ctx)],
    entry: plain,
    launchOf: standard,
    restartHint: quitFromTray('Claude'),
  },
  {
    id: 'claude-code',
    name: CLIENT_NAMES['claude-code'],
    format: 'json',
    serversKey: 'mcpServers',
    serversKind: 'map',
    configPath: (ctx) => pathApi(ctx).join(claudeCodeDir(ctx), '.claude.json'),
    installMarkers: (ctx) => [
      pathApi(ctx).join(claudeCodeDir(ctx), '.claude.json'),
      inHome(ctx, '.claude'),
    ],
    entry: (launch) => ({ type: 'stdio', ...plain(launch) }),
    launchOf: standard,
    restartHint: 'Start a new Claude Code session (exit with /exit and run `claude` again).',
  },
  {
    id: 'cursor',
    name: CLIENT_NAMES.cursor,
    format: 'json',
    serversKey: 'mcpServers',
    serversKind: 'map',
    configPath: (ctx) => inHome(ctx, '.cursor', 'mcp.json'),
    installMarkers: (ctx) => [inHome(ctx, '.cursor')],
    entry: plain,
    launchOf: standard,
    restartHint:
      'Cursor picks the change up by itself; if FolderGate is not listed, open Settings → MCP and switch it on, or restart Cursor.',
  },
  {
    id: 'vscode',
    name: CLIENT_NAMES.vscode,
    format: 'jsonc',
    serversKey: 'servers',
    serversKind: 'map',
    configPath: (ctx) => pathApi(ctx).join(vscodeUserDir(ctx), 'mcp.json'),
    installMarkers: (ctx) => [vscodeUserDir(ctx)],
    entry: (launch) => ({ type: 'stdio', ...plain(launch) }),
    launchOf: standard,
    restartHint:
      'VS Code reloads mcp.json by itself; start the server from the MCP: List Servers command (or reload the window).',
  },
  {
    id: 'windsurf',
    name: CLIENT_NAMES.windsurf,
    format: 'json',
    serversKey: 'mcpServers',
    serversKind: 'map',
    configPath: (ctx) => inHome(ctx, '.codeium', 'windsurf', 'mcp_config.json'),
    installMarkers: (ctx) => [inHome(ctx, '.codeium', 'windsurf')],
    entry: plain,
    launchOf: standard,
    restartHint:
      'In Windsurf, press the refresh button in Cascade’s MCP servers panel (or restart Windsurf).',
  },
  {
    id: 'cline',
    name: CLIENT_NAMES.cline,
    format: 'json',
    serversKey: 'mcpServers',
    serversKind: 'map',
    configPath: (ctx) =>
      pathApi(ctx).join(
        vscodeUserDir(ctx),
        'globalStorage',
        'saoudrizwan.claude-dev',
        'settings',
        'cline_mcp_settings.json',
      ),
    installMarkers: (ctx) => [
      pathApi(ctx).join(vscodeUserDir(ctx), 'globalStorage', 'saoudrizwan.claude-dev'),
    ],
    entry: plain,
    launchOf: standard,
    restartHint: 'Cline reloads its MCP settings by itself; if not, reload the VS Code window.',
  },
  {
    id: 'zed',
    name: CLIENT_NAMES.zed,
    format: 'jsonc',
    serversKey: 'context_servers',
    serversKind: 'map',
    configPath: (ctx) => pathApi(ctx).join(zedConfigDir(ctx), 'settings.json'),
    installMarkers: (ctx) => [zedConfigDir(ctx)],
    // What Zed reads today: command, args, env. Its settings migration m_2025_11_25
    // (remove_context_server_source) deletes the old `"source": "custom"`; an entry with or
    // without it is ours and healthy (only the keys written here are compared).
    entry: plain,
    launchOf: standard,
    restartHint:
      'Zed applies settings.json when it changes; open the Agent panel to see FolderGate.',
  },
  {
    id: 'gemini-cli',
    name: CLIENT_NAMES['gemini-cli'],
    // packages/cli/src/config/settings.ts: strip-json-comments, then JSON.parse; its own writes
    // keep the comments.
    format: 'json-comments',
    serversKey: 'mcpServers',
    serversKind: 'map',
    configPath: (ctx) => inHome(ctx, '.gemini', 'settings.json'),
    installMarkers: (ctx) => [inHome(ctx, '.gemini')],
    entry: plain,
    launchOf: standard,
    restartHint: 'Start a new Gemini CLI session (run `gemini` again).',
  },
  {
    id: 'antigravity-cli',
    name: CLIENT_NAMES['antigravity-cli'],
    // Antigravity's own mcp_config.json: command, args, env (no `type`: an entry with
    // `type: "stdio"` is dropped), in the file that exists of the two Google has documented.
    format: 'json',
    serversKey: 'mcpServers',
    serversKind: 'map',
    configPath: antigravityMcpConfig,
    installMarkers: (ctx) => [
      inHome(ctx, '.gemini', 'antigravity-cli'),
      ...ANTIGRAVITY_MCP_CONFIGS.map((segments) => inHome(ctx, ...segments)),
    ],
    entry: plain,
    launchOf: standard,
    restartHint: 'Start a new Antigravity CLI session (run `agy` again); `/mcp` lists FolderGate.',
  },
  {
    id: 'codex',
    name: CLIENT_NAMES.codex,
    format: 'toml',
    serversKey: 'mcp_servers',
    serversKind: 'map',
    configPath: (ctx) => pathApi(ctx).join(codexHome(ctx), 'config.toml'),
    installMarkers: (ctx) => [codexHome(ctx)],
    entry: (launch) => ({ ...plain(launch), startup_timeout_sec: 20 }),
    launchOf: standard,
    restartHint: 'Start a new Codex session (run `codex` again).',
  },
  {
    id: 'lm-studio',
    name: CLIENT_NAMES['lm-studio'],
    format: 'json',
    serversKey: 'mcpServers',
    serversKind: 'map',
    configPath: (ctx) => pathApi(ctx).join(lmStudioHome(ctx), 'mcp.json'),
    installMarkers: (ctx) => [lmStudioHome(ctx)],
    entry: plain,
    launchOf: standard,
    restartHint:
      'LM Studio reloads mcp.json by itself; if FolderGate is missing, restart LM Studio.',
  },
  {
    id: 'continue',
    name: CLIENT_NAMES.continue,
    format: 'yaml',
    serversKey: 'mcpServers',
    serversKind: 'list',
    configPath: (ctx) => inHome(ctx, '.continue', 'config.yaml'),
    installMarkers: (ctx) => [inHome(ctx, '.continue')],
    entry: (launch) => ({ name: CLIENT_ENTRY_NAME, ...plain(launch) }),
    launchOf: standard,
    seed: 'name: Local Assistant\nversion: 1.0.0\nschema: v1\n',
    restartHint:
      'Continue reloads config.yaml by itself; use Agent mode to call FolderGate’s tools.',
  },
  {
    id: 'goose',
    name: CLIENT_NAMES.goose,
    format: 'yaml',
    serversKey: 'extensions',
    serversKind: 'map',
    configPath: (ctx) => pathApi(ctx).join(gooseConfigDir(ctx), 'config.yaml'),
    installMarkers: (ctx) => [gooseConfigDir(ctx)],
    entry: (launch) => ({
      enabled: true,
      type: 'stdio',
      name: CLIENT_ENTRY_NAME,
      description: 'Search the folders you chose in FolderGate',
      cmd: launch.command,
      args: launch.args,
      envs: launch.env,
      timeout: 300,
    }),
    launchOf: launchFrom({ command: 'cmd', args: 'args', env: 'envs' }),
    envKey: 'envs',
    restartHint:
      'Start a new Goose session (quit and reopen Goose Desktop, or run `goose session` again).',
  },
];

/** The descriptor of `id`. */
export function descriptorOf(id: ClientId): ClientDescriptor {
  const found = CLIENT_DESCRIPTORS.find((d) => d.id === id);
  if (!found) throw new Error(`No descriptor for client '${id}'.`);
  return found;
}

// Every id in shared/clients.ts has exactly one descriptor, in the same order (checked at load).
if (CLIENT_DESCRIPTORS.map((d) => d.id).join() !== CLIENT_IDS.join())
  throw new Error('CLIENT_DESCRIPTORS must list CLIENT_IDS in order.');

/** The folder holding a client's config file. */
export function configDirOf(descriptor: ClientDescriptor, ctx: PathContext): string {
  return dirOf(ctx, descriptor.configPath(ctx));
}
