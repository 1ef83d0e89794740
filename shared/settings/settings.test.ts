import { describe, expect, it } from 'vitest';
import {
  SETTINGS_VERSION,
  parseSettingsDocument,
  parseSettingsJson,
  settingsSchema,
} from './settings.js';

describe('parseSettingsJson', () => {
  it('ignores a byte-order mark', () => {
    expect(parseSettingsJson('\ufeff{"version":1}')).toEqual({ ok: true, raw: { version: 1 } });
  });

  it('gives the line and column of the error where V8 says where it is', () => {
    const missingComma = parseSettingsJson('{\n  "version": 1\n  "roots": []\n}');
    expect(missingComma).toMatchObject({ ok: false });
    expect(!missingComma.ok && missingComma.problem).toMatch(/line 3, column 3\)$/);
    const cutShort = parseSettingsJson('{\n  "roots": [');
    expect(!cutShort.ok && cutShort.problem).toContain('line 2, column 13');
  });
});

describe('parseSettingsDocument', () => {
  it('keeps unknown top-level keys apart from the typed settings', () => {
    const document = parseSettingsDocument({ version: 2, paused: true, extra: { a: 1 } });
    expect(document).toEqual({
      ok: true,
      settings: settingsSchema.parse({ version: 2, paused: true }),
      unknownKeys: { extra: { a: 1 } },
      newerVersion: null,
    });
  });

  it('reads a v1 file (servers of AI apps registered before v2) upgraded in memory', () => {
    const v1 = { version: 1, roots: [{ path: '/x', name: 'x' }], paused: true, extra: 1 };
    const document = parseSettingsDocument(v1);
    expect(document).toEqual({
      ok: true,
      settings: settingsSchema.parse({ ...v1, version: 2, extra: undefined }),
      unknownKeys: { extra: 1 },
      newerVersion: null,
    });
    expect(document.ok && document.settings.activity).toEqual({
      enabled: true,
      retentionDays: 30,
      notify: false,
    });
    expect(v1).not.toHaveProperty('activity'); // the caller's object is left as it was
    // An `activity` written into a v1 file by hand is kept, and validated like any field.
    const byHand = parseSettingsDocument({ version: 1, activity: { enabled: false } });
    expect(byHand.ok && byHand.settings.activity).toEqual({
      enabled: false,
      retentionDays: 30,
      notify: false,
    });
    expect(parseSettingsDocument({ version: 1, activity: { retentionDays: 0 } })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('activity.retentionDays') as unknown,
    });
  });

  it('refuses a v0 file as not upgraded yet: only the app can name its folders', () => {
    expect(parseSettingsDocument({ roots: ['/a'] })).toEqual({
      ok: false,
      olderVersion: 0,
      problem: 'it is from an older FolderGate (settings version 0) and has not been upgraded yet',
    });
  });

  it('bounds the activity settings: retention 1..3650 whole days', () => {
    const at = (retentionDays: unknown) =>
      settingsSchema.safeParse({ version: 2, activity: { retentionDays } }).success;
    expect([at(1), at(3650), at(0), at(3651), at(1.5), at('30')]).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    // A key the section does not know is kept as it is (a newer version's field, a hand edit).
    expect(settingsSchema.parse({ version: 2, activity: { on: true } }).activity).toEqual({
      enabled: true,
      retentionDays: 30,
      notify: false,
      on: true,
    });
    const a = settingsSchema.parse({ version: 2 });
    a.activity.enabled = false;
    expect(settingsSchema.parse({ version: 2 }).activity.enabled).toBe(true);
  });

  it('reads a newer version through the fields it understands', () => {
    const document = parseSettingsDocument({
      version: SETTINGS_VERSION + 1,
      roots: [{ path: '/x', name: 'x' }],
      somethingNew: 1,
    });
    expect(document).toMatchObject({
      ok: true,
      newerVersion: SETTINGS_VERSION + 1,
      settings: { version: SETTINGS_VERSION, roots: [{ path: '/x', name: 'x' }] },
    });
  });

  it('reads a language it does not have (a newer version’s) as the system’s, keeping the file usable', () => {
    for (const [language, read] of [
      ['ko', 'ko'],
      ['de', 'system'],
      [7, 'system'],
    ] as const) {
      const document = parseSettingsDocument({ version: 2, language });
      expect(document.ok && document.settings.language, String(language)).toBe(read);
    }
    const none = parseSettingsDocument({ version: 2 });
    expect(none.ok && none.settings.language).toBe('system');
  });

  it('says why a document cannot be used, every zod issue in one line', () => {
    expect(parseSettingsDocument([])).toMatchObject({ ok: false, olderVersion: null });
    expect(parseSettingsDocument({ version: 'one' })).toMatchObject({ ok: false });
    expect(parseSettingsDocument({ roots: [] })).toMatchObject({ ok: false, olderVersion: 0 });
    const bad = parseSettingsDocument({ version: 1, roots: [{ path: 7, name: 'x' }], paused: 1 });
    expect(bad).toEqual({
      ok: false,
      olderVersion: null,
      problem:
        'it does not match the settings format (roots.0.path: Invalid input: expected string, received number; paused: Invalid input: expected boolean, received number)',
    });
  });

  it('refuses a folder named by a relative path: each process would read it from its own working folder', () => {
    const root = (p: string) => ({ version: 2, roots: [{ path: p, name: 'docs' }] });
    for (const relative of ['docs', './docs', '../docs', '~/Documents', 'C:docs', '\\docs'])
      expect(parseSettingsDocument(root(relative)), relative).toEqual({
        ok: false,
        olderVersion: null,
        problem: `it names a folder by a relative path, ${JSON.stringify(relative)} at roots.0.path, which each AI app would look for in its own working folder: write the folder's full path`,
      });
    for (const absolute of ['/home/me/docs', 'C:\\Users\\me', 'D:/docs', '\\\\server\\share'])
      expect(parseSettingsDocument(root(absolute)).ok, absolute).toBe(true);
    expect(parseSettingsDocument({ version: 2, logicCatalog: 'logic' })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('"logic" at logicCatalog') as unknown,
    });
    expect(parseSettingsDocument({ version: 2, logicCatalog: '/srv/logic' }).ok).toBe(true);
  });
});

describe('a folder allowed to chosen apps, for a while', () => {
  const doc = (root: Record<string, unknown>) =>
    parseSettingsDocument({
      version: SETTINGS_VERSION,
      roots: [{ path: '/w', name: 'W', ...root }],
    });

  it('keeps the apps (an id this version does not know too) and the end with its offset', () => {
    const read = doc({ apps: ['cursor', 'newer-app'], until: '2026-03-10T15:00:00+09:00' });
    expect(read.ok && read.settings.roots[0]).toMatchObject({
      apps: ['cursor', 'newer-app'],
      until: '2026-03-10T15:00:00+09:00',
    });
    const plain = doc({});
    expect(plain.ok && plain.settings.roots[0]).not.toHaveProperty('apps');
  });

  it('refuses an empty list of apps and an end without an offset', () => {
    expect(doc({ apps: [] }).ok).toBe(false);
    expect(doc({ until: '2026-03-10T15:00:00' }).ok).toBe(false);
  });
});
