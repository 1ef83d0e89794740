// Where each AI app keeps its config, as pure functions of the platform and the environment (plus
// an injected directory listing for the one case that needs to look: Claude's Microsoft Store
// build), so every OS is tested on any OS.
import path from 'node:path';

/** What path resolution may look at. */
export interface PathContext {
  platform: NodeJS.Platform;
  /** HOME / USERPROFILE, APPDATA, LOCALAPPDATA, XDG_CONFIG_HOME, CODEX_HOME, CLAUDE_CONFIG_DIR. */
  env: NodeJS.ProcessEnv;
  /** The home folder to use when the environment names none. */
  fallbackHome: string;
  /** Names in a folder, or null when it cannot be listed (injected so resolution stays pure). */
  listDir(dir: string): string[] | null;
  /** A small file's text, or null when it cannot be read (LM Studio's home pointer). */
  readText?(file: string): string | null;
}

/** path.win32 on Windows, path.posix elsewhere, whatever OS runs the code. */
export function pathApi(ctx: Pick<PathContext, 'platform'>): path.PlatformPath {
  return ctx.platform === 'win32' ? path.win32 : path.posix;
}

function absolute(ctx: PathContext, value: string | undefined): string | undefined {
  return value && pathApi(ctx).isAbsolute(value) ? value : undefined;
}

/** The user's home folder (USERPROFILE first on Windows, HOME elsewhere). */
export function homeDir(ctx: PathContext): string {
  const { env } = ctx;
  const first = ctx.platform === 'win32' ? env.USERPROFILE : env.HOME;
  const second = ctx.platform === 'win32' ? env.HOME : env.USERPROFILE;
  return absolute(ctx, first) ?? absolute(ctx, second) ?? ctx.fallbackHome;
}

/** %APPDATA% (Roaming) on Windows. */
export function roamingDir(ctx: PathContext): string {
  return absolute(ctx, ctx.env.APPDATA) ?? pathApi(ctx).join(homeDir(ctx), 'AppData', 'Roaming');
}

/** %LOCALAPPDATA% on Windows. */
export function localAppDataDir(ctx: PathContext): string {
  return absolute(ctx, ctx.env.LOCALAPPDATA) ?? pathApi(ctx).join(homeDir(ctx), 'AppData', 'Local');
}

/** $XDG_CONFIG_HOME, else ~/.config. */
export function xdgConfigDir(ctx: PathContext): string {
  return absolute(ctx, ctx.env.XDG_CONFIG_HOME) ?? pathApi(ctx).join(homeDir(ctx), '.config');
}

/** Where desktop apps keep per-user data: Application Support, %APPDATA%, or XDG config. */
export function desktopAppDataDir(ctx: PathContext): string {
  if (ctx.platform === 'darwin')
    return pathApi(ctx).join(homeDir(ctx), 'Library', 'Application Support');
  if (ctx.platform === 'win32') return roamingDir(ctx);
  return xdgConfigDir(ctx);
}

/** A file under the home folder. */
export function inHome(ctx: PathContext, ...segments: string[]): string {
  return pathApi(ctx).join(homeDir(ctx), ...segments);
}

/** VS Code's user settings folder (Code/User). */
export function vscodeUserDir(ctx: PathContext): string {
  return pathApi(ctx).join(desktopAppDataDir(ctx), 'Code', 'User');
}

/**
 * VS Code profiles that keep MCP servers of their own (User/profiles/<location>/mcp.json): the
 * profiles listed in User/globalStorage/storage.json whose `useDefaultFlags.mcp` is not set.
 * FolderGate writes the default profile's User/mcp.json, which those profiles do not read.
 */
export function vscodeOwnMcpProfiles(ctx: PathContext): { name: string; file: string }[] {
  const api = pathApi(ctx);
  const user = vscodeUserDir(ctx);
  const text = ctx.readText?.(api.join(user, 'globalStorage', 'storage.json'));
  if (!text) return [];
  let profiles: unknown;
  try {
    profiles = (JSON.parse(text) as { userDataProfiles?: unknown }).userDataProfiles;
  } catch {
    return [];
  }
  if (!Array.isArray(profiles)) return [];
  return profiles.flatMap((p: unknown) => {
    const profile = p as {
      location?: unknown;
      name?: unknown;
      useDefaultFlags?: { mcp?: unknown };
    };
    if (typeof profile.location !== 'string' || typeof profile.name !== 'string') return [];
    if (profile.useDefaultFlags?.mcp === true) return [];
    // A location is a folder name under User/profiles (an absolute one is used as it is).
    const dir = api.isAbsolute(profile.location)
      ? profile.location
      : api.join(user, 'profiles', profile.location);
    return [{ name: profile.name, file: api.join(dir, 'mcp.json') }];
  });
}

/**
 * Claude Desktop's folder. The Microsoft Store (MSIX) build redirects %APPDATA% into its package:
 * %LOCALAPPDATA%\Packages\Claude_<id>\LocalCache\Roaming\Claude, used when that package exists.
 */
export function claudeDesktopDir(ctx: PathContext): string {
  const api = pathApi(ctx);
  if (ctx.platform === 'win32') {
    const packages = api.join(localAppDataDir(ctx), 'Packages');
    const msix = (ctx.listDir(packages) ?? []).filter((name) => name.startsWith('Claude_')).sort();
    if (msix[0]) return api.join(packages, msix[0], 'LocalCache', 'Roaming', 'Claude');
  }
  return api.join(desktopAppDataDir(ctx), 'Claude');
}

/** Claude Code's home ($CLAUDE_CONFIG_DIR, else the home folder), which holds .claude.json. */
export function claudeCodeDir(ctx: PathContext): string {
  return absolute(ctx, ctx.env.CLAUDE_CONFIG_DIR) ?? homeDir(ctx);
}

/** Codex's home ($CODEX_HOME, else ~/.codex). */
export function codexHome(ctx: PathContext): string {
  return absolute(ctx, ctx.env.CODEX_HOME) ?? inHome(ctx, '.codex');
}

/** Zed's config folder: %APPDATA%\Zed on Windows, $XDG_CONFIG_HOME/zed (~/.config/zed) elsewhere. */
export function zedConfigDir(ctx: PathContext): string {
  if (ctx.platform === 'win32') return pathApi(ctx).join(roamingDir(ctx), 'Zed');
  return pathApi(ctx).join(xdgConfigDir(ctx), 'zed');
}

/**
 * LM Studio's home, found as LM Studio finds it (lmstudio-js, findLMStudioHome): the absolute path
 * in ~/.lmstudio-home-pointer, else the legacy ~/.cache/lm-studio when it exists, else
 * ~/.lmstudio. mcp.json is in that folder.
 */
export function lmStudioHome(ctx: PathContext): string {
  const api = pathApi(ctx);
  const pointer = ctx.readText?.(inHome(ctx, '.lmstudio-home-pointer'))?.trim();
  if (pointer && api.isAbsolute(pointer)) return pointer;
  const legacy = inHome(ctx, '.cache', 'lm-studio');
  if (ctx.listDir(legacy) !== null) return legacy;
  return inHome(ctx, '.lmstudio');
}

/** Goose's config folder: %APPDATA%\Block\goose\config on Windows, XDG config/goose elsewhere. */
export function gooseConfigDir(ctx: PathContext): string {
  if (ctx.platform === 'win32')
    return pathApi(ctx).join(roamingDir(ctx), 'Block', 'goose', 'config');
  return pathApi(ctx).join(xdgConfigDir(ctx), 'goose');
}

/**
 * Where Antigravity CLI (`agy`) keeps its MCP servers, as Google has documented it: the later
 * guides' `~/.gemini/config/mcp_config.json` (shared with the Antigravity app; read by agy 1.0
 * and later) first, then the migration guide's `~/.gemini/antigravity-cli/mcp_config.json`.
 */
export const ANTIGRAVITY_MCP_CONFIGS: readonly (readonly string[])[] = [
  ['.gemini', 'config', 'mcp_config.json'],
  ['.gemini', 'antigravity-cli', 'mcp_config.json'],
];

/** Antigravity CLI's mcp_config.json: the first of ANTIGRAVITY_MCP_CONFIGS that exists, else the first. */
export function antigravityMcpConfig(ctx: PathContext): string {
  const api = pathApi(ctx);
  const files = ANTIGRAVITY_MCP_CONFIGS.map((segments) => inHome(ctx, ...segments));
  const found = files.find((file) => ctx.listDir(api.dirname(file))?.includes(api.basename(file)));
  return found ?? files[0]!;
}
