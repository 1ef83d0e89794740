import { afterEach, describe, expect, it } from 'vitest';
import { parseSearchArguments } from '../../../shared/search-by-time.js';
import { buildArguments } from './search-args.js';
import type { FormState } from './search-args.js';

const base: FormState = {
  root: 'Documents',
  path: '',
  timeField: 'modified',
  from: '',
  to: '',
  preset: 'any',
  glob: '',
  recursive: true,
  maxDepth: '',
  includeFiles: true,
  includeDirectories: false,
  includeUnknownTime: false,
  sort: 'time_desc',
  limit: '100',
};

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('buildArguments', () => {
  it('leaves empty fields out and passes the tool contract', () => {
    const args = buildArguments(base);
    expect(args).toEqual({
      timeField: 'modified',
      root: 'Documents',
      recursive: true,
      includeFiles: true,
      includeDirectories: false,
      sort: 'time_desc',
      limit: 100,
    });
    expect(() => parseSearchArguments(args)).not.toThrow();
  });

  it('sends local date-times with their offset, trimmed text and numbers', () => {
    process.env.TZ = 'Asia/Seoul';
    const args = buildArguments({
      ...base,
      path: ' reports/2025 ',
      glob: '*.pdf',
      from: '2025-12-01T00:00',
      to: '2025-12-15T09:30',
      maxDepth: '2',
      limit: '25',
      timeField: 'created',
      includeUnknownTime: true,
    });
    expect(args).toMatchObject({
      path: 'reports/2025',
      glob: '*.pdf',
      from: '2025-12-01T00:00:00+09:00',
      to: '2025-12-15T09:30:00+09:00',
      maxDepth: 2,
      limit: 25,
      includeUnknownTime: true,
    });
    const parsed = parseSearchArguments(args);
    expect(parsed.fromMs).toBe(Date.UTC(2025, 10, 30, 15, 0));
  });

  it('drops maxDepth when not recursive and includeUnknownTime unless searching by created time', () => {
    const args = buildArguments({
      ...base,
      recursive: false,
      maxDepth: '3',
      includeUnknownTime: true,
    });
    expect(args).not.toHaveProperty('maxDepth');
    expect(args).not.toHaveProperty('includeUnknownTime');
    expect(args.recursive).toBe(false);
  });

  it('passes an out-of-range limit through so the tool reports it', () => {
    const args = buildArguments({ ...base, limit: '5000' });
    expect(() => parseSearchArguments(args)).toThrow(/limit/);
  });
});
