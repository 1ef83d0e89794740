import { afterEach, describe, expect, it } from 'vitest';
import { formatUtc, parseDateTime } from './date-time.js';

describe('parseDateTime with Z', () => {
  it('reads UTC instants', () => {
    expect(parseDateTime('2025-12-15T00:00:00Z')).toBe(Date.UTC(2025, 11, 15, 0, 0, 0));
    expect(parseDateTime('2025-12-15T23:59:59Z')).toBe(Date.UTC(2025, 11, 15, 23, 59, 59));
    expect(parseDateTime('1970-01-01T00:00:00Z')).toBe(0);
  });

  it('accepts lower-case t/z, a space separator and no seconds', () => {
    expect(parseDateTime('2025-12-15t01:02:03z')).toBe(Date.UTC(2025, 11, 15, 1, 2, 3));
    expect(parseDateTime('2025-12-15 01:02:03Z')).toBe(Date.UTC(2025, 11, 15, 1, 2, 3));
    expect(parseDateTime('2025-12-15T01:02Z')).toBe(Date.UTC(2025, 11, 15, 1, 2, 0));
  });

  it('handles years below 100 literally', () => {
    expect(parseDateTime('0050-03-01T00:00:00Z')).toBe(new Date('0050-03-01T00:00:00Z').getTime());
    expect(parseDateTime('0000-01-01T00:00:00Z')).toBe(new Date('0000-01-01T00:00:00Z').getTime());
  });
});

describe('parseDateTime with offsets', () => {
  it('reads +09:00 as nine hours ahead of UTC', () => {
    expect(parseDateTime('2025-12-15T09:00:00+09:00')).toBe(Date.UTC(2025, 11, 15, 0, 0, 0));
    expect(parseDateTime('2025-12-15T00:00:00+09:00')).toBe(Date.UTC(2025, 11, 14, 15, 0, 0));
  });

  it('reads negative offsets with and without a colon', () => {
    const expected = Date.UTC(2025, 11, 15, 5, 30, 0);
    expect(parseDateTime('2025-12-15T00:00:00-05:30')).toBe(expected);
    expect(parseDateTime('2025-12-15T00:00:00-0530')).toBe(expected);
    expect(parseDateTime('2025-12-15T09:00:00+0900')).toBe(Date.UTC(2025, 11, 15, 0, 0, 0));
  });

  it('treats +00:00 and -00:00 like Z', () => {
    expect(parseDateTime('2025-12-15T00:00:00+00:00')).toBe(Date.UTC(2025, 11, 15));
    expect(parseDateTime('2025-12-15T00:00:00-00:00')).toBe(Date.UTC(2025, 11, 15));
  });

  it('crosses day, month and year boundaries', () => {
    expect(parseDateTime('2026-01-01T01:00:00+02:00')).toBe(Date.UTC(2025, 11, 31, 23, 0, 0));
    expect(parseDateTime('2024-02-29T23:00:00-02:00')).toBe(Date.UTC(2024, 2, 1, 1, 0, 0));
  });

  it('agrees with Date.parse on offset forms', () => {
    for (const text of [
      '2025-06-30T12:34:56+14:00',
      '2025-06-30T12:34:56-12:00',
      '2025-06-30T12:34:56.789+05:45',
    ]) {
      expect(parseDateTime(text), text).toBe(Date.parse(text));
    }
  });

  it('rejects out-of-range offsets and half-written ones', () => {
    expect(parseDateTime('2025-12-15T00:00:00+24:00')).toBeNull();
    expect(parseDateTime('2025-12-15T00:00:00+09:60')).toBeNull();
    expect(parseDateTime('2025-12-15T00:00:00+9:00')).toBeNull();
    expect(parseDateTime('2025-12-15T00:00:00+09')).toBeNull();
    expect(parseDateTime('2025-12-15T00:00:00 +09:00')).toBeNull();
  });
});

describe('parseDateTime without an offset (local time)', () => {
  it('equals new Date(y, m-1, d, h, mi, s) in the process time zone', () => {
    expect(parseDateTime('2025-12-15T09:00:00')).toBe(new Date(2025, 11, 15, 9, 0, 0).getTime());
    expect(parseDateTime('2025-07-01T23:59:59')).toBe(new Date(2025, 6, 1, 23, 59, 59).getTime());
    expect(parseDateTime('2025-12-15T09:30')).toBe(new Date(2025, 11, 15, 9, 30, 0).getTime());
    expect(parseDateTime('2025-12-15 09:30:15')).toBe(new Date(2025, 11, 15, 9, 30, 15).getTime());
  });

  describe('in a fixed non-UTC time zone', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });

    it('reads Asia/Seoul wall time as UTC+9', () => {
      process.env.TZ = 'Asia/Seoul';
      expect(parseDateTime('2025-12-15T09:00:00')).toBe(Date.UTC(2025, 11, 15, 0, 0, 0));
    });

    it('follows daylight saving time in America/New_York', () => {
      process.env.TZ = 'America/New_York';
      expect(parseDateTime('2025-01-15T12:00:00')).toBe(Date.UTC(2025, 0, 15, 17, 0, 0));
      expect(parseDateTime('2025-07-15T12:00:00')).toBe(Date.UTC(2025, 6, 15, 16, 0, 0));
    });
  });
});

describe('parseDateTime fractions', () => {
  it('adds fractional seconds as milliseconds', () => {
    expect(parseDateTime('2025-12-15T00:00:00.5Z')).toBe(Date.UTC(2025, 11, 15) + 500);
    expect(parseDateTime('2025-12-15T00:00:00.123Z')).toBe(Date.UTC(2025, 11, 15) + 123);
    expect(parseDateTime('2025-12-15T00:00:00,250Z')).toBe(Date.UTC(2025, 11, 15) + 250);
    expect(parseDateTime('2025-12-15T00:00:00.000Z')).toBe(Date.UTC(2025, 11, 15));
  });

  it('keeps sub-millisecond digits without rounding to a later millisecond', () => {
    const ms = parseDateTime('2025-12-15T00:00:00.123456789Z');
    expect(ms).not.toBeNull();
    expect(ms! - Date.UTC(2025, 11, 15)).toBeCloseTo(123.456789, 5);
  });

  it('adds fractions to local times too', () => {
    expect(parseDateTime('2025-12-15T09:00:00.75')).toBe(
      new Date(2025, 11, 15, 9, 0, 0, 750).getTime(),
    );
  });

  it('rejects an empty fraction or one with more than 9 digits', () => {
    expect(parseDateTime('2025-12-15T00:00:00.Z')).toBeNull();
    expect(parseDateTime('2025-12-15T00:00:00.1234567890Z')).toBeNull();
  });
});

describe('parseDateTime calendar checks', () => {
  it.each([
    '2025-02-30T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2025-04-31T00:00:00Z',
    '2025-13-01T00:00:00Z',
    '2025-00-10T00:00:00Z',
    '2025-01-00T00:00:00Z',
    '2025-01-32T00:00:00Z',
    '2025-12-15T24:00:00Z',
    '2025-12-15T23:60:00Z',
    '2025-12-15T23:59:60Z',
    '2025-02-30T00:00:00',
    '2025-12-15T24:00:00',
    '2025-02-30T00:00:00+09:00',
  ])('rejects %s', (text) => {
    expect(parseDateTime(text)).toBeNull();
  });

  it('knows leap years', () => {
    expect(parseDateTime('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
    expect(parseDateTime('2000-02-29T00:00:00Z')).toBe(Date.UTC(2000, 1, 29));
    expect(parseDateTime('1900-02-29T00:00:00Z')).toBeNull();
    expect(parseDateTime('2100-02-29T00:00:00Z')).toBeNull();
    expect(parseDateTime('2023-02-29T00:00:00Z')).toBeNull();
    expect(parseDateTime('2024-02-29T12:00:00')).toBe(new Date(2024, 1, 29, 12, 0, 0).getTime());
  });

  it('accepts the last day of every month', () => {
    const last = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    last.forEach((day, i) => {
      const mm = String(i + 1).padStart(2, '0');
      expect(parseDateTime(`2025-${mm}-${day}T00:00:00Z`), mm).toBe(Date.UTC(2025, i, day));
      expect(parseDateTime(`2025-${mm}-${day + 1}T00:00:00Z`), mm).toBeNull();
    });
  });
});

describe('parseDateTime garbage', () => {
  it.each([
    '',
    'yesterday',
    'now',
    '2025-12-15',
    '2025-12-15T',
    '2025-12-15T9:00:00Z',
    '2025-1-05T00:00:00Z',
    '25-12-15T00:00:00Z',
    '+002025-12-15T00:00:00Z',
    ' 2025-12-15T00:00:00Z',
    '2025-12-15T00:00:00Z ',
    '2025-12-15T00:00:00Zjunk',
    '2025-12-15T00:00:00ZZ',
    '2025/12/15T00:00:00Z',
    '2025-12-15T00:00:00\n',
    '2025-12-15T00:00:00UTC',
    '1734220800000',
    '２０２５-12-15T00:00:00Z',
  ])('rejects %j', (text) => {
    expect(parseDateTime(text)).toBeNull();
  });
});

describe('formatUtc', () => {
  it('drops a zero fraction', () => {
    expect(formatUtc(Date.UTC(2025, 11, 15))).toBe('2025-12-15T00:00:00Z');
    expect(formatUtc(0)).toBe('1970-01-01T00:00:00Z');
  });

  it('keeps a non-zero fraction as milliseconds', () => {
    expect(formatUtc(Date.UTC(2025, 11, 15) + 123)).toBe('2025-12-15T00:00:00.123Z');
    expect(formatUtc(Date.UTC(2025, 11, 15) + 500)).toBe('2025-12-15T00:00:00.500Z');
  });

  it('floors sub-millisecond instants', () => {
    expect(formatUtc(Date.UTC(2025, 11, 15) + 0.9)).toBe('2025-12-15T00:00:00Z');
    expect(formatUtc(Date.UTC(2025, 11, 15) + 1.999)).toBe('2025-12-15T00:00:00.001Z');
  });

  it('round-trips through parseDateTime', () => {
    for (const ms of [
      0,
      Date.UTC(2025, 11, 15, 9, 8, 7),
      Date.UTC(2024, 1, 29, 23, 59, 59) + 999,
    ]) {
      expect(parseDateTime(formatUtc(ms))).toBe(ms);
    }
  });

  it('writes offset input back as UTC', () => {
    expect(formatUtc(parseDateTime('2025-12-15T09:00:00+09:00')!)).toBe('2025-12-15T00:00:00Z');
  });
});
