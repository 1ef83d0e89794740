import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors/errors.js';
import {
  DEFAULT_LOGIC_AUTH,
  inferParams,
  LOGIC_GET_TOOL_NAME,
  LOGIC_LIST_TOOL_NAME,
  logicGetInputJsonSchema,
  logicGetOutputJsonSchema,
  logicGetOutputSchema,
  logicListInputJsonSchema,
  logicListOutputJsonSchema,
  logicNameProblem,
  logicSidecarSchema,
  parseLogicGetArguments,
  parseLogicListArguments,
} from './logic.js';

function errorOf(run: () => unknown): ToolError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('inferParams', () => {
  it('finds :name placeholders in order of first appearance, without duplicates', () => {
    expect(
      inferParams(
        'INSERT INTO purchases (user_id, item_id) VALUES (:user_id, :item_id) RETURNING id',
      ),
    ).toEqual(['user_id', 'item_id']);
    expect(inferParams('SELECT :b, :a, :b, :_x1')).toEqual(['b', 'a', '_x1']);
    expect(inferParams('SELECT id FROM t')).toEqual([]);
    expect(inferParams('WHERE a=:a AND b=(:b)\n,:c')).toEqual(['a', 'b', 'c']);
  });

  it('skips ::casts, but finds a placeholder that is cast', () => {
    expect(inferParams('SELECT x::text, :day::date, y:::weird')).toEqual(['day']);
    expect(inferParams('SELECT a::int::bigint')).toEqual([]);
  });

  it("skips string literals, with '' escapes", () => {
    expect(inferParams("SELECT ':no', :yes")).toEqual(['yes']);
    expect(inferParams("SELECT 'it''s :no', :yes")).toEqual(['yes']);
    expect(inferParams("SELECT '''', :yes, ''")).toEqual(['yes']);
    expect(inferParams("SELECT 'unterminated :no")).toEqual([]);
  });

  it('skips "quoted identifiers", with "" escapes', () => {
    expect(inferParams('SELECT "col:no", :yes')).toEqual(['yes']);
    expect(inferParams('SELECT "a"":no", :yes')).toEqual(['yes']);
  });

  it('skips -- line comments and /* block */ comments', () => {
    expect(inferParams('SELECT 1 -- :no\n, :yes')).toEqual(['yes']);
    expect(inferParams('SELECT /* :no \n :no2 */ :yes')).toEqual(['yes']);
    expect(inferParams('SELECT :yes /* unterminated :no')).toEqual(['yes']);
    expect(inferParams('SELECT :yes -- :no')).toEqual(['yes']);
    expect(inferParams("SELECT /* ' */ :yes")).toEqual(['yes']);
    expect(inferParams("SELECT -- '\n:yes")).toEqual(['yes']);
  });

  it('ignores a colon not followed by a name', () => {
    expect(inferParams('SELECT a := 1, :1, : x, :')).toEqual([]);
  });
});

describe('logicNameProblem', () => {
  it('accepts names of up to 8 segments and 256 characters', () => {
    for (const name of [
      'purchase_item',
      'admin/users',
      'a-b/C_9',
      'a/b/c/d/e/f/g/h',
      'x'.repeat(256),
    ]) {
      expect(logicNameProblem(name), name).toBeNull();
    }
  });

  it.each([
    ['', 'empty'],
    ['x'.repeat(257), '257 characters'],
    ['a/b/c/d/e/f/g/h/i', '9 segments'],
    ['../x', "'..'"],
    ['a/../b', "'..'"],
    ['./a', "'.'"],
    ['/etc/passwd', 'absolute'],
    ['\\x', 'absolute'],
    ['C:/x', 'absolute'],
    ['a//b', 'empty segment'],
    ['a/', 'empty segment'],
    ['purchase_item.sql', '.sql'],
    ['bad name', "'bad name'"],
    ['a\\b', "'a\\b'"],
    ['a\0b', 'letters'],
    ['ü', 'letters'],
  ])('rejects %j', (name, phrase) => {
    expect(logicNameProblem(name)).toContain(phrase);
  });
});

describe('logicSidecarSchema', () => {
  it('defaults required to true and strips unknown keys everywhere', () => {
    const parsed = logicSidecarSchema.parse({
      params: [{ name: 'user_id', type: 'string', description: 'x', token: 't' }],
      auth: { required: true, roles: ['admin'], apiKey: 'k' },
      connectionString: 'postgres://u:p@h/db',
    });
    expect(parsed).toEqual({
      params: [{ name: 'user_id', type: 'string', required: true }],
      auth: { required: true, roles: ['admin'] },
    });
  });

  it('allows params and auth to be left out', () => {
    expect(logicSidecarSchema.parse({})).toEqual({});
  });

  it.each([
    [[], 'array'],
    [{ params: [{ name: 'a', type: 'uuid' }] }, 'params.0.type'],
    [{ params: [{ name: '1a', type: 'string' }] }, 'params.0.name'],
    [{ params: [{ type: 'string' }] }, 'params.0.name'],
    [{ params: [{ name: 'a', type: 'string', required: 'yes' }] }, 'params.0.required'],
    [
      {
        params: [
          { name: 'a', type: 'string' },
          { name: 'a', type: 'number' },
        ],
      },
      'declared twice',
    ],
    [{ params: {} }, 'params'],
    [{ auth: { required: true } }, 'auth.roles'],
    [{ auth: { roles: [] } }, 'auth.required'],
    [{ auth: { required: false, roles: ['admin'] } }, 'must be empty'],
    [{ auth: { required: true, roles: ['a', 'a'] } }, 'listed twice'],
    [{ auth: { required: true, roles: [''] } }, 'auth.roles.0'],
  ])('rejects %j', (sidecar, phrase) => {
    const result = logicSidecarSchema.safeParse(sidecar);
    expect(result.success).toBe(false);
    const text = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
    expect(text).toContain(phrase);
  });

  it('has a deny-by-default auth', () => {
    expect(DEFAULT_LOGIC_AUTH).toEqual({ required: true, roles: ['authenticated'] });
  });
});

describe('argument parsing', () => {
  it('logic_list takes an empty object (or nothing)', () => {
    expect(parseLogicListArguments({})).toEqual({});
    expect(parseLogicListArguments(undefined)).toEqual({});
    const error = errorOf(() => parseLogicListArguments({ name: 'x' }));
    expect(error.code).toBe('InvalidArgument');
    expect(error.message).toContain("'name'");
    expect(errorOf(() => parseLogicListArguments([])).code).toBe('InvalidArgument');
  });

  it('logic_get takes { name } with a valid name', () => {
    expect(parseLogicGetArguments({ name: 'admin/users' })).toEqual({ name: 'admin/users' });
    for (const args of [
      {},
      { name: 5 },
      { name: 'a', extra: 1 },
      'a',
      { name: '../x' },
      { name: 'x'.repeat(300) },
    ]) {
      expect(errorOf(() => parseLogicGetArguments(args)).code, JSON.stringify(args)).toBe(
        'InvalidArgument',
      );
    }
    expect(errorOf(() => parseLogicGetArguments({ name: 'a', extra: 1 })).message).toContain(
      "'extra'",
    );
    expect(errorOf(() => parseLogicGetArguments({})).message).toContain("'name' is required");
    expect(errorOf(() => parseLogicGetArguments({ name: '../x' })).message).toContain("'..'");
    expect(errorOf(() => parseLogicGetArguments({ name: 'a/b/c/d/e/f/g/h/i' })).message).toContain(
      '9 segments',
    );
    // A very long name is not echoed in full.
    expect(
      errorOf(() => parseLogicGetArguments({ name: 'y'.repeat(5000) })).message.length,
    ).toBeLessThan(300);
  });
});

describe('schemas', () => {
  it('have safe tool names', () => {
    for (const name of [LOGIC_LIST_TOOL_NAME, LOGIC_GET_TOOL_NAME])
      expect(name).toMatch(/^[a-z_]{1,64}$/);
  });

  it('advertise strict inputs and exactly the seed output fields', () => {
    expect(logicListInputJsonSchema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    expect(logicGetInputJsonSchema).toMatchObject({
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: { name: { type: 'string', maxLength: 256 } },
    });
    const pattern = new RegExp(
      (logicGetInputJsonSchema.properties as { name: { pattern: string } }).name.pattern,
    );
    expect(pattern.test('admin/users')).toBe(true);
    expect(pattern.test('a/b/c/d/e/f/g/h/i')).toBe(false);
    expect(pattern.test('../x')).toBe(false);
    expect(logicListOutputJsonSchema).toMatchObject({
      required: ['logics'],
      additionalProperties: false,
    });
    expect(logicGetOutputJsonSchema).toMatchObject({
      required: ['name', 'sql', 'params', 'auth'],
      additionalProperties: false,
    });
  });

  it('reject extra output fields', () => {
    const ok = { name: 'a', sql: 'SELECT 1', params: [], auth: { required: true, roles: [] } };
    expect(logicGetOutputSchema.safeParse(ok).success).toBe(true);
    expect(logicGetOutputSchema.safeParse({ ...ok, apiKey: 'x' }).success).toBe(false);
    expect(
      logicGetOutputSchema.safeParse({ ...ok, auth: { ...ok.auth, token: 'x' } }).success,
    ).toBe(false);
  });
});
