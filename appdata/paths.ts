// Where FolderGate keeps its per-user data, computed the same way inside and outside Electron so
// the app, the CLI, the headless host and every mcp-server agree on one settings file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The product name Electron derives `userData` from. */
export const APP_NAME = 'FolderGate';

/** How to spawn mcp-server: the executable, its arguments and the environment it gets. */
export interface ServerCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The per-user app data folder: `FOLDERGATE_HOME` when set; otherwise what Electron's `userData`
 * is for "FolderGate" (linux `$XDG_CONFIG_HOME/FolderGate` or `~/.config/FolderGate`, darwin
 * `~/Library/Application Support/FolderGate`, win32 `%APPDATA%\FolderGate`).
 */
export function appDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const api = platform === 'win32' ? path.win32 : path.posix;
  const override = env.FOLDERGATE_HOME;
  if (override) return api.resolve(override);
  if (platform === 'win32') {
    const roaming =
      env.APPDATA && api.isAbsolute(env.APPDATA)
        ? env.APPDATA
        : api.join(home, 'AppData', 'Roaming');
    return api.join(roaming, APP_NAME);
  }
  if (platform === 'darwin') return api.join(home, 'Library', 'Application Support', APP_NAME);
  const xdg =
    env.XDG_CONFIG_HOME && api.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : api.join(home, '.config');
  return api.join(xdg, APP_NAME);
}

const SERVER_ENTRY = path.join('mcp-server', 'dist', 'index.js');

/**
 * The built mcp-server entry: looked up from this module's folder upwards, because this file
 * runs both from source (appdata/) and bundled (main/electron/dist/, main/cli/dist/).
 */
export function findServerEntry(
  startDir: string = path.dirname(fileURLToPath(import.meta.url)),
): string {
  // The nearest folder that holds mcp-server/ (built or not yet built: a checkout before
  // `npm run build` still names the entry the build will write).
  let dir = startDir;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, SERVER_ENTRY);
    if (fs.existsSync(candidate) || fs.existsSync(path.join(dir, 'mcp-server', 'build.mjs'))) {
      return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.resolve(startDir, '..', '..', SERVER_ENTRY);
}

/**
 * The search engine's bundle for a server entry: the engine has its own folder beside the
 * server's, in a checkout (`mcp-server/dist/index.js` → `engine/dist/engine.js`) as in the app
 * (`<resources>/mcp-server/index.js` → `<resources>/engine/engine.js`). Null for an entry in
 * neither place.
 */
export function engineEntryBeside(serverEntry: string): string | null {
  const dir = path.dirname(serverEntry);
  if (path.basename(serverEntry) !== 'index.js') return null;
  if (path.basename(dir) === 'dist' && path.basename(path.dirname(dir)) === 'mcp-server')
    return path.join(path.dirname(path.dirname(dir)), 'engine', 'dist', 'engine.js');
  if (path.basename(dir) === 'mcp-server')
    return path.join(path.dirname(dir), 'engine', 'engine.js');
  return null;
}

/**
 * Node's command-line flags every FolderGate-started server runs with (the preview server, and
 * the entry written into each AI app's config): V8's young generation kept at 1 MB semispaces
 * (a scan keeps many objects alive and V8 would grow them to 2 × 16 MB) and `gc()` exposed for
 * the full collection after a scan or a long answer (search/idle-gc.ts). Both
 * are documented start-up flags of Node and of Electron in Node mode; the server sets none at
 * run time, and without them (a hand-written entry) it works the same with more memory.
 * Measured on the bench's 200,000 files: server 108 MB and 198 MB with its scan process,
 * instead of 160 MB and 248 MB.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1', '--expose-gc'];

/**
 * The plain-Node way to run the server: `node <flags> <repo>/mcp-server/dist/index.js --config-dir <dir>`.
 * (The Electron host builds its own: its executable with ELECTRON_RUN_AS_NODE=1.)
 */
export function defaultServerCommand(
  appData: string,
  serverEntry: string = findServerEntry(),
): ServerCommand {
  return {
    command: process.execPath,
    args: [...SERVER_NODE_FLAGS, serverEntry, '--config-dir', appData],
    env: {},
  };
}
