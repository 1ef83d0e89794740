// The bundled Electron main process (main/dist/electron-main.cjs) run under plain Node with a
// recording stand-in for the `electron` module, because the Electron binary cannot run here.
// Checks the wiring of the composition root: scheme registered before ready, every channel
// registered and sender-checked, the CSP'd app:// protocol, the tray's pause switch reaching
// settings.json, close-to-tray, and Quit stopping the core before the process exits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '#shared/contract/ipc.js';
import { CONTENT_SECURITY_POLICY } from '#core/security/csp.js';
import { REPO_ROOT } from '#testing/repo.js';

let home: string;

beforeAll(() => {
  // The bundles come from the integration project's one build (testing/global-setup.ts).
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-electron-main-'));
});
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

describe('Electron main process (bundled, fake electron module)', () => {
  it('wires the core, IPC, protocol, window and tray, and quits cleanly', async () => {
    const child = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'main', 'electron', 'testing', 'drive-main.cjs'),
        path.join(REPO_ROOT, 'main', 'electron', 'dist', 'electron-main.cjs'),
      ],
      {
        env: { ...process.env, FOLDERGATE_HOME: home, ELECTRON_RUN_AS_NODE: '' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) =>
      child.once('exit', (c) => resolve(c)),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('REPORT '));
    expect(line, `${stdout}\n${stderr}`).toBeDefined();
    const report = JSON.parse(line!.slice('REPORT '.length));
    expect(code, stderr).toBe(0);

    expect(report.schemesBeforeReady).toBe(true);
    expect(report.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(report.window.loadedUrl).toBe('app://foldergate/index.html');
    expect(report.window.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(report.window.webPreferences.preload).toBe(
      path.join(REPO_ROOT, 'main', 'electron', 'dist', 'preload.cjs'),
    );
    expect(report.ipcChannels).toEqual(IPC_CHANNELS.map((c) => `foldergate:invoke:${c}`).sort());
    expect(report.permissionHandlers).toBe(2);

    expect(report.appInfo).toMatchObject({
      ok: true,
      data: {
        host: 'electron',
        appDataDir: home,
        version: '0.1.0',
        features: { nativeFolderDialog: true, tray: true },
      },
    });
    expect(report.foreign).toMatchObject({ ok: false, error: { code: 'ForbiddenSender' } });

    expect(report.index.csp).toBe(CONTENT_SECURITY_POLICY);
    expect(report.index.status === 200 ? report.index.type : 'not built').toMatch(
      /text\/html|not built/,
    );
    expect(report.traversal.status).toBe(404);

    expect(report.trayBefore).toMatchObject({
      checked: false,
      labels: ['Open FolderGate', 'No AI app has used FolderGate yet', 'Pause AI access', 'Quit'],
    });
    expect(report.notifications).toEqual([
      {
        title: 'Claude Desktop used FolderGate',
        body: 'Claude Desktop listed the logics of the logic catalog',
        silent: true,
      },
    ]);
    expect(report.trayActivity.labels[1]).toBe('Last calls by AI apps');
    expect(report.trayActivity.labels[2]).toMatch(
      /^\d\d:\d\d {2}Claude Desktop listed the logics of the logic catalog$/,
    );
    expect(report.trayActivity.tooltip).toMatch(/\nLast: .*Claude Desktop listed the logics/);
    expect(report.pushedEvents).toContain('foldergate:event:activity:added');
    expect(report.trayAfter.settingsPaused).toBe(true);
    expect(report.trayAfter.tooltip).toMatch(/paused/);
    expect(report.pushedEvents).toContain('foldergate:event:settings:changed');

    expect(report.closeHides).toBe(true);
    expect(report.serverStatus).toBe('running');
    // Quit stopped the preview server before the process exited.
    expect(() => process.kill(report.serverPid, 0)).toThrow();
  });
});
