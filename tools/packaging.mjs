// What `npm run stage` and `npm run dist` share: a private copy of the project with the app built
// for production, and one electron-builder run on it with electron-builder.yml plus a few
// overrides (never a second, hand-kept list of what goes into the app).
// Why a copy: this checkout is shared, and tests (composition.int.test.ts) and people rebuild
// the dist folders at any time; packing the working tree in place could pick up a
// development build or a half-written temp file. The copy is the repo without .git, dist/,
// the app's bundles and node_modules (linked, for electron-builder's dependency scan and esbuild).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Stops with one sentence on stderr. */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

const BUILT = ['renderer/dist/index.html', 'mcp-server/dist/index.js'];
const NOT_COPIED = new Set(['.git', 'dist', 'test-results', 'playwright-report']);

/**
 * Copies the project into `dir` and builds the app there for production (tools/build-app.mjs
 * `--production`: minified, no source maps); returns the copy's path. The renderer and server
 * builds are copied as built by `npm run build`, which must have run.
 */
export async function prepareProject(dir) {
  for (const file of BUILT) {
    if (!existsSync(path.join(repoRoot, file)))
      fail(`${file} is missing: run \`npm run build\` first (\`npm run stage\` does).`);
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const filter = (source) => {
    const relative = path.relative(repoRoot, source).split(path.sep).join('/');
    // The benchmark's cached trees (bench/.tree, bench/.tree-1m: up to a million files).
    if (/^bench\/\.tree/.test(relative)) return false;
    return !NOT_COPIED.has(relative) && path.basename(source) !== 'node_modules';
  };
  // Entry by entry: `dir` may be inside the repo (dist/stage), and cp refuses to copy a folder
  // into itself even when the filter leaves that subfolder out.
  for (const entry of await readdir(repoRoot)) {
    const source = path.join(repoRoot, entry);
    if (filter(source)) await cp(source, path.join(dir, entry), { recursive: true, filter });
  }
  await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
  for (const file of BUILT) {
    if (!existsSync(path.join(dir, file))) fail(`${file} vanished while copying; run again.`);
  }
  const result = spawnSync(
    process.execPath,
    [path.join(dir, 'tools', 'build-app.mjs'), '--production'],
    {
      cwd: dir,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) fail(`tools/build-app.mjs --production failed (exit ${result.status}).`);
  return dir;
}

/**
 * Runs electron-builder on a prepared project with its electron-builder.yml; `overrides` are
 * merged over the file's settings (electron-builder deep-merges a `config` object over it; the
 * feed's `publish` comes this way: tools/update-feed.mjs). It never uploads (`publish: 'never'`;
 * the generic provider has no uploader anyway), but still writes resources/app-update.yml into the
 * app and the feed's latest*.yml files beside the installers.
 */
export async function runElectronBuilder({ projectDir, targets, overrides }) {
  const { build } = await import('electron-builder');
  return build({
    projectDir,
    targets,
    config: overrides,
    publish: 'never',
  });
}
