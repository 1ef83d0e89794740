import { afterEach, describe, expect, it } from 'vitest';
import { formatBytes, inputValueToIso, presetRange, relativeTo, toInputValue } from './format.js';

const originalTz = process.env.TZ;
afterEach(() => {
  // Assigning undefined would set the string 'undefined' for the next test files in this worker.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('inputValueToIso', () => {
  it('writes the local offset of that moment, including daylight saving time', () => {
    process.env.TZ = 'Asia/Seoul';
    expect(inputValueToIso('2025-12-15T09:00')).toBe('2025-12-15T09:00:00+09:00');
    process.env.TZ = 'America/New_York';
    expect(inputValueToIso('2025-07-01T08:30')).toBe('2025-07-01T08:30:00-04:00');
    expect(inputValueToIso('2025-12-01T08:30')).toBe('2025-12-01T08:30:00-05:00');
    process.env.TZ = 'Asia/Kolkata';
    expect(inputValueToIso('2025-03-02T00:00:15')).toBe('2025-03-02T00:00:15+05:30');
  });

  it('round-trips through Date to the same instant as the local wall-clock time', () => {
    const iso = inputValueToIso('2024-02-29T23:59');
    expect(iso).not.toBeNull();
    expect(new Date(iso!).getTime()).toBe(new Date(2024, 1, 29, 23, 59).getTime());
  });

  it('answers null for empty or malformed values', () => {
    expect(inputValueToIso('')).toBeNull();
    expect(inputValueToIso('15/12/2025 09:00')).toBeNull();
  });
});

describe('presetRange', () => {
  const now = new Date(2025, 11, 15, 14, 37);
  it('starts at local midnight and leaves the end open', () => {
    expect(presetRange('today', now)).toEqual({ from: '2025-12-15 00:00', to: '' });
    expect(presetRange('last7', now)).toEqual({ from: '2025-12-09 00:00', to: '' });
    expect(presetRange('last30', now)).toEqual({ from: '2025-11-16 00:00', to: '' });
    expect(presetRange('any', now)).toEqual({ from: '', to: '' });
  });
  it('formats a date and time as the fields show it, and reads it back', () => {
    expect(toInputValue(new Date(2025, 0, 5, 7, 3))).toBe('2025-01-05 07:03');
    const iso = inputValueToIso('2025-01-05 07:03')!;
    expect(new Date(iso).getTime()).toBe(new Date(2025, 0, 5, 7, 3).getTime());
    // A day alone starts at midnight; the T of ISO is accepted too.
    expect(new Date(inputValueToIso('2025-01-05')!).getTime()).toBe(new Date(2025, 0, 5).getTime());
    expect(inputValueToIso('2025-01-05T07:03')).toBe(iso);
    expect(inputValueToIso('2025-13-05')).toBeNull();
  });
});

describe('formatBytes', () => {
  it('uses 1024-based units with one decimal below 100', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(4_812_003)).toBe('4.6 MB');
    expect(formatBytes(null)).toBe('—');
  });
});

describe('relativeTo', () => {
  it('strips the root by whole segments only', () => {
    expect(relativeTo('/home/a/Docs', '/home/a/Docs/x/y.txt')).toBe('x/y.txt');
    expect(relativeTo('/home/a/Docs', '/home/a/Docs2/y.txt')).toBe('/home/a/Docs2/y.txt');
    expect(relativeTo('C:\\Users\\a', 'C:\\Users\\a\\b.txt')).toBe('b.txt');
    expect(relativeTo(undefined, '/x')).toBe('/x');
  });
});
