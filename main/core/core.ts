// The Electron-free core of the tray app: settings, allowed folders, the supervised preview
// server, registration with AI apps, the activity log and the IPC handlers, wired together. Both hosts (Electron and headless) wrap this.
import os from 'node:os';
import path from 'node:path';
import type { IpcEvent, IpcEventPayload, IpcHandlers } from '#shared/contract/ipc.js';
import { createActivityService } from './activity/activity-service.js';
import { createApprovalService } from './approval/approval-service.js';
import { createAuditWriter } from '#appdata/activity/activity-writer.js';
import { createControlHandlers } from './control/control-handlers.js';
import { endPausesOnTime, type PauseClock } from './control/pause-end.js';
import type { ServerCommand } from '#appdata/paths.js';
import { createClientService, defaultClientServiceOptions } from './ai-apps/client-service.js';
import type { ClientServiceOptions } from './ai-apps/types.js';
import { createIpcHandlers, type PlatformHooks } from './ipc-handlers.js';
import { createRootsService } from './folders/folders-service.js';
import { watchRoots, type RootWatch, type RootWatchOptions } from './folders/root-watch.js';
import { createServerSupervisor, type SupervisorOptions } from './preview/server-supervisor.js';
import { createSettingsStore } from '#appdata/settings/settings-store.js';
import { createEngineSupervisor } from './engine/engine-supervisor.js';
import { setLanguage } from '#shared/i18n/i18n.js';
import { languageFor, posixLanguages, type LanguageChoice } from '#shared/i18n/languages.js';
import '#shared/i18n/all-languages.js';
import { createUpdateService, type UpdateClock } from './updates/update-service.js';
import { currentWaits } from './updates/update-waits.js';
import type { UpdaterPort } from './updates/updater-port.js';
import type { UpdateState } from '#shared/updates/updates.js';

/** How to spawn mcp-server (defined beside appDataDir()). */
export type { ServerCommand } from '#appdata/paths.js';
/** Platform features a host may supply (defined beside the handlers). */
export type { PlatformHooks } from './ipc-handlers.js';

/** How a host creates the core. */
export interface CoreOptions {
  /** From appDataDir() in app-paths.ts, or a test folder. */
  appDataDir: string;
  host: 'electron' | 'headless';
  /** How to spawn mcp-server (its args already hold `--config-dir <appDataDir>`). */
  serverCommand: ServerCommand;
  /**
   * The person's home folder (folder suggestions, "did you mean", warnings about it); the
   * system's by default, a temp folder in tests.
   */
  home?: string;
  /** Supplied by the Electron host; absent headless. */
  platform?: PlatformHooks;
  version?: string;
  /** Restart policy of the preview server (tests shorten it). */
  supervisor?: SupervisorOptions;
  /**
   * How AI apps registered from the UI start the server (launcher, server bundle; tests also give
   * a temp HOME through `env`). Unset fields come from this process; the app data folder is
   * always `appDataDir`.
   */
  clients?: Partial<Omit<ClientServiceOptions, 'appDataDir'>>;
  /** Poll interval of the activity log reader (tests shorten it; fs.watch wakes it sooner). */
  activityPollMs?: number;
  /** Clock and timer that end a pause for a while (tests move them). */
  pauseClock?: PauseClock;
  /** How the allowed folders are looked at on disk while the app runs (tests give the clock). */
  rootWatch?: RootWatchOptions;
  /** Clock of the approval broker's "Allow for 15 minutes" (tests move it). */
  approvalNow?: () => number;
  /**
   * Whether start() starts the preview engine (default true; both hosts do). The renderer's
   * component tests run the core without it: no process, and search:run answers "not running".
   */
  previewEngine?: boolean;
  /**
   * Whether start() starts the search engine; by default when it starts the preview engine (the
   * component tests run neither process). Without it servers walk, as when no app runs.
   */
  searchEngine?: boolean;
  /**
   * Self-update: the desktop app gives electron-updater behind a port (main/electron/updates.ts),
   * or null with why it cannot update; the web host has none ('web-host'). Tests give the same
   * updater run under Node against a local feed, and a clock.
   */
  updates?: {
    port: UpdaterPort | null;
    unsupported?: UpdateState['unsupported'];
    clock?: UpdateClock;
    /** The program AI apps' servers run with (default process.execPath). */
    program?: string;
    platform?: NodeJS.Platform;
  };
}

/** The core as hosts use it. */
export interface Core {
  /** One async function per channel (payload already parsed: call through dispatchIpc). */
  handlers: IpcHandlers;
  /** Subscribes to a push event; returns an unsubscribe function. */
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
  /** Loads settings, prunes and follows the activity log, and starts the supervised server. */
  start(): Promise<void>;
  /** Stops following the log and the server child (SIGTERM, then kill after a timer). */
  stop(): Promise<void>;
}

/** Creates the core; nothing runs until start(). */
export function createCore(options: CoreOptions): Core {
  const store = createSettingsStore(options.appDataDir);
  const home = options.home ?? os.homedir();
  const roots = createRootsService(store, { home });
  // The preview's calls are the person's own, made in this app: its server never asks them.
  const previewCommand = {
    ...options.serverCommand,
    // The catalog browser's calls are the person reading the catalog: not recorded at all.
    args: [
      ...options.serverCommand.args,
      '--no-approval',
      // Sees every folder allowed now, or asks as the app the person picked ("Search as").
      '--preview',
      '--no-record',
      'logic_list',
      '--no-record',
      'logic_get',
      // Used at once by the person: its first search does not wait for the full server to load.
      '--load-now',
    ],
  };
  const supervisor = createServerSupervisor(previewCommand, {
    clientVersion: options.version,
    ...options.supervisor,
  });
  const clients = createClientService({
    ...defaultClientServiceOptions(),
    appVersion: options.version,
    ...options.clients,
    appDataDir: options.appDataDir,
  });
  const listeners = new Map<IpcEvent, Set<(payload: never) => void>>();
  const emit = <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => {
    for (const listener of listeners.get(event) ?? [])
      (listener as (p: IpcEventPayload<E>) => void)(payload);
  };
  // The app's own words (tray, notifications, folder checks, the approval prompt's first line)
  // in the person's language: their choice, else the system's (Electron's list, else LANG).
  const speak = (choice: LanguageChoice): void =>
    setLanguage(
      languageFor(choice, options.platform?.systemLanguages?.() ?? posixLanguages(process.env)),
    );
  speak(store.view().settings.language);
  // Before the change is announced, so the tray and the window redraw in the new language.
  store.onChange((view) => speak(view.settings.language));
  store.onChange((view) => emit('settings:changed', view));
  supervisor.onStatus((status) => emit('server:status', status));
  const engine = createEngineSupervisor(options.serverCommand);
  // The engine's watches see a folder vanish or change first: the folders are looked at then.
  let rootWatch: RootWatch | null = null;
  engine.onStatus((status) => {
    emit('engine:status', status);
    rootWatch?.lookNow();
  });
  const engineWanted = options.searchEngine ?? options.previewEngine !== false;
  // Instant search follows its switch (Advanced): the engine runs only while it is on.
  let engineStarted = false;
  const followInstantSearch = (on: boolean) => {
    if (!engineStarted) return;
    if (on && engineWanted) engine.start();
    else void engine.stop();
  };
  store.onChange((view) => followInstantSearch(view.settings.instantSearch));
  const activity = createActivityService({
    dir: path.join(options.appDataDir, 'audit'),
    store,
    pollMs: options.activityPollMs,
    onAdded: (payload) => emit('activity:added', payload),
  });
  const approval = createApprovalService({
    appDataDir: options.appDataDir,
    store,
    now: options.approvalNow,
    version: options.version,
    // A test request's end, in the log as any server writes it (while recording is on).
    recordTest: (record) => {
      const writer = createAuditWriter({
        dir: path.join(options.appDataDir, 'audit'),
        enabled: () => store.view().settings.activity.enabled,
        log: (line) => process.stderr.write(`activity: ${line}\n`),
      });
      writer.append(record);
      writer.close();
    },
    onChanged: (state) => {
      approvalsWaiting = state.pending.length;
      updates.waitsMayHaveChanged();
      emit('approval:changed', state);
    },
  });
  let approvalsWaiting = 0;
  let searchesRunning = 0;
  const updates = createUpdateService({
    port: options.updates?.port ?? null,
    unsupported:
      options.updates?.unsupported ?? (options.host === 'headless' ? 'web-host' : 'not-installed'),
    current: options.version ?? '0.0.0',
    platform: options.updates?.platform ?? process.platform,
    autoCheck: () => store.view().settings.checkForUpdates,
    waits: () =>
      currentWaits({
        appDataDir: options.appDataDir,
        platform: options.updates?.platform ?? process.platform,
        program: options.updates?.program ?? process.execPath,
        approvalsWaiting: () => approvalsWaiting,
        searchesRunning: () => searchesRunning,
      }),
    onChanged: (state) => emit('updates:changed', state),
    clock: options.updates?.clock,
  });
  store.onChange(() => updates.followAutoCheck());
  // The check of AI apps' entries after an update (ai-apps/version-update.ts), once per start.
  let entriesChecked: Promise<void> = Promise.resolve();
  let stopPauseEnd = (): void => undefined;
  let stopWatching = (): void => undefined;
  const handlers = createIpcHandlers({
    appDataDir: options.appDataDir,
    home,
    host: options.host,
    version: options.version ?? '0.0.0',
    platform: options.platform ?? {},
    store,
    roots,
    supervisor,
    engine,
    clients,
    activity: activity.handlers,
    searchProgress: (payload) => emit('search:progress', payload),
    searchesRunning: {
      begin: () => {
        searchesRunning += 1;
        let ended = false;
        return () => {
          if (ended) return;
          ended = true;
          searchesRunning -= 1;
          updates.waitsMayHaveChanged();
        };
      },
    },
    updates,
    control: { ...createControlHandlers(store), ...approval.handlers },
  });

  return {
    handlers,
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    async start() {
      await store.load();
      // Another process's change (a second FolderGate, the CLI, a hand edit) reaches the window,
      // the tray and the engine without anyone asking for the settings.
      stopWatching = store.watch();
      stopPauseEnd = endPausesOnTime(store, options.pauseClock);
      // Folders allowed before identities were recorded are trusted as they are now.
      await roots.recordIdentities();
      // A folder renamed, removed or replaced on disk reaches the window as it happens.
      rootWatch = watchRoots(
        roots,
        store,
        (list) => emit('roots:changed', { roots: list }),
        options.rootWatch,
      );
      await activity.start();
      await approval.start();
      // In the background (a busy settings file may be locked for a while); the AI apps' state
      // is answered after it. A failure leaves every entry as it was, shown as it is.
      const say = (line: string) => void process.stderr.write(`FolderGate: ${line}\n`);
      entriesChecked = clients.updateForNewVersion().then(
        ({ failed }) => {
          for (const { id, message } of failed) say(`${id}'s entry not updated: ${message}`);
        },
        (error: unknown) => say(`AI apps' entries not checked: ${(error as Error).message}`),
      );
      engineStarted = true;
      followInstantSearch(store.view().settings.instantSearch);
      if (options.previewEngine !== false) await supervisor.start();
      updates.start();
    },
    async stop() {
      updates.stop();
      rootWatch?.stop();
      rootWatch = null;
      stopWatching();
      stopPauseEnd();
      await entriesChecked;
      activity.stop();
      await approval.stop();
      await supervisor.stop();
      engineStarted = false;
      await engine.stop();
    },
  };
}
