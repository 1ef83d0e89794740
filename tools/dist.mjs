// `npm run dist`: the installers for the platform it runs on, with electron-builder.yml's targets
// (macOS dmg + zip, Windows per-user NSIS, Linux AppImage + deb) in dist/release/.
// It packs the Electron binary installed in node_modules/electron/dist (`electronDist`), so it
// never downloads Electron. Where that binary is missing (its download is blocked on machines
// without internet access, as here) it builds nothing and exits 1 with one sentence saying why:
// a run that was asked for installers and made none has failed, and CI must not go on to upload
// nothing. `npm run stage` packs and checks everything else without the binary.
//
// Before anything else (so that both are checked where the binary is missing too), two gates,
// each refusing with one sentence and exit 1:
// - The update feed (tools/update-feed.mjs): FOLDERGATE_UPDATE_URL, an https address, goes into
//   every installer's app-update.yml and the latest*.yml files beside the installers; without it
//   dist refuses, unless `--no-updates` builds installers with no feed (they never update).
// - Signing (tools/signing.mjs): macOS needs a certificate (CSC_LINK or CSC_NAME) and
//   notarization credentials (APPLE_API_KEY/APPLE_API_KEY_ID/APPLE_API_ISSUER, or
//   APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID), Windows a certificate (WIN_CSC_LINK or
//   CSC_LINK) and its password; electron-builder signs and notarizes with them. `--unsigned`
//   builds without, knowingly, and makes sure electron-builder signs nothing (ad hoc on macOS).
//   Linux packages are not OS-signed; dist says so in one line (the feed's sha512 checks
//   updates). FOLDERGATE_DIST_GATE_PLATFORM (darwin, win32, linux) applies another platform's
//   rules to the gate only, for tests: the installers are always the running platform's.
//
// The engine's native folder listing (Linux: engine/dist/fast-list-linux-<arch>.node, the fast
// first read of new folders) has no prebuilt binary, committed or downloaded: the Linux targets
// (AppImage, deb) are built on a Linux machine for its own arch, so `npm run build` compiles
// engine/native/fast-list.c there, from source. It needs glibc 2.28 (statx; GLIBC_FLOOR in
// engine/native/compile.mjs); below that the module does not load and the engine lists folders
// with Node's readdir and lstat: the same answers, slower. After the build this refuses (exit 1,
// one sentence: why, and how to fix it) when the module is missing or asks for a glibc newer than
// 2.28, since the installers would then quietly lose the fast first read; FOLDERGATE_NATIVE_LIST=0
// ships without it knowingly, with a warning. macOS and Windows have no native listing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { nativeListForInstallers } from '../engine/native/compile.mjs';
import { fail, prepareProject, repoRoot, runElectronBuilder } from './packaging.mjs';
import { signingNote, signingProblem, unsignedBuild } from './signing.mjs';
import { feedOverrides, updateFeed } from './update-feed.mjs';

const require = createRequire(import.meta.url);

const argv = process.argv.slice(2);
const unknown = argv.filter((arg) => arg !== '--unsigned' && arg !== '--no-updates');
if (unknown.length > 0)
  fail(`dist: unknown argument ${unknown[0]} (it takes --unsigned and --no-updates).`);

const feed = updateFeed({ env: process.env, argv, forInstallers: true });
if ('problem' in feed) fail(`dist: no installers built: ${feed.problem}.`);

const platform = process.env.FOLDERGATE_DIST_GATE_PLATFORM || process.platform;
const signing = signingProblem({ platform, env: process.env, argv });
if (signing) fail(`dist: no installers built: ${signing}.`);
const note = signingNote({ platform, argv });
if (note) console.log(`dist: ${note}`);
if (feed.url === null)
  console.log('dist: no update feed (--no-updates): these installers never update.');

/** The folder of the installed Electron binary, or null with the reason. */
function electronDist() {
  const electronDir = path.dirname(require.resolve('electron/package.json'));
  const { version } = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8'));
  const dist = path.join(electronDir, 'dist');
  const pathFile = path.join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (executable && existsSync(path.join(dist, executable))) return { dist, version };
  return {
    dist: null,
    version,
    reason: `the Electron ${version} binary is not installed (${path.relative(repoRoot, dist)} is missing; its download is blocked on machines without internet access)`,
  };
}

const electron = electronDist();
if (!electron.dist) {
  fail(
    `dist: no installers built: ${electron.reason}; \`npm run stage\` packs and checks everything else without it.`,
  );
}

const npm = process.env.npm_execpath;
if (!npm) fail('dist: run it as `npm run dist`.');
const built = spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (built.status !== 0) fail(`dist: npm run build failed (exit ${built.status}).`);

const native = nativeListForInstallers(path.join(repoRoot, 'engine', 'dist'));
if (native.problem) fail(`dist: no installers built: ${native.problem}.`);
if (native.warning) console.warn(`dist: WARNING: ${native.warning}.`);

// electron-builder runs in this process and reads signing credentials from its environment.
let signingOverrides = {};
if (argv.includes('--unsigned')) {
  const unsigned = unsignedBuild(process.env);
  for (const name of Object.keys(process.env))
    if (!(name in unsigned.env)) delete process.env[name];
  Object.assign(process.env, unsigned.env);
  signingOverrides = unsigned.overrides;
}

const projectDir = await prepareProject(path.join(repoRoot, 'dist', '.dist-project'));
const { Platform } = await import('electron-builder');
await runElectronBuilder({
  projectDir,
  targets: Platform.current().createTarget(),
  overrides: {
    electronDist: electron.dist,
    directories: { output: path.join(repoRoot, 'dist', 'release') },
    ...feedOverrides(feed.url),
    ...signingOverrides,
  },
});
await rm(projectDir, { recursive: true, force: true });
console.log(
  feed.url === null
    ? `dist: installers for ${process.platform} are in dist/release/.`
    : `dist: installers for ${process.platform} and their latest*.yml are in dist/release/: ` +
        `upload them to ${feed.url}, the latest*.yml files last.`,
);
