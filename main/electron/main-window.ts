// The one FolderGate window: secure webPreferences, guarded webContents, the app:// page.
// Closing it hides it (the app lives on in the tray) until the app is really quitting.
import { BrowserWindow, session, shell } from 'electron';
import { APP_START_URL } from './app-url.js';
import { hardenWebContents, isAllowedPermission, secureWebPreferences } from './window-security.js';
import { t } from '#shared/i18n/i18n.js';

/** How the window is created. */
export interface MainWindowOptions {
  preloadPath: string;
  /** Show it as soon as it is ready (false when started hidden at login). */
  show: boolean;
  /** True once the app is quitting: then closing really closes. */
  isQuitting(): boolean;
  devTools?: boolean;
}

/** Denies every permission request except the ones the page needs (see isAllowedPermission). */
export function restrictPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) => {
    callback(isAllowedPermission(permission, contents.getURL()));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isAllowedPermission(permission, requestingOrigin),
  );
}

/** Creates the main window and loads the renderer. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1120,
    height: 760,
    minWidth: 760,
    minHeight: 520,
    show: false,
    title: 'FolderGate',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preloadPath, {
      devTools: options.devTools ?? false,
    }),
  });
  hardenWebContents(window.webContents, (url) => void shell.openExternal(url));
  window.on('close', (event) => {
    if (options.isQuitting()) return;
    event.preventDefault();
    window.hide();
  });
  if (options.show) window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_START_URL);
  return window;
}

/** The page of the approval prompt window (the renderer shows the request alone). */
export const PROMPT_URL = `${APP_START_URL}?view=prompt`;

/**
 * The small approval prompt: always on top, the request and its answers only; really closed when
 * closed (the request stays in the main window's banner and the tray until answered).
 */
export function createPromptWindow(options: {
  preloadPath: string;
  onClosed(): void;
}): BrowserWindow {
  const window = new BrowserWindow({
    width: 520,
    height: 340,
    resizable: false,
    minimizable: false,
    maximizable: false,
    alwaysOnTop: true,
    show: false,
    title: t('tray.windowPrompt'),
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preloadPath, { devTools: false }),
  });
  window.setAlwaysOnTop(true, 'floating');
  hardenWebContents(window.webContents, (url) => void shell.openExternal(url));
  window.once('ready-to-show', () => window.show());
  window.on('closed', options.onClosed);
  void window.loadURL(PROMPT_URL);
  return window;
}

/** Brings the window to the front (restoring it when minimized or hidden). */
export function showWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
