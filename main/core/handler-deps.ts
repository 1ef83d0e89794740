// What the per-domain IPC handlers (each domain's register()) work with.
import type { UpdateService } from './updates/update-service.js';
import { IPC_ERROR_CODES, IpcError, type IpcEventPayload } from '#shared/contract/ipc.js';
import type { SettingsStore } from '#appdata/settings/settings-store.js';
import type { ActivityHandlers } from './activity/activity-service.js';
import type { ClientService } from './ai-apps/types.js';
import type { ApprovalQueueHandlers } from './approval/approval-service.js';
import type { ControlSettingsHandlers } from './control/control-handlers.js';
import type { RootsService } from './folders/folders-service.js';
import type { ServerSupervisor } from './preview/server-supervisor.js';
import type { EngineSupervisor } from './engine/engine-supervisor.js';

/** The platform features a host may supply (the Electron host; the headless host has none). */
export interface PlatformHooks {
  /** `within`: a subfolder of this allowed folder is chosen, to leave it out. */
  pickFolder?(within?: string): Promise<string | null>;
  reveal?(path: string): Promise<void>;
  /** Opens a folder in the file manager. */
  openFolder?(path: string): Promise<void>;
  /** Opens a file with the app the system has for it (Claude for a .mcpb). */
  openFile?(path: string): Promise<void>;
  getStartAtLogin?(): Promise<boolean>;
  setStartAtLogin?(enabled: boolean): Promise<boolean>;
  /** The operating system's languages, most wanted first (Electron: getPreferredSystemLanguages). */
  systemLanguages?(): string[];
}

/** What the handlers work with. */
export interface HandlerDeps {
  appDataDir: string;
  /** The person's home folder. */
  home: string;
  host: 'electron' | 'headless';
  version: string;
  platform: PlatformHooks;
  store: SettingsStore;
  roots: RootsService;
  supervisor: ServerSupervisor;
  /** The search engine process (its status only: servers ask it themselves). */
  engine: EngineSupervisor;
  /** Registration with AI apps (connect, disconnect, repair, undo). */
  clients: ClientService;
  /** The activity log's channels (query, chart, export, paths, settings). */
  activity: ActivityHandlers;
  /** Pushes how far a preview search got (the search:progress event). */
  searchProgress(payload: IpcEventPayload<'search:progress'>): void;
  /** Counts the Search preview's searches while they run (a restart to update waits for them). */
  searchesRunning?: { begin(): () => void };
  /** Self-update (main/core/updates/). */
  updates: UpdateService;
  /** The person's controls: tool switches, file types, approval settings and queue. */
  control: ControlHandlers;
}

/** The control channels (control/control-handlers.ts and approval/approval-service.ts). */
export type ControlHandlers = ControlSettingsHandlers & ApprovalQueueHandlers;

/** The error of a feature this host does not have. */
export function unsupported(what: string, fix: string): IpcError {
  return new IpcError(IPC_ERROR_CODES.unsupported, `${what} is not available here.`, fix);
}
