// The window's security settings and webContents guards. A BrowserWindow cannot exist here (no
// Electron binary), so the guards run against an EventEmitter standing in for webContents.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { APP_START_URL } from './app-url.js';
import { hardenWebContents, isAllowedPermission, secureWebPreferences } from './window-security.js';
import type { GuardedContents } from './window-security.js';

function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = Object.assign(emitter, {
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      openHandler = handler;
    },
  });
  const opened: string[] = [];
  hardenWebContents(contents as unknown as GuardedContents, (url) => opened.push(url));
  const attempt = (event: string, url: string): boolean => {
    let prevented = false;
    emitter.emit(event, { url, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { emitter, opened, attempt, open: (url: string) => openHandler?.({ url }) };
}

describe('secureWebPreferences', () => {
  it('sets every security switch explicitly', () => {
    const prefs = secureWebPreferences('/app/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
    expect(secureWebPreferences('/p', { devTools: true }).devTools).toBe(true);
  });
});

describe('hardenWebContents', () => {
  it('denies navigation away from the app and opens only web links in the browser', () => {
    const guard = fakeContents();
    expect(guard.attempt('will-navigate', 'https://example.com/help')).toBe(true);
    expect(guard.attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(guard.attempt('will-navigate', 'javascript:alert(1)')).toBe(true);
    expect(guard.opened).toEqual(['https://example.com/help']);
    expect(guard.attempt('will-navigate', APP_START_URL)).toBe(false);
  });

  it('denies redirects and subframe navigation out of the app', () => {
    const guard = fakeContents();
    expect(guard.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(guard.attempt('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(guard.attempt('will-redirect', `${APP_START_URL}#x`)).toBe(false);
    expect(guard.opened).toEqual([]);
  });

  it('denies webviews', () => {
    const guard = fakeContents();
    expect(guard.attempt('will-attach-webview', 'app://foldergate/')).toBe(true);
  });

  it('denies every window.open, sending safe links to the browser', () => {
    const guard = fakeContents();
    expect(guard.open('https://modelcontextprotocol.io/')).toEqual({ action: 'deny' });
    expect(guard.open(APP_START_URL)).toEqual({ action: 'deny' });
    expect(guard.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(guard.opened).toEqual(['https://modelcontextprotocol.io/']);
  });
});

describe('isAllowedPermission', () => {
  it('allows only clipboard writes, and only to the app page', () => {
    expect(isAllowedPermission('clipboard-sanitized-write', APP_START_URL)).toBe(true);
    expect(isAllowedPermission('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    for (const permission of [
      'clipboard-read',
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'fileSystem',
    ]) {
      expect(isAllowedPermission(permission, APP_START_URL), permission).toBe(false);
    }
  });
});
