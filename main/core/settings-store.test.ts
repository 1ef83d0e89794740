import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../shared/ipc.js';
import { settingsSchema } from '../../shared/settings.js';
import { createSettingsStore } from './settings-store.js';
import { makeTempDir, removeTempDir } from './test-support.js';

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
    expect(view.settings).toEqual(settingsSchema.parse({ version: 1 }));
    expect(view.problem).toBeNull();
    expect(view.file).toBe(file);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('migrates an unversioned v0 file with plain path strings to v1 and keeps a backup', async () => {
    const original = JSON.stringify({ roots: ['/a/docs', '/b/docs', '/c'], paused: true });
    fs.writeFileSync(file, original);
    const view = await createSettingsStore(dir).load();
    expect(view.problem).toBeNull();
    expect(view.settings.version).toBe(1);
    expect(view.settings.paused).toBe(true);
    expect(view.settings.roots).toEqual([
      { path: '/a/docs', name: 'docs' },
      { path: '/b/docs', name: 'docs 2' },
      { path: '/c', name: 'c' },
    ]);
    expect(settingsSchema.parse(readJson())).toEqual(view.settings);
    expect(fs.readFileSync(path.join(dir, 'settings.v0-backup.json'), 'utf8')).toBe(original);
  });

  it('keeps a file with bad JSON aside, reports it, and does not replace it silently', async () => {
    fs.writeFileSync(file, '{ "version": 1, "roots": [');
    const store = createSettingsStore(dir);
    const view = await store.load();
    const aside = fs.readdirSync(dir).filter((n) => /^settings\.corrupt-.+\.json$/.test(n));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, aside[0] ?? ''), 'utf8')).toBe(
      '{ "version": 1, "roots": [',
    );
    expect(view.problem).toContain(aside[0]);
    expect(view.problem).toContain('not valid JSON');
    expect(view.settings.roots).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    // The next change writes a fresh file; the backup stays and the problem is still reported.
    const after = await store.update((s) => ({ ...s, paused: true }));
    expect(readJson().paused).toBe(true);
    expect(fs.existsSync(path.join(dir, aside[0] ?? ''))).toBe(true);
    expect(after.problem).toContain(aside[0]);
  });

  it('keeps a file that fails validation aside', async () => {
    fs.writeFileSync(file, JSON.stringify({ version: 1, roots: 'not a list' }));
    const view = await createSettingsStore(dir).load();
    expect(view.problem).toMatch(/does not match the settings format at 'roots'/);
    expect(fs.readdirSync(dir).some((n) => n.startsWith('settings.corrupt-'))).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('shows a newer version read-only and never overwrites it', async () => {
    const newer = `${JSON.stringify({ version: 2, roots: [{ path: '/x', name: 'x' }], paused: true, newThing: { a: 1 } })}\n`;
    fs.writeFileSync(file, newer);
    const store = createSettingsStore(dir);
    const view = await store.load();
    expect(store.readOnly).toBe(true);
    expect(view.problem).toMatch(/newer FolderGate \(settings version 2\)/);
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
