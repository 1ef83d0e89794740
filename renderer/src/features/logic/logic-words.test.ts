import { describe, expect, it } from 'vitest';
import { LOGIC_LIMITS, type LogicProblem } from '#shared/tools/logic.js';
import { plainLogicProblem } from './logic-words.js';

const sidecar = (problem: LogicProblem['problem']): LogicProblem => ({
  file: 'report.json',
  sidecar: true,
  problem,
});

describe('plainLogicProblem', () => {
  it('calls the .json beside a logic its settings file and a JSON error a typing mistake', () => {
    expect(plainLogicProblem(sidecar({ kind: 'not-json', line: 1, column: 14 }))).toBe(
      'Its settings file report.json has a typing mistake at line 1, column 14, so it cannot be read.',
    );
    expect(plainLogicProblem(sidecar({ kind: 'not-json', line: null, column: null }))).toBe(
      'Its settings file report.json has a typing mistake, so it cannot be read.',
    );
  });

  it('has words for every kind, never "sidecar", "symbolic" or a byte count without a unit', () => {
    const kinds: LogicProblem['problem'][] = [
      { kind: 'too-large', bytes: 300_000, limit: LOGIC_LIMITS.sqlMaxBytes },
      { kind: 'unreadable', errno: 'EACCES' },
      { kind: 'changed' },
      { kind: 'not-utf8' },
      { kind: 'not-regular' },
      { kind: 'hard-link' },
      { kind: 'link' },
      { kind: 'folder' },
      { kind: 'empty' },
      { kind: 'invalid', issues: 'params.0.type: Invalid option' },
      { kind: 'name-rule', rule: 'it is empty' },
    ];
    for (const problem of kinds) {
      for (const p of [sidecar(problem), { file: 'a.sql', sidecar: false, problem }]) {
        const words = plainLogicProblem(p);
        expect(words).not.toMatch(/sidecar|symbolic|EACCES|\d{4,} /i);
        expect(words.charAt(0)).toBe(words.charAt(0).toUpperCase());
      }
    }
    expect(plainLogicProblem({ file: 'a.sql', sidecar: false, problem: { kind: 'link' } })).toBe(
      'The file a.sql is a shortcut (link); shortcuts are not followed.',
    );
  });
});
