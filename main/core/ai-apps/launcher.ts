// The executable AI apps start FolderGate's server with. It must be absolute and outlive the
// session that registered it: never npx or a bare `node` looked up on the client's PATH.
import type { ServerLauncher } from './types.js';

/** What decides the launcher: the running executable and how FolderGate runs. */
export interface LauncherInput {
  /** process.execPath: Node from a checkout, the app's own binary when packed. */
  execPath: string;
  /** True inside Electron (the packed app or `electron .`). */
  isElectron: boolean;
  /** $APPIMAGE: the AppImage file, since execPath points into its temporary mount. */
  appImage?: string | undefined;
}

/**
 * Node runs the server directly; the Electron app runs it through its own executable in Node mode
 * (ELECTRON_RUN_AS_NODE=1, which is why the RunAsNode fuse stays enabled).
 */
export function launcherFor(input: LauncherInput): ServerLauncher {
  if (!input.isElectron) return { command: input.execPath, args: [], env: {} };
  const command = input.appImage ? input.appImage : input.execPath;
  return { command, args: [], env: { ELECTRON_RUN_AS_NODE: '1' } };
}

/** What {@link stableNodePath} may look at (injected, so every case is tested on any machine). */
export interface StableNodeInput {
  /** process.execPath. */
  execPath: string;
  /** $PATH. */
  pathEnv: string | undefined;
  platform: NodeJS.Platform;
  /** fs.realpathSync, or null when the path does not exist. */
  realpath(file: string): string | null;
}

/** Links that stay where they are across Node upgrades: Homebrew's and the system's. */
const STABLE_NODE_LINKS = ['/opt/homebrew/bin/node', '/usr/local/bin/node', '/usr/bin/node'];
/** Folders that belong to one installed version (a version manager's, Homebrew's Cellar). */
const VERSIONED =
  /\/(Cellar|\.nvm|\.fnm|fnm|\.volta|\.asdf|\.nodenv|\.local\/share\/mise|n\/versions)\/|\/v?\d+\.\d+\.\d+\//;

/**
 * The path AI apps should start Node with: the running Node (`execPath`) itself, unless a stable
 * link leads to exactly the same program — Homebrew's `bin/node` for a Cellar path, the system's
 * node, a `node` on PATH outside any version manager — which then survives the next upgrade.
 * A version manager's Node (nvm and the like) has no such link: it stays pinned, and the app says
 * so plainly when it is gone (see the client service's status).
 */
export function stableNodePath(input: StableNodeInput): string {
  // Only a Node that belongs to one installed version is replaced; any other path is kept.
  if (input.platform === 'win32' || !VERSIONED.test(input.execPath)) return input.execPath;
  const target = input.realpath(input.execPath);
  if (target === null) return input.execPath;
  const onPath = (input.pathEnv ?? '')
    .split(':')
    .filter((dir) => dir.startsWith('/'))
    .map((dir) => `${dir.replace(/\/+$/, '')}/node`);
  for (const candidate of [...STABLE_NODE_LINKS, ...onPath]) {
    if (candidate === input.execPath || VERSIONED.test(`${candidate}/`)) continue;
    if (input.realpath(candidate) === target) return candidate;
  }
  return input.execPath;
}
