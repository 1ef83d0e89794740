// Where the CLI finds the rest of FolderGate. This file runs from main/cli/ (source) and from
// main/dist/ (bundle): both are two levels below the package root.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the repository in development). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The built renderer the headless host serves. */
export const RENDERER_DIST = path.join(PACKAGE_ROOT, 'renderer', 'dist');

/** The bundled Electron main process. */
export const ELECTRON_MAIN = path.join(PACKAGE_ROOT, 'main', 'dist', 'electron-main.cjs');

/** The version in package.json. */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
