// How the desktop app draws the person's attention to a waiting approval request, kept thin and
// free of Electron so it is tested under plain Node: a new request brings the main window to the
// front when it is open (its banner then takes focus, without a sound) or opens the small prompt
// window when it is hidden; the tray says how many are waiting and carries a dot.
import type { MenuItemConstructorOptions } from 'electron';
import type { ApprovalQueueState } from '#shared/approval/approval.js';
import type { Core } from '#core/core.js';
import { t } from '#shared/i18n/i18n.js';

/** "1 AI request waits for your answer" / "3 AI requests wait for your answer"; null for none. */
export function approvalWaitingText(count: number): string | null {
  if (count <= 0) return null;
  return t('tray.waiting', { count });
}

/** The tray menu's first item while requests wait (opens the window with the banner). */
export function approvalMenuItems(count: number, open: () => void): MenuItemConstructorOptions[] {
  const text = approvalWaitingText(count);
  if (text === null) return [];
  return [{ id: 'approval', label: `${text}…`, click: () => open() }, { type: 'separator' }];
}

/** The part of the main window {@link promptPlacement} looks at. */
export interface VisibleWindow {
  isDestroyed(): boolean;
  isVisible(): boolean;
  isMinimized(): boolean;
}

/**
 * Where a new request is shown: in the main window's banner when the person has it open, else in
 * the small always-on-top prompt window (the main window hidden in the tray, or minimized).
 */
export function promptPlacement(main: VisibleWindow | null): 'main' | 'prompt' {
  return main && !main.isDestroyed() && main.isVisible() && !main.isMinimized() ? 'main' : 'prompt';
}

/** What {@link attendToApprovals} drives: the main window and the prompt window. */
export interface ApprovalWindows {
  main(): (VisibleWindow & PinnableWindow) | null;
  /** Brings the main window to the front. */
  showMain(): void;
  /** Opens (or brings forward) the prompt window. */
  openPrompt(): void;
  /** Closes the prompt window, if open. */
  closePrompt(): void;
}

/**
 * The `show` and `onCount` of {@link watchApprovalRequests} for the desktop app: a new request
 * goes to the main window when it is open (kept on top while requests wait), else to the prompt
 * window; the prompt closes when no request is left.
 */
export function attendToApprovals(windows: ApprovalWindows): {
  show(): void;
  onCount(count: number): void;
} {
  const pin = keepOnTopWhileWaiting(windows.main);
  return {
    show: () =>
      promptPlacement(windows.main()) === 'main' ? windows.showMain() : windows.openPrompt(),
    onCount: (count) => {
      pin(count);
      if (count === 0) windows.closePrompt();
    },
  };
}

/** True when `next` shows a request that `previous` did not (a new one to bring forward). */
export function needsAttention(previous: ApprovalQueueState, next: ApprovalQueueState): boolean {
  return next.current !== null && next.current.id !== previous.current?.id;
}

/** The part of a BrowserWindow that {@link keepOnTopWhileWaiting} uses. */
export interface PinnableWindow {
  isDestroyed(): boolean;
  setAlwaysOnTop(flag: boolean, level?: 'floating'): void;
}

/**
 * An `onCount` for {@link watchApprovalRequests}: keeps the window (with its banner) above other
 * windows while a request waits, the always-on-top prompt of the desktop app, and lets it go
 * when none is left.
 */
export function keepOnTopWhileWaiting(
  window: () => PinnableWindow | null,
): (count: number) => void {
  return (count) => {
    const win = window();
    if (win && !win.isDestroyed()) win.setAlwaysOnTop(count > 0, 'floating');
  };
}

/**
 * Shows the main window whenever a new request becomes the one to answer, and reports the number
 * waiting to `onCount` (the tray); returns the unsubscribe function.
 */
export function watchApprovalRequests(
  core: Pick<Core, 'on'>,
  show: () => void,
  onCount: (count: number) => void,
): () => void {
  let previous: ApprovalQueueState = { pending: [], current: null };
  return core.on('approval:changed', (state) => {
    if (needsAttention(previous, state)) show();
    if (state.pending.length !== previous.pending.length) onCount(state.pending.length);
    previous = state;
  });
}
