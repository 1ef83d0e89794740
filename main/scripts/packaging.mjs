// What `npm run stage` and `npm run dist` share: the repo's paths, the production build of main/,
// and one electron-builder run with electron-builder.yml plus a few overrides (never a second,
// hand-kept list of what goes into the app).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Stops with one sentence on stderr. */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Runs `node <script> ...args` in the repo; stops when it fails. */
export function runNode(script, args = []) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) fail(`${script} ${args.join(' ')} failed (exit ${result.status}).`);
}

/** Main, preload and CLI bundles minified and without source maps (main/build.mjs). */
export function buildMainForProduction() {
  runNode('main/build.mjs', ['--production']);
}

/** Stops unless the renderer and server builds that electron-builder.yml packs are there. */
export function assertBuilt() {
  for (const file of ['renderer/dist/index.html', 'mcp-server/dist/index.js']) {
    if (!existsSync(path.join(repoRoot, file)))
      fail(`${file} is missing: run \`npm run build\` first (\`npm run stage\` does).`);
  }
}

/**
 * Runs electron-builder on the repo with electron-builder.yml; `overrides` are merged over the
 * file's settings (electron-builder deep-merges a `config` object over the file it loads).
 */
export async function runElectronBuilder({ targets, overrides }) {
  const { build } = await import('electron-builder');
  return build({
    projectDir: repoRoot,
    targets,
    config: overrides,
    publish: 'never',
  });
}
