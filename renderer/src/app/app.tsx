// The app shell: boot (app:info + settings), the first run when it is not finished, else the
// sidebar with the main places (Folders, AI apps, Control, Activity, Search preview), Advanced
// and the Setup guide, and an honest status of AI access.
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { RendererBridge } from './bridge.js';
import { PAGE_ERROR_CODES } from './bridge.js';
import { ApprovalBanner } from '../features/approval/approval-banner.js';
import { PausedBanner } from '../features/control/pause-switch.js';
import { Button, ErrorCallout, Spinner } from '../ui/ui.js';
import { AppStateProvider, useApp, useBoot } from './app-state.js';
import { ActivityScreen } from '../features/activity/activity.js';
import { AiAppsScreen } from '../features/ai-apps/ai-apps.js';
import { ControlScreen } from '../features/control/control.js';
import { FirstRunScreen } from '../features/first-run/first-run.js';
import { AdvancedScreen } from '../features/advanced/advanced.js';
import type { AdvancedTab } from '../features/advanced/advanced.js';
import { FoldersScreen } from '../features/folders/folders.js';
import { SearchPreviewScreen } from '../features/search/search-preview.js';
import './shell.css';
import { Sidebar, type ScreenId } from './sidebar.js';
import { SettingsProblem } from './settings-problem.js';

/** The screens reachable from the sidebar. */
export function App(props: { bridge: RendererBridge }): ReactNode {
  const { boot, retry } = useBoot(props.bridge);
  if (boot.phase === 'loading') {
    return (
      <div className="boot" role="status" aria-live="polite">
        <Spinner /> <span>Opening FolderGate…</span>
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
            {noAccess ? 'This page needs its access link' : 'FolderGate could not start'}
          </h1>
          <ErrorCallout
            error={boot.error}
            title={noAccess ? 'No access' : 'Could not load'}
            testId="boot-error"
          />
          <Button variant="primary" onClick={retry}>
            Try again
          </Button>
        </div>
      </main>
    );
  }
  return (
    <AppStateProvider bridge={props.bridge} info={boot.info} initialView={boot.view}>
      <Shell />
    </AppStateProvider>
  );
}

function Shell(): ReactNode {
  const { view } = useApp();
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
  useLayoutEffect(() => {
    const leftFirstRun = wasInFirstRun.current && finishedFirstRun;
    wasInFirstRun.current = !finishedFirstRun;
    if (navigations === 0 && !leftFirstRun) return;
    mainRef.current?.querySelector<HTMLElement>('[data-page-title], .wizard-title')?.focus();
  }, [navigations, finishedFirstRun]);

  const go = (next: ScreenId): void => {
    setNavigations((n) => n + 1);
    setScreen(next);
  };

  if (!view.settings.firstRunCompleted) {
    return (
      <main className="first-run-main">
        <SettingsProblem />
        <FirstRunScreen onFinished={() => go('folders')} />
      </main>
    );
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar screen={screen} onNavigate={go} />
      <main className="main" id="main" ref={mainRef} tabIndex={-1} data-screen={screen}>
        <ApprovalBanner />
        <PausedBanner />
        <SettingsProblem />
        <div className="content">
          {screen === 'folders' ? <FoldersScreen /> : null}
          {screen === 'apps' ? <AiAppsScreen /> : null}
          {screen === 'control' ? <ControlScreen /> : null}
          {screen === 'activity' ? <ActivityScreen /> : null}
          {screen === 'search' ? <SearchPreviewScreen onGoToFolders={() => go('folders')} /> : null}
          {screen === 'advanced' ? (
            <AdvancedScreen tab={advancedTab} onTab={setAdvancedTab} />
          ) : null}
          {screen === 'setup' ? <FirstRunScreen embedded onFinished={() => go('folders')} /> : null}
        </div>
      </main>
    </div>
  );
}
