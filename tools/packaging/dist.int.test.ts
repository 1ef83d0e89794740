// `npm run dist` without the Electron binary (as on our machines): it must say why in one
// sentence and exit 1 at once, never hang or try a download. Where the binary is installed this
// test is skipped: there dist builds real installers, which is too slow for `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { scaled } from '#testing/time.js';

const electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const hasBinary = existsSync(path.join(electronDir, 'path.txt'));

describe('npm run dist', () => {
  it.skipIf(hasBinary)('explains in one sentence that the Electron binary is missing', () => {
    const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'tools/dist.mjs')], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: scaled(20_000),
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^dist: no installers built: the Electron \S+ binary is not installed/,
    );
    expect(existsSync(path.join(REPO_ROOT, 'dist', '.dist-project'))).toBe(false);
  });
});
