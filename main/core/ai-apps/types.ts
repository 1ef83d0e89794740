// The client-registration service as the hosts, the IPC handlers and the CLI use it. The
// implementation (descriptors, format editors, locking, backups) lives beside this file.
import type { ClientActionResult, ClientId, ClientState } from '#shared/clients/clients.js';
import type { VersionUpdateResult } from './version-update.js';

/** How an AI app must start FolderGate's server: an absolute executable plus its environment. */
export interface ServerLauncher {
  /** Absolute path: the running Node from a checkout, the app's executable (or $APPIMAGE) when packed. */
  command: string;
  /** Arguments before the server script (none for Node; none for Electron with ELECTRON_RUN_AS_NODE). */
  args: string[];
  /** Environment written into the entry (e.g. ELECTRON_RUN_AS_NODE=1 for the packed app). */
  env: Record<string, string>;
}

/** What createClientService() needs; every input is explicit so tests use a temp HOME. */
export interface ClientServiceOptions {
  /** FolderGate's app data folder: `--config-dir` in every entry, `server/index.js` inside it. */
  appDataDir: string;
  /** The built server bundle to copy to `<appDataDir>/server/index.js` (mcp-server/dist/index.js). */
  serverBundle: string;
  launcher: ServerLauncher;
  platform?: NodeJS.Platform;
  /** HOME, USERPROFILE, APPDATA, LOCALAPPDATA, XDG_CONFIG_HOME, CODEX_HOME, CLAUDE_CONFIG_DIR, … */
  env?: NodeJS.ProcessEnv;
  /** FolderGate's version, which the Claude Desktop extension's manifest carries. */
  appVersion?: string;
}

/**
 * Registers FolderGate with AI apps. Every method re-reads the client's config file (clients
 * rewrite their own files). Failures throw an IpcError (code, message, fix); the config file is
 * then left exactly as it was.
 */
export interface ClientService {
  /** Every supported client with its status, in CLIENT_IDS order. */
  list(): Promise<ClientState[]>;
  /** One client's status. */
  get(id: ClientId): Promise<ClientState>;
  /** Adds (or updates) FolderGate's entry; a no-op when it is already exactly right. */
  connect(id: ClientId): Promise<ClientActionResult>;
  /** Removes exactly FolderGate's entry; a no-op when there is none. */
  disconnect(id: ClientId): Promise<ClientActionResult>;
  /** Rewrites an entry that differs from what FolderGate would write now (same as connect). */
  repair(id: ClientId): Promise<ClientActionResult>;
  /**
   * "Back up and repair": a settings file that cannot be read (a JSON syntax error) is replaced
   * by what could be read of it, with FolderGate's entry; the original bytes are kept as a
   * backup (Undo gives them back). TOML and YAML files are refused (fixed by hand).
   */
  rebuild(id: ClientId): Promise<ClientActionResult>;
  /**
   * At the core's start: rewrites FolderGate's own entries whose program or server script an
   * update or a move changed (version-update.ts), after copying this version's server bundle.
   * One run at a time per data folder in a process; list() and get() answer after it.
   */
  updateForNewVersion(): Promise<VersionUpdateResult>;
  /** Restores FolderGate's last backup of the file, if the file is still the one FolderGate wrote. */
  undo(id: ClientId): Promise<ClientActionResult>;
  /**
   * Gemini CLI: lets it start FolderGate's server, editing only its `mcp.excluded` and
   * `mcp.allowed` lists (asked by the person: the row's one-click fix; Undo takes it back).
   */
  allow(id: ClientId): Promise<ClientActionResult>;
  /**
   * Claude Desktop: builds the extension bundle (`<appData>/extension/foldergate.mcpb`) for the
   * person to open with Claude; returns its path and the app's state.
   */
  extension(id: ClientId): Promise<{ path: string; client: ClientState }>;
}
