import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors/errors.js';
import {
  SEARCH_LIMITS,
  SEARCH_TOOL_ALT_NAME,
  SEARCH_TOOL_NAME,
  parseSearchArguments,
  searchInputJsonSchema,
  searchOutputJsonSchema,
  searchOutputSchema,
} from './search-by-time.js';

function codeOf(args: unknown): string {
  try {
    parseSearchArguments(args);
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
  return 'ok';
}

function errorOf(args: unknown): ToolError {
  try {
    parseSearchArguments(args);
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

const base = { timeField: 'modified' } as const;

describe('tool names', () => {
  it('are the dotted name and its underscore spelling', () => {
    expect(SEARCH_TOOL_NAME).toBe('fs.search_by_time');
    expect(SEARCH_TOOL_ALT_NAME).toBe('fs_search_by_time');
  });
});

describe('parseSearchArguments defaults', () => {
  it('fills the seed defaults', () => {
    const request = parseSearchArguments({ timeField: 'modified' });
    expect(request).toEqual({
      timeField: 'modified',
      recursive: true,
      includeFiles: true,
      includeDirectories: false,
      sort: 'time_desc',
      limit: 100,
      includeUnknownTime: false,
      fromMs: null,
      toMs: null,
    });
    expect(request.root).toBeUndefined();
    expect(request.path).toBeUndefined();
    expect(request.maxDepth).toBeUndefined();
    expect(request.cursor).toBeUndefined();
    expect(request.glob).toBeUndefined();
  });

  it('keeps every given value', () => {
    const args = {
      root: 'docs',
      path: 'a/b',
      timeField: 'created',
      from: '2025-12-01T00:00:00Z',
      to: '2025-12-16T00:00:00+09:00',
      glob: '**/*.md',
      recursive: false,
      maxDepth: 3,
      includeFiles: false,
      includeDirectories: true,
      sort: 'path_asc',
      limit: 1000,
      cursor: 'abc',
      includeUnknownTime: true,
    };
    expect(parseSearchArguments(args)).toEqual({
      ...args,
      fromMs: Date.UTC(2025, 11, 1),
      toMs: Date.UTC(2025, 11, 15, 15),
    });
  });

  it('reads a bound without an offset as local time', () => {
    const request = parseSearchArguments({ ...base, from: '2025-12-15T09:00:00' });
    expect(request.fromMs).toBe(new Date(2025, 11, 15, 9, 0, 0).getTime());
  });

  it('accepts the limit and depth bounds', () => {
    expect(parseSearchArguments({ ...base, limit: 1 }).limit).toBe(1);
    expect(parseSearchArguments({ ...base, limit: 1000 }).limit).toBe(1000);
    expect(parseSearchArguments({ ...base, maxDepth: 0 }).maxDepth).toBe(0);
    const ceiling = SEARCH_LIMITS.maxDepthCeiling;
    expect(parseSearchArguments({ ...base, maxDepth: ceiling }).maxDepth).toBe(ceiling);
  });

  it('accepts strings at exactly the documented lengths', () => {
    expect(codeOf({ ...base, glob: '*'.repeat(SEARCH_LIMITS.globMaxLength) })).toBe('ok');
    expect(codeOf({ ...base, path: 'a'.repeat(SEARCH_LIMITS.pathMaxLength) })).toBe('ok');
    expect(codeOf({ ...base, cursor: 'a'.repeat(SEARCH_LIMITS.cursorMaxLength) })).toBe('ok');
  });

  it('treats from == to as a valid (empty) range', () => {
    const request = parseSearchArguments({
      ...base,
      from: '2025-12-15T00:00:00Z',
      to: '2025-12-15T09:00:00+09:00',
    });
    expect(request.fromMs).toBe(request.toMs);
  });

  it('accepts an open range on either side', () => {
    expect(parseSearchArguments({ ...base, from: '2025-12-15T00:00:00Z' }).toMs).toBeNull();
    expect(parseSearchArguments({ ...base, to: '2025-12-15T00:00:00Z' }).fromMs).toBeNull();
  });
});

describe('parseSearchArguments error codes', () => {
  it.each([
    ['timeField unknown', { timeField: 'accessed' }, 'InvalidEnum'],
    ['timeField wrong case', { timeField: 'Modified' }, 'InvalidEnum'],
    ['sort unknown', { ...base, sort: 'size_desc' }, 'InvalidEnum'],
    ['limit 0', { ...base, limit: 0 }, 'LimitOutOfRange'],
    ['limit -1', { ...base, limit: -1 }, 'LimitOutOfRange'],
    ['limit 1001', { ...base, limit: 1001 }, 'LimitOutOfRange'],
    ['maxDepth -1', { ...base, maxDepth: -1 }, 'MaxDepthOutOfRange'],
    [
      'maxDepth above the ceiling',
      { ...base, maxDepth: SEARCH_LIMITS.maxDepthCeiling + 1 },
      'MaxDepthOutOfRange',
    ],
    [
      'glob too long',
      { ...base, glob: '*'.repeat(SEARCH_LIMITS.globMaxLength + 1) },
      'GlobTooLong',
    ],
    [
      'path too long',
      { ...base, path: 'a'.repeat(SEARCH_LIMITS.pathMaxLength + 1) },
      'PathTooLong',
    ],
    [
      'cursor too long',
      { ...base, cursor: 'a'.repeat(SEARCH_LIMITS.cursorMaxLength + 1) },
      'CursorTooLong',
    ],
    [
      'root too long',
      { ...base, root: 'a'.repeat(SEARCH_LIMITS.rootMaxLength + 1) },
      'InvalidArgument',
    ],
    ['from garbage', { ...base, from: 'yesterday' }, 'InvalidDateTime'],
    ['to garbage', { ...base, to: '2025-02-30T00:00:00Z' }, 'InvalidDateTime'],
    ['from date only', { ...base, from: '2025-12-15' }, 'InvalidDateTime'],
    ['from hour 24', { ...base, from: '2025-12-15T24:00:00Z' }, 'InvalidDateTime'],
    [
      'from > to',
      { ...base, from: '2025-12-16T00:00:00Z', to: '2025-12-15T00:00:00Z' },
      'InvalidRange',
    ],
    [
      'from > to by 1 ms',
      { ...base, from: '2025-12-15T00:00:00.001Z', to: '2025-12-15T00:00:00Z' },
      'InvalidRange',
    ],
    [
      'from > to through offsets',
      { ...base, from: '2025-12-15T00:00:00Z', to: '2025-12-15T08:00:00+09:00' },
      'InvalidRange',
    ],
    ['unknown property', { ...base, query: 'x' }, 'InvalidArgument'],
    ['two unknown properties', { ...base, a: 1, b: 2 }, 'InvalidArgument'],
    ['missing timeField', {}, 'InvalidArgument'],
    ['timeField null', { timeField: null }, 'InvalidArgument'],
    ['limit as a string', { ...base, limit: '10' }, 'InvalidArgument'],
    ['limit fractional', { ...base, limit: 10.5 }, 'InvalidArgument'],
    ['maxDepth fractional', { ...base, maxDepth: 1.5 }, 'InvalidArgument'],
    ['recursive as a string', { ...base, recursive: 'false' }, 'InvalidArgument'],
    ['includeFiles as a number', { ...base, includeFiles: 0 }, 'InvalidArgument'],
    ['root as a number', { ...base, root: 1 }, 'InvalidArgument'],
    ['path as an array', { ...base, path: ['a'] }, 'InvalidArgument'],
    ['glob as an object', { ...base, glob: { p: '*' } }, 'InvalidArgument'],
    ['from as a number', { ...base, from: 1_734_220_800_000 }, 'InvalidArgument'],
    ['cursor null', { ...base, cursor: null }, 'InvalidArgument'],
    ['NUL in path', { ...base, path: 'a\0b' }, 'InvalidArgument'],
    ['NUL in glob', { ...base, glob: '*.md\0' }, 'InvalidArgument'],
    ['NUL in root', { ...base, root: 'docs\0' }, 'InvalidArgument'],
    ['arguments an array', [base], 'InvalidArgument'],
    ['arguments a string', 'modified', 'InvalidArgument'],
    ['arguments a number', 42, 'InvalidArgument'],
    ['an unknown kind', { ...base, kinds: ['document', 'pictures'] }, 'InvalidEnum'],
    ['kinds as a string', { ...base, kinds: 'image' }, 'InvalidArgument'],
    ['kinds empty', { ...base, kinds: [] }, 'InvalidArgument'],
    ['minSize negative', { ...base, minSize: -1 }, 'InvalidArgument'],
    ['maxSize fractional', { ...base, maxSize: 1.5 }, 'InvalidArgument'],
    ['minSize as a string', { ...base, minSize: '10' }, 'InvalidArgument'],
    ['minSize > maxSize', { ...base, minSize: 11, maxSize: 10 }, 'InvalidRange'],
  ])('%s → %s', (_name, args, code) => {
    expect(codeOf(args)).toBe(code);
  });

  it('treats missing arguments as an empty object (timeField required)', () => {
    expect(codeOf(undefined)).toBe('InvalidArgument');
    expect(codeOf(null)).toBe('InvalidArgument');
    expect(errorOf(undefined).message).toContain('timeField');
  });

  it('names the unknown property and the allowed ones', () => {
    const error = errorOf({ ...base, query: 'x' });
    expect(error.message).toContain("'query'");
    expect(error.fix).toContain('timeField');
    expect(error.fix).toContain('includeUnknownTime');
  });

  it('names the field with a wrong type', () => {
    const error = errorOf({ ...base, limit: '10' });
    expect(error.message).toContain("'limit'");
    expect(error.message).toContain('number');
  });

  it('lists the allowed enum values', () => {
    expect(errorOf({ timeField: 'accessed' }).message).toContain("'modified', 'created'");
    expect(errorOf({ ...base, sort: 'x' }).message).toContain(
      "'time_desc', 'time_asc', 'path_asc'",
    );
  });

  it('accepts kinds and sizes, each kind once in the contract order', () => {
    const req = parseSearchArguments({
      ...base,
      kinds: ['image', 'document', 'image'],
      minSize: 10,
      maxSize: 10,
    });
    expect(req.kinds).toEqual(['document', 'image']);
    expect([req.minSize, req.maxSize]).toEqual([10, 10]);
    expect(parseSearchArguments(base).kinds).toBeUndefined();
  });

  it('words the kinds and sizes errors in the three-line form, listing the kinds', () => {
    const unknown = errorOf({ ...base, kinds: ['pictures'] });
    expect(unknown.message).toContain('"pictures"');
    expect(unknown.message).toContain(
      "'document', 'spreadsheet', 'presentation', 'image', 'audio', 'video', 'archive', 'code'",
    );
    expect(errorOf({ ...base, kinds: [] }).fix).toContain("Omit 'kinds'");
    expect(errorOf({ ...base, minSize: 2, maxSize: 1 }).message).toBe(
      "'minSize' must not be larger than 'maxSize'.",
    );
    expect(errorOf({ ...base, maxSize: -5 }).message).toContain("'maxSize'");
  });

  it('checks lengths before anything else, so a huge value is never parsed', () => {
    expect(codeOf({ timeField: 'bogus', glob: 'x'.repeat(SEARCH_LIMITS.globMaxLength + 1) })).toBe(
      'GlobTooLong',
    );
  });

  it('gives single-line messages and fixes', () => {
    for (const args of [
      {},
      { timeField: 'x' },
      { ...base, from: 'x\ny' },
      { ...base, a: 1 },
      { ...base, limit: 0 },
    ]) {
      const error = errorOf(args);
      expect(error.message.length).toBeGreaterThan(0);
      expect(error.fix.length).toBeGreaterThan(0);
      expect(error.message).not.toContain('\n');
      expect(error.fix).not.toContain('\n');
    }
  });
});

// The original contract's schemas (search-by-time.md §2 and §9) without their descriptions.
const SEED_INPUT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    root: { type: 'string' },
    path: { type: 'string' },
    timeField: { type: 'string', enum: ['modified', 'created'] },
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    glob: { type: 'string' },
    recursive: { type: 'boolean', default: true },
    maxDepth: { type: 'integer', minimum: 0 },
    includeFiles: { type: 'boolean', default: true },
    includeDirectories: { type: 'boolean', default: false },
    sort: { type: 'string', enum: ['time_desc', 'time_asc', 'path_asc'], default: 'time_desc' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    cursor: { type: 'string' },
    includeUnknownTime: { type: 'boolean', default: false },
  },
  required: ['timeField'],
};

const nullableDateTime = { type: ['string', 'null'], format: 'date-time' };

const SEED_OUTPUT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    timeField: { type: 'string', enum: ['modified', 'created'] },
    range: {
      type: 'object',
      additionalProperties: false,
      properties: { from: nullableDateTime, to: nullableDateTime },
      required: ['from', 'to'],
    },
    matches: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          path: { type: 'string' },
          isDirectory: { type: 'boolean' },
          sizeBytes: { type: ['integer', 'null'], minimum: 0 },
          modifiedAt: { type: 'string', format: 'date-time' },
          createdAt: nullableDateTime,
        },
        required: ['path', 'isDirectory', 'sizeBytes', 'modifiedAt', 'createdAt'],
      },
    },
    nextCursor: { type: ['string', 'null'] },
    stats: {
      type: 'object',
      additionalProperties: false,
      properties: {
        scannedFiles: { type: 'integer', minimum: 0 },
        scannedDirectories: { type: 'integer', minimum: 0 },
        returned: { type: 'integer', minimum: 0 },
      },
      required: ['scannedFiles', 'scannedDirectories', 'returned'],
    },
  },
  required: ['timeField', 'range', 'matches', 'nextCursor', 'stats'],
};

/** A deep copy without `description` keys, with `required` sorted (its order carries no meaning). */
function stripDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripDescriptions);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description') continue;
    out[key] =
      key === 'required' && Array.isArray(value) ? [...value].sort() : stripDescriptions(value);
  }
  return out;
}

describe('advertised JSON Schemas', () => {
  it('inputSchema equals the seed plus the optional kinds and sizes, descriptions stripped', () => {
    // The seed's fields unchanged; kinds and sizes (issue 36) added, optional.
    const seed = stripDescriptions(SEED_INPUT_SCHEMA) as { properties: Record<string, unknown> };
    expect(stripDescriptions(searchInputJsonSchema)).toEqual({
      ...seed,
      properties: {
        ...seed.properties,
        kinds: {
          type: 'array',
          items: {
            type: 'string',
            enum: [
              'document',
              'spreadsheet',
              'presentation',
              'image',
              'audio',
              'video',
              'archive',
              'code',
            ],
          },
        },
        minSize: { type: 'integer', minimum: 0 },
        maxSize: { type: 'integer', minimum: 0 },
      },
    });
  });

  it('outputSchema equals the seed plus the optional resultUri (issue 37), descriptions stripped', () => {
    const seed = stripDescriptions(SEED_OUTPUT_SCHEMA) as { properties: Record<string, unknown> };
    expect(stripDescriptions(searchOutputJsonSchema)).toEqual({
      ...seed,
      properties: { ...seed.properties, resultUri: { type: 'string' } },
    });
  });

  it('describes every input property for the LLM', () => {
    const properties = searchInputJsonSchema.properties as Record<
      string,
      { description?: unknown }
    >;
    for (const [name, property] of Object.entries(properties)) {
      expect(typeof property.description, name).toBe('string');
    }
  });

  it('asks for an offset in from and to, which format date-time requires', () => {
    // A client that validates arguments strictly refuses a date-time without an offset, so the
    // descriptions must not invite one, while the server still reads one as local time.
    const properties = searchInputJsonSchema.properties as Record<
      string,
      { format?: string; description?: string }
    >;
    for (const name of ['from', 'to']) {
      const property = properties[name]!;
      expect(property.format, name).toBe('date-time');
      expect(property.description, name).toMatch(/RFC 3339 date-time with an offset/);
      expect(property.description, name).toContain("'Z'");
      expect(property.description, name).toContain("'+09:00'");
      expect(property.description, name).toMatch(/without an offset .*local time/);
    }
  });

  it('has no $schema line and no safe-integer bounds', () => {
    const text = JSON.stringify([searchInputJsonSchema, searchOutputJsonSchema]);
    expect(text).not.toContain('$schema');
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });
});

describe('searchOutputSchema', () => {
  const output = {
    timeField: 'modified',
    range: { from: '2025-12-01T00:00:00Z', to: null },
    matches: [
      {
        path: '/d/a.md',
        isDirectory: false,
        sizeBytes: 3,
        modifiedAt: '2025-12-02T00:00:00Z',
        createdAt: null,
      },
      {
        path: '/d/b',
        isDirectory: true,
        sizeBytes: null,
        modifiedAt: '2025-12-02T00:00:00Z',
        createdAt: '2025-12-01T00:00:00Z',
      },
    ],
    nextCursor: null,
    stats: { scannedFiles: 1, scannedDirectories: 2, returned: 2 },
  };

  it('accepts a well-formed result', () => {
    expect(searchOutputSchema.safeParse(output).success).toBe(true);
  });

  it('rejects extra keys and negative counts', () => {
    expect(searchOutputSchema.safeParse({ ...output, extra: 1 }).success).toBe(false);
    expect(
      searchOutputSchema.safeParse({ ...output, stats: { ...output.stats, returned: -1 } }).success,
    ).toBe(false);
    const match = { ...output.matches[0], mode: 0o644 };
    expect(searchOutputSchema.safeParse({ ...output, matches: [match] }).success).toBe(false);
  });
});
