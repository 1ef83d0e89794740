// Composition root of the Electron app (bundled to main/dist/electron-main.cjs): single-instance
// lock, app events, IPC registration, the core, the window and the tray. Everything else lives in
// one module per concern.
import path from 'node:path';
import { app, ipcMain } from 'electron';
import type { BrowserWindow } from 'electron';
import { appDataDir } from '#appdata/paths.js';
import { stopBeforeQuit } from './app-lifecycle.js';
import { wasStartedAtLogin } from './auto-launch.js';
import { createElectronCore } from './electron-core.js';
import { forwardEvents, registerIpcHandlers } from './ipc-main.js';
import {
  createMainWindow,
  createPromptWindow,
  restrictPermissions,
  showWindow,
} from './main-window.js';
import { registerAppScheme, serveRenderer } from './renderer-protocol.js';
import { createSystemTray } from './system-tray.js';
import { watchActivityNotifications } from './activity-notifications.js';
import { attendToApprovals, watchApprovalRequests } from './approval-attention.js';

const appRoot = path.resolve(__dirname, '..', '..', '..'); // main/electron/dist → the repo, or app.asar
const dataDir = appDataDir();
app.setName('FolderGate');
app.setPath('userData', dataDir);
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  const core = createElectronCore({ appRoot, appDataDir: dataDir, currentWindow: () => window });
  const quit = stopBeforeQuit(app, () => core.stop());
  let prompt: BrowserWindow | null = null;
  const open = (): void => void (window && showWindow(window));
  // IPC and push events: the main window and the approval prompt, while they exist.
  const contents = () =>
    [window, prompt].flatMap((w) => (w && !w.isDestroyed() ? [w.webContents] : []));
  app.on('second-instance', open);
  app.on('activate', open);
  app.on('window-all-closed', () => undefined); // stay in the tray
  void app.whenReady().then(async () => {
    restrictPermissions();
    serveRenderer(path.join(appRoot, 'renderer', 'dist'));
    registerIpcHandlers(ipcMain, core.handlers, contents);
    forwardEvents(core.on, contents);
    await core.start().catch((error: unknown) => console.error('FolderGate: start failed:', error));
    window = createMainWindow({
      preloadPath: path.join(__dirname, 'preload.cjs'),
      show: !wasStartedAtLogin(),
      isQuitting: quit.isQuitting,
      devTools: !app.isPackaged,
    });
    await createSystemTray(core, { open, quit: () => app.quit() });
    await watchActivityNotifications(core, open);
    // A request waiting for the person: the main window's banner when it is open (kept above
    // other windows until no request is left), else the small always-on-top prompt window.
    const attention = attendToApprovals({
      main: () => window,
      showMain: open,
      openPrompt: () => {
        if (prompt && !prompt.isDestroyed()) return void showWindow(prompt);
        prompt = createPromptWindow({
          preloadPath: path.join(__dirname, 'preload.cjs'),
          onClosed: () => (prompt = null),
        });
      },
      closePrompt: () => prompt?.close(),
    });
    watchApprovalRequests(core, attention.show, attention.onCount);
  });
}
