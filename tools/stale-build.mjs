// Whether the bundles are older than their sources: `npm start` builds only then
// (`node tools/stale-build.mjs --build`), and the integration tests' global setup
// (testing/global-setup.ts) asks the same of the bundles they spawn. A missing bundle is stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The bundles the servers, the engine, the CLI and the desktop app run. */
export const NODE_BUNDLES = [
  'mcp-server/dist/index.js',
  'engine/dist/engine.js',
  'engine/dist/crawl-helper.js',
  'main/cli/dist/cli.js',
  'main/electron/dist/electron-main.cjs',
  'main/electron/dist/preload.cjs',
  // The engine's native folder listing: built on Linux (engine/build.mjs).
  ...(process.platform === 'linux'
    ? [`engine/dist/fast-list-${process.platform}-${process.arch}.node`]
    : []),
];
/** Their sources' folders. */
export const NODE_SOURCES = [
  'shared',
  'appdata',
  'search',
  'engine/src',
  'engine/native',
  'mcp-server/src',
  'main',
];
/** The window's built page and its sources (with `shared/`, whose words and schemas it uses). */
export const WINDOW_BUNDLES = ['renderer/dist/index.html'];
export const WINDOW_SOURCES = ['renderer/src', 'renderer/public', 'renderer/index.html', 'shared'];

/** The newest modification time of a source file (not a test) under `dirs`, in ms. */
export function newestSource(root, dirs) {
  let newest = 0;
  const visit = (full, name) => {
    const st = fs.statSync(full, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      if (name === 'dist' || name === 'node_modules') return;
      for (const entry of fs.readdirSync(full)) visit(path.join(full, entry), entry);
    } else if (!/\.test\.tsx?$/.test(name)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const dir of dirs) visit(path.join(root, dir), path.basename(dir));
  return newest;
}

/** The oldest of `bundles` (0 when one is missing). */
export function oldestBundle(root, bundles) {
  let oldest = Infinity;
  for (const bundle of bundles) {
    const st = fs.statSync(path.join(root, bundle), { throwIfNoEntry: false });
    oldest = Math.min(oldest, st ? st.mtimeMs : 0);
  }
  return oldest;
}

/** Whether a bundle is missing or older than a source: the Node bundles, and the window's too. */
export function isStale(root, { window = true } = {}) {
  const stale = (bundles, sources) => oldestBundle(root, bundles) < newestSource(root, sources);
  return stale(NODE_BUNDLES, NODE_SOURCES) || (window && stale(WINDOW_BUNDLES, WINDOW_SOURCES));
}

/** The steps of `npm run build` for the Node bundles, and for the window. */
const NODE_STEPS = ['mcp-server/build.mjs', 'engine/build.mjs', 'tools/build-app.mjs'].map(
  (script) => [process.execPath, [path.join(REPO, script)]],
);
const WINDOW_STEP = [
  process.execPath,
  [path.join(REPO, 'node_modules/vite/bin/vite.js'), 'build', 'renderer', '--logLevel', 'warn'],
];

// `node tools/stale-build.mjs --build [--no-window]`: builds what is stale (the Node bundles,
// the window), as `npm run build` would, else nothing.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const window = !process.argv.includes('--no-window');
  const steps = [
    ...(oldestBundle(REPO, NODE_BUNDLES) < newestSource(REPO, NODE_SOURCES) ? NODE_STEPS : []),
    ...(window && oldestBundle(REPO, WINDOW_BUNDLES) < newestSource(REPO, WINDOW_SOURCES)
      ? [WINDOW_STEP]
      : []),
  ];
  for (const [command, args] of process.argv.includes('--build') ? steps : []) {
    const result = spawnSync(command, args, { cwd: REPO, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
