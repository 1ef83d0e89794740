// How the Electron app starts mcp-server: its own executable in Node mode (ELECTRON_RUN_AS_NODE=1,
// which is why the RunAsNode fuse stays enabled), running the server bundle that ships next to
// the app (extraResources → <resources>/mcp-server) or, in development, the repo's build.
import path from 'node:path';
import { SERVER_NODE_FLAGS, type ServerCommand } from '#appdata/paths.js';

/** What decides the command: the running executable and where the app is. */
export interface ElectronServerCommandInput {
  execPath: string;
  isPackaged: boolean;
  /** process.resourcesPath (packaged apps). */
  resourcesPath: string;
  /** The repository root (development). */
  repoRoot: string;
  appDataDir: string;
}

/** The mcp-server entry the app runs. */
export function electronServerEntry(
  input: Pick<ElectronServerCommandInput, 'isPackaged' | 'resourcesPath' | 'repoRoot'>,
): string {
  return input.isPackaged
    ? path.join(input.resourcesPath, 'mcp-server', 'index.js')
    : path.join(input.repoRoot, 'mcp-server', 'dist', 'index.js');
}

/** The supervised server's command line under Electron. */
export function electronServerCommand(input: ElectronServerCommandInput): ServerCommand {
  return {
    command: input.execPath,
    args: [...SERVER_NODE_FLAGS, electronServerEntry(input), '--config-dir', input.appDataDir],
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };
}
