// `npm run stage`: exactly what electron-builder puts into the app (app.asar and extraResources),
// assembled by electron-builder itself from electron-builder.yml, without the Electron binary,
// into dist/stage/ (or `--out DIR`). Run `npm run build` first (`npm run stage` does); this
// script packs a private copy of the project with the app rebuilt for production (minified, no
// source maps; see packaging.mjs).
//
// electron-builder needs an unpacked Electron to copy; `electronDist` points it at a stand-in:
// an empty "electron" file carrying only the fuse wire, with Electron 45's default fuse states.
// electron-builder then runs its real pipeline: file selection, app.asar (through
// @electron/asar), extraResources, and flipping the fuses of electron-builder.yml in the
// stand-in, which the tests read back. The Linux `dir` target is used on every OS: what goes
// into app.asar and resources/ does not depend on the platform in our configuration.
//
// The update feed: FOLDERGATE_UPDATE_URL, else a placeholder that never resolves
// (tools/update-feed.mjs), so electron-builder's PublishManager writes
// resources/app-update.yml here as it does for every Linux target: its afterPack handler skips
// only macOS without dmg/zip and Windows without nsis, and `dir` is neither.
//
// Output: <out>/linux-unpacked/resources/{app.asar,app-update.yml,mcp-server/,engine/}, the
// stand-in executable <out>/linux-unpacked/foldergate with the flipped fuses, and
// <out>/stage.json (files, sizes).
import { listPackage, statFile } from '@electron/asar';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nativeListForInstallers } from '../engine/native/compile.mjs';
import { fail, prepareProject, repoRoot, runElectronBuilder } from './packaging.mjs';
import { FEED_VARIABLE, feedOverrides, updateFeed } from './update-feed.mjs';

/** The most the staged app (app.asar + extraResources) may weigh: about 3× today's size. */
export const STAGE_BUDGET_BYTES = 10 * 1024 * 1024;

// @electron/fuses' marker before the fuse wire, then wire version 1 and the number of fuses.
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's defaults, in @electron/fuses' FuseV1Options order ('1' enabled, '0' disabled):
// RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect, AsarIntegrity, OnlyLoadAppFromAsar,
// BrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges.
const DEFAULT_FUSES = '10110001';

const outArg = process.argv.indexOf('--out');
const out = path.resolve(
  outArg > 0 ? (process.argv[outArg + 1] ?? '') : path.join(repoRoot, 'dist', 'stage'),
);
if (out === repoRoot || repoRoot.startsWith(out + path.sep)) fail(`stage: refusing --out ${out}.`);

const feed = updateFeed({ env: process.env, argv: process.argv, forInstallers: false });
if ('problem' in feed) fail(`stage: ${feed.problem}.`);
if (feed.placeholder)
  console.log(
    `stage: ${FEED_VARIABLE} is not set: the update feed is ${feed.url} (a placeholder).`,
  );

// What `npm run dist` refuses (no native folder listing on Linux, or one that needs a newer
// glibc), stage only warns of, loudly: it packs for checking, not for shipping.
const native = nativeListForInstallers(path.join(repoRoot, 'engine', 'dist'));
if (native.problem)
  console.warn(
    `stage: WARNING: ${native.problem} (\`npm run dist\` would refuse to build installers from this).`,
  );
if (native.warning) console.warn(`stage: WARNING: ${native.warning}.`);

await rm(out, { recursive: true, force: true });
const projectDir = await prepareProject(path.join(out, '.project'));

const standIn = path.join(out, '.electron-stand-in');
await mkdir(path.join(standIn, 'resources'), { recursive: true });
await mkdir(path.join(standIn, 'locales'), { recursive: true });
await writeFile(
  path.join(standIn, 'electron'),
  Buffer.concat([
    Buffer.from(`not an Electron binary: a stand-in for npm run stage\n${FUSE_SENTINEL}`),
    Buffer.from([1, DEFAULT_FUSES.length]),
    Buffer.from(DEFAULT_FUSES, 'ascii'),
  ]),
  { mode: 0o755 },
);

const { Platform } = await import('electron-builder');
await runElectronBuilder({
  projectDir,
  targets: Platform.LINUX.createTarget('dir'),
  overrides: { electronDist: standIn, directories: { output: out }, ...feedOverrides(feed.url) },
});
await rm(standIn, { recursive: true, force: true });
await rm(projectDir, { recursive: true, force: true });

const resources = path.join(out, 'linux-unpacked', 'resources');
const asarPath = path.join(resources, 'app.asar');
if (!existsSync(path.join(resources, 'app-update.yml')))
  fail(
    'stage: electron-builder wrote no resources/app-update.yml: the installed app would find no update feed.',
  );
const asarFiles = listPackage(asarPath, { isPack: false })
  .map((entry) => entry.replaceAll('\\', '/'))
  .filter((entry) => 'size' in statFile(asarPath, entry.slice(1), false));

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}
const resourceFiles = (await filesUnder(resources)).map((file) => file.replaceAll('\\', '/'));
let totalBytes = 0;
for (const file of resourceFiles) totalBytes += (await stat(path.join(resources, file))).size;

const report = {
  resources,
  asarFiles,
  resourceFiles,
  asarBytes: (await stat(asarPath)).size,
  totalBytes,
  budgetBytes: STAGE_BUDGET_BYTES,
};
await writeFile(path.join(out, 'stage.json'), `${JSON.stringify(report, null, 2)}\n`);

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
console.log(
  `stage: ${path.relative(process.cwd(), resources) || resources}: app.asar ${mb(report.asarBytes)} ` +
    `(${asarFiles.length} files), app-update.yml, ${resourceFiles.length - 2} extraResources files, ` +
    `${mb(totalBytes)} in all (budget ${mb(STAGE_BUDGET_BYTES)}).`,
);
if (totalBytes > STAGE_BUDGET_BYTES)
  fail(`stage: over the size budget of ${mb(STAGE_BUDGET_BYTES)}.`);
