// The main window's security settings, in one place: explicit webPreferences, and guards on its
// webContents that deny navigation, redirects, webviews, new windows and permissions. Links to
// web pages open in the user's browser through the one safe-URL check.
import type { WebContents, WebPreferences } from 'electron';
import { isSafeExternalUrl } from './external-links.js';
import { isAppUrl } from './app-url.js';

/** The webPreferences of every FolderGate window, each security switch set explicitly. */
export function secureWebPreferences(
  preloadPath: string,
  options: { devTools?: boolean } = {},
): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools ?? false,
  };
}

/** Permissions the page may use: writing a path to the clipboard ("Copy path"), nothing else. */
export function isAllowedPermission(permission: string, requestingUrl: string): boolean {
  return permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl);
}

interface PreventableUrlEvent {
  url: string;
  preventDefault(): void;
}

/** The events and hooks of a webContents the guards use (a real WebContents satisfies it). */
export type GuardedContents = Pick<WebContents, 'setWindowOpenHandler'> & {
  on(
    event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate',
    listener: (details: PreventableUrlEvent) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
};

/** Denies leaving the app in every way a page can try; safe web links go to `openExternal`. */
export function hardenWebContents(
  contents: GuardedContents,
  openExternal: (url: string) => void,
): void {
  const leaveToBrowser = (url: string): void => {
    if (isSafeExternalUrl(url)) openExternal(url);
  };
  contents.on('will-navigate', (details) => {
    if (isAppUrl(details.url)) return;
    details.preventDefault();
    leaveToBrowser(details.url);
  });
  contents.on('will-frame-navigate', (details) => {
    if (!isAppUrl(details.url)) details.preventDefault();
  });
  contents.on('will-redirect', (details) => {
    if (!isAppUrl(details.url)) details.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    leaveToBrowser(url);
    return { action: 'deny' };
  });
}
