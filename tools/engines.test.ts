// package.json's engines.node is true: every package the app ships runs on every Node it admits,
// and every dev package runs on the lowest, save the few on ENGINES_ALLOWED, which only fetch
// Electron or rebuild native modules for an installer (or declare more than they use). Read from
// package-lock.json, with semver (there through the toolchain; ranges as npm reads them).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';

interface Semver {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
  subset(sub: string, dom: string): boolean;
}
const semver = createRequire(import.meta.url)('semver') as Semver;

/**
 * Dev packages that declare a newer Node than engines admits, and why that does not make engines
 * untrue: none of them is needed to build, test or run FolderGate on the lowest Node.
 */
const ENGINES_ALLOWED: Record<string, string> = {
  // Electron's npm package only finds its binary, downloading it when missing (its install.js,
  // run by tools/fetch-electron.mjs after `npm install` and allowed to fail: tests and the
  // headless app run without it); the app runs on Electron's own Node, not this one.
  electron: 'finds or downloads the Electron binary',
  '@electron/get': 'downloads the Electron binary (electron/install.js)',
  '@electron-internal/extract-zip': 'unpacks the downloaded Electron binary (@electron/get)',
  // electron-builder rebuilds native modules for the installer's Electron; FolderGate bundles
  // everything with esbuild and sets npmRebuild: false (electron-builder.yml).
  '@electron/rebuild': 'rebuilds native modules for packaging (npmRebuild: false)',
  'node-abi': "names Electron's ABI for @electron/rebuild (npmRebuild: false)",
  // Needed by the e2e accessibility checks, which run on Node 20: it declares Node 22 as its
  // support policy but uses nothing of it (only `assert` and axe-core; the test below holds that).
  '@axe-core/playwright': 'declares Node 22 as policy; its code needs only assert and axe-core',
};

interface LockPackage {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};
const ENGINES = pkg.engines.node;
const LOWEST = semver.minVersion(ENGINES)!.version;

/** Every installed package (by its name) with the Node range it declares. */
function declared(): { name: string; node: string; dev: boolean }[] {
  return Object.entries(lock.packages).flatMap(([where, entry]) => {
    const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (where === '' || node === undefined) return [];
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    // devOptional: needed only by dev packages or optional ones, never by the app itself.
    return [{ name, node, dev: entry.dev === true || entry.devOptional === true }];
  });
}

describe('engines.node', () => {
  it('is the lockfile root’s, and admits the Node running these tests', () => {
    expect(lock.packages['']?.engines).toEqual(pkg.engines);
    expect(LOWEST).toBe('20.19.0');
    expect(semver.satisfies(process.version, ENGINES)).toBe(true);
  });

  it('reads ranges as npm does (the check would see a package that needs more)', () => {
    expect(semver.subset(ENGINES, '^20.17.0 || >=22.9.0')).toBe(true);
    expect(semver.subset(ENGINES, '>=22.12.0')).toBe(false);
    expect(semver.subset(ENGINES, '^20.19.0 || ^22.13.0 || >=24')).toBe(false);
    expect(semver.satisfies(LOWEST, '>= 22.12.0')).toBe(false);
  });

  it('every package the app ships admits every Node engines admits', () => {
    const shipped = declared().filter((p) => !p.dev);
    expect(shipped.length).toBeGreaterThan(20);
    const narrower = shipped.filter((p) => !semver.subset(ENGINES, p.node));
    expect(narrower.map((p) => `${p.name}: ${p.node}`)).toEqual([]);
  });

  it('every dev package admits the lowest Node, or is allowed with its reason', () => {
    const needsMore = declared().filter((p) => p.dev && !semver.satisfies(LOWEST, p.node));
    expect(needsMore.filter((p) => !(p.name in ENGINES_ALLOWED)).map((p) => p.name)).toEqual([]);
    // And the list stays short and true: each allowed package is installed and needs more.
    expect(Object.keys(ENGINES_ALLOWED).sort()).toEqual(
      [...new Set(needsMore.map((p) => p.name))].sort(),
    );
  });

  it('@axe-core/playwright needs nothing of Node 22: it loads only assert and axe-core', () => {
    const dir = path.join(REPO_ROOT, 'node_modules', '@axe-core', 'playwright', 'dist');
    for (const file of ['index.js', 'index.mjs']) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const loads = [...text.matchAll(/(?:require\(|from\s+|import\()\s*["']([^"']+)["']/g)].map(
        (m) => m[1],
      );
      expect(loads.length, file).toBeGreaterThan(0);
      expect(new Set(loads), file).toEqual(new Set(['assert', 'axe-core']));
    }
  });
});
