// "Start at login": the system's login items on macOS and Windows, an XDG autostart entry on Linux.
import os from 'node:os';
import { app } from 'electron';
import {
  autostartFilePath,
  HIDDEN_ARG,
  isLinuxAutostartEnabled,
  linuxAutostartEntry,
  linuxLaunchCommand,
  setLinuxAutostart,
} from './linux-autostart.js';

/** Reads and sets whether FolderGate starts at login. */
export interface AutoLaunch {
  get(): Promise<boolean>;
  set(enabled: boolean): Promise<boolean>;
}

/** The platform's "Start at login" switch. */
export function createAutoLaunch(): AutoLaunch {
  // In development the executable is the bare Electron binary: it needs the main script too.
  const args = app.isPackaged || !process.argv[1] ? [HIDDEN_ARG] : [process.argv[1], HIDDEN_ARG];
  if (process.platform === 'linux') {
    const file = autostartFilePath(process.env, os.homedir());
    return {
      get: () => isLinuxAutostartEnabled(file),
      set: (enabled) =>
        setLinuxAutostart(
          file,
          enabled,
          linuxAutostartEntry(linuxLaunchCommand(process.env, process.execPath), args),
        ),
    };
  }
  return {
    get: async () => app.getLoginItemSettings({ path: process.execPath, args }).openAtLogin,
    set: async (enabled) => {
      app.setLoginItemSettings({ openAtLogin: enabled, path: process.execPath, args });
      return app.getLoginItemSettings({ path: process.execPath, args }).openAtLogin;
    },
  };
}

/** True when this launch came from the login item or autostart entry (start in the tray). */
export function wasStartedAtLogin(argv: string[] = process.argv): boolean {
  return (
    argv.includes(HIDDEN_ARG) ||
    (process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin)
  );
}
