// The desktop app's updater: electron-updater's `autoUpdater` (AppImage, deb through its own deb
// support, macOS zip, Windows NSIS) behind the core's port. Only an installed copy built with an
// update feed can update itself: the feed's address is written into resources/app-update.yml by
// electron-builder at build time (electron-builder.yml `publish`).
import fs from 'node:fs';
import path from 'node:path';
import { app } from 'electron';
import { autoUpdater } from 'electron-updater';
import { portFromAppUpdater, type UpdaterPort } from '#core/updates/updater-port.js';
import type { UpdateState } from '#shared/updates/updates.js';

/** The port, or why this copy cannot update itself. */
export function electronUpdates(): {
  port: UpdaterPort | null;
  unsupported: UpdateState['unsupported'];
} {
  if (!app.isPackaged) return { port: null, unsupported: 'not-installed' };
  if (!fs.existsSync(path.join(process.resourcesPath, 'app-update.yml')))
    return { port: null, unsupported: 'no-feed' };
  // electron-updater logs to the console by default; the app's log is stderr.
  autoUpdater.logger = {
    info: () => undefined,
    debug: () => undefined,
    warn: (message: unknown) => process.stderr.write(`[foldergate] updater: ${String(message)}\n`),
    error: (message: unknown) => process.stderr.write(`[foldergate] updater: ${String(message)}\n`),
  };
  return { port: portFromAppUpdater(autoUpdater, process.platform), unsupported: null };
}
