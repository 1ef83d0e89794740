import { describe, expect, it } from 'vitest';
import { plainLogicProblem } from './logic-catalog.js';

// The reasons as mcp-server/src/logic/logic-catalog.ts words them.
describe('plainLogicProblem', () => {
  it('calls the .json beside a logic its settings file and a JSON error a typing mistake', () => {
    expect(
      plainLogicProblem('its sidecar report.json is not valid JSON (line 1, column 14).'),
    ).toBe(
      'Its settings file report.json has a typing mistake at line 1, column 14, so it cannot be read.',
    );
    expect(
      plainLogicProblem(
        "Logic 'broken' cannot be used: its sidecar broken.json is not valid JSON.",
      ),
    ).toBe('Its settings file broken.json has a typing mistake, so it cannot be read.');
  });

  it('never says sidecar or symbolic link', () => {
    const reasons = [
      'its sidecar a.json is a symbolic link; links are not followed.',
      'its sidecar a.json is invalid: params.0.type: Invalid option.',
      'a.sql is a symbolic link; links are not followed.',
      'a.sql is empty.',
    ];
    for (const reason of reasons) {
      const plain = plainLogicProblem(reason);
      expect(plain).not.toMatch(/sidecar|symbolic/i);
      expect(plain.charAt(0)).toBe(plain.charAt(0).toUpperCase());
    }
    expect(plainLogicProblem(reasons[0]!)).toBe(
      'Its settings file a.json is a shortcut (link); shortcuts are not followed.',
    );
  });
});
