// What the tray shows: its menu (Open FolderGate, the last AI calls, Pause AI access, Quit) and
// tooltip, as plain data so it is tested without Electron.
import type { MenuItemConstructorOptions } from 'electron';
import { describeActivity } from '#shared/activity/activity-describe.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { approvalMenuItems, approvalWaitingText } from './approval-attention.js';
import { currentLanguage, t } from '#shared/i18n/i18n.js';
import type { UpdateState } from '#shared/updates/updates.js';

/** What the tray menu does. */
export interface TrayActions {
  open(): void;
  setPaused(paused: boolean): void;
  quit(): void;
  /** "Restart to update to 0.2.0" (the core decides when it may happen). */
  restartToUpdate(): void;
}

/** How many of the last calls the menu lists. */
export const TRAY_RECENT_CALLS = 5;

// Windows cuts tooltips at 127 characters; menu items should stay one readable line.
const TOOLTIP_MAX = 127;
const ITEM_MAX = 90;

/** "14:05": a clock time, which stays true while the menu is open (unlike "2 min ago"). */
export function trayClock(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(currentLanguage() === 'ko' ? 'ko-KR' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** One line per call, newest first: "14:05 Claude Desktop looked for PDF files … — 12 files". */
export function trayCallLines(
  recent: readonly ActivityRecord[],
  options: { now?: number; timeZone?: string } = {},
): string[] {
  return recent.slice(0, TRAY_RECENT_CALLS).map((record) => {
    const mark = record.security ? '⚠ ' : record.outcome === 'error' ? '✕ ' : '';
    return clip(
      `${trayClock(record.time, options.timeZone)}  ${mark}${describeActivity(record, options)}`,
      ITEM_MAX,
    );
  });
}

/** The tray's menu for the current pause state and the last calls (newest first). */
export function trayMenuTemplate(
  paused: boolean,
  actions: TrayActions,
  recentLines: readonly string[] = [],
  waitingApprovals = 0,
  update: UpdateState | null = null,
): MenuItemConstructorOptions[] {
  const recent: MenuItemConstructorOptions[] =
    recentLines.length === 0
      ? [{ id: 'recent-none', label: t('tray.none'), enabled: false }]
      : [
          { id: 'recent-title', label: t('tray.recentTitle'), enabled: false },
          ...recentLines.map((label, i) => ({
            id: `recent-${i}`,
            label,
            click: () => actions.open(),
          })),
        ];
  return [
    { id: 'open', label: t('tray.open'), click: () => actions.open() },
    { type: 'separator' },
    ...approvalMenuItems(waitingApprovals, actions.open),
    ...recent,
    { type: 'separator' },
    {
      id: 'pause',
      label: t('tray.pause'),
      type: 'checkbox',
      checked: paused,
      click: (item) => actions.setPaused(item.checked),
    },
    { type: 'separator' },
    ...updateMenuItems(update, actions),
    { id: 'quit', label: t('tray.quit'), click: () => actions.quit() },
  ];
}

/** "Restart to update to 0.2.0" once a new version is downloaded; what it waits for after. */
export function updateMenuItems(
  update: UpdateState | null,
  actions: Pick<TrayActions, 'restartToUpdate' | 'open'>,
): MenuItemConstructorOptions[] {
  if (update?.phase !== 'ready' || !update.available) return [];
  const version = update.available.version;
  if (update.restartRequested && update.waitingFor.length > 0)
    return [
      {
        id: 'update-waiting',
        label: clip(t('tray.updateWaiting', { version }), ITEM_MAX),
        click: () => actions.open(),
      },
      { type: 'separator' },
    ];
  return [
    {
      id: 'update',
      label: t('tray.restartToUpdate', { version }),
      click: () => actions.restartToUpdate(),
    },
    { type: 'separator' },
  ];
}

/** The tray tooltip: the pause state, then the last call when there is one. */
export function trayTooltip(paused: boolean, lastLine?: string, waitingApprovals = 0): string {
  const waiting = approvalWaitingText(waitingApprovals);
  const state = t('tray.state', {
    state: waiting ?? (paused ? t('tray.paused') : t('tray.on')),
  });
  return lastLine ? clip(`${state}\n${t('tray.last', { line: lastLine })}`, TOOLTIP_MAX) : state;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
