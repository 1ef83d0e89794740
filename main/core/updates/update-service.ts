// Self-update, decided in the Electron-free core: check the feed at start and once a day (unless
// the person turned automatic checks off in Advanced), download a newer version in the background
// (the updater verifies it against the feed's sha512), then say "Restart to update to 0.2.0" in
// the tray and Advanced › About. FolderGate never restarts on its own: only the person's
// "Restart to update" (or quitting the app) installs, and that restart waits while an approval
// waits for their answer or a Search preview search runs — and, on Windows, while an AI app runs
// FolderGate's program, which the installer could not replace (the person is asked to quit it).
import type { UpdateState, UpdateWait } from '#shared/updates/updates.js';
import { IPC_ERROR_CODES, IpcError } from '#shared/contract/ipc.js';
import type { UpdaterPort } from './updater-port.js';

/** The clock of the checks (tests move it). */
export interface UpdateClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: UpdateClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The first automatic check waits this long after start: the app's own start comes first. */
export const FIRST_CHECK_DELAY_MS = 15_000;
/** Then one check a day. */
export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
/** While a restart waits for AI apps to quit, how often the roster is read again. */
export const WAIT_POLL_MS = 2_000;

export interface UpdateServiceOptions {
  /** null: this copy cannot update itself, and why. */
  port: UpdaterPort | null;
  unsupported: UpdateState['unsupported'];
  current: string;
  platform: NodeJS.Platform;
  /** Whether automatic checks are on (the settings' `checkForUpdates`). */
  autoCheck(): boolean;
  /** What a restart would interrupt now (approvals, searches, AI apps on Windows). */
  waits(): Promise<UpdateWait[]>;
  onChanged(state: UpdateState): void;
  clock?: UpdateClock;
}

export interface UpdateService {
  state(): UpdateState;
  /** Starts the automatic checks (when on). */
  start(): void;
  stop(): void;
  /** The settings changed: automatic checks follow their switch. */
  followAutoCheck(): void;
  /** Checks now; resolves when the check (and a download it starts) ended. */
  check(): Promise<UpdateState>;
  restart(): Promise<UpdateState>;
  cancelRestart(): UpdateState;
  /** Something a restart may wait for changed (an approval answered, a search ended). */
  waitsMayHaveChanged(): void;
}

/** Which kind of problem an updater's error is. */
export function problemOf(error: unknown): NonNullable<UpdateState['problem']> {
  const e = error as { code?: unknown; message?: unknown; statusCode?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const detail = message.slice(0, 2000);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message))
    return { kind: 'checksum', detail };
  if (
    /^(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(
      code,
    ) ||
    /net::ERR_|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN/.test(message)
  )
    return { kind: 'offline', detail };
  if (
    typeof e?.statusCode === 'number' ||
    /^ERR_UPDATER_/.test(code) ||
    /YAMLException/.test(message)
  )
    return { kind: 'feed', detail };
  return { kind: 'other', detail };
}

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const clock = options.clock ?? systemClock;
  const { port } = options;
  let state: UpdateState = {
    current: options.current,
    unsupported: port ? null : options.unsupported,
    phase: 'idle',
    available: null,
    progress: null,
    checkedAt: null,
    nextCheckAt: null,
    problem: null,
    restartRequested: false,
    waitingFor: [],
    runningApps: options.platform === 'win32' ? 'quit-first' : 'keeps-running',
  };
  let started = false;
  let timer: unknown = null;
  let pollTimer: unknown = null;
  let running: Promise<UpdateState> | null = null;
  let installing = false;

  const set = (patch: Partial<UpdateState>) => {
    state = { ...state, ...patch };
    options.onChanged(state);
  };

  const schedule = (ms: number) => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (!started || !port || !options.autoCheck()) {
      if (state.nextCheckAt !== null) set({ nextCheckAt: null });
      return;
    }
    timer = clock.setTimeout(() => {
      timer = null;
      void check().finally(() => schedule(CHECK_EVERY_MS));
    }, ms);
    set({ nextCheckAt: new Date(clock.now() + ms).toISOString() });
  };

  const runCheck = async (): Promise<UpdateState> => {
    if (!port) return state;
    // A version already downloaded stays ready: a later check only looks for a newer one.
    const ready = state.phase === 'ready' ? state.available : null;
    set({ phase: 'checking', problem: null });
    try {
      const found = await port.check();
      const checkedAt = new Date(clock.now()).toISOString();
      if (!found) {
        set({ phase: ready ? 'ready' : 'up-to-date', checkedAt });
        return state;
      }
      if (ready && ready.version === found.version) {
        set({ phase: 'ready', checkedAt });
        return state;
      }
      set({ phase: 'downloading', available: found, progress: 0, checkedAt });
      await port.download((percent) => {
        const rounded = Math.max(0, Math.min(100, Math.round(percent)));
        if (rounded !== state.progress) set({ progress: rounded });
      });
      set({ phase: 'ready', progress: null });
    } catch (error) {
      // The version already downloaded (if any) stays ready; nothing half-downloaded is offered.
      set({
        phase: ready ? 'ready' : 'failed',
        available: ready,
        progress: null,
        problem: problemOf(error),
        checkedAt: new Date(clock.now()).toISOString(),
      });
    }
    return state;
  };

  const check = (): Promise<UpdateState> => {
    if (!port) return Promise.resolve(state);
    running ??= runCheck().finally(() => {
      running = null;
    });
    return running;
  };

  const stopPolling = () => {
    if (pollTimer !== null) clock.clearTimeout(pollTimer);
    pollTimer = null;
  };

  /** Installs when nothing waits; else says what it waits for, and looks again later. */
  const tryRestart = async (): Promise<void> => {
    stopPolling();
    if (!state.restartRequested || installing || !port) return;
    const waitingFor = await options.waits();
    if (!state.restartRequested) return;
    if (waitingFor.length === 0) {
      installing = true;
      set({ waitingFor: [] });
      port.install();
      return;
    }
    set({ waitingFor });
    // AI apps quitting tell nobody: the roster is read again; approvals and searches also call
    // waitsMayHaveChanged() at once.
    pollTimer = clock.setTimeout(() => void tryRestart(), WAIT_POLL_MS);
  };

  return {
    state: () => state,
    start() {
      started = true;
      schedule(FIRST_CHECK_DELAY_MS);
    },
    stop() {
      started = false;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      stopPolling();
    },
    followAutoCheck() {
      const on = options.autoCheck();
      if (on === (timer !== null)) return;
      schedule(on ? FIRST_CHECK_DELAY_MS : 0);
    },
    check,
    async restart() {
      if (state.phase !== 'ready' || !port)
        throw new IpcError(
          IPC_ERROR_CODES.unsupported,
          'There is no downloaded update to install.',
          'Check for updates first; FolderGate offers to restart once a new version is downloaded.',
        );
      set({ restartRequested: true });
      await tryRestart();
      return state;
    },
    cancelRestart() {
      stopPolling();
      if (!installing) set({ restartRequested: false, waitingFor: [] });
      return state;
    },
    waitsMayHaveChanged() {
      if (state.restartRequested) void tryRestart();
    },
  };
}
