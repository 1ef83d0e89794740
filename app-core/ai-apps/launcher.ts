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
