// The range a search covered, in the Search preview's details, as a person reads dates: never the
// raw ISO times nor "no start to no end".
import { describe, expect, it } from 'vitest';
import { formatLocalFull } from '../../ui/format.js';
import { rangeWords } from './search-details.js';

const FROM = '2026-11-20T00:00:00.000Z';
const TO = '2026-11-27T00:00:00.000Z';

describe('rangeWords', () => {
  it('says both ends, one end, or any time', () => {
    expect(rangeWords({ from: FROM, to: TO })).toBe(
      `${formatLocalFull(FROM)} to ${formatLocalFull(TO)}`,
    );
    expect(rangeWords({ from: FROM, to: null })).toBe(`From ${formatLocalFull(FROM)}`);
    expect(rangeWords({ from: null, to: TO })).toBe(`Before ${formatLocalFull(TO)}`);
    expect(rangeWords({ from: null, to: null })).toBe('Any time');
    expect(rangeWords({ from: FROM, to: null })).not.toContain('2026-11-20T');
  });
});
