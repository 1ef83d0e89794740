// Finds the Electron binary without require('electron'): that module downloads the binary when
// it is missing, and here a missing binary simply means "run headless".
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { t } from '#shared/i18n/i18n.js';

/** Where to look. */
export interface ElectronProbe {
  /** The folder of node_modules/electron, or null when the package is not installed. */
  packageDir: string | null;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

/** The binary, or why the desktop app cannot open here. */
export type ElectronLookup = { ok: true; binary: string } | { ok: false; reason: string };

/** The installed electron package's folder, or null. */
export function electronPackageDir(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** Looks for a usable Electron binary and a desktop session to show it in. */
export function findElectron(probe: ElectronProbe): ElectronLookup {
  if (probe.env.FOLDERGATE_HEADLESS === '1') return { ok: false, reason: t('cli.start.headless') };
  if (probe.platform === 'linux' && !probe.env.DISPLAY && !probe.env.WAYLAND_DISPLAY) {
    return {
      ok: false,
      reason: t('cli.start.noDesktop'),
    };
  }
  if (!probe.packageDir) return { ok: false, reason: t('cli.start.noPackage') };
  let relative: string;
  try {
    relative = readFileSync(path.join(probe.packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    return {
      ok: false,
      reason: t('cli.start.notDownloaded'),
    };
  }
  const distDir = probe.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(probe.packageDir, 'dist');
  const binary = path.join(distDir, relative);
  if (!relative || !existsSync(binary))
    return { ok: false, reason: t('cli.start.missing', { binary }) };
  return { ok: true, binary };
}
