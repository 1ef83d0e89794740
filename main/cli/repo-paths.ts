// Where the CLI finds the rest of FolderGate. This file runs from main/cli/ (source) and from main/cli/dist/
// (bundle), and the package root is found from either by its package.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the repository in development): the nearest folder with FolderGate's package.json. */
export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        if ((JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'foldergate')
          return dir;
      } catch {
        // not ours: keep looking
      }
    }
    if (path.dirname(dir) === dir) return path.resolve(from, '..', '..');
  }
}

/** The built renderer the headless host serves. */
export const RENDERER_DIST = path.join(PACKAGE_ROOT, 'renderer', 'dist');

/** The bundled Electron main process. */
export const ELECTRON_MAIN = path.join(
  PACKAGE_ROOT,
  'main',
  'electron',
  'dist',
  'electron-main.cjs',
);

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
