// The integration project's one build: the server, app and CLI bundles the tests spawn, made once
// before any test runs (and only when a source is newer than its bundle, so `npm test`, which has
// just built them, pays nothing: tools/stale-build.mjs, which `npm start` asks too). The renderer is
// Playwright's, not needed here.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './repo.js';

/** Builds the bundles when one is missing or older than a source. */
export default function setup(): void {
  const script = path.join(REPO_ROOT, 'tools', 'stale-build.mjs');
  const result = spawnSync(process.execPath, [script, '--build', '--no-window'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`tools/stale-build.mjs failed (exit ${result.status})`);
}
