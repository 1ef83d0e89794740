// `foldergate web`: the headless host. Starts the core (settings + the supervised preview server)
// and serves the UI on 127.0.0.1 with a fresh token; Ctrl+C stops both cleanly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { appDataDir, defaultServerCommand, findServerEntry } from '#appdata/paths.js';
import { launcherFor } from '#core/ai-apps/launcher.js';
import { createCore } from '#core/core.js';
import { createHttpHost } from '#web-host/http-host.js';
import { EXTENSION_DOWNLOAD_PATH } from '#shared/clients/client-channels.js';
import { extensionBundlePath } from '#core/ai-apps/claude-extension.js';
import type { HttpHost } from '#web-host/http-host.js';
import { packageVersion, RENDERER_DIST } from './repo-paths.js';
import { t } from '#shared/i18n/i18n.js';

/** How the headless host is started. */
export interface WebOptions {
  port: number;
  /** Why the desktop app was not opened (from `start`). */
  reason?: string;
}

/** Runs the headless host until SIGINT/SIGTERM; resolves with the exit code. */
export async function runWeb(options: WebOptions): Promise<number> {
  // Signal handlers first: a Ctrl+C (or a test's kill) right after the URL appears must still
  // stop everything cleanly, not kill the process with the preview server left behind.
  let stopRequested = false;
  let requestStop: () => void = () => undefined;
  const stopSignal = new Promise<void>((resolve) => (requestStop = resolve));
  const onSignal = (): void => {
    if (stopRequested) process.exit(130); // a second Ctrl+C: do not wait any longer
    stopRequested = true;
    requestStop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await serve(options, stopSignal, () => stopRequested);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function serve(
  options: WebOptions,
  stopSignal: Promise<void>,
  stopRequested: () => boolean,
): Promise<number> {
  const dataDir = appDataDir();
  const serverEntry = findServerEntry();
  if (!existsSync(serverEntry)) {
    console.error(t('cli.web.serverNotBuilt'));
  }
  if (!existsSync(path.join(RENDERER_DIST, 'index.html'))) {
    console.error(t('cli.web.windowNotBuilt'));
  }
  const core = createCore({
    appDataDir: dataDir,
    host: 'headless',
    serverCommand: defaultServerCommand(dataDir, serverEntry),
    version: packageVersion(),
    // AI apps connected from this page start the server with this very Node, by absolute path
    // (never a `node` looked up on their PATH, which may be another version or none).
    clients: {
      serverBundle: serverEntry,
      launcher: launcherFor({
        execPath: path.resolve(process.execPath),
        isElectron: Boolean(process.versions.electron),
        appImage: process.env.APPIMAGE,
      }),
    },
  });
  await core.start().catch((error: unknown) => {
    console.error(
      t('cli.web.previewFailed', {
        message: error instanceof Error ? error.message : String(error),
      }),
    );
  });
  let host: HttpHost;
  try {
    host = await createHttpHost({
      handlers: core.handlers,
      on: core.on,
      staticDir: RENDERER_DIST,
      // The Claude Desktop extension FolderGate builds, offered to the page as a download.
      downloads: { [EXTENSION_DOWNLOAD_PATH]: extensionBundlePath(dataDir) },
      port: options.port,
      host: '127.0.0.1',
    });
  } catch (error) {
    await core.stop();
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? t('cli.web.portInUse', { port: options.port })
        : t('cli.error', { message: String(error) }),
    );
    return 1;
  }

  if (!stopRequested()) {
    if (options.reason) console.log(t('cli.web.reason', { reason: options.reason }));
    console.log(t('cli.web.running'));
    console.log('');
    console.log(`  ${host.url}`);
    console.log('');
    console.log(t('cli.web.settings', { file: path.join(dataDir, 'settings.json') }));
    console.log(t('cli.web.stop'));
  }
  await stopSignal;
  await Promise.allSettled([host.close(), core.stop()]);
  console.log(t('cli.web.stopped'));
  return 0;
}
