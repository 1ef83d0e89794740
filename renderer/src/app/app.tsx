// The app shell: boot (app:info + settings), the first run when it is not finished, else the
// sidebar with the main places (Folders, AI apps, Control, Activity, Search preview), Advanced
// and the Setup guide, and an honest status of AI access.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { RendererBridge } from './bridge.js';
import { PAGE_ERROR_CODES } from './bridge.js';
import { ApprovalBanner } from '../features/approval/approval-banner.js';
import { PausedBanner } from '../features/control/pause-switch.js';
import { Button, ErrorCallout, Spinner } from '../ui/ui.js';
import { AppStateProvider, useApp, useBoot } from './app-state.js';
import { FirstRunScreen } from '../features/first-run/first-run.js';
import type { AdvancedTab } from '../features/advanced/advanced.js';
import { FoldersScreen } from '../features/folders/folders.js';
import './shell.css';
import { NAV, NAV_SECONDARY, Sidebar, type ScreenId } from './sidebar.js';
import { SettingsProblem } from './settings-problem.js';
import { PromptShell, type PageView } from './prompt-shell.js';
import { useT } from '../ui/i18n.js';

// The first screens a person sees (Folders, the first run) come with the app; the others load
// when first opened (each its own small file), so the window opens sooner. They are fetched
// ahead once the app is up; a screen whose file is here shows at once, without a fallback.
function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Screen: ComponentType<P>; fetchAhead(): Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  const fetchAhead = () =>
    load().then((component) => {
      loaded = component;
    });
  // React resolves a lazy component at once when its thenable calls back at once.
  const Screen = lazy(() =>
    loaded
      ? ({
          then: (resolve: (m: { default: ComponentType<P> }) => void) =>
            resolve({ default: loaded! }),
        } as unknown as Promise<{ default: ComponentType<P> }>)
      : load().then((component) => ({ default: component })),
  );
  return { Screen: Screen as unknown as ComponentType<P>, fetchAhead };
}

const activity = lazyScreen(() =>
  import('../features/activity/activity.js').then((m) => m.ActivityScreen),
);
const aiApps = lazyScreen(() =>
  import('../features/ai-apps/ai-apps.js').then((m) => m.AiAppsScreen),
);
const control = lazyScreen(() =>
  import('../features/control/control.js').then((m) => m.ControlScreen),
);
const search = lazyScreen(() =>
  import('../features/search/search-preview.js').then((m) => m.SearchPreviewScreen),
);
const advanced = lazyScreen(() =>
  import('../features/advanced/advanced.js').then((m) => m.AdvancedScreen),
);
const ActivityScreen = activity.Screen;
const AiAppsScreen = aiApps.Screen;
const ControlScreen = control.Screen;
const SearchPreviewScreen = search.Screen;
const AdvancedScreen = advanced.Screen;

/** Fetches the other screens' files in the background. */
function fetchScreensAhead(): void {
  for (const screen of [aiApps, control, activity, search, advanced])
    void screen.fetchAhead().catch(() => undefined);
}

/** Moves the focus once the screen it comes with is on the page (after its file loaded). */
function FocusOnShow(props: { onShow(): void }): null {
  const { onShow } = props;
  useLayoutEffect(() => onShow(), [onShow]);
  return null;
}

/** The screens reachable from the sidebar. */
export function App(props: { bridge: RendererBridge; view?: PageView }): ReactNode {
  const { boot, retry } = useBoot(props.bridge);
  const t = useT();
  if (boot.phase === 'loading') {
    return (
      <div className="boot" role="status" aria-live="polite">
        <Spinner /> <span>{t('shell.opening')}</span>
      </div>
    );
  }
  if (boot.phase === 'failed') {
    const noAccess =
      boot.error.code === PAGE_ERROR_CODES.noToken ||
      boot.error.code === PAGE_ERROR_CODES.unauthorized;
    return (
      <main className="boot boot-failed">
        <div className="boot-card">
          <h1 className="page-title">
            {noAccess ? t('shell.noAccessTitle') : t('shell.failedTitle')}
          </h1>
          <ErrorCallout
            error={boot.error}
            title={noAccess ? t('shell.noAccess') : t('shell.couldNotLoad')}
            testId="boot-error"
          />
          <Button variant="primary" onClick={retry}>
            {t('common.tryAgain')}
          </Button>
        </div>
      </main>
    );
  }
  return (
    <AppStateProvider bridge={props.bridge} info={boot.info} initialView={boot.view}>
      {props.view === 'prompt' ? <PromptShell /> : <Shell />}
    </AppStateProvider>
  );
}

function Shell(): ReactNode {
  const { view } = useApp();
  const t = useT();
  const [screen, setScreen] = useState<ScreenId>('folders');
  const [advancedTab, setAdvancedTab] = useState<AdvancedTab>('limits');
  const mainRef = useRef<HTMLElement>(null);
  // Counts navigations (the sidebar, the end of the first run): each one moves focus to the new
  // screen's title — also when the screen stays the same, as after "Open FolderGate".
  const [navigations, setNavigations] = useState(0);

  // The end of the first run counts as a navigation as soon as the settings say so: the host's
  // change notice can arrive before the answer to "Open FolderGate", and the first run's button
  // that had the focus is gone from that render on.
  const finishedFirstRun = view.settings.firstRunCompleted;
  const wasInFirstRun = useRef(!finishedFirstRun);
  // A layout effect: focus moves in the same task as the screen change, so it is never left on
  // <body> in between.
  const focusTitle = useCallback(() => {
    mainRef.current?.querySelector<HTMLElement>('[data-page-title], .wizard-title')?.focus();
  }, []);
  useLayoutEffect(() => {
    const leftFirstRun = wasInFirstRun.current && finishedFirstRun;
    wasInFirstRun.current = !finishedFirstRun;
    if (leftFirstRun) focusTitle();
  }, [finishedFirstRun, focusTitle]);
  useLayoutEffect(() => {
    if (finishedFirstRun) fetchScreensAhead();
  }, [finishedFirstRun]);
  // The window's title names the screen (what a screen reader and the task switcher say).
  useEffect(() => {
    const label = finishedFirstRun
      ? [...NAV, ...NAV_SECONDARY].find((item) => item.id === screen)?.label()
      : t('firstRun.welcomeTitle');
    document.title = label ? `${label} — FolderGate` : 'FolderGate';
  }, [screen, finishedFirstRun, t]);

  const go = (next: ScreenId): void => {
    setNavigations((n) => n + 1);
    setScreen(next);
  };

  if (!view.settings.firstRunCompleted) {
    return (
      <main className="first-run-main">
        <ApprovalBanner />
        <SettingsProblem />
        <FirstRunScreen onFinished={() => go('folders')} />
      </main>
    );
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <Sidebar screen={screen} onNavigate={go} />
      <main className="main" id="main" ref={mainRef} tabIndex={-1} data-screen={screen}>
        <ApprovalBanner />
        <PausedBanner />
        <SettingsProblem />
        <div className="content">
          <Suspense
            fallback={
              <p className="muted inline-status" role="status">
                <Spinner /> Opening…
              </p>
            }
          >
            {/* A new screen per navigation: one hidden while another loaded is never shown again. */}
            <ShownScreen
              key={`screen-${navigations}`}
              screen={screen}
              go={go}
              advancedTab={advancedTab}
              onTab={setAdvancedTab}
            />
            {/* Keyed by the navigation: mounts with each new screen, once it is shown. */}
            {navigations > 0 ? (
              <FocusOnShow key={`focus-${navigations}`} onShow={focusTitle} />
            ) : null}
          </Suspense>
        </div>
      </main>
    </div>
  );
}

/** The screen the sidebar chose. */
function ShownScreen(props: {
  screen: ScreenId;
  go(screen: ScreenId): void;
  advancedTab: AdvancedTab;
  onTab(tab: AdvancedTab): void;
}): ReactNode {
  const { screen, go } = props;
  return (
    <>
      {screen === 'folders' ? <FoldersScreen /> : null}
      {screen === 'apps' ? <AiAppsScreen onGoToFolders={() => go('folders')} /> : null}
      {screen === 'control' ? <ControlScreen /> : null}
      {screen === 'activity' ? <ActivityScreen /> : null}
      {screen === 'search' ? <SearchPreviewScreen onGoToFolders={() => go('folders')} /> : null}
      {screen === 'advanced' ? (
        <AdvancedScreen tab={props.advancedTab} onTab={props.onTab} />
      ) : null}
      {screen === 'setup' ? <FirstRunScreen embedded onFinished={() => go('folders')} /> : null}
    </>
  );
}
