// Checks what electron-builder packs, on a real `npm run stage` output (run once, into a temp
// folder): the server starts from it under plain Node, the bundles need nothing outside it, every
// path electron-builder.yml names exists, no test, map or source file is packed, the fuses are
// flipped as configured, the update feed given at build time is in resources/app-update.yml, and
// the size stays under the budget. Only the Electron binary is missing here; the stage script
// explains the stand-in it uses instead.
import { extractAll } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import picomatch from 'picomatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { trayIconDir, trayIconFiles } from '#electron/tray-icon.js';
import type { TrayTheme } from '#electron/tray-icon.js';
import { REPO_ROOT } from '#testing/repo.js';
import { scaled } from '#testing/time.js';

const config = parse(readFileSync(path.join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as {
  directories: { buildResources: string };
  files: string[];
  extraMetadata: { main: string };
  extraResources: Array<{ from: string; to: string }>;
  linux: { icon: string };
  mac: { icon: string };
  win: { icon: string };
  nsis: { include: string };
  electronFuses: Record<string, boolean>;
};

/** The feed address the stage run is given through the build environment. */
const FEED = 'https://updates.stage-test.example/foldergate/';

interface StageReport {
  resources: string;
  asarFiles: string[];
  resourceFiles: string[];
  totalBytes: number;
  budgetBytes: number;
}

let out = '';
let report: StageReport;
let app = ''; // app.asar extracted

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'fg-stage-'));
  await promisify(execFile)(
    process.execPath,
    [path.join(REPO_ROOT, 'tools/stage.mjs'), '--out', out],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, FOLDERGATE_UPDATE_URL: FEED },
      timeout: scaled(110_000),
    },
  );
  report = JSON.parse(readFileSync(path.join(out, 'stage.json'), 'utf8')) as StageReport;
  app = path.join(out, 'app');
  extractAll(path.join(report.resources, 'app.asar'), app);
}, scaled(120_000));

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

const asarFile = (file: string) => report.asarFiles.includes(`/${file}`);

describe('npm run stage', () => {
  it('stays under the size budget', () => {
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
    console.log(`staged app: ${mb(report.totalBytes)} (budget ${mb(report.budgetBytes)})`);
    expect(report.budgetBytes).toBeLessThanOrEqual(10 * 1024 * 1024);
    expect(report.totalBytes).toBeLessThan(report.budgetBytes);
  });

  it('ships the native folder listing beside the staged engine, which loads it (Linux)', async () => {
    const file = `fast-list-${process.platform}-${process.arch}.node`;
    if (process.platform !== 'linux') {
      // Built only where it can be (engine/build.mjs): elsewhere the engine uses Node's.
      expect(existsSync(path.join(report.resources, 'engine', file))).toBe(false);
      return;
    }
    expect(existsSync(path.join(report.resources, 'engine', file))).toBe(true);
    const appData = path.join(out, 'engine-app-data');
    mkdirSync(appData);
    const engine = spawn(
      process.execPath,
      [path.join(report.resources, 'engine', 'engine.js'), '--config-dir', appData],
      { cwd: out, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let stderr = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no word from the engine: ${stderr}`)),
          15_000,
        );
        engine.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString('utf8');
          if (/folders are listed (natively|by Node)/.test(stderr)) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(stderr).toContain('engine: folders are listed natively');
    } finally {
      engine.kill();
    }
  });

  it('starts the staged server under plain Node, with no node_modules anywhere above it', async () => {
    const entry = path.join(report.resources, 'mcp-server', 'index.js');
    for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir))
      expect(existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
    const folder = path.join(out, 'docs');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'notes.txt'), 'hello');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [entry, '--root', folder],
      cwd: out,
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'foldergate-stage-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      // No logic catalog here: the logic tools are not offered.
      expect(tools.map((t) => t.name)).toEqual(['fs.search_by_time']);
      const result = await client.callTool({
        name: 'fs.search_by_time',
        arguments: { timeField: 'modified' },
      });
      expect(result.isError).toBeFalsy();
      const { matches } = result.structuredContent as { matches: Array<{ path: string }> };
      expect(matches.map((m) => path.basename(m.path))).toEqual(['notes.txt']);
    } finally {
      await client.close();
    }
  });

  it('packs main and preload bundles that load only electron and Node built-ins', () => {
    for (const bundle of [
      'main/electron/dist/electron-main.cjs',
      'main/electron/dist/preload.cjs',
    ]) {
      const code = readFileSync(path.join(app, bundle), 'utf8');
      // Calls, not text: ajv keeps `'require("ajv/dist/runtime/equal")'` as a string for its
      // standalone code generation, which never runs in the app.
      // A `from "${…}"` is a sentence in a message, not an import (electron-updater logs
      // "downloading it from "${url}""); a template in require() or import() still counts.
      const specifiers = [
        ...code.matchAll(/(?<![\w$.'"`])require\(\s*(["'`])([^"'`]+)\1\s*\)/g),
        ...code.matchAll(/(?<![\w$.'"`])import\s*\(?\s*(["'`])([^"'`]+)\1/g),
        ...[...code.matchAll(/(?<![\w$.'"`])from\s*(["'`])([^"'`]+)\1/g)].filter(
          (m) => !m[2]!.startsWith('${'),
        ),
      ].map((m) => m[2]!);
      expect(specifiers.length, bundle).toBeGreaterThan(0);
      const outside = specifiers.filter((s) => s !== 'electron' && !isBuiltin(s));
      expect(outside, bundle).toEqual([]);
    }
  });

  it('runs the staged preload under plain Node asking only for electron', async () => {
    // A Module._load hook answers `electron` with a stub (the binary cannot run here) and
    // records every other module the preload asks for.
    const probe = `
      const Module = require('node:module');
      const load = Module._load;
      const asked = [];
      const exposed = [];
      Module._load = function (request, parent, isMain) {
        if (parent?.filename === process.argv[1]) asked.push(request);
        if (request === 'electron')
          return {
            contextBridge: { exposeInMainWorld: (key) => exposed.push(key) },
            ipcRenderer: { invoke() {}, on() {}, off() {}, removeListener() {} },
          };
        return load.apply(this, arguments);
      };
      require(process.argv[1]);
      console.log(JSON.stringify({ asked, exposed }));`;
    const preload = path.join(app, 'main', 'electron', 'dist', 'preload.cjs');
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', probe, preload], {
      cwd: out,
    });
    expect(JSON.parse(stdout)).toEqual({ asked: ['electron'], exposed: ['foldergate'] });
  });

  it('writes the update feed given at build time into resources/app-update.yml', () => {
    // What electron-updater reads in the installed app (process.resourcesPath), written by
    // electron-builder's PublishManager after packing, as for the AppImage and deb.
    const file = path.join(report.resources, 'app-update.yml');
    expect(report.resourceFiles).toContain('app-update.yml');
    expect(parse(readFileSync(file, 'utf8'))).toEqual({
      provider: 'generic',
      url: FEED,
      // The folder of downloaded updates (~/.cache/foldergate-updater on Linux).
      updaterCacheDirName: 'foldergate-updater',
    });
  });

  it('packs what the main bundle opens at run time', () => {
    expect(asarFile(config.extraMetadata.main)).toBe(true);
    expect(asarFile('main/electron/dist/preload.cjs')).toBe(true);
    expect(asarFile('renderer/dist/index.html')).toBe(true);
    const packed = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as {
      main: string;
      version: string;
    };
    expect(packed.main).toBe(config.extraMetadata.main);
    expect(packed.version).toMatch(/^\d+\.\d+\.\d+/);
    const dir = trayIconDir(path.join(app, 'main', 'electron', 'dist'));
    for (const theme of ['light', 'dark', 'template'] as TrayTheme[])
      for (const paused of [false, true])
        for (const { file } of trayIconFiles(dir, { paused, theme }))
          expect(existsSync(file), file).toBe(true);
  });

  it('packs no test, source map, TypeScript source or node_modules, and unminified bundles', () => {
    const bad = report.asarFiles.filter((file) =>
      /\.(map|ts|tsx|mts|cts)$|\.(test|spec)\.|\/(test|tests|e2e|testing|node_modules)\//.test(
        file,
      ),
    );
    expect(bad).toEqual([]);
    expect(report.resourceFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const bundle of [
      'main/electron/dist/electron-main.cjs',
      'main/electron/dist/preload.cjs',
    ]) {
      const code = readFileSync(path.join(app, bundle), 'utf8');
      expect(code, bundle).not.toMatch(/sourceMappingURL/);
      expect(code, bundle).not.toMatch(/process\.env\.NODE_ENV/);
      // Minified: few line breaks for the size.
      expect(code.split('\n').length, bundle).toBeLessThan(code.length / 1000 + 20);
    }
  });

  it('finds every path electron-builder.yml names', () => {
    const paths = [
      config.directories.buildResources,
      config.linux.icon,
      config.mac.icon,
      config.win.icon,
      config.nsis.include,
      ...config.extraResources.map((r) => r.from),
    ];
    for (const p of paths) expect(existsSync(path.join(REPO_ROOT, p)), p).toBe(true);
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024])
      expect(existsSync(path.join(REPO_ROOT, config.linux.icon, `${size}x${size}.png`))).toBe(true);
    for (const { to } of config.extraResources)
      expect(
        report.resourceFiles.some((f) => f === to || f.startsWith(`${to}/`)),
        to,
      ).toBe(true);
    // Each included `files` pattern (other than node_modules exclusions) matches a packed file.
    const packed = report.asarFiles.map((f) => f.slice(1));
    for (const pattern of config.files.filter((p) => !p.startsWith('!'))) {
      const matches = picomatch(pattern);
      expect(
        packed.some((file) => matches(file)),
        pattern,
      ).toBe(true);
    }
  });

  it('flips the fuses electron-builder.yml lists, RunAsNode on', async () => {
    const wire = await getCurrentFuseWire(path.join(out, 'linux-unpacked', 'foldergate'));
    const option: Record<string, FuseV1Options> = {
      runAsNode: FuseV1Options.RunAsNode,
      enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
      enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
      enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
      enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
      onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
      loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
      grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
    };
    // Every fuse is set deliberately: none left to Electron's default.
    expect(Object.keys(config.electronFuses).sort()).toEqual(Object.keys(option).sort());
    expect(config.electronFuses.runAsNode).toBe(true);
    // @electron/fuses' states: '1' enabled, '0' disabled (FuseState is not exported).
    for (const [name, enabled] of Object.entries(config.electronFuses))
      expect(String.fromCharCode(wire[option[name]!] as number), name).toBe(enabled ? '1' : '0');
  });
});
