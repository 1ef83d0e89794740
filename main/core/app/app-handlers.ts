// The app's own channels: what it is and where it runs, start at login, showing a found file.
import fs from 'node:fs/promises';
import path from 'node:path';
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
import { isWithin } from '#shared/text/path-compare.js';
import { unsupported, type HandlerDeps } from '../handler-deps.js';

/** The app channels. */
export function register(
  deps: HandlerDeps,
): Pick<
  IpcHandlers,
  'app:info' | 'app:getStartAtLogin' | 'app:setStartAtLogin' | 'shell:reveal' | 'app:openDataFolder'
> {
  const { platform, store } = deps;
  return {
    'app:info': async () => ({
      version: deps.version,
      host: deps.host,
      platform: process.platform,
      appDataDir: deps.appDataDir,
      homeDir: deps.home,
      features: {
        nativeFolderDialog: platform.pickFolder !== undefined,
        revealInFolder: platform.reveal !== undefined,
        openFolder: platform.openFolder !== undefined,
        tray: deps.host === 'electron',
        startAtLogin: platform.setStartAtLogin !== undefined,
      },
      systemLanguages: platform.systemLanguages?.() ?? [],
    }),
    'app:openDataFolder': async () => {
      if (!platform.openFolder)
        throw unsupported('Opening folders', `Open ${deps.appDataDir} in your file manager.`);
      await platform.openFolder(deps.appDataDir);
      return {};
    },
    'shell:reveal': async ({ path: target }) => {
      if (!platform.reveal)
        throw unsupported(
          'Showing files in the file manager',
          'Copy the path and open it in your file manager.',
        );
      const real = await fs.realpath(target).catch(() => null);
      const allowed = await Promise.all(
        store.view().settings.roots.map((r) => fs.realpath(r.path).catch(() => r.path)),
      );
      if (real === null || !allowed.some((root) => isWithin(real, root, path))) {
        throw new IpcError(
          IPC_ERROR_CODES.notFound,
          'This file is not inside an allowed folder (or no longer exists).',
          'Run the search again.',
        );
      }
      await platform.reveal(real);
      return {};
    },
    'app:getStartAtLogin': async () => ({
      enabled: platform.getStartAtLogin ? await platform.getStartAtLogin() : null,
    }),
    'app:setStartAtLogin': async ({ enabled }) => {
      if (!platform.setStartAtLogin)
        throw unsupported('Start at login', 'Start FolderGate yourself, or use the desktop app.');
      return { enabled: await platform.setStartAtLogin(enabled) };
    },
  };
}
