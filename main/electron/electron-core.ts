// The core as the Electron host configures it: the server started through the app's own
// executable in Node mode (for the preview and for the AI apps it registers with), and the
// platform hooks only Electron has (native folder dialog, reveal in the file manager — also of
// an AI app's config file —, "Start at login").
import { app, shell } from 'electron';
import type { BrowserWindow } from 'electron';
import { launcherFor } from '#core/ai-apps/launcher.js';
import { createCore } from '#core/core.js';
import type { Core } from '#core/core.js';
import { appVersion } from './app-package.js';
import { createAutoLaunch } from './auto-launch.js';
import { pickFolder } from './folder-dialog.js';
import { electronServerCommand, electronServerEntry } from './server-command.js';
import { electronUpdates } from './updates.js';

/** Where the app is and which window dialogs belong to. */
export interface ElectronCoreOptions {
  /** The repository (development) or app.asar (packaged). */
  appRoot: string;
  appDataDir: string;
  currentWindow(): BrowserWindow | null;
}

/** Creates the core for the Electron host (nothing runs until start()). */
export function createElectronCore(options: ElectronCoreOptions): Core {
  const autoLaunch = createAutoLaunch();
  const where = {
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    repoRoot: options.appRoot,
  };
  const serverCommand = electronServerCommand({
    ...where,
    execPath: process.execPath,
    appDataDir: options.appDataDir,
  });
  return createCore({
    appDataDir: options.appDataDir,
    host: 'electron',
    serverCommand,
    version: appVersion(options.appRoot),
    // Self-update (electron-updater), where this copy is installed and built with a feed.
    updates: { ...electronUpdates(), program: process.env.APPIMAGE ?? process.execPath },
    // AI apps start the server through this app's executable in Node mode (the RunAsNode fuse
    // stays on for this); an AppImage through the AppImage file, since execPath is in its mount.
    clients: {
      serverBundle: electronServerEntry(where),
      launcher: launcherFor({
        execPath: process.execPath,
        isElectron: true,
        appImage: process.env.APPIMAGE,
      }),
    },
    platform: {
      pickFolder: (within) => pickFolder(options.currentWindow(), within),
      reveal: async (file) => shell.showItemInFolder(file),
      openFolder: async (folder) => {
        const problem = await shell.openPath(folder);
        if (problem) throw new Error(problem);
      },
      // A file opened with the app the system has for it (a .mcpb: Claude, which installs it).
      openFile: async (file) => {
        const problem = await shell.openPath(file);
        if (problem) throw new Error(problem);
      },
      getStartAtLogin: () => autoLaunch.get(),
      setStartAtLogin: (enabled) => autoLaunch.set(enabled),
      systemLanguages: () => app.getPreferredSystemLanguages(),
    },
  });
}
