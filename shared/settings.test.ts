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
    const document = parseSettingsDocument({ version: 1, paused: true, extra: { a: 1 } });
    expect(document).toEqual({
      ok: true,
      settings: settingsSchema.parse({ version: 1, paused: true }),
      unknownKeys: { extra: { a: 1 } },
      newerVersion: null,
    });
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
});
