// App-wide state: the bridge, app info, settings, roots and server status, kept in sync with
// main through the settings:changed and server:status events.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import type {
  IpcError,
  IpcResponse,
  RootView,
  ServerStatus,
  SettingsView,
} from '#shared/contract/ipc.js';
import type { RendererBridge } from './bridge.js';
import { toIpcError } from './bridge.js';
import { t } from '#shared/i18n/i18n.js';
import { applyLanguage, useLanguage } from './language.js';

/** What the host told us about itself. */
export type AppInfo = IpcResponse<'app:info'>;

/** Everything the screens share. */
export interface AppState {
  bridge: RendererBridge;
  info: AppInfo;
  view: SettingsView;
  roots: RootView[] | null;
  rootsError: IpcError | null;
  status: ServerStatus | null;
  setView(view: SettingsView): void;
  setRoots(roots: RootView[]): void;
  setStatus(status: ServerStatus): void;
  refreshRoots(): Promise<void>;
}

const AppContext = createContext<AppState | null>(null);

/** The shared app state; only valid below {@link AppStateProvider}. */
export function useApp(): AppState {
  const state = useContext(AppContext);
  // eslint-disable-next-line i18next/no-literal-string -- a programming mistake, never shown to a person
  if (!state) throw new Error('useApp() outside AppStateProvider');
  return state;
}

/** What the sidebar says about AI access, and how it looks. */
export interface AccessStatus {
  state: 'paused' | 'checking' | 'unknown' | 'no-folders' | 'unreachable' | 'on';
  title: string;
  detail: string;
  tone: 'success' | 'warning' | 'neutral';
}

/**
 * The sidebar's status, honest about what AI apps can really do: green "AI access on" only when
 * access is not paused and at least one allowed folder can be read.
 */
export function accessStatus(
  paused: boolean,
  roots: RootView[] | null,
  rootsError: IpcError | null,
): AccessStatus {
  if (paused) {
    return {
      state: 'paused',
      title: t('shell.access.paused'),
      detail: t('shell.access.pausedDetail'),
      tone: 'warning',
    };
  }
  if (rootsError) {
    return {
      state: 'unknown',
      title: t('shell.access.unknown'),
      detail: t('shell.access.unknownDetail'),
      tone: 'warning',
    };
  }
  if (roots === null) {
    return { state: 'checking', title: t('shell.access.checking'), detail: '', tone: 'neutral' };
  }
  if (roots.length === 0) {
    return {
      state: 'no-folders',
      title: t('shell.access.noFolders'),
      detail: t('shell.access.noFoldersDetail'),
      tone: 'warning',
    };
  }
  const available = roots.filter((root) => root.state === 'ok').length;
  if (available === 0) {
    return {
      state: 'unreachable',
      title: t('shell.access.unreachable'),
      detail:
        roots.length === 1 ? t('shell.access.unreachableOne') : t('shell.access.unreachableMany'),
      tone: 'warning',
    };
  }
  return {
    state: 'on',
    title: t('shell.access.on'),
    detail: t('shell.access.onDetail', { count: available }),
    tone: 'success',
  };
}

/** The result of the initial load. */
export type Boot =
  | { phase: 'loading' }
  | { phase: 'failed'; error: IpcError }
  | { phase: 'ready'; info: AppInfo; view: SettingsView };

/** Loads app:info and settings; marks the page ready for tests once both arrived. */
export function useBoot(bridge: RendererBridge): { boot: Boot; retry(): void } {
  const [boot, setBoot] = useState<Boot>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all([bridge.invoke('app:info', {}), bridge.invoke('settings:get', {})]).then(
      async ([info, view]) => {
        // The window opens in the person's language: its words are fetched first if need be.
        await applyLanguage(view.settings.language, info.systemLanguages);
        if (live) setBoot({ phase: 'ready', info, view });
      },
      (error: unknown) => {
        if (live) setBoot({ phase: 'failed', error: toIpcError(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [bridge, attempt]);
  useEffect(() => {
    if (boot.phase === 'ready') document.body.dataset.ready = 'true';
  }, [boot.phase]);
  const retry = useCallback(() => {
    setBoot({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { boot, retry };
}

/** Error codes of an AI call that mean an allowed folder's state changed on disk. */
const FOLDER_PROBLEMS = new Set(['RootReplaced', 'PathNotFound', 'NotADirectory', 'AccessDenied']);

/** Provides {@link AppState} and keeps it current from main's events. */
export function AppStateProvider(props: {
  bridge: RendererBridge;
  info: AppInfo;
  initialView: SettingsView;
  children: ReactNode;
}): ReactNode {
  const { bridge, info } = props;
  const [view, setView] = useState(props.initialView);
  useLanguage(view.settings.language, info.systemLanguages);
  const [roots, setRoots] = useState<RootView[] | null>(null);
  const [rootsError, setRootsError] = useState<IpcError | null>(null);
  const [status, setStatus] = useState<ServerStatus | null>(null);
  const rootsRequest = useRef(0);

  const refreshRoots = useCallback(async () => {
    const id = ++rootsRequest.current;
    try {
      const result = await bridge.invoke('roots:list', {});
      if (id === rootsRequest.current) {
        setRoots(result.roots);
        setRootsError(null);
      }
    } catch (error) {
      if (id === rootsRequest.current) setRootsError(toIpcError(error));
    }
  }, [bridge]);

  const applyRoots = useCallback((next: RootView[]) => {
    rootsRequest.current += 1;
    setRoots(next);
    setRootsError(null);
  }, []);

  // The view as last set, to tell whether a second reading brings anything new.
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    void refreshRoots();
    bridge.invoke('server:status', {}).then(setStatus, () => undefined);
    let changes = 0;
    const offSettings = bridge.on('settings:changed', (next) => {
      changes += 1;
      setView(next);
      void refreshRoots();
    });
    // Events reach this window only from when it listens: a change made between the first load
    // and then (or while the host's event stream reconnected) is read once more. An event that
    // arrives meanwhile is at least as new as that reading, which is then dropped.
    const offListening = bridge.onListening(() => {
      const seen = changes;
      bridge.invoke('settings:get', {}).then(
        (next) => {
          if (seen !== changes || JSON.stringify(next) === JSON.stringify(viewRef.current)) return;
          setView(next);
          void refreshRoots();
        },
        () => undefined,
      );
      bridge.invoke('server:status', {}).then(setStatus, () => undefined);
    });
    const offStatus = bridge.on('server:status', setStatus);
    // A folder renamed away, removed or replaced on disk: the app core sees it and sends the list.
    const offRoots = bridge.on('roots:changed', (next) => applyRoots(next.roots));
    // An AI app was refused because an allowed folder is gone, replaced or unreadable: the
    // Folders screen and the sidebar say so at once, not at the next reload.
    const offActivity = bridge.on('activity:added', ({ entries }) => {
      if (entries.some((e) => FOLDER_PROBLEMS.has(e.record.errorCode ?? ''))) void refreshRoots();
    });
    // A folder can disappear while the window is in the background (a drive unplugged): look
    // again when the person comes back, so the sidebar and the Folders screen stay honest.
    const onFocus = (): void => {
      if (document.visibilityState === 'visible') void refreshRoots();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      offSettings();
      offListening();
      offStatus();
      offRoots();
      offActivity();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [bridge, refreshRoots, applyRoots]);

  const state = useMemo<AppState>(
    () => ({
      bridge,
      info,
      view,
      roots,
      rootsError,
      status,
      setView,
      setRoots: applyRoots,
      setStatus,
      refreshRoots,
    }),
    [bridge, info, view, roots, rootsError, status, applyRoots, refreshRoots],
  );
  return <AppContext.Provider value={state}>{props.children}</AppContext.Provider>;
}
