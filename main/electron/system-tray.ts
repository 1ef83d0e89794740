// The tray icon and its menu (Open FolderGate, the last AI calls, Pause AI access, Quit). The
// pause checkbox shows the settings and follows every change, wherever it was made (window, CLI,
// tray); the last calls follow the activity log, so a call is visible even with the window shut.
import { Menu, nativeImage, nativeTheme, Tray } from 'electron';
import type { NativeImage } from 'electron';
import type { Core } from '#core/core.js';
import { trayIconDir, trayIconPngs, trayTheme } from './tray-icon.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import type { UpdateState } from '#shared/updates/updates.js';
import { TRAY_RECENT_CALLS, trayCallLines, trayMenuTemplate, trayTooltip } from './tray-menu.js';

/** What the tray does besides pausing. */
export interface TrayCommands {
  open(): void;
  quit(): void;
}

function trayImage(paused: boolean, waiting = false): NativeImage {
  const theme = trayTheme(process.platform, nativeTheme.shouldUseDarkColors);
  const image = nativeImage.createEmpty();
  // __dirname is main/electron/dist in the bundle (inside app.asar when packaged).
  const style = { paused, theme, waiting };
  for (const { scaleFactor, png } of trayIconPngs(trayIconDir(__dirname), style)) {
    image.addRepresentation({ scaleFactor, buffer: png });
  }
  if (theme === 'template') image.setTemplateImage(true);
  return image;
}

/** Creates the tray, bound to the core's pause switch; returns a function that removes it. */
export async function createSystemTray(
  core: Pick<Core, 'handlers' | 'on'>,
  commands: TrayCommands,
): Promise<() => void> {
  const readPaused = async () => (await core.handlers['settings:get']({})).settings.paused;
  const initial = await readPaused();
  let recent: ActivityRecord[] = await core.handlers['activity:query']({ limit: TRAY_RECENT_CALLS })
    .then((page) => page.entries.map((e) => e.record))
    .catch(() => []);
  const tray = new Tray(trayImage(initial));
  const show = (paused: boolean): void => {
    const lines = trayCallLines(recent);
    tray.setImage(trayImage(paused, waiting > 0));
    tray.setToolTip(trayTooltip(paused, lines[0], waiting));
    tray.setContextMenu(
      Menu.buildFromTemplate(trayMenuTemplate(paused, actions, lines, waiting, update)),
    );
  };
  const actions = {
    ...commands,
    // A refused change (say, a read-only settings file) puts the checkbox back.
    setPaused: (paused: boolean) =>
      void core.handlers['settings:setPaused']({ paused }).catch(async () =>
        show(await readPaused()),
      ),
    // Restarts now, or once nothing waits (the menu then says what it waits for).
    restartToUpdate: () => void core.handlers['updates:restart']({}).catch(() => commands.open()),
  };
  let paused = initial;
  // Approval requests waiting for the person: counted in the tooltip and the menu.
  let waiting = (await core.handlers['approval:state']({})).pending.length;
  let update: UpdateState | null = await core.handlers['updates:state']({});
  show(initial);
  const offUpdates = core.on('updates:changed', (state) => {
    update = state;
    show(paused);
  });
  const offApproval = core.on('approval:changed', (state) => {
    waiting = state.pending.length;
    show(paused);
  });
  const offSettings = core.on('settings:changed', (view) => {
    paused = view.settings.paused;
    show(paused);
  });
  const offActivity = core.on('activity:added', ({ entries }) => {
    const newest = entries.map((e) => e.record).reverse();
    recent = [...newest, ...recent].slice(0, TRAY_RECENT_CALLS);
    show(paused);
  });
  // A switch between light and dark mode redraws the icon in the matching variant.
  const redraw = (): void => tray.setImage(trayImage(paused, waiting > 0));
  nativeTheme.on('updated', redraw);
  // Linux shows the menu only; elsewhere a click on the icon opens the window.
  tray.on('click', () => commands.open());
  return () => {
    offSettings();
    offActivity();
    offApproval();
    offUpdates();
    nativeTheme.off('updated', redraw);
    tray.destroy();
  };
}
