// What the Electron host adds to the core: the native folder dialog, reveal in the file manager,
// and "Start at login".
import { shell } from 'electron';
import type { BrowserWindow } from 'electron';
import type { PlatformHooks } from '../core/core.js';
import { createAutoLaunch } from './auto-launch.js';
import { pickFolder } from './folder-dialog.js';

/** The platform hooks, with dialogs parented to the current window. */
export function createPlatformHooks(currentWindow: () => BrowserWindow | null): PlatformHooks {
  const autoLaunch = createAutoLaunch();
  return {
    pickFolder: () => pickFolder(currentWindow()),
    reveal: async (file) => shell.showItemInFolder(file),
    getStartAtLogin: () => autoLaunch.get(),
    setStartAtLogin: (enabled) => autoLaunch.set(enabled),
  };
}
