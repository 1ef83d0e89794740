// `npm run dist`: the installers for the platform it runs on, with electron-builder.yml's targets
// (macOS dmg + zip, Windows per-user NSIS, Linux AppImage + deb) in dist/release/.
// It packs the Electron binary installed in node_modules/electron/dist (`electronDist`), so it
// never downloads Electron. Where that binary is missing (its download is blocked on machines
// without internet access, as here) it builds nothing and exits 1 with one sentence saying why:
// a run that was asked for installers and made none has failed, and CI must not go on to upload
// nothing. `npm run stage` packs and checks everything else without the binary.
// Signing and notarization are electron-builder's, from CI secrets in the environment
// (CSC_LINK, CSC_KEY_PASSWORD, APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER); without them
// it builds unsigned installers.
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

const require = createRequire(import.meta.url);

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

const projectDir = await prepareProject(path.join(repoRoot, 'dist', '.dist-project'));
const { Platform } = await import('electron-builder');
await runElectronBuilder({
  projectDir,
  targets: Platform.current().createTarget(),
  overrides: {
    electronDist: electron.dist,
    directories: { output: path.join(repoRoot, 'dist', 'release') },
  },
});
await rm(projectDir, { recursive: true, force: true });
console.log(`dist: installers for ${process.platform} are in dist/release/.`);
