// The CLI as a user runs it: the built bundle spawned through main/cli/foldergate.mjs, against a
// temp FOLDERGATE_HOME and real folders.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_SHIM } from '#testing/repo.js';
import { scaled } from '#testing/time.js';

let home: string;
let work: string;

function run(args: string[], cwd = work): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_SHIM, ...args], {
    cwd,
    env: { ...process.env, FOLDERGATE_HOME: home },
    encoding: 'utf8',
    timeout: scaled(20_000),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function settingsRoots(): Array<{ path: string; name: string }> {
  return (
    JSON.parse(fs.readFileSync(path.join(home, 'settings.json'), 'utf8')) as {
      roots: Array<{ path: string; name: string }>;
    }
  ).roots;
}

beforeAll(() => {
  // The bundles come from the integration project's one build (testing/global-setup.ts).
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-cli-')));
  home = path.join(base, 'home');
  work = path.join(base, 'work');
  fs.mkdirSync(path.join(work, 'Docs'), { recursive: true });
  fs.mkdirSync(path.join(work, 'My Photos'), { recursive: true });
  fs.writeFileSync(path.join(work, 'file.txt'), 'x');
});

afterAll(() => fs.rmSync(path.dirname(home), { recursive: true, force: true }));

describe('foldergate roots', () => {
  it('lists nothing at first and says how to add a folder', () => {
    const result = run(['roots', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No folders are allowed yet');
    expect(result.stdout).toContain('foldergate roots add');
  });

  it('adds folders (relative to the current folder, with or without --name) to settings.json', () => {
    const docs = run(['roots', 'add', 'Docs', '--name', 'Work docs']);
    expect(docs.code, docs.stderr).toBe(0);
    expect(docs.stdout).toContain(`Added 'Work docs': ${path.join(work, 'Docs')}`);
    const photos = run(['roots', 'add', path.join(work, 'My Photos')]);
    expect(photos.code, photos.stderr).toBe(0);
    expect(settingsRoots()).toMatchObject([
      {
        path: path.join(work, 'Docs'),
        name: 'Work docs',
        identity: { real: path.join(work, 'Docs') },
      },
      { path: path.join(work, 'My Photos'), name: 'My Photos' },
    ]);
  });

  it('lists the folders with the default marked', () => {
    const result = run(['roots', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\* Work docs\s+.*Docs/);
    expect(result.stdout).toMatch(/ {3}My Photos\s+.*My Photos/);
  });

  it('refuses bad folders with exit code 1 and the same messages as the app', () => {
    const missing = run(['roots', 'add', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('This folder does not exist.');
    const file = run(['roots', 'add', 'file.txt']);
    expect(file.code).toBe(1);
    expect(file.stderr).toContain('This is a file, not a folder.');
    const twice = run(['roots', 'add', './Docs/']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("already allowed as 'Work docs'");
    const sameName = run(['roots', 'add', '.', '--name', 'work DOCS']);
    expect(sameName.code).toBe(1);
    expect(sameName.stderr).toContain('already named');
    expect(settingsRoots()).toHaveLength(2);
  });

  it('removes a folder by path or by name, and refuses one that is not allowed', () => {
    expect(run(['roots', 'remove', 'Docs']).code).toBe(0);
    const byName = run(['roots', 'remove', 'my photos']);
    expect(byName.code, byName.stderr).toBe(0);
    expect(settingsRoots()).toEqual([]);
    const unknown = run(['roots', 'remove', 'Docs']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('not in the list of allowed folders');
  });

  it('answers usage errors with exit code 2 and the help', () => {
    for (const args of [
      ['roots'],
      ['roots', 'add'],
      ['roots', 'rename', 'x'],
      ['roots', 'add', 'Docs', '--colour', 'red'],
      ['web', '--port', 'abc'],
      ['nonsense'],
    ]) {
      const result = run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain('Usage: foldergate');
    }
    expect(run(['help']).code).toBe(0);
  });
});

describe('foldergate demo', () => {
  it('still starts the built server on the demo folder and prints how to connect', () => {
    const result = run(['demo']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Tools: .*fs\.search_by_time/);
    expect(result.stdout).toContain('foldergate clients register --all-detected');
    // …and where the app's settings (this test's FOLDERGATE_HOME) live.
    expect(result.stdout).toContain(home);
  });
});

describe('foldergate web', () => {
  it('prints a URL that answers, and stops cleanly on Ctrl+C', async () => {
    const child = spawn(process.execPath, [CLI_SHIM, 'web', '--port', '0'], {
      cwd: work,
      env: { ...process.env, FOLDERGATE_HOME: home },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        const match = /http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/.exec(stdout);
        if (match) resolve(match[0]);
      });
      void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
    });
    try {
      const { origin, hash } = new URL(url);
      const token = hash.replace('#token=', '');
      const ok = await fetch(`${origin}/api/invoke/roots%3Alist`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: '{}',
      });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ ok: true, data: { roots: [] } });
      const info = await (
        await fetch(`${origin}/api/invoke/app:info`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json();
      expect(info).toMatchObject({ ok: true, data: { host: 'headless', appDataDir: home } });
      const refused = await fetch(`${origin}/api/invoke/roots:list`, {
        method: 'POST',
        body: '{}',
      });
      expect(refused.status).toBe(401);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(stdout).toContain('FolderGate stopped.');
  });

  it('falls back to the headless host from `start`, saying why', async () => {
    const child = spawn(process.execPath, [CLI_SHIM, 'start', '--port', '0'], {
      cwd: work,
      env: { ...process.env, FOLDERGATE_HOME: home, FOLDERGATE_HEADLESS: '1' },
    });
    let stdout = '';
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (/#token=[\w-]+/.test(stdout)) resolve();
      });
      void exited.then((code) => reject(new Error(`exited with ${code}`)));
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('Opening FolderGate in your browser: FOLDERGATE_HEADLESS=1 is set.');
  });
});

describe('foldergate roots and an unusable or locked settings file', () => {
  beforeAll(() => {
    home = path.join(path.dirname(home), 'home-hardening');
    fs.mkdirSync(home, { recursive: true });
  });

  it('lists without touching a corrupt file, refuses to add (exit 1, naming the line), and keeps it aside only on start-over', () => {
    const file = path.join(home, 'settings.json');
    const bad = '{ "version": 1, "roots": [';
    fs.writeFileSync(file, bad);
    const list = run(['roots', 'list']);
    expect(list.code).toBe(0);
    expect(list.stderr).toContain('not valid JSON');
    expect(list.stderr).toContain('line 1, column 27');
    expect(fs.readdirSync(home)).toEqual(['settings.json']);

    // A change would drop what could not be read: refused, nothing written, the way on named.
    const add = run(['roots', 'add', 'Docs']);
    expect(add.code).toBe(1);
    expect(add.stdout).not.toContain('Added');
    expect(add.stderr).toContain('line 1, column 27');
    expect(add.stderr).toContain('foldergate settings start-over');
    expect(fs.readdirSync(home)).toEqual(['settings.json']);
    expect(fs.readFileSync(file, 'utf8')).toBe(bad);

    const over = run(['settings', 'start-over']);
    expect(over.code, over.stderr).toBe(0);
    const aside = fs.readdirSync(home).filter((n) => n.startsWith('settings.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(home, aside[0]!), 'utf8')).toBe(bad);
    expect(over.stderr).toContain(`kept aside as ${aside[0]}`);
    expect(settingsRoots()).toEqual([]);
    const again = run(['roots', 'add', 'Docs']);
    expect(again.code, again.stderr).toBe(0);
    expect(settingsRoots()).toMatchObject([{ path: path.join(work, 'Docs'), name: 'Docs' }]);
  });

  it('refuses to add to a file that does not match the settings format, dropping nothing', () => {
    const file = path.join(home, 'settings.json');
    const text = `${JSON.stringify(
      {
        version: 2,
        roots: [
          { path: path.join(work, 'Docs'), name: 'Docs' },
          { path: 7, name: 'x' },
        ],
      },
      null,
      2,
    )}\n`;
    fs.writeFileSync(file, text);
    const add = run(['roots', 'add', 'My Photos']);
    expect(add.code).toBe(1);
    expect(add.stderr).toContain('roots.1.path');
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.readdirSync(home).filter((n) => n.startsWith('settings.corrupt-'))).toHaveLength(1);
  });

  it('keeps every folder and every key it does not know (in entries and sections) when adding', () => {
    const file = path.join(home, 'settings.json');
    const docs = path.join(work, 'Docs');
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 2,
        roots: [{ path: docs, name: 'Docs', colour: 'blue', sync: { every: 5 } }],
        limits: { maxFilesScanned: 1000, turbo: true },
        activity: { enabled: true, keepPreviews: false },
        tools: { 'fs.search_by_time': true, 'fs.read_file': false },
        approval: { mode: 'off', apps: {}, remindAfterDays: 3 },
        futureTopLevel: [1, 2],
      }),
    );
    const add = run(['roots', 'add', 'My Photos']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).not.toContain('Note:');
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({
      roots: [
        { path: docs, name: 'Docs', colour: 'blue', sync: { every: 5 } },
        { path: path.join(work, 'My Photos'), name: 'My Photos' },
      ],
      limits: { maxFilesScanned: 1000, turbo: true },
      activity: { enabled: true, keepPreviews: false },
      tools: { 'fs.search_by_time': true, 'fs.read_file': false },
      approval: { mode: 'off', remindAfterDays: 3 },
      futureTopLevel: [1, 2],
    });
    // Removing another folder leaves the entry's own keys as they were.
    expect(run(['roots', 'remove', 'My Photos']).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      roots: [{ path: docs, name: 'Docs', colour: 'blue', sync: { every: 5 } }],
    });
  });

  it('lists a folder replaced since it was added as moved or replaced, and confirms the new one', () => {
    fs.rmSync(path.join(home, 'settings.json'), { force: true });
    const cloned = path.join(work, 'Cloned');
    fs.mkdirSync(cloned);
    expect(run(['roots', 'add', 'Cloned']).code).toBe(0);
    fs.mkdirSync(`${cloned}.new`);
    fs.rmSync(cloned, { recursive: true });
    fs.renameSync(`${cloned}.new`, cloned);
    const list = run(['roots', 'list']);
    expect(list.stdout).toContain('[moved or replaced]');
    expect(list.stdout).toContain('foldergate roots confirm "Cloned"');
    const confirm = run(['roots', 'confirm', 'Cloned']);
    expect(confirm.code, confirm.stderr).toBe(0);
    expect(run(['roots', 'list']).stdout).not.toContain('moved or replaced');
    expect(run(['roots', 'remove', 'Cloned']).code).toBe(0);
  });

  it('exits 1 without "Added" when the change cannot be saved', () => {
    const before = fs.readFileSync(path.join(home, 'settings.json'), 'utf8');
    // A plain file where the lock folder belongs: locking fails for real.
    const lock = path.join(home, 'settings.json.lock');
    fs.writeFileSync(lock, '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, old, old);
    try {
      const add = run(['roots', 'add', 'My Photos']);
      expect(add.code).toBe(1);
      expect(add.stdout).not.toContain('Added');
      expect(add.stderr).toContain('The change was not saved');
      expect(fs.readFileSync(path.join(home, 'settings.json'), 'utf8')).toBe(before);
    } finally {
      fs.rmSync(lock);
    }
  });
});
