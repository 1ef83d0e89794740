// How the desktop app draws the person's attention to a waiting approval request, kept thin and
// free of Electron so it is tested under plain Node: a new request brings the main window to the
// front (its banner then takes focus, without a sound), and the tray says how many are waiting.
import type { MenuItemConstructorOptions } from 'electron';
import type { ApprovalQueueState } from '#shared/approval/approval.js';
import type { Core } from '#core/core.js';

/** "1 AI request waits for your answer" / "3 AI requests wait for your answer"; null for none. */
export function approvalWaitingText(count: number): string | null {
  if (count <= 0) return null;
  return count === 1
    ? '1 AI request waits for your answer'
    : `${count} AI requests wait for your answer`;
}

/** The tray menu's first item while requests wait (opens the window with the banner). */
export function approvalMenuItems(count: number, open: () => void): MenuItemConstructorOptions[] {
  const text = approvalWaitingText(count);
  if (text === null) return [];
  return [{ id: 'approval', label: `${text}…`, click: () => open() }, { type: 'separator' }];
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
