// The shape of an engine's answer, without the disk: which paths could be the walk's, and which
// lists could be its page (regions, cursors, order, counts, excludes, depth).
import { describe, expect, it } from 'vitest';
import type { EngineQuery } from '#shared/engine/engine.js';
import { engineAnswer, engineQuery } from '#testing/engine-query.js';
import type { Candidate } from './candidates.js';
import { answerShapeProblem, relProblem, type EngineAnswered } from './engine-answer-check.js';

const match = (rel: string, t: number | null = 1000): Candidate => ({
  rel,
  t,
  isDirectory: false,
  size: 1,
  mtimeMs: t ?? 5,
  birthtimeMs: 0,
});

const answer = (matches: Candidate[], over: Partial<EngineAnswered> = {}): EngineAnswered =>
  engineAnswer(matches, over) as EngineAnswered;

const tree = (over: Partial<EngineQuery> = {}) =>
  engineQuery('/home/me/Docs', 10, { sort: 'path_asc', ...over });

describe('relProblem', () => {
  it('takes plain relative names, on every platform', () => {
    for (const rel of ['a.txt', 'sub/b c.pdf', '..a', 'a..', '.hidden/x', '한글/파일.txt', 'a\\b'])
      expect(relProblem(rel, 'linux'), rel).toBeNull();
    expect(relProblem('sub/.hidden', 'win32')).toBeNull();
  });

  it('refuses what leaves the start folder or is no plain name', () => {
    for (const rel of [
      '',
      '/etc/passwd',
      'a//b',
      'a/',
      '.',
      './a',
      '..',
      '../x',
      'a/../../x',
      'a\0b',
      'a\uD800b',
      'a\uDC00',
    ])
      expect(relProblem(rel, 'linux'), JSON.stringify(rel)).not.toBeNull();
  });

  it('refuses on Windows what Windows reads as another path', () => {
    for (const rel of ['a\\..\\x', 'C:', 'c:x', 'a/b.txt:stream', 'a.', 'a ', 'x/..\\y'])
      expect(relProblem(rel, 'win32'), rel).not.toBeNull();
  });
});

describe('answerShapeProblem', () => {
  it('takes a page in tree order, inside the region, once each', () => {
    const q = tree({ after: 'a', until: 'c/z' });
    expect(answerShapeProblem(q, answer([match('a/x'), match('b'), match('c/z')]))).toBeNull();
    // A full page may say more follow.
    const full = tree({ count: 2 });
    expect(answerShapeProblem(full, answer([match('a'), match('b')], { more: true }))).toBeNull();
  });

  it('refuses matches outside the region, repeated or out of order', () => {
    const q = tree({ after: 'b', until: 'd' });
    expect(answerShapeProblem(q, answer([match('b')]))).toMatch(/before the asked region/);
    expect(answerShapeProblem(q, answer([match('a/z')]))).toMatch(/before the asked region/);
    expect(answerShapeProblem(q, answer([match('d/x')]))).toMatch(/beyond the asked region/);
    expect(answerShapeProblem(q, answer([match('c'), match('c')]))).toMatch(/twice/);
    expect(answerShapeProblem(q, answer([match('c/x'), match('c')]))).toMatch(/order/);
  });

  it('refuses more than asked, "more" without a full page, a walk stopped early', () => {
    const q = tree({ count: 2 });
    expect(answerShapeProblem(q, answer([match('a'), match('b'), match('c')]))).toMatch(/more/);
    expect(answerShapeProblem(q, answer([match('a')], { more: true }))).toMatch(/full page/);
    const stopped = answer([match('a')]);
    stopped.walk = { ...stopped.walk, stopReason: 'files', stoppedAt: 'a' };
    expect(answerShapeProblem(q, stopped)).toMatch(/stopped early/);
    const time = engineQuery('/r', 3);
    expect(answerShapeProblem(time, answer([match('a')], { more: true }))).toMatch(/full page/);
  });

  it('refuses a match deeper than asked, or excluded (itself or a folder above it)', () => {
    const flat = tree({ maxDepth: 0 });
    expect(answerShapeProblem(flat, answer([match('a')]))).toBeNull();
    expect(answerShapeProblem(flat, answer([match('a/b')]))).toMatch(/deeper/);
    const excluding = tree({ exclude: ['node_modules', '*.tmp'], startRel: 'src' });
    expect(answerShapeProblem(excluding, answer([match('a/b.txt')]))).toBeNull();
    expect(answerShapeProblem(excluding, answer([match('x/node_modules/y.js')]))).toMatch(
      /excluded/,
    );
    expect(answerShapeProblem(excluding, answer([match('a/b.tmp')]))).toMatch(/excluded/);
  });

  it('holds time orders to their order and cursor (ties by path, unknown times last)', () => {
    const q = engineQuery('/r', 5, { afterKey: { rel: 'm', t: 500 } });
    const ok = [match('a', 500 - 1), match('b', 400), match('c', 400), match('d', null)];
    expect(answerShapeProblem(q, answer(ok))).toBeNull();
    expect(answerShapeProblem(q, answer([match('a', 600)]))).toMatch(/before the cursor/);
    expect(answerShapeProblem(q, answer([match('a', 500)]))).toMatch(/before the cursor/);
    expect(answerShapeProblem(q, answer([match('z', 500)]))).toBeNull();
    expect(answerShapeProblem(q, answer([match('c', 400), match('b', 400)]))).toMatch(/order/);
    expect(answerShapeProblem(q, answer([match('d', null), match('b', 1)]))).toMatch(/order/);
    const asc = engineQuery('/r', 5, { sort: 'time_asc' });
    expect(answerShapeProblem(asc, answer([match('a', 1), match('b', 2)]))).toBeNull();
    expect(answerShapeProblem(asc, answer([match('a', 2), match('b', 1)]))).toMatch(/order/);
  });
});
