// Composition root of the Electron app (bundled to main/dist/electron-main.cjs): single-instance
// lock, app events, IPC registration, the core, the window and the tray. Everything else lives in
// one module per concern.
import path from 'node:path';
import { app, ipcMain } from 'electron';
import type { BrowserWindow } from 'electron';
import { appDataDir } from '../core/app-paths.js';
import { createCore } from '../core/core.js';
import { stopBeforeQuit } from './app-lifecycle.js';
import { appVersion } from './app-package.js';
import { wasStartedAtLogin } from './auto-launch.js';
import { forwardEvents, registerIpcHandlers } from './ipc-main.js';
import { createMainWindow, restrictPermissions, showWindow } from './main-window.js';
import { createPlatformHooks } from './platform-hooks.js';
import { registerAppScheme, serveRenderer } from './renderer-protocol.js';
import { electronServerCommand } from './server-command.js';
import { createSystemTray } from './system-tray.js';

const appRoot = path.resolve(__dirname, '..', '..'); // main/dist → the repo, or app.asar when packaged
const dataDir = appDataDir();
app.setName('FolderGate');
app.setPath('userData', dataDir);
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  const serverCommand = electronServerCommand({ execPath: process.execPath, isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, repoRoot: appRoot, appDataDir: dataDir });
  const platform = createPlatformHooks(() => window);
  const core = createCore({ appDataDir: dataDir, host: 'electron', serverCommand, platform, version: appVersion(appRoot) });
  const quit = stopBeforeQuit(app, () => core.stop());
  const open = (): void => {
    if (window) showWindow(window);
  };
  const contents = () => (window && !window.isDestroyed() ? window.webContents : null);
  app.on('second-instance', open);
  app.on('activate', open);
  app.on('window-all-closed', () => undefined); // stay in the tray
  void app.whenReady().then(async () => {
    restrictPermissions();
    serveRenderer(path.join(appRoot, 'renderer', 'dist'));
    registerIpcHandlers(ipcMain, core.handlers, contents);
    forwardEvents(core.on, contents);
    await core.start().catch((error: unknown) => console.error('FolderGate: the core did not start:', error));
    window = createMainWindow({ preloadPath: path.join(__dirname, 'preload.cjs'), show: !wasStartedAtLogin(), isQuitting: quit.isQuitting, devTools: !app.isPackaged });
    const paused = async () => (await core.handlers['settings:get']({})).settings.paused;
    // A refused change (say, a read-only settings file) puts the checkbox back.
    const setPaused = (value: boolean) => void core.handlers['settings:setPaused']({ paused: value }).catch(async () => tray.setPaused(await paused()));
    const tray = createSystemTray({ open, setPaused, quit: () => app.quit() }, await paused());
    core.on('settings:changed', (view) => tray.setPaused(view.settings.paused));
  });
}
