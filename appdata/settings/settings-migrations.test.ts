// The store's migrations and the servers' in-memory reading must turn an older file into the
// same settings: the app upgrades a v1 file on disk, a server started by an AI app before the app
// was opened reads it in memory, and both must see the same folders and activity switch.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION, parseSettingsDocument } from '#shared/settings/settings.js';
import { migrate } from '#shared/settings/settings-migrations.js';
import { createSettingsStore } from './settings-store.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';

let dir: string;
beforeEach(() => {
  dir = makeTempDir('fg-migrate-');
});
afterEach(() => removeTempDir(dir));

const V1 = {
  version: 1,
  roots: [{ path: '/home/someone/Documents', name: 'Documents' }],
  defaultRoot: null,
  logicCatalog: null,
  paused: false,
  limits: { maxFilesScanned: 1000, maxDirectoriesScanned: 50_000, timeoutMs: 10_000 },
  exclude: ['**/node_modules'],
  followSymlinks: false,
  firstRunCompleted: true,
  handEdited: 'kept',
};

// Every tool on, asking off: what a file from before the person's controls gets.
const CONTROL_DEFAULTS = {
  tools: {
    'fs.search_by_time': true,
    logic_list: true,
    logic_get: true,
    resources: true,
    prompts: true,
  },
  approval: { mode: 'off', apps: {} },
};

describe('settings migrations', () => {
  it('v1 → v2 adds the activity, tool switch and approval defaults and changes nothing else', () => {
    expect(SETTINGS_VERSION).toBe(2);
    expect(migrate(V1, 1)).toEqual({
      ...V1,
      version: 2,
      activity: { enabled: true, retentionDays: 30, notify: false },
      tools: CONTROL_DEFAULTS.tools,
      approval: CONTROL_DEFAULTS.approval,
    });
  });

  it('v0 → v2 runs both steps', () => {
    expect(migrate({ roots: ['/a/docs'] }, 0)).toEqual({
      version: 2,
      roots: [{ path: '/a/docs', name: 'docs' }],
      activity: { enabled: true, retentionDays: 30, notify: false },
      ...CONTROL_DEFAULTS,
    });
  });

  it('the store upgrades a v1 file on load, keeps the original as settings.v1-backup.json, and agrees with a server reading the v1 file in memory', async () => {
    const file = path.join(dir, 'settings.json');
    const original = `${JSON.stringify(V1, null, 2)}\n`;
    fs.writeFileSync(file, original);
    // What a server sees before the app is opened.
    const inMemory = parseSettingsDocument(JSON.parse(original));
    expect(inMemory.ok).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe(original); // reading changed nothing

    const view = await createSettingsStore(dir).load();
    expect(view.problem).toBeNull();
    expect(fs.readFileSync(path.join(dir, 'settings.v1-backup.json'), 'utf8')).toBe(original);
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({
      version: 2,
      activity: { enabled: true, retentionDays: 30, notify: false },
      handEdited: 'kept',
    });
    expect(inMemory.ok && inMemory.settings).toEqual(view.settings);
    const after = parseSettingsDocument(written);
    expect(after.ok && after.settings).toEqual(view.settings);
  });

  it('a v1 file that fails the schema is reported, not upgraded, and left alone', async () => {
    const file = path.join(dir, 'settings.json');
    const text = JSON.stringify({ ...V1, paused: 'yes' });
    fs.writeFileSync(file, text);
    const view = await createSettingsStore(dir).load();
    expect(view.problem).toContain('paused: Invalid input: expected boolean');
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });
});
