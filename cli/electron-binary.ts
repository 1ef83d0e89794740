// Finds the Electron binary without require('electron'): that module downloads the binary when
// it is missing, and here a missing binary simply means "run headless".
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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
  if (probe.env.FOLDERGATE_HEADLESS === '1')
    return { ok: false, reason: 'FOLDERGATE_HEADLESS=1 is set' };
  if (probe.platform === 'linux' && !probe.env.DISPLAY && !probe.env.WAYLAND_DISPLAY) {
    return {
      ok: false,
      reason: 'there is no desktop session here (neither DISPLAY nor WAYLAND_DISPLAY is set)',
    };
  }
  if (!probe.packageDir) return { ok: false, reason: 'the Electron package is not installed' };
  let relative: string;
  try {
    relative = readFileSync(path.join(probe.packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    return {
      ok: false,
      reason: 'the Electron binary was not downloaded when FolderGate was installed',
    };
  }
  const distDir = probe.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(probe.packageDir, 'dist');
  const binary = path.join(distDir, relative);
  if (!relative || !existsSync(binary))
    return { ok: false, reason: `the Electron binary is missing (${binary})` };
  return { ok: true, binary };
}
