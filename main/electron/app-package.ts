// The app's own package.json, read at run time (in development Electron is launched with the
// bundle's path, so app.getVersion() would answer Electron's version).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The version in `<appRoot>/package.json` ('0.0.0' when unreadable). */
export function appVersion(appRoot: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
