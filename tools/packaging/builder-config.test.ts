// electron-builder.yml's promises about updates, read from the file (the installers cannot be
// built here): the update feed is the generic provider at the address given at build time; the
// AppImage's file name holds no version, so electron-updater replaces it in place and the path
// AI apps' configs name survives every update; Windows installs per user into one folder.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '#testing/repo.js';

const config = parse(readFileSync(path.join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as {
  productName: string;
  directories: { buildResources: string };
  publish: { provider: string; url: string };
  linux: { target: string[] };
  appImage: { artifactName: string };
  mac: { target: string[] };
  win: { target: string };
  nsis: Record<string, unknown> & { include: string };
};

// electron-builder's own naming: its macro expander and the arch names it gives an AppImage.
const require = createRequire(import.meta.url);
const { expandMacro } = require('app-builder-lib/out/util/macroExpander.js') as {
  expandMacro(pattern: string, arch: string | null, appInfo: object, extra: object): string;
};
const { Arch, getArtifactArchName } = require('builder-util') as {
  Arch: Record<string, number>;
  getArtifactArchName(arch: number, ext: string): string;
};
const appImageName = (arch: string) =>
  expandMacro(
    config.appImage.artifactName,
    getArtifactArchName(Arch[arch]!, 'AppImage'),
    { sanitizedProductName: config.productName, productName: config.productName, version: '1.2.3' },
    { ext: 'AppImage' },
  );

// electron-updater 6.8's AppImageUpdater.doInstall: an installed AppImage whose name does not
// match this keeps its path (the update is moved over it); one that does is renamed to the new
// version's file name.
const VERSION_IN_NAME = /\d+\.\d+\.\d+/;

describe('electron-builder.yml', () => {
  it('publishes to a generic feed whose address comes from the build environment', () => {
    expect(config.publish).toEqual({
      provider: 'generic',
      url: '${env.FOLDERGATE_UPDATE_URL}',
    });
  });

  it('keeps the AppImage and deb targets, and the targets electron-updater updates from', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    // MacUpdater installs from the zip; the dmg is for the first install.
    expect(config.mac.target).toEqual(['dmg', 'zip']);
    expect(config.win.target).toBe('nsis');
  });

  it('names the AppImage without its version, so an update keeps its path', () => {
    expect(config.appImage.artifactName).not.toContain('${version}');
    expect(appImageName('x64')).toBe('FolderGate-x86_64.AppImage');
    expect(appImageName('arm64')).toBe('FolderGate-arm64.AppImage');
    for (const arch of ['x64', 'arm64', 'armv7l'])
      expect(appImageName(arch)).not.toMatch(VERSION_IN_NAME);
  });

  it('installs on Windows per user, into a folder no installer lets anyone move', () => {
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowElevation: false,
      allowToChangeInstallationDirectory: false,
      include: 'build/installer.nsh',
    });
    const include = path.join(REPO_ROOT, config.nsis.include);
    expect(existsSync(include)).toBe(true);
    expect(readFileSync(include, 'utf8')).toMatch(
      /!macro customInstallMode\s+StrCpy \$isForceCurrentInstall "1"\s+!macroend/,
    );
  });
});
