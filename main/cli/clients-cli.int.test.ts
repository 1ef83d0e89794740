// `foldergate clients …` as a user runs it (the built bundle through main/cli/foldergate.mjs, with
// HOME and FOLDERGATE_HOME in temp folders), and several processes editing one config at once.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IDS } from '#shared/clients/clients.js';
import { SERVER_NODE_FLAGS } from '#appdata/paths.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { CLI_SHIM } from '#testing/repo.js';
import { scaled } from '#testing/time.js';

let base: string;
let home: string;
let appData: string;

function env(): NodeJS.ProcessEnv {
  // Only what a login shell would have, with HOME and FOLDERGATE_HOME pointed at temp folders.
  return { PATH: process.env.PATH, HOME: home, FOLDERGATE_HOME: appData };
}

function run(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_SHIM, ...args], {
    cwd: base,
    env: env(),
    encoding: 'utf8',
    timeout: scaled(30_000),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the CLI asynchronously (for the race). */
function runAsync(args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_SHIM, ...args], {
      cwd: base,
      env: env(),
      stdio: 'ignore',
    });
    child.once('exit', (code) => resolve(code));
  });
}

beforeAll(() => {
  // The bundles come from the integration project's one build (testing/global-setup.ts).
  base = makeTempDir('fg-clients-cli-');
  home = path.join(base, 'home');
  appData = path.join(base, 'appdata');
  fs.mkdirSync(home, { recursive: true });
});
afterAll(() => removeTempDir(base));

describe('foldergate clients', () => {
  it('lists every client, as text and as JSON, for a new user', () => {
    const text = run(['clients', 'list']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/cursor\s+Cursor\s+not installed\s+.*\.cursor\/mcp\.json/);
    const json = run(['clients', 'list', '--json']);
    const clients = JSON.parse(json.stdout) as Array<{ id: string; configPath: string }>;
    expect(clients.map((c) => c.id)).toEqual([...CLIENT_IDS]);
    expect(clients.every((c) => c.configPath.startsWith(home))).toBe(true);
  });

  it('registers the detected clients, then named ones, and unregisters', () => {
    fs.mkdirSync(path.join(home, '.cursor'), { recursive: true });
    fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
    const detected = run(['clients', 'register', '--all-detected']);
    expect(detected.code, detected.stderr).toBe(0);
    expect(detected.stdout).toContain('Connected Cursor');
    expect(detected.stdout).toContain('Connected Codex CLI');
    expect(detected.stdout).not.toContain('Gemini');
    const cursor = fs.readFileSync(path.join(home, '.cursor', 'mcp.json'), 'utf8');
    expect(cursor).toContain(path.join(appData, 'server', 'index.js'));
    expect(cursor).toContain('underscore');
    const again = run(['clients', 'register', 'cursor', 'gemini-cli']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Cursor was already connected');
    expect(again.stdout).toContain('Connected Gemini CLI');
    const list = run(['clients', 'list']);
    expect(list.stdout).toMatch(/gemini-cli\s+Gemini CLI\s+connected/);
    const off = run(['clients', 'unregister', 'gemini-cli']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain('Disconnected Gemini CLI');
    // Undo: back to before FolderGate in one step (connect and disconnect both undone): the
    // settings file FolderGate created for Gemini CLI is gone again.
    const undo = run(['clients', 'undo', 'gemini-cli']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(fs.existsSync(path.join(home, '.gemini', 'settings.json'))).toBe(false);
    expect(run(['clients', 'undo', 'gemini-cli']).code).not.toBe(0);
    const everything = run(['clients', 'unregister', '--all']);
    expect(everything.code, everything.stderr).toBe(0);
    for (const name of ['Cursor', 'Codex CLI'])
      expect(everything.stdout).toContain(`Disconnected ${name}`);
    const after = JSON.parse(run(['clients', 'list', '--json']).stdout) as Array<{
      status: string;
    }>;
    expect(after.filter((c) => c.status === 'connected')).toEqual([]);
    expect(fs.readFileSync(path.join(home, '.cursor', 'mcp.json'), 'utf8')).not.toContain(
      'foldergate',
    );
    const none = run(['clients', 'unregister', '--all']);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain('not connected to any AI app');
  });

  it('exits 1 with what, where and what to do when a client fails, and still does the others', () => {
    const file = path.join(home, '.lmstudio', 'mcp.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{\n  "mcpServers": {\n    "x": 1,,\n}\n');
    const result = run(['clients', 'register', 'lm-studio', 'windsurf']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Error (lm-studio): ${file} cannot be read at line 3`);
    expect(result.stderr).toContain(`Open ${file} in a text editor`);
    expect(result.stdout).toContain('Connected Windsurf');
    expect(fs.readFileSync(file, 'utf8')).toBe('{\n  "mcpServers": {\n    "x": 1,,\n}\n');
    const nothing = run(['clients', 'undo', 'claude-desktop']);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('nothing to undo');
  });

  it('`register --all-detected | head -1`: a reader that goes away is a quiet exit, the work done', () => {
    // A home of its own with four apps, so there are lines after the one head reads.
    const own = path.join(base, 'home-pipe');
    for (const dir of ['.cursor', '.codex', '.gemini', path.join('.gemini', 'antigravity-cli')])
      fs.mkdirSync(path.join(own, dir), { recursive: true });
    const result = spawnSync(
      'bash',
      [
        '-c',
        `set -o pipefail; "${process.execPath}" "${CLI_SHIM}" clients register --all-detected | head -1`,
      ],
      {
        cwd: base,
        env: { PATH: process.env.PATH, HOME: own, FOLDERGATE_HOME: appData },
        encoding: 'utf8',
        timeout: scaled(30_000),
      },
    );
    // pipefail: the CLI's own exit code, not head's.
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    // Every detected app was still connected, each file parsed again as its app reads it.
    const cursor = JSON.parse(fs.readFileSync(path.join(own, '.cursor', 'mcp.json'), 'utf8')) as {
      mcpServers: Record<string, unknown>;
    };
    expect(cursor.mcpServers).toHaveProperty('foldergate');
    expect(fs.readFileSync(path.join(own, '.codex', 'config.toml'), 'utf8')).toContain(
      '[mcp_servers.foldergate]',
    );
    const agy = path.join(own, '.gemini', 'config', 'mcp_config.json');
    expect(JSON.parse(fs.readFileSync(agy, 'utf8'))).toMatchObject({
      mcpServers: { foldergate: {} },
    });
  });

  it('answers usage errors with exit code 2', () => {
    for (const args of [
      ['clients'],
      ['clients', 'register'],
      ['clients', 'register', 'notepad'],
      ['clients', 'undo', 'cursor', 'zed'],
      ['clients', 'unregister', '--all-detected'],
      ['clients', 'register', '--all'],
      ['clients', 'unregister', '--all', 'cursor'],
      ['clients', 'register', 'cursor', '--json'],
    ]) {
      const result = run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain('Usage: foldergate');
    }
  });

  it('demo points to `clients register` instead of config files to edit', () => {
    const result = run(['demo']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('foldergate clients register');
    expect(result.stdout).not.toContain('"mcpServers"');
  });
});

describe('several processes editing one config at once', () => {
  it(
    'keeps every entry and never leaves a torn file',
    async () => {
      const file = path.join(home, '.claude.json');
      fs.writeFileSync(
        file,
        `${JSON.stringify({ numStartups: 3, mcpServers: { other: { command: 'x' } } }, null, 2)}\n`,
      );
      // The client itself rewrites its file (as Claude Code does): read, change, atomic rename,
      // without FolderGate's lock.
      const clientScript = `
      const fs = require('node:fs');
      const file = ${JSON.stringify(file)};
      (async () => {
        for (let i = 0; i < 25; i++) {
          const data = JSON.parse(fs.readFileSync(file, 'utf8'));
          data.mcpServers['client_' + i] = { command: 'c' + i };
          fs.writeFileSync(file + '.tmp', JSON.stringify(data, null, 2) + '\\n');
          fs.renameSync(file + '.tmp', file);
          await new Promise((r) => setTimeout(r, 15));
        }
      })();`;
      const clientWriter = new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['-e', clientScript], { stdio: 'inherit' });
        child.once('exit', (code) => resolve(code));
      });
      const toggler = (async () => {
        for (let i = 0; i < 4; i++) {
          await runAsync(['clients', 'register', 'claude-code']);
          await runAsync(['clients', 'unregister', 'claude-code']);
        }
      })();
      const registrar = (async () => {
        for (let i = 0; i < 4; i++) await runAsync(['clients', 'register', 'claude-code']);
      })();
      let reading = true;
      let reads = 0;
      const reader = (async () => {
        while (reading) {
          JSON.parse(fs.readFileSync(file, 'utf8'));
          reads++;
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      expect(await clientWriter).toBe(0);
      await Promise.all([toggler, registrar]);
      reading = false;
      await reader;
      expect(reads).toBeGreaterThan(10);
      expect(run(['clients', 'register', 'claude-code']).code).toBe(0);
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        numStartups: number;
        mcpServers: Record<string, { command: string; args?: string[]; type?: string }>;
      };
      expect(data.numStartups).toBe(3);
      expect(data.mcpServers.other).toEqual({ command: 'x' });
      // FolderGate re-checks the file right before its rename and redoes the edit when the client
      // wrote meanwhile. The check and the rename are two system calls (POSIX has no
      // compare-and-swap rename), so a client write landing exactly between them — this client
      // writes every 15 ms, far more often than real ones — can rarely still be lost: allow one.
      const lost = Array.from({ length: 25 }, (_, i) => `client_${i}`).filter(
        (key) => data.mcpServers[key] === undefined,
      );
      expect(lost.length, `lost: ${lost.join(', ')}`).toBeLessThanOrEqual(1);
      expect(data.mcpServers.foldergate).toMatchObject({
        type: 'stdio',
        command: process.execPath,
        args: [
          ...SERVER_NODE_FLAGS,
          path.join(appData, 'server', 'index.js'),
          '--config-dir',
          appData,
          '--client',
          'claude-code',
          '--tool-names',
          'underscore',
        ],
      });
    },
    scaled(120_000),
  );
});
