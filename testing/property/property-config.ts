// The server config of one property run: the random tree as the only root, with the run's
// scan limits and excludes.
import { createConfigSource, type ServerConfig } from '#appdata/settings/server-config.js';
import type { RunSettings } from './property-model.js';

/** Scan limits too large for the property trees to reach. */
export const UNLIMITED = { maxFilesScanned: 200_000, maxDirectoriesScanned: 50_000 };

/** The config a search of `rootDir` runs with under `settings`. */
export function configFor(rootDir: string, settings: RunSettings): ServerConfig {
  const config = createConfigSource(null, {
    roots: [
      {
        path: rootDir,
        name: 'tree',
        ...(settings.leaveOut ? { leaveOut: settings.leaveOut } : {}),
      },
    ],
    limits: {
      maxFilesScanned: settings.maxFilesScanned,
      maxDirectoriesScanned: settings.maxDirectoriesScanned,
      timeoutMs: 120_000,
    },
  }).current();
  return { ...config, exclude: settings.exclude };
}
