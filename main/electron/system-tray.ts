// The tray icon and its menu (Open FolderGate, Pause AI access, Quit). The pause checkbox shows
// the settings and follows every change, wherever it was made (window, CLI, tray).
import { Menu, nativeImage, Tray } from 'electron';
import type { NativeImage } from 'electron';
import type { Core } from '../core/core.js';
import { trayIconPngs } from './tray-icon.js';
import { trayMenuTemplate, trayTooltip } from './tray-menu.js';

/** What the tray does besides pausing. */
export interface TrayCommands {
  open(): void;
  quit(): void;
}

function trayImage(paused: boolean): NativeImage {
  const template = process.platform === 'darwin';
  const image = nativeImage.createEmpty();
  for (const { scaleFactor, png } of trayIconPngs({ paused, template })) {
    image.addRepresentation({ scaleFactor, buffer: png });
  }
  if (template) image.setTemplateImage(true);
  return image;
}

/** Creates the tray, bound to the core's pause switch; returns a function that removes it. */
export async function createSystemTray(
  core: Pick<Core, 'handlers' | 'on'>,
  commands: TrayCommands,
): Promise<() => void> {
  const readPaused = async () => (await core.handlers['settings:get']({})).settings.paused;
  const initial = await readPaused();
  const tray = new Tray(trayImage(initial));
  const show = (paused: boolean): void => {
    tray.setImage(trayImage(paused));
    tray.setToolTip(trayTooltip(paused));
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(paused, actions)));
  };
  const actions = {
    ...commands,
    // A refused change (say, a read-only settings file) puts the checkbox back.
    setPaused: (paused: boolean) =>
      void core.handlers['settings:setPaused']({ paused }).catch(async () =>
        show(await readPaused()),
      ),
  };
  show(initial);
  const unsubscribe = core.on('settings:changed', (view) => show(view.settings.paused));
  // Linux shows the menu only; elsewhere a click on the icon opens the window.
  tray.on('click', () => commands.open());
  return () => {
    unsubscribe();
    tray.destroy();
  };
}
