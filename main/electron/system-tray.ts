// The tray icon and its menu; it shows and toggles the pause switch.
import { Menu, nativeImage, Tray } from 'electron';
import type { NativeImage } from 'electron';
import { trayIconPngs } from './tray-icon.js';
import { trayMenuTemplate, trayTooltip } from './tray-menu.js';
import type { TrayActions } from './tray-menu.js';

/** The tray, updated when the pause switch changes. */
export interface SystemTray {
  setPaused(paused: boolean): void;
  destroy(): void;
}

function trayImage(paused: boolean): NativeImage {
  const template = process.platform === 'darwin';
  const image = nativeImage.createEmpty();
  for (const { scaleFactor, png } of trayIconPngs({ paused, template })) image.addRepresentation({ scaleFactor, buffer: png });
  if (template) image.setTemplateImage(true);
  return image;
}

/** Creates the tray icon with its menu. */
export function createSystemTray(actions: TrayActions, paused: boolean): SystemTray {
  const tray = new Tray(trayImage(paused));
  const update = (nowPaused: boolean): void => {
    tray.setImage(trayImage(nowPaused));
    tray.setToolTip(trayTooltip(nowPaused));
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(nowPaused, actions)));
  };
  update(paused);
  // Linux ignores clicks on the icon itself (menu only); elsewhere a click opens the window.
  tray.on('click', () => actions.open());
  return { setPaused: update, destroy: () => tray.destroy() };
}
