import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settingsViewSchema, type SettingsView } from '#shared/contract/ipc.js';
import { SETTINGS_VERSION, defaultSettings, settingsSchema } from '#shared/settings/settings.js';
import { createSettingsStore } from './settings-store.js';
import { holdSettingsLockInOtherProcess, makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { REPO_ROOT } from '#testing/repo.js';
import { scaled } from '#testing/time.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = makeTempDir('fg-settings-');
  file = path.join(dir, 'settings.json');
});
afterEach(() => removeTempDir(dir));

const readJson = () => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('settings store: reading', () => {
  it('starts from defaults without writing when there is no file', async () => {
    const view = await createSettingsStore(dir).load();
    expect(view.settings).toEqual(settingsSchema.parse({ version: SETTINGS_VERSION }));
    expect(view.problem).toBeNull();
    expect(view.file).toBe(file);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('migrates an unversioned v0 file with plain path strings to the current version and keeps a backup', async () => {
    const original = JSON.stringify({ roots: ['/a/docs', '/b/docs', '/c'], paused: true });
    fs.writeFileSync(file, original);
    const view = await createSettingsStore(dir).load();
    expect(view.problem).toBeNull();
    expect(view.settings.version).toBe(SETTINGS_VERSION);
    expect(view.settings.paused).toBe(true);
    expect(view.settings.activity).toEqual({ enabled: true, retentionDays: 30, notify: false });
    expect(view.settings.roots).toEqual([
      { path: '/a/docs', name: 'docs' },
      { path: '/b/docs', name: 'docs 2' },
      { path: '/c', name: 'c' },
    ]);
    expect(settingsSchema.parse(readJson())).toEqual(view.settings);
    expect(fs.readFileSync(path.join(dir, 'settings.v0-backup.json'), 'utf8')).toBe(original);
  });

  it('reports a file with bad JSON (line and column) without touching it; refuses changes; keeps it aside only on start over', async () => {
    const bad = '{ "version": 1, "roots": [';
    fs.writeFileSync(file, bad);
    const store = createSettingsStore(dir);
    const view = await store.load();
    expect(view.problem).toContain('not valid JSON');
    expect(view.problem).toContain('line 1, column 27');
    expect(view.problem).toContain('kept aside as settings.corrupt-<time>.json');
    expect(view.canStartOver).toBe(true);
    expect(view.settings.roots).toEqual([]);
    expect(store.readOnly).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
    expect(fs.readFileSync(file, 'utf8')).toBe(bad);
    // A change would replace what could not be read with defaults: refused, naming the line.
    const refused = store.update((s) => ({ ...s, paused: true }));
    await expect(refused).rejects.toMatchObject({
      code: 'SettingsUnusable',
      message: expect.stringContaining('line 1, column 27') as unknown,
      fix: expect.stringContaining('start over') as unknown,
    });
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
    expect(fs.readFileSync(file, 'utf8')).toBe(bad);
    // Starting over keeps the bad file aside and writes a fresh one; the notice names the copy.
    const after = await store.startOver();
    const aside = fs.readdirSync(dir).filter((n) => /^settings\.corrupt-.+\.json$/.test(n));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, aside[0] ?? ''), 'utf8')).toBe(bad);
    expect(readJson()).toEqual(JSON.parse(JSON.stringify(defaultSettings())));
    expect(after.canStartOver).toBe(false);
    expect(after.problem).toContain(`kept aside as ${aside[0]}`);
    expect(after.problem).toContain('not valid JSON');
    // Later changes are saved, keep the notice and make no more copies; starting over again
    // leaves a usable file alone.
    const later = await store.update((s) => ({ ...s, paused: true }));
    expect(readJson().paused).toBe(true);
    expect(later.problem).toContain(aside[0]);
    await store.startOver();
    expect(readJson().paused).toBe(true);
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('settings.corrupt-'))).toHaveLength(1);
  });

  it('reports a file that fails validation with every issue in one line, and leaves it alone', async () => {
    const text = JSON.stringify({ version: 1, roots: [{ path: 7, name: 'x' }], paused: 'yes' });
    fs.writeFileSync(file, text);
    const view = await createSettingsStore(dir).load();
    expect(view.problem).toContain(
      'does not match the settings format (roots.0.path: Invalid input: expected string, received number; paused: Invalid input: expected boolean, received string)',
    );
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it('shows a newer version read-only and never overwrites it', async () => {
    const newer = `${JSON.stringify({ version: SETTINGS_VERSION + 1, roots: [{ path: '/x', name: 'x' }], paused: true, newThing: { a: 1 } })}\n`;
    fs.writeFileSync(file, newer);
    const store = createSettingsStore(dir);
    const view = await store.load();
    expect(store.readOnly).toBe(true);
    expect(view.problem).toContain(`newer FolderGate (settings version ${SETTINGS_VERSION + 1})`);
    expect(view.settings.roots).toEqual([{ path: '/x', name: 'x' }]);
    await expect(store.update((s) => ({ ...s, paused: false }))).rejects.toMatchObject({
      code: 'SettingsReadOnly',
    });
    expect(fs.readFileSync(file, 'utf8')).toBe(newer);
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });
});

describe('settings store: writing', () => {
  it('writes atomically: 50 racing updates are all kept, the file always parses, no temp files stay', async () => {
    const store = createSettingsStore(dir);
    await store.load();
    await store.update((s) => ({ ...s, exclude: [] }));
    let done = false;
    let reads = 0;
    const reader = (async () => {
      while (!done) {
        expect(() => settingsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')))).not.toThrow();
        reads++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const updates = Array.from({ length: 50 }, (_, i) =>
      store.update(async (s) => {
        await new Promise((r) => setTimeout(r, i % 3));
        return { ...s, exclude: [...s.exclude, `p${i}`] };
      }),
    );
    await Promise.all(updates);
    done = true;
    await reader;
    expect(reads).toBeGreaterThan(0);
    const written = settingsSchema.parse(readJson());
    expect([...written.exclude].sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `p${i}`).sort(),
    );
    expect(store.view().settings.exclude).toHaveLength(50);
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });

  it('a failing update changes nothing and does not block the next one', async () => {
    const store = createSettingsStore(dir);
    await store.load();
    await store.update((s) => ({ ...s, paused: true }));
    await expect(
      store.update(() => {
        throw new Error('nope');
      }),
    ).rejects.toThrow('nope');
    await expect(
      store.update((s) => ({ ...s, limits: { ...s.limits, timeoutMs: 1 } })),
    ).rejects.toThrow();
    expect(readJson().limits).toMatchObject({ timeoutMs: 10_000 });
    await store.update((s) => ({ ...s, followSymlinks: true }));
    expect(readJson()).toMatchObject({ paused: true, followSymlinks: true });
  });

  it('emits the new view after each change', async () => {
    const store = createSettingsStore(dir);
    await store.load();
    const seen: SettingsView[] = [];
    const off = store.onChange((v) => seen.push(v));
    await store.update((s) => ({ ...s, paused: true }));
    off();
    await store.update((s) => ({ ...s, paused: false }));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.settings.paused).toBe(true);
  });

  it('does not lose a change another process (the CLI) wrote meanwhile', async () => {
    const app = createSettingsStore(dir);
    await app.load();
    await app.update((s) => ({ ...s, paused: true }));
    const cli = createSettingsStore(dir);
    await cli.load();
    await cli.update((s) => ({ ...s, roots: [{ path: '/from-cli', name: 'cli' }] }));
    const seen: SettingsView[] = [];
    app.onChange((v) => seen.push(v));
    const view = await app.update((s) => ({ ...s, followSymlinks: true }));
    expect(view.settings).toMatchObject({
      paused: true,
      followSymlinks: true,
      roots: [{ path: '/from-cli', name: 'cli' }],
    });
    expect(seen[0]?.settings.roots).toHaveLength(1);
    expect(settingsSchema.parse(readJson())).toEqual(view.settings);
  });
});

describe('settings store: keys it does not know', () => {
  it('writes unknown top-level keys back unchanged, and keeps the typed view strict', async () => {
    fs.writeFileSync(
      file,
      JSON.stringify({ version: 1, roots: [], futureSwitch: { a: [1, 2] }, note: 'by hand' }),
    );
    const store = createSettingsStore(dir);
    const view = await store.load();
    expect(view.problem).toBeNull();
    expect(settingsViewSchema.parse(view)).toEqual(view);
    expect(Object.keys(view.settings)).not.toContain('futureSwitch');
    // A key added by hand after load is kept too: every change re-reads the file first.
    fs.writeFileSync(file, JSON.stringify({ ...readJson(), later: true }));
    await store.update((s) => ({ ...s, paused: true }));
    expect(readJson()).toMatchObject({
      paused: true,
      futureSwitch: { a: [1, 2] },
      note: 'by hand',
      later: true,
    });
    expect(Object.keys(store.view().settings)).not.toContain('note');
  });

  it('shows a newer file through the fields it understands, ignoring the others', async () => {
    fs.writeFileSync(
      file,
      JSON.stringify({ version: 99, roots: [{ path: '/x', name: 'x' }], colourTheme: 'dark' }),
    );
    const store = createSettingsStore(dir);
    const view = await store.load();
    expect(store.readOnly).toBe(true);
    expect(view.settings.roots).toEqual([{ path: '/x', name: 'x' }]);
    expect(settingsViewSchema.parse(view)).toEqual(view);
  });
});

/** Holds the settings lock from another real process for `holdMs` (or until killed). */
function holdLockInOtherProcess(holdMs: number): Promise<ChildProcess> {
  const script = `
    const lockfile = require('proper-lockfile');
    const file = ${JSON.stringify(file)};
    lockfile.lock(file, { realpath: false, lockfilePath: file + '.lock', stale: 10000, update: 2000 })
      .then((release) => {
        process.stdout.write('locked\\n');
        setTimeout(() => {
          const at = Date.now();
          release().then(() => {
            process.stdout.write('released ' + at + '\\n');
            process.exit(0);
          });
        }, ${holdMs});
      });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: REPO_ROOT });
  let said = '';
  output.set(child, () => said);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
      if (said.includes('locked')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
}

/** Everything each lock holder printed so far. */
const output = new WeakMap<ChildProcess, () => string>();

/** When the holder released the lock (epoch ms, from its own "released <ms>" line). */
async function releasedAt(holder: ChildProcess): Promise<number> {
  if (holder.exitCode === null) await new Promise((resolve) => holder.once('close', resolve));
  const text = output.get(holder)?.() ?? '';
  const at = /released (\d+)/.exec(text)?.[1];
  if (!at) throw new Error(`the holder said: ${text}`);
  return Number(at);
}

describe('settings store: the cross-process lock', () => {
  let bundleDir: string;
  beforeAll(() => {
    bundleDir = makeTempDir('fg-lock-holder-');
  });
  afterAll(() => removeTempDir(bundleDir));

  it('waits for another process that holds the lock, then saves', async () => {
    const store = createSettingsStore(dir);
    await store.load();
    const holder = await holdLockInOtherProcess(1500);
    await store.update((s) => ({ ...s, paused: true }));
    // The change was written only after the other process let go (same clock, no duration).
    expect(fs.statSync(file).mtimeMs).toBeGreaterThanOrEqual(await releasedAt(holder));
    expect(readJson().paused).toBe(true);
    expect(holder.exitCode ?? 0).toBe(0);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it('upgrades an older file under the same lock', async () => {
    fs.writeFileSync(file, JSON.stringify({ roots: ['/a/docs'] }));
    const holder = await holdLockInOtherProcess(1500);
    const view = await createSettingsStore(dir).load();
    expect(fs.statSync(file).mtimeMs).toBeGreaterThanOrEqual(await releasedAt(holder));
    expect(view.settings.roots).toEqual([{ path: '/a/docs', name: 'docs' }]);
    expect(readJson().version).toBe(SETTINGS_VERSION);
    expect(fs.existsSync(path.join(dir, 'settings.v0-backup.json'))).toBe(true);
  });

  it(
    'takes over at once the lock of a FolderGate process killed with SIGKILL: by its process, not by age',
    async () => {
      const store = createSettingsStore(dir);
      await store.load();
      const holder = await holdSettingsLockInOtherProcess(file, bundleDir);
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      const lock = `${file}.lock`;
      expect(fs.existsSync(lock)).toBe(true);
      // The lock now looks touched an hour from now: going by its age, no waiter could take it over
      // (every change waited for it to go stale, then gave up); only its dead holder can free it.
      const later = new Date(Date.now() + 3_600_000);
      fs.utimesSync(lock, later, later);
      await store.update((s) => ({ ...s, paused: true }));
      expect(readJson().paused).toBe(true);
      expect(fs.existsSync(lock)).toBe(false);
    },
    scaled(40_000),
  );

  it('takes over the lock of a killed holder that left no record (an older FolderGate) once it is stale', async () => {
    const store = createSettingsStore(dir);
    await store.load();
    const holder = await holdLockInOtherProcess(600_000);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(fs.existsSync(`${file}.lock`)).toBe(true);
    // Its age is the test's to set (no waiting 10 s): last touched a minute ago, so stale.
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(`${file}.lock`, minuteAgo, minuteAgo);
    await store.update((s) => ({ ...s, paused: true }));
    expect(readJson().paused).toBe(true);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it('fails with SettingsNotSaved, changing nothing, when the lock cannot be taken', async () => {
    const store = createSettingsStore(dir);
    await store.load();
    await store.update((s) => ({ ...s, paused: true }));
    const before = fs.readFileSync(file, 'utf8');
    // A plain file where the lock folder belongs, old enough to look stale: it cannot be removed
    // as a lock folder, so locking fails at once (a real failure, not a simulated one).
    fs.writeFileSync(`${file}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(`${file}.lock`, old, old);
    await expect(store.update((s) => ({ ...s, paused: false }))).rejects.toMatchObject({
      code: 'SettingsNotSaved',
    });
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(store.view().settings.paused).toBe(true);
  });
});

describe('settings store: leftovers of killed writers', () => {
  it('removes stale temp files at the next write and leaves every other file alone', async () => {
    const store = createSettingsStore(dir);
    await store.load();
    await store.update((s) => ({ ...s, paused: true }));
    const leftovers = ['settings.json.1234567', 'settings.json.4294967295'];
    const kept = [
      'settings.v0-backup.json',
      'settings.corrupt-2025-01-01T00-00-00-000Z.json',
      'settings.json.bak',
      'settings.json.12.tmp',
      'other.json.123',
    ];
    for (const name of [...leftovers, ...kept]) fs.writeFileSync(path.join(dir, name), 'x');
    fs.mkdirSync(path.join(dir, 'audit'));
    await store.update((s) => ({ ...s, paused: false }));
    expect(fs.readdirSync(dir).sort()).toEqual(['audit', 'settings.json', ...kept].sort());
    for (const name of kept) expect(fs.readFileSync(path.join(dir, name), 'utf8')).toBe('x');
  });
});

describe('settings store: following other writers', () => {
  /** The next change the store reports that `accept` takes. */
  const nextChange = (
    store: ReturnType<typeof createSettingsStore>,
    accept: (view: SettingsView) => boolean,
  ) =>
    new Promise<SettingsView>((resolve) => {
      const off = store.onChange((view) => {
        if (!accept(view)) return;
        off();
        resolve(view);
      });
    });

  it('reports a file replaced by a rename and one edited in place, without being asked', async () => {
    const store = createSettingsStore(dir);
    await store.load();
    await store.update((s) => ({ ...s, paused: false }));
    // A long poll: what is seen within the test comes from the folder's watch.
    const stop = store.watch({ pollMs: scaled(600_000) });
    try {
      const paused = nextChange(store, (v) => v.settings.paused);
      const temp = `${file}.other.tmp`;
      fs.writeFileSync(temp, JSON.stringify({ ...readJson(), paused: true }));
      fs.renameSync(temp, file);
      expect((await paused).settings.paused).toBe(true);
      const resumed = nextChange(store, (v) => !v.settings.paused);
      fs.writeFileSync(file, JSON.stringify({ ...readJson(), paused: false }));
      expect((await resumed).settings.paused).toBe(false);
    } finally {
      stop();
    }
  });

  it('notices by polling where no watch event comes', async () => {
    fs.writeFileSync(file, JSON.stringify({ version: SETTINGS_VERSION, paused: false }));
    const store = createSettingsStore(dir);
    await store.load();
    const stop = store.watch({ pollMs: 20 });
    try {
      const paused = nextChange(store, (v) => v.settings.paused);
      // Through a link: the folder's watch sees nothing of a write in another folder.
      const elsewhere = makeTempDir('fg-settings-other-');
      try {
        const real = path.join(elsewhere, 'settings.json');
        fs.writeFileSync(real, JSON.stringify({ version: SETTINGS_VERSION, paused: false }));
        fs.rmSync(file);
        fs.symlinkSync(real, file);
        await nextChange(store, (v) => !v.settings.paused);
        fs.writeFileSync(real, JSON.stringify({ version: SETTINGS_VERSION, paused: true }));
        expect((await paused).settings.paused).toBe(true);
      } finally {
        removeTempDir(elsewhere);
      }
    } finally {
      stop();
    }
  });
});
