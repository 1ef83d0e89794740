import { describe, expect, it } from 'vitest';
import {
  CURSOR_VERSION,
  type SearchCursor,
  decodeCursor,
  encodeCursor,
  hashQuery,
} from './cursor.js';
import { ToolError } from '../errors/errors.js';

const QUERY = {
  root: 'docs',
  path: '',
  timeField: 'modified',
  from: null,
  to: null,
  glob: '**/*.md',
  sort: 'time_desc',
};
const Q = hashQuery(QUERY);

function cursor(overrides: Partial<SearchCursor> = {}): SearchCursor {
  return {
    v: 1,
    q: Q,
    s: 'time_desc',
    ws: 'a/b',
    we: null,
    fx: false,
    a: { t: 1_734_220_800_000, p: 'a/b/c.md' },
    ...overrides,
  };
}

/** base64url of arbitrary JSON, the way a client could forge a cursor. */
function forge(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
  throw new Error('did not throw');
}

describe('encodeCursor / decodeCursor', () => {
  it('round-trips', () => {
    const c = cursor();
    expect(decodeCursor(encodeCursor(c), 'time_desc', Q)).toEqual(c);
  });

  it('round-trips every field shape', () => {
    const cases: SearchCursor[] = [
      cursor({ ws: null, we: null, fx: false, a: null }),
      cursor({ s: 'path_asc', ws: 'x', we: 'y/z', fx: true, a: null }),
      cursor({ s: 'time_asc', a: { t: null, p: 'no-time' } }),
      cursor({ ws: 'ünïcödé/日本語/😀 file', a: { t: 0.5, p: 'ä/ö' } }),
    ];
    for (const c of cases) expect(decodeCursor(encodeCursor(c), c.s, Q)).toEqual(c);
  });

  it('uses only the base64url alphabet, without padding', () => {
    // Byte values that produce '+' and '/' in plain base64.
    for (const ws of ['>>>?', '???', 'ÿÿÿ', '~~~~', 'a'.repeat(7), 'a'.repeat(8), '😀😀']) {
      const text = encodeCursor(cursor({ ws }));
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(text, 'time_desc', Q).ws).toBe(ws);
    }
  });

  it('agrees with Node base64url decoding', () => {
    const c = cursor({ ws: '???>>>ÿ' });
    expect(JSON.parse(Buffer.from(encodeCursor(c), 'base64url').toString('utf8'))).toEqual(c);
  });

  it('writes the current version', () => {
    expect(CURSOR_VERSION).toBe(1);
    expect(JSON.parse(Buffer.from(encodeCursor(cursor()), 'base64url').toString('utf8')).v).toBe(1);
  });
});

describe('decodeCursor errors', () => {
  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/=='],
    ['padding', `${forge(cursor())}==`],
    ['spaces', 'eyJ2IjoxfQ =='],
    ['garbage', '!!!not a cursor!!!'],
    ['bad base64 length', 'a'],
    ['not JSON', Buffer.from('hello world').toString('base64url')],
    ['truncated JSON', forge(cursor()).slice(0, 20)],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64url')],
  ])('CursorInvalid for %s', (_name, text) => {
    expect(codeOf(() => decodeCursor(text, 'time_desc', Q))).toBe('CursorInvalid');
  });

  it.each([
    ['null', null],
    ['a number', 1],
    ['a string', 'v1'],
    ['an array', [1, Q, 'time_desc']],
    ['an empty object', {}],
  ])('CursorInvalid for JSON %s', (_name, value) => {
    expect(codeOf(() => decodeCursor(forge(value), 'time_desc', Q))).toBe('CursorInvalid');
  });

  it.each(['q', 's', 'ws', 'we', 'fx', 'a'] as const)(
    'CursorInvalid when %s is missing',
    (field) => {
      const c: Record<string, unknown> = { ...cursor() };
      delete c[field];
      expect(codeOf(() => decodeCursor(forge(c), 'time_desc', Q))).toBe('CursorInvalid');
    },
  );

  it.each([
    ['v as a string', { v: '1' }],
    ['q as a number', { q: 12 }],
    ['q empty', { q: '' }],
    ['s unknown', { s: 'size_desc' }],
    ['ws as a number', { ws: 3 }],
    ['we as an array', { we: ['a'] }],
    ['fx as a string', { fx: 'true' }],
    ['a as a string', { a: 'a/b' }],
    ['a.t as a string', { a: { t: '0', p: 'x' } }],
    ['a.p missing', { a: { t: 0 } }],
    ['a with an extra key', { a: { t: 0, p: 'x', z: 1 } }],
    ['an extra key', { extra: true }],
    ['an over-long position', { ws: 'x'.repeat(8193) }],
  ])('CursorInvalid for %s', (_name, patch) => {
    const c = { ...cursor(), ...patch };
    expect(codeOf(() => decodeCursor(forge(c), 'time_desc', Q))).toBe('CursorInvalid');
  });

  it('CursorVersionMismatch for another numeric version', () => {
    expect(codeOf(() => decodeCursor(forge({ ...cursor(), v: 2 }), 'time_desc', Q))).toBe(
      'CursorVersionMismatch',
    );
    expect(codeOf(() => decodeCursor(forge({ ...cursor(), v: 0 }), 'time_desc', Q))).toBe(
      'CursorVersionMismatch',
    );
    // Checked before the other fields: a future cursor may be shaped differently.
    expect(codeOf(() => decodeCursor(forge({ v: 2, other: 'layout' }), 'time_desc', Q))).toBe(
      'CursorVersionMismatch',
    );
  });

  it('CursorInvalid when v is missing', () => {
    const c: Record<string, unknown> = { ...cursor() };
    delete c.v;
    expect(codeOf(() => decodeCursor(forge(c), 'time_desc', Q))).toBe('CursorInvalid');
  });

  it('CursorSortMismatch for another sort', () => {
    const text = encodeCursor(cursor({ s: 'time_desc' }));
    expect(codeOf(() => decodeCursor(text, 'time_asc', Q))).toBe('CursorSortMismatch');
    expect(codeOf(() => decodeCursor(text, 'path_asc', Q))).toBe('CursorSortMismatch');
    expect(() => decodeCursor(text, 'path_asc', Q)).toThrow(/time_desc/);
  });

  it('CursorInvalid for a cursor of another query', () => {
    const other = hashQuery({ ...QUERY, glob: '*.pdf' });
    expect(other).not.toBe(Q);
    expect(codeOf(() => decodeCursor(encodeCursor(cursor()), 'time_desc', other))).toBe(
      'CursorInvalid',
    );
  });

  it('gives 3-line-ready messages and fixes', () => {
    try {
      decodeCursor('@@@', 'time_desc', Q);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ToolError);
      const e = error as ToolError;
      expect(e.message).not.toContain('\n');
      expect(e.fix.length).toBeGreaterThan(0);
    }
  });
});

describe('hashQuery', () => {
  it('is stable', () => {
    expect(hashQuery(QUERY)).toBe(hashQuery({ ...QUERY }));
    expect(hashQuery(QUERY)).toBe(Q);
    expect(hashQuery(QUERY)).toMatch(/^[0-9a-f]{1,14}$/);
    expect(hashQuery({ a: 1 })).toBe(hashQuery(JSON.parse('{"a":1}')));
  });

  it('is sensitive to every field', () => {
    const variants: Record<string, unknown>[] = [
      { ...QUERY, root: 'docs2' },
      { ...QUERY, path: 'a' },
      { ...QUERY, timeField: 'created' },
      { ...QUERY, from: '2025-01-01T00:00:00Z' },
      { ...QUERY, to: '2025-01-01T00:00:00Z' },
      { ...QUERY, glob: '**/*.mD' },
      { ...QUERY, sort: 'time_asc' },
      { ...QUERY, extra: true },
    ];
    const hashes = new Set([Q, ...variants.map(hashQuery)]);
    expect(hashes.size).toBe(variants.length + 1);
  });

  it('tells apart single-character and similar inputs', () => {
    const inputs = ['', 'a', 'b', 'ab', 'ba', 'aa', 0, 1, null, [], {}, [1, 2], [2, 1]];
    expect(new Set(inputs.map(hashQuery)).size).toBe(inputs.length);
  });
});
