// The line budget holds: a planted file over 300 lines of code fails lint (through ESLint itself,
// with the project's config), comments and blank lines do not count, each listed file passes at
// its ceiling and fails one line over, and the list names only files still over the budget.
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { CEILINGS as CEILING_TABLE, LINE_BUDGET } from './line-budget.js';

const CEILINGS = CEILING_TABLE as Record<string, number>;

const eslint = new ESLint({ cwd: REPO_ROOT, ruleFilter: ({ ruleId }) => ruleId === 'max-lines' });

/** The max-lines messages for `code` as if it were the file `rel`. */
async function lineErrors(rel: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, rel) });
  expect(result?.messages.filter((m) => m.fatal) ?? [], rel).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

/** A module of `lines` lines of code, with `extra` comment and blank lines between them. */
function planted(lines: number, extra = 0): string {
  const code = Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`);
  for (let i = 0; i < extra; i++) code.splice(i * 2, 0, i % 2 ? '' : `// Why line ${i} is here.`);
  return `${code.join('\n')}\n`;
}

describe('the line budget outside the renderer', () => {
  it('fails a planted 400-line file in every folder it holds', async () => {
    for (const rel of [
      'search/planted.ts',
      'shared/planted.ts',
      'appdata/planted.ts',
      'engine/src/planted.ts',
      'mcp-server/src/planted.ts',
      'main/core/planted.ts',
      'main/electron/planted.ts',
      'tools/planted.mjs',
    ])
      expect(await lineErrors(rel, planted(400)), rel).toEqual([
        `File has too many lines (400). Maximum allowed is ${LINE_BUDGET}.`,
      ]);
  });

  it('counts lines of code: the budget passes, one more fails, comments and blank lines are free', async () => {
    expect(await lineErrors('search/planted.ts', planted(LINE_BUDGET))).toEqual([]);
    expect(await lineErrors('search/planted.ts', planted(LINE_BUDGET + 1))).toHaveLength(1);
    expect(await lineErrors('search/planted.ts', planted(LINE_BUDGET, 200))).toEqual([]);
  });

  it('leaves tests and the renderer (held by renderer-floors.test.ts) out', async () => {
    expect(await lineErrors('search/planted.test.ts', planted(400))).toEqual([]);
    expect(await lineErrors('main/core/planted.int.test.ts', planted(400))).toEqual([]);
    expect(await lineErrors('renderer/src/app/planted.ts', planted(400))).toEqual([]);
  });

  it('passes each listed file at its ceiling, and fails it one line over', async () => {
    expect(Object.keys(CEILINGS).length).toBeGreaterThan(0);
    for (const [rel, ceiling] of Object.entries(CEILINGS)) {
      expect(await lineErrors(rel, planted(ceiling)), rel).toEqual([]);
      expect(await lineErrors(rel, planted(ceiling + 1)), rel).toEqual([
        `File has too many lines (${ceiling + 1}). Maximum allowed is ${ceiling}.`,
      ]);
    }
  });

  it('lists only files that are there and still over the budget', async () => {
    const budgetOnly = new ESLint({
      cwd: REPO_ROOT,
      ruleFilter: ({ ruleId }) => ruleId === 'max-lines',
      overrideConfig: {
        rules: {
          'max-lines': ['error', { max: LINE_BUDGET, skipBlankLines: true, skipComments: true }],
        },
      },
    });
    const listed = Object.keys(CEILINGS);
    expect(listed.filter((rel) => !fs.existsSync(path.join(REPO_ROOT, rel)))).toEqual([]);
    const results = await budgetOnly.lintFiles(listed.map((rel) => path.join(REPO_ROOT, rel)));
    const within = results
      .filter((r) => !r.messages.some((m) => m.ruleId === 'max-lines'))
      .map((r) => path.relative(REPO_ROOT, r.filePath));
    // A file that came down to the budget leaves the list: the budget holds it now.
    expect(within).toEqual([]);
    expect(Object.values(CEILINGS).every((ceiling) => ceiling > LINE_BUDGET)).toBe(true);
  });
});
