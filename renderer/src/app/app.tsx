// The app shell: boot (app:info + settings), the first run when it is not finished, else the
// sidebar with the main places (Folders, AI apps, Control, Activity, Search preview), Advanced
// and the Setup guide, and an honest status of AI access.
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { RendererBridge } from './bridge.js';
import { PAGE_ERROR_CODES } from './bridge.js';
import { ApprovalBanner } from '../features/approval/approval-banner.js';
import { PausedBanner, PauseSwitch, usePause } from '../features/control/pause-switch.js';
import { Button, Callout, ConfirmDialog, ErrorCallout, Icon, Spinner } from '../ui/ui.js';
import { accessStatus, AppStateProvider, useApp, useBoot } from './app-state.js';
import { describeActivity } from '#shared/activity/activity-describe.js';
import { shortActivity, timeAgo } from '../features/activity/activity-view.js';
import { useAction } from './use-action.js';
import { useLastActivity, useNow } from '../features/activity/use-activity.js';
import { ActivityScreen } from '../features/activity/activity.js';
import { AiAppsScreen } from '../features/ai-apps/ai-apps.js';
import { ControlScreen } from '../features/control/control.js';
import { FirstRunScreen } from '../features/first-run/first-run.js';
import { AdvancedScreen } from '../features/advanced/advanced.js';
import type { AdvancedTab } from '../features/advanced/advanced.js';
import { FoldersScreen } from '../features/folders/folders.js';
import { SearchPreviewScreen } from '../features/search/search-preview.js';
import './shell.css';

/** The screens reachable from the sidebar. */
export type ScreenId =
  'folders' | 'apps' | 'control' | 'activity' | 'search' | 'advanced' | 'setup';

type NavItem = { id: ScreenId; label: string; icon: ReactNode };

// Control (the person's own switches and "ask me first") stays a main place: it is about what AI
// apps may do, not about how FolderGate works inside.
const NAV: NavItem[] = [
  { id: 'folders', label: 'Folders', icon: Icon.folder },
  { id: 'apps', label: 'AI apps', icon: Icon.plug },
  { id: 'control', label: 'Control', icon: Icon.shield },
  { id: 'activity', label: 'Activity', icon: Icon.activity },
  { id: 'search', label: 'Search preview', icon: Icon.search },
];

const NAV_SECONDARY: NavItem[] = [
  { id: 'advanced', label: 'Advanced', icon: Icon.server },
  { id: 'setup', label: 'Setup guide', icon: Icon.guide },
];

/** The root component. */
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

// What is wrong with the settings file; for a file that cannot be used (every change is refused
// until then), the one way on besides fixing it: start over, keeping the old file aside.
function SettingsProblem(): ReactNode {
  const { view, bridge, setView } = useApp();
  const [asking, setAsking] = useState(false);
  const startOver = useAction(() => bridge.invoke('settings:startOver', {}));
  if (!view.problem) return null;
  const onConfirm = async (): Promise<void> => {
    const next = await startOver.run();
    if (next) {
      setView(next);
      setAsking(false);
    }
  };
  return (
    <Callout tone="warning" title="Your settings file could not be read" role="note">
      <p>{view.problem}</p>
      {view.canStartOver ? (
        <>
          <Button size="sm" onClick={() => setAsking(true)} data-testid="start-over">
            Start over…
          </Button>
          <ConfirmDialog
            open={asking}
            title="Start over with default settings?"
            confirmLabel="Start over"
            busy={startOver.busy}
            onConfirm={() => void onConfirm()}
            onCancel={() => {
              startOver.clearError();
              setAsking(false);
            }}
          >
            <p>
              FolderGate begins again with no folders and its usual settings. Your current settings
              file is not deleted: it is kept beside the new one (settings.corrupt-…json), so you
              can copy your folders back from it.
            </p>
            {startOver.error ? (
              <ErrorCallout error={startOver.error} title="Nothing was changed" />
            ) : null}
          </ConfirmDialog>
        </>
      ) : null}
    </Callout>
  );
}

function Sidebar(props: { screen: ScreenId; onNavigate(screen: ScreenId): void }): ReactNode {
  const { info, roots, rootsError } = useApp();
  const pause = usePause();
  const access = accessStatus(pause.paused, roots, rootsError);
  const navList = (items: NavItem[], className?: string): ReactNode => (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className="nav-item"
            aria-current={props.screen === item.id ? 'page' : undefined}
            onClick={() => props.onNavigate(item.id)}
            data-testid={`nav-${item.id}`}
          >
            <span className="nav-icon" aria-hidden="true">
              {item.icon}
            </span>
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <aside className="sidebar">
      <div className="sidebar-inner">
        <div className="brand">
          <img src="./favicon.svg" alt="" width="28" height="28" />
          <div>
            <div className="brand-name">FolderGate</div>
            <div className="brand-sub" data-testid="brand-version">
              Version {info.version}
            </div>
          </div>
        </div>
        <nav className="nav" aria-label="Main">
          {navList(NAV)}
          {navList(NAV_SECONDARY, 'nav-secondary')}
        </nav>
        <div
          className={`access-panel ${pause.paused ? 'access-panel-paused' : ''}`}
          data-testid="access-panel"
          data-access={access.state}
        >
          <div className="access-status">
            <div className="access-title" data-testid="access-title">
              <span className={`dot dot-${access.tone}`} aria-hidden="true" />
              {access.title}
            </div>
            <div className="access-sub" data-testid="access-sub">
              {access.detail}
            </div>
            {access.state === 'no-folders' && props.screen !== 'folders' ? (
              <button
                type="button"
                className="live-activity-link"
                onClick={() => props.onNavigate('folders')}
                data-testid="access-add-folder"
              >
                Add a folder
              </button>
            ) : null}
          </div>
          <LiveActivity onOpen={() => props.onNavigate('activity')} />
          <div className="access-row">
            <span className="access-switch-label" aria-hidden="true">
              Pause AI access
            </span>
            <PauseSwitch testId="pause-switch" />
          </div>
        </div>
      </div>
    </aside>
  );
}

/** The sidebar's visible sign of a call: the newest one in a few words, read out politely. */
function LiveActivity(props: { onOpen(): void }): ReactNode {
  const { bridge } = useApp();
  const last = useLastActivity(bridge);
  const now = useNow(15_000);
  return (
    <div className="live-activity" data-testid="live-activity">
      <p role="status" className="live-activity-text">
        {last ? (
          <>
            <span className="live-activity-what" title={describeActivity(last)}>
              {shortActivity(last)}
            </span>
            <span className="live-activity-when"> · {timeAgo(last.time, now)}</span>
          </>
        ) : (
          <span className="muted">No AI calls since FolderGate opened</span>
        )}
      </p>
      {last ? (
        <button type="button" className="live-activity-link" onClick={props.onOpen}>
          See activity
        </button>
      ) : null}
    </div>
  );
}
