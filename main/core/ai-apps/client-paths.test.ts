// Config paths of every client on macOS, Windows (incl. Claude's Microsoft Store build) and Linux,
// as pure functions: no file system, the directory listing is injected.
import { describe, expect, it } from 'vitest';
import { CLIENT_IDS } from '#shared/clients/clients.js';
import type { ClientId } from '#shared/clients/clients.js';
import { descriptorOf } from './client-descriptors.js';
import type { PathContext } from './client-paths.js';
import { launcherFor, stableNodePath } from './launcher.js';

function ctx(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  dirs: Record<string, string[]> = {},
): PathContext {
  return { platform, env, fallbackHome: '/fallback', listDir: (dir) => dirs[dir] ?? null };
}

const mac = ctx('darwin', { HOME: '/Users/ann' });
const linux = ctx('linux', { HOME: '/home/ann' });
const win = ctx('win32', {
  USERPROFILE: 'C:\\Users\\Ann',
  APPDATA: 'C:\\Users\\Ann\\AppData\\Roaming',
  LOCALAPPDATA: 'C:\\Users\\Ann\\AppData\\Local',
});

const expected: Record<ClientId, [string, string, string]> = {
  'claude-desktop': [
    '/Users/ann/Library/Application Support/Claude/claude_desktop_config.json',
    'C:\\Users\\Ann\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    '/home/ann/.config/Claude/claude_desktop_config.json',
  ],
  'claude-code': [
    '/Users/ann/.claude.json',
    'C:\\Users\\Ann\\.claude.json',
    '/home/ann/.claude.json',
  ],
  cursor: [
    '/Users/ann/.cursor/mcp.json',
    'C:\\Users\\Ann\\.cursor\\mcp.json',
    '/home/ann/.cursor/mcp.json',
  ],
  vscode: [
    '/Users/ann/Library/Application Support/Code/User/mcp.json',
    'C:\\Users\\Ann\\AppData\\Roaming\\Code\\User\\mcp.json',
    '/home/ann/.config/Code/User/mcp.json',
  ],
  windsurf: [
    '/Users/ann/.codeium/windsurf/mcp_config.json',
    'C:\\Users\\Ann\\.codeium\\windsurf\\mcp_config.json',
    '/home/ann/.codeium/windsurf/mcp_config.json',
  ],
  cline: [
    '/Users/ann/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    'C:\\Users\\Ann\\AppData\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json',
    '/home/ann/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
  ],
  zed: [
    '/Users/ann/.config/zed/settings.json',
    'C:\\Users\\Ann\\AppData\\Roaming\\Zed\\settings.json',
    '/home/ann/.config/zed/settings.json',
  ],
  'gemini-cli': [
    '/Users/ann/.gemini/settings.json',
    'C:\\Users\\Ann\\.gemini\\settings.json',
    '/home/ann/.gemini/settings.json',
  ],
  // Neither file yet: the later guides' shared file (see the Antigravity test below).
  'antigravity-cli': [
    '/Users/ann/.gemini/config/mcp_config.json',
    'C:\\Users\\Ann\\.gemini\\config\\mcp_config.json',
    '/home/ann/.gemini/config/mcp_config.json',
  ],
  codex: [
    '/Users/ann/.codex/config.toml',
    'C:\\Users\\Ann\\.codex\\config.toml',
    '/home/ann/.codex/config.toml',
  ],
  'lm-studio': [
    '/Users/ann/.lmstudio/mcp.json',
    'C:\\Users\\Ann\\.lmstudio\\mcp.json',
    '/home/ann/.lmstudio/mcp.json',
  ],
  continue: [
    '/Users/ann/.continue/config.yaml',
    'C:\\Users\\Ann\\.continue\\config.yaml',
    '/home/ann/.continue/config.yaml',
  ],
  goose: [
    '/Users/ann/.config/goose/config.yaml',
    'C:\\Users\\Ann\\AppData\\Roaming\\Block\\goose\\config\\config.yaml',
    '/home/ann/.config/goose/config.yaml',
  ],
};

describe('client config paths', () => {
  it.each(CLIENT_IDS.map((id) => [id]))('%s on macOS, Windows and Linux', (id) => {
    const d = descriptorOf(id);
    expect([d.configPath(mac), d.configPath(win), d.configPath(linux)]).toEqual(expected[id]);
  });

  it('uses the Microsoft Store package of Claude Desktop when it exists', () => {
    const store = ctx('win32', win.env, {
      'C:\\Users\\Ann\\AppData\\Local\\Packages': ['Microsoft.Foo_1', 'Claude_pzs8sxrjxfjjc'],
    });
    expect(descriptorOf('claude-desktop').configPath(store)).toBe(
      'C:\\Users\\Ann\\AppData\\Local\\Packages\\Claude_pzs8sxrjxfjjc\\LocalCache\\Roaming\\Claude\\claude_desktop_config.json',
    );
  });

  it('honours XDG_CONFIG_HOME, CODEX_HOME and CLAUDE_CONFIG_DIR, and ignores relative values', () => {
    const custom = ctx('linux', {
      HOME: '/home/ann',
      XDG_CONFIG_HOME: '/xdg',
      CODEX_HOME: '/codex',
      CLAUDE_CONFIG_DIR: '/cc',
    });
    expect(descriptorOf('vscode').configPath(custom)).toBe('/xdg/Code/User/mcp.json');
    expect(descriptorOf('zed').configPath(custom)).toBe('/xdg/zed/settings.json');
    expect(descriptorOf('goose').configPath(custom)).toBe('/xdg/goose/config.yaml');
    expect(descriptorOf('claude-desktop').configPath(custom)).toBe(
      '/xdg/Claude/claude_desktop_config.json',
    );
    expect(descriptorOf('codex').configPath(custom)).toBe('/codex/config.toml');
    expect(descriptorOf('claude-code').configPath(custom)).toBe('/cc/.claude.json');
    const relative = ctx('linux', { HOME: 'relative', XDG_CONFIG_HOME: 'x' });
    expect(descriptorOf('cursor').configPath(relative)).toBe('/fallback/.cursor/mcp.json');
    expect(descriptorOf('vscode').configPath(relative)).toBe(
      '/fallback/.config/Code/User/mcp.json',
    );
  });

  it("finds LM Studio's home as LM Studio does: the pointer file, the legacy cache, ~/.lmstudio", () => {
    const lm = descriptorOf('lm-studio');
    const files: Record<string, string> = {};
    const at = (dirs: Record<string, string[]> = {}): PathContext => ({
      ...ctx('linux', { HOME: '/home/ann' }, dirs),
      readText: (file) => files[file] ?? null,
    });
    expect(lm.configPath(at())).toBe('/home/ann/.lmstudio/mcp.json');
    // An install whose home is the legacy ~/.cache/lm-studio (no pointer written yet).
    const legacy = at({ '/home/ann/.cache/lm-studio': ['models'] });
    expect(lm.configPath(legacy)).toBe('/home/ann/.cache/lm-studio/mcp.json');
    expect(lm.installMarkers(legacy)).toEqual(['/home/ann/.cache/lm-studio']);
    // The pointer wins (LM Studio writes it; a moved home, e.g. on another drive).
    files['/home/ann/.lmstudio-home-pointer'] = '/data/lm-studio\n';
    expect(lm.configPath(legacy)).toBe('/data/lm-studio/mcp.json');
    // A pointer that is not an absolute path is not followed.
    files['/home/ann/.lmstudio-home-pointer'] = 'somewhere';
    expect(lm.configPath(at())).toBe('/home/ann/.lmstudio/mcp.json');
  });

  it('Antigravity CLI: writes the mcp_config.json that exists of the two Google documented', () => {
    const agy = descriptorOf('antigravity-cli');
    // Only the migration guide's file (~/.gemini/antigravity-cli/mcp_config.json) exists.
    const migrated = ctx(
      'linux',
      { HOME: '/home/ann' },
      {
        '/home/ann/.gemini/antigravity-cli': ['mcp_config.json', 'settings.json'],
      },
    );
    expect(agy.configPath(migrated)).toBe('/home/ann/.gemini/antigravity-cli/mcp_config.json');
    // Both exist: the later guides' shared file, which agy 1.0 and later read.
    const both = ctx(
      'linux',
      { HOME: '/home/ann' },
      {
        '/home/ann/.gemini/antigravity-cli': ['mcp_config.json'],
        '/home/ann/.gemini/config': ['mcp_config.json'],
      },
    );
    expect(agy.configPath(both)).toBe('/home/ann/.gemini/config/mcp_config.json');
    // Detected by its own folder.
    expect(agy.installMarkers(linux)).toContain('/home/ann/.gemini/antigravity-cli');
  });

  it('falls back to USERPROFILE\\AppData on Windows without APPDATA', () => {
    const bare = ctx('win32', { USERPROFILE: 'C:\\Users\\Bo' });
    expect(descriptorOf('vscode').configPath(bare)).toBe(
      'C:\\Users\\Bo\\AppData\\Roaming\\Code\\User\\mcp.json',
    );
  });
});

describe('stableNodePath', () => {
  const links: Record<string, string> = {
    '/opt/homebrew/bin/node': '/opt/homebrew/Cellar/node/22.1.0/bin/node',
    '/opt/homebrew/Cellar/node/22.1.0/bin/node': '/opt/homebrew/Cellar/node/22.1.0/bin/node',
    '/home/ann/.nvm/versions/node/v20.1.0/bin/node':
      '/home/ann/.nvm/versions/node/v20.1.0/bin/node',
    '/usr/bin/node': '/usr/bin/node',
    '/bin/node': '/usr/bin/node',
  };
  const stable = (execPath: string, pathEnv: string, platform: NodeJS.Platform = 'darwin') =>
    stableNodePath({ execPath, pathEnv, platform, realpath: (f) => links[f] ?? null });

  it("names Homebrew's bin/node link instead of the Cellar version it points to", () => {
    expect(stable('/opt/homebrew/Cellar/node/22.1.0/bin/node', '/usr/bin:/bin')).toBe(
      '/opt/homebrew/bin/node',
    );
  });
  it('keeps a stable path as it is, and a version manager Node without a link to it', () => {
    expect(stable('/usr/bin/node', '/bin:/usr/bin', 'linux')).toBe('/usr/bin/node');
    expect(stable('/home/ann/.nvm/versions/node/v20.1.0/bin/node', '/usr/bin:/bin', 'linux')).toBe(
      '/home/ann/.nvm/versions/node/v20.1.0/bin/node',
    );
  });
  it('never takes a link to another program, and leaves Windows alone', () => {
    expect(stable('/opt/homebrew/Cellar/node/21.0.0/bin/node', '/usr/bin')).toBe(
      '/opt/homebrew/Cellar/node/21.0.0/bin/node',
    );
    expect(stable('C:\\nvm\\v20.1.0\\node.exe', '', 'win32')).toBe('C:\\nvm\\v20.1.0\\node.exe');
  });
});

describe('launcherFor', () => {
  it('runs Node directly from a checkout', () => {
    expect(launcherFor({ execPath: '/usr/bin/node', isElectron: false })).toEqual({
      command: '/usr/bin/node',
      args: [],
      env: {},
    });
  });
  it('runs the app executable in Node mode, or the AppImage file', () => {
    expect(
      launcherFor({
        execPath: '/Applications/FolderGate.app/Contents/MacOS/FolderGate',
        isElectron: true,
      }),
    ).toEqual({
      command: '/Applications/FolderGate.app/Contents/MacOS/FolderGate',
      args: [],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    expect(
      launcherFor({
        execPath: '/tmp/.mount_Fold/foldergate',
        isElectron: true,
        appImage: '/home/a/FolderGate.AppImage',
      }),
    ).toEqual({
      command: '/home/a/FolderGate.AppImage',
      args: [],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });
});
