// The integration project's one build: the server, app and CLI bundles the tests spawn, made once
// before any test runs (and only when a source is newer than its bundle, so `npm test`, which has
// just built them, pays nothing). The renderer is Playwright's, not needed here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo.js';

const BUNDLES = [
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
const SOURCES = [
  'shared',
  'appdata',
  'search',
  'engine/src',
  'engine/native',
  'mcp-server/src',
  'main',
];

function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'dist' || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|c)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
        newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCES) walk(path.join(REPO_ROOT, dir));
  return newest;
}

function oldestBundle(): number {
  let oldest = Infinity;
  for (const bundle of BUNDLES) {
    const st = fs.statSync(path.join(REPO_ROOT, bundle), { throwIfNoEntry: false });
    oldest = Math.min(oldest, st ? st.mtimeMs : 0);
  }
  return oldest;
}

/** Builds the bundles when one is missing or older than a source. */
export default function setup(): void {
  if (oldestBundle() >= newestSource()) return;
  for (const script of ['mcp-server/build.mjs', 'engine/build.mjs', 'tools/build-app.mjs']) {
    const result = spawnSync(process.execPath, [path.join(REPO_ROOT, script)], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`${script} failed (exit ${result.status})`);
  }
}
