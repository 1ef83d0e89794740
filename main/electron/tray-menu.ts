// What the tray shows: its menu (Open FolderGate, Pause AI access, Quit) and tooltip, as plain
// data so it is tested without Electron.
import type { MenuItemConstructorOptions } from 'electron';

/** What the tray menu does. */
export interface TrayActions {
  open(): void;
  setPaused(paused: boolean): void;
  quit(): void;
}

/** The tray's menu for the current pause state. */
export function trayMenuTemplate(
  paused: boolean,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  return [
    { id: 'open', label: 'Open FolderGate', click: () => actions.open() },
    { type: 'separator' },
    {
      id: 'pause',
      label: 'Pause AI access',
      type: 'checkbox',
      checked: paused,
      click: (item) => actions.setPaused(item.checked),
    },
    { type: 'separator' },
    { id: 'quit', label: 'Quit', click: () => actions.quit() },
  ];
}

/** The tray tooltip. */
export function trayTooltip(paused: boolean): string {
  return paused
    ? 'FolderGate: AI access is paused'
    : 'FolderGate: AI apps can search your allowed folders';
}
