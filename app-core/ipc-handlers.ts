// One handler per channel of the IPC contract, over the core's services. Payloads arrive already
// parsed by dispatchIpc; expected failures are thrown as IpcError with a sentence and a fix.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
import { SEARCH_TOOL_NAME, searchOutputSchema } from '#shared/tools/search-by-time.js';
import { isWithin } from '#shared/text/path-compare.js';
import type { ActivityHandlers } from './activity/activity-service.js';
import type { ApprovalQueueHandlers } from './approval/approval-service.js';
import type { ControlSettingsHandlers } from './control/control-handlers.js';
import type { ClientService } from './ai-apps/types.js';
import { resolveFolder } from './folders/folder-check.js';
import { firstText, getLogic, listLogics, toolErrorView } from './logic/logic-browser.js';
import type { RootsService } from './folders/folders-service.js';
import type { ServerSupervisor } from './preview/server-supervisor.js';
import type { SettingsStore } from '#appdata/settings/settings-store.js';

/** The platform features a host may supply (the Electron host; the headless host has none). */
export interface PlatformHooks {
  pickFolder?(): Promise<string | null>;
  reveal?(path: string): Promise<void>;
  getStartAtLogin?(): Promise<boolean>;
  setStartAtLogin?(enabled: boolean): Promise<boolean>;
}

/** What the handlers work with. */
export interface HandlerDeps {
  appDataDir: string;
  host: 'electron' | 'headless';
  version: string;
  platform: PlatformHooks;
  store: SettingsStore;
  roots: RootsService;
  supervisor: ServerSupervisor;
  /** Registration with AI apps (connect, disconnect, repair, undo). */
  clients: ClientService;
  /** The activity log's channels (query, chart, export, paths, settings). */
  activity: ActivityHandlers;
  /** The person's controls: tool switches, file types, approval settings and queue. */
  control: ControlHandlers;
}

/** The control channels (control/control-handlers.ts and approval/approval-service.ts). */
export type ControlHandlers = ControlSettingsHandlers & ApprovalQueueHandlers;

function unsupported(what: string, fix: string): IpcError {
  return new IpcError(IPC_ERROR_CODES.unsupported, `${what} is not available here.`, fix);
}

/** Builds the handler table for every channel. */
export function createIpcHandlers(deps: HandlerDeps): IpcHandlers {
  const { store, roots, supervisor, platform, clients } = deps;
  const call = (name: string, args: Record<string, unknown>) => supervisor.callTool(name, args);

  return {
    'app:info': async () => ({
      version: deps.version,
      host: deps.host,
      platform: process.platform,
      appDataDir: deps.appDataDir,
      homeDir: os.homedir(),
      features: {
        nativeFolderDialog: platform.pickFolder !== undefined,
        revealInFolder: platform.reveal !== undefined,
        tray: deps.host === 'electron',
        startAtLogin: platform.setStartAtLogin !== undefined,
      },
    }),
    'settings:get': () => store.refresh(),
    'settings:setPaused': ({ paused }) => store.update((s) => ({ ...s, paused })),
    'settings:update': ({ limits, exclude, followSymlinks }) =>
      store.update((s) => ({
        ...s,
        limits: { ...s.limits, ...limits },
        exclude: exclude ?? s.exclude,
        followSymlinks: followSymlinks ?? s.followSymlinks,
      })),
    'settings:completeFirstRun': () => store.update((s) => ({ ...s, firstRunCompleted: true })),
    'settings:startOver': () => store.startOver(),
    'roots:list': async () => {
      await store.refresh(); // the CLI may have changed the folders
      return { roots: await roots.list() };
    },
    'roots:check': ({ path }) => roots.check(path),
    'roots:add': async ({ path, name }) => ({ roots: await roots.add(path, name) }),
    'roots:rename': async ({ path, name }) => ({ roots: await roots.rename(path, name) }),
    'roots:remove': async ({ path }) => ({ roots: await roots.remove(path) }),
    'roots:setDefault': async ({ path }) => ({ roots: await roots.setDefault(path) }),
    'roots:confirm': async ({ path, nowAt }) => ({ roots: await roots.confirm(path, nowAt) }),
    'roots:pickFolder': async () => {
      if (!platform.pickFolder)
        throw unsupported('The folder dialog', 'Type the full path of the folder instead.');
      return { path: await platform.pickFolder() };
    },
    'search:run': async (request) => {
      const started = performance.now();
      // The server ends a page at its time limit; past that (plus the supervisor's margin) the
      // call fails as TimeoutExceeded, and a frozen server is caught sooner by the pings.
      const timeLimitMs = store.view().settings.limits.timeoutMs;
      const result = await supervisor.callTool(SEARCH_TOOL_NAME, request, timeLimitMs);
      const elapsedMs = Math.round(performance.now() - started);
      if (result.isError) return { ok: false as const, error: toolErrorView(result), elapsedMs };
      const parsed = searchOutputSchema.safeParse(result.structuredContent);
      if (!parsed.success) {
        throw new IpcError(
          IPC_ERROR_CODES.internal,
          'The server answered the search with an unexpected shape.',
          'Rebuild FolderGate (npm run build) and restart the server.',
        );
      }
      return { ok: true as const, summary: firstText(result), result: parsed.data, elapsedMs };
    },
    'logic:setCatalog': async ({ path }) => {
      if (path === null) return store.update((s) => ({ ...s, logicCatalog: null }));
      const folder = await resolveFolder(path);
      if (!folder.ok)
        throw new IpcError(
          IPC_ERROR_CODES.invalidFolder,
          folder.error,
          'Choose the folder that holds the logics/ folder.',
        );
      return store.update((s) => ({ ...s, logicCatalog: folder.path }));
    },
    'logic:list': () => listLogics(call, store.view().settings.logicCatalog),
    'logic:get': ({ name }) => getLogic(call, name),
    'server:status': async () => supervisor.status(),
    'server:restart': () => supervisor.restart(),
    'shell:reveal': async ({ path: target }) => {
      if (!platform.reveal)
        throw unsupported(
          'Showing files in the file manager',
          'Copy the path and open it in your file manager.',
        );
      const real = await fs.realpath(target).catch(() => null);
      const allowed = await Promise.all(
        store.view().settings.roots.map((r) => fs.realpath(r.path).catch(() => r.path)),
      );
      if (real === null || !allowed.some((root) => isWithin(real, root, path))) {
        throw new IpcError(
          IPC_ERROR_CODES.notFound,
          'This file is not inside an allowed folder (or no longer exists).',
          'Run the search again.',
        );
      }
      await platform.reveal(real);
      return {};
    },
    'app:getStartAtLogin': async () => ({
      enabled: platform.getStartAtLogin ? await platform.getStartAtLogin() : null,
    }),
    'app:setStartAtLogin': async ({ enabled }) => {
      if (!platform.setStartAtLogin)
        throw unsupported('Start at login', 'Start FolderGate yourself, or use the desktop app.');
      return { enabled: await platform.setStartAtLogin(enabled) };
    },
    'clients:list': async () => ({ clients: await clients.list() }),
    'clients:connect': ({ id }) => clients.connect(id),
    'clients:disconnect': ({ id }) => clients.disconnect(id),
    'clients:repair': ({ id }) => clients.repair(id),
    'clients:undo': ({ id }) => clients.undo(id),
    'clients:reveal': async ({ id }) => {
      if (!platform.reveal)
        throw unsupported(
          'Showing files in the file manager',
          'Copy the path of the settings file and open it in your file manager or a text editor.',
        );
      // The path comes from the client table, never from the request; a file not written yet is
      // shown through its folder.
      const { configPath, name } = await clients.get(id);
      const target = [configPath, path.dirname(configPath)].find((p) => existsSync(p));
      if (!target)
        throw new IpcError(
          IPC_ERROR_CODES.notFound,
          `${name} has no settings file yet (${configPath}).`,
          `Open ${name} once, or use Connect: FolderGate creates the file.`,
        );
      await platform.reveal(target);
      return {};
    },
    ...deps.activity,
    ...deps.control,
  };
}
