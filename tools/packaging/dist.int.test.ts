// `npm run dist` before it builds anything: its gates (the update feed, signing) refuse with one
// sentence and exit 1 at once, and without the Electron binary (as on our machines) it says why
// in one sentence and exits 1, never hanging or trying a download. Where the binary is installed
// the tests that reach that point are skipped: there dist builds real installers, which is too
// slow for `npm test`. The signing gate is run with another platform's rules through
// FOLDERGATE_DIST_GATE_PLATFORM (tools/dist.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { scaled } from '#testing/time.js';
import { SIGNING_VARIABLES } from '../signing.mjs';

const electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const hasBinary = existsSync(path.join(electronDir, 'path.txt'));

const FEED = { FOLDERGATE_UPDATE_URL: 'https://downloads.example.org/foldergate/' };

/** Runs tools/dist.mjs with no signing credentials, and `env` on top. */
function dist(args: string[], env: Record<string, string> = {}) {
  const base = { ...process.env };
  for (const name of [...SIGNING_VARIABLES, 'FOLDERGATE_UPDATE_URL']) delete base[name];
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'tools/dist.mjs'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...base, ...env },
    timeout: scaled(20_000),
  });
  return { ...result, lines: result.stderr.trim().split('\n') };
}

const MISSING_BINARY = /^dist: no installers built: the Electron \S+ binary is not installed/;

describe('npm run dist', () => {
  it.skipIf(hasBinary)('explains in one sentence that the Electron binary is missing', () => {
    const result = dist([], { ...FEED, FOLDERGATE_DIST_GATE_PLATFORM: 'linux' });
    expect(result.status).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(MISSING_BINARY);
    // Linux asks for no credentials, and says what checks its packages instead.
    expect(result.stdout).toContain(
      'dist: Linux packages (AppImage, deb) are not OS-signed: updates are checked against the sha512 in the update feed.',
    );
    expect(existsSync(path.join(REPO_ROOT, 'dist', '.dist-project'))).toBe(false);
  });

  it('refuses without an update feed, unless --no-updates', () => {
    const refused = dist([], { FOLDERGATE_DIST_GATE_PLATFORM: 'linux' });
    expect(refused.status).toBe(1);
    expect(refused.lines).toEqual([
      'dist: no installers built: no update feed: set FOLDERGATE_UPDATE_URL to the https address ' +
        'the installers and latest*.yml files will be served from, or pass --no-updates to build ' +
        'installers that never update.',
    ]);
    const plain = dist([], { FOLDERGATE_UPDATE_URL: 'http://downloads.example.org/' });
    expect(plain.status).toBe(1);
    expect(plain.lines).toEqual([
      'dist: no installers built: FOLDERGATE_UPDATE_URL must be an https address, not http:.',
    ]);
    if (hasBinary) return;
    const noFeed = dist(['--no-updates'], { FOLDERGATE_DIST_GATE_PLATFORM: 'linux' });
    expect(noFeed.lines).toHaveLength(1);
    expect(noFeed.lines[0]).toMatch(MISSING_BINARY);
    expect(noFeed.stdout).toContain(
      'dist: no update feed (--no-updates): these installers never update.',
    );
  });

  it.each([
    ['darwin', 'no signing certificate for macOS: set CSC_LINK and CSC_KEY_PASSWORD (or CSC_NAME)'],
    [
      'win32',
      'no code-signing certificate for Windows: set WIN_CSC_LINK (or CSC_LINK) and its password',
    ],
  ])('refuses a %s release without signing credentials, in one sentence', (platform, why) => {
    const result = dist([], { ...FEED, FOLDERGATE_DIST_GATE_PLATFORM: platform });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      `dist: no installers built: ${why}, or pass --unsigned to build unsigned installers knowingly.`,
    ]);
  });

  it.skipIf(hasBinary).each(['darwin', 'win32'])(
    'passes the signing gate on %s with --unsigned, and says the build is unsigned',
    (platform) => {
      const result = dist(['--unsigned'], { ...FEED, FOLDERGATE_DIST_GATE_PLATFORM: platform });
      expect(result.status).toBe(1);
      expect(result.lines).toHaveLength(1);
      expect(result.lines[0]).toMatch(MISSING_BINARY);
      expect(result.stdout).toMatch(/^dist: UNSIGNED build for (macOS|Windows) \(--unsigned\)/m);
    },
  );

  it('refuses an argument it does not know', () => {
    const result = dist(['--unsinged'], FEED);
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      'dist: unknown argument --unsinged (it takes --unsigned and --no-updates).',
    ]);
  });
});
