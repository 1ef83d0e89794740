// `foldergate start` (what `npm start` runs): the desktop app when Electron can run here,
// otherwise the headless host, saying why.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { electronPackageDir, findElectron } from './electron-binary.js';
import { ELECTRON_MAIN } from './repo-paths.js';
import { runWeb } from './web-command.js';
import { t } from '#shared/i18n/i18n.js';

// An Electron that dies this fast never showed a window (missing system libraries, no GPU…).
const FAST_FAILURE_MS = 5_000;

/** Opens FolderGate; resolves with the exit code. */
export async function runStart(options: { port: number }): Promise<number> {
  const lookup = findElectron({
    packageDir: electronPackageDir(),
    env: process.env,
    platform: process.platform,
  });
  if (!lookup.ok) return runWeb({ port: options.port, reason: lookup.reason });
  if (!existsSync(ELECTRON_MAIN))
    return runWeb({
      port: options.port,
      reason: t('cli.start.notBuilt'),
    });

  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const started = Date.now();
  const outcome = await new Promise<{ code: number; error?: string }>((resolve) => {
    const child = spawn(lookup.binary, [ELECTRON_MAIN], { stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const done = (result: { code: number; error?: string }): void => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(result);
    };
    child.once('error', (error) => done({ code: 1, error: error.message }));
    child.once('exit', (code, signal) => done({ code: code ?? (signal ? 1 : 0) }));
  });
  if (outcome.error || (outcome.code !== 0 && Date.now() - started < FAST_FAILURE_MS)) {
    const why = outcome.error ?? t('cli.start.exited', { code: outcome.code });
    return runWeb({ port: options.port, reason: t('cli.start.failed', { why }) });
  }
  return outcome.code;
}
