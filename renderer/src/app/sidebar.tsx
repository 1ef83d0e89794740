// The sidebar: the app's name, the screens, the access panel (AI access on or paused, the last call).
import type { ReactNode } from 'react';
import { Icon } from '../ui/icons.js';
import { PauseSwitch, usePause } from '../features/control/pause-switch.js';
import { accessStatus, useApp } from './app-state.js';
import { describeActivity } from '#shared/activity/activity-describe.js';
import { shortActivity, timeAgo } from '../features/activity/activity-view.js';
import { useLastActivity, useNow } from '../features/activity/use-activity.js';
import { AppsSummary } from './apps-summary.js';
import './shell.css';
import { useT } from '../ui/i18n.js';
import { t } from '#shared/i18n/i18n.js';
import { APP_NAME } from '#shared/i18n/languages.js';

export type ScreenId =
  'folders' | 'apps' | 'control' | 'activity' | 'search' | 'advanced' | 'setup';

export type NavItem = { id: ScreenId; label: () => string; icon: ReactNode };

// Control (the person's own switches and "ask me first") stays a main place: it is about what AI
// apps may do, not about how FolderGate works inside.
export const NAV: NavItem[] = [
  { id: 'folders', label: () => t('shell.nav.folders'), icon: Icon.folder },
  { id: 'apps', label: () => t('shell.nav.apps'), icon: Icon.plug },
  { id: 'control', label: () => t('shell.nav.control'), icon: Icon.shield },
  { id: 'activity', label: () => t('shell.nav.activity'), icon: Icon.activity },
  { id: 'search', label: () => t('shell.nav.search'), icon: Icon.search },
];

export const NAV_SECONDARY: NavItem[] = [
  { id: 'advanced', label: () => t('shell.nav.advanced'), icon: Icon.server },
  { id: 'setup', label: () => t('shell.nav.setup'), icon: Icon.guide },
];

/** The root component. */

export function Sidebar(props: {
  screen: ScreenId;
  onNavigate(screen: ScreenId): void;
}): ReactNode {
  const { info, roots, rootsError } = useApp();
  const t = useT();
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
            {item.label()}
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
            <div className="brand-name">{APP_NAME}</div>
            <div className="brand-sub" data-testid="brand-version">
              {t('shell.version', { version: info.version })}
            </div>
          </div>
        </div>
        <nav className="nav" aria-label={t('shell.mainNav')}>
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
                {t('shell.addFolder')}
              </button>
            ) : null}
            <AppsSummary screen={props.screen} onFix={() => props.onNavigate('apps')} />
          </div>
          <LiveActivity onOpen={() => props.onNavigate('activity')} />
          <div className="access-row">
            <span className="access-switch-label" aria-hidden="true">
              {t('shell.pauseAccess')}
            </span>
            <PauseSwitch testId="pause-switch" />
          </div>
        </div>
      </div>
    </aside>
  );
}

/** The sidebar's visible sign of a call: the newest one in a few words, read out politely. */
export function LiveActivity(props: { onOpen(): void }): ReactNode {
  const { bridge } = useApp();
  const last = useLastActivity(bridge);
  const t = useT();
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
          <span className="muted">{t('shell.noCallsYet')}</span>
        )}
      </p>
      {last ? (
        <button type="button" className="live-activity-link" onClick={props.onOpen}>
          {t('shell.seeActivity')}
        </button>
      ) : null}
    </div>
  );
}
