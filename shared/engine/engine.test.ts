// The engine answer's written-out match check takes exactly what the schema takes: every field
// given each of a set of values of the right and the wrong kinds, one at a time, a field missing,
// one too many, and whole answers read both ways.
import { describe, expect, it } from 'vitest';
import { engineAnswer } from '#testing/engine-query.js';
import { engineAnswerSchema, isEngineCandidate, parseEngineAnswer } from './engine.js';

const match = {
  rel: 'a/b.txt',
  t: 1_700_000_000_000,
  isDirectory: false,
  size: 12,
  mtimeMs: 1_700_000_000_000,
  birthtimeMs: 1_690_000_000_000.5,
};
const values: unknown[] = [
  null,
  undefined,
  0,
  -0,
  1.5,
  -3,
  2 ** 60,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  '',
  'x',
  'é/ü',
  'x'.repeat(8192),
  'x'.repeat(8193),
  true,
  false,
  [],
  {},
  [1],
  { rel: 'a' },
];
const bySchema = (value: unknown) => engineAnswerSchema.safeParse(engineAnswer([value])).success;

describe('the written-out check of an engine match', () => {
  it('takes exactly what the schema takes, field by field', () => {
    const cases: unknown[] = [match, null, 1, 'a', [], [match]];
    for (const key of Object.keys(match)) {
      for (const value of values) cases.push({ ...match, [key]: value });
      const without: Record<string, unknown> = { ...match };
      delete without[key];
      cases.push(without);
    }
    cases.push(
      { ...match, extra: 1 },
      JSON.parse(`{"__proto__": 1, ${JSON.stringify(match).slice(1)}`),
    );
    let taken = 0;
    for (const value of cases) {
      expect(isEngineCandidate(value), JSON.stringify(value)).toBe(bySchema(value));
      if (bySchema(value)) taken++;
    }
    // Both kinds are there: the comparison is not all one way.
    expect(taken).toBeGreaterThan(10);
    expect(cases.length - taken).toBeGreaterThan(50);
  });

  it('reads whole answers and declines as the schema does', () => {
    const wholes: unknown[] = [
      engineAnswer([match, match]),
      engineAnswer([match, { ...match, size: '12' }]),
      engineAnswer([]),
      { ...engineAnswer([match]), total: 3 },
      { ...engineAnswer([match]), total: -1 },
      { ...engineAnswer([match]), more: 'no' },
      { ...engineAnswer([match]), extra: true },
      { ...engineAnswer([match]), matches: 'all' },
      { type: 'decline', why: 'preparing' },
      { type: 'decline', why: 'bored' },
      { type: 'other' },
      null,
      'answer',
    ];
    for (const value of wholes) {
      const schema = engineAnswerSchema.safeParse(value);
      expect(parseEngineAnswer(value), JSON.stringify(value)).toEqual(
        schema.success ? schema.data : null,
      );
    }
  });
});
