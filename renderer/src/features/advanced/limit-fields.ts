// The search limits' fields: what they say, the range the settings schema accepts, the number
// as people read it, and what is wrong with a typed one.
import '../../app/later-words.js'; // its words come with the later screens
import { t } from '#shared/i18n/i18n.js';
import { formatCount } from '#shared/i18n/format.js';

export interface LimitsForm {
  maxFilesScanned: string;
  maxDirectoriesScanned: string;
  timeoutSeconds: string;
  exclude: string;
  followSymlinks: boolean;
}

export type LimitKey = 'maxFilesScanned' | 'maxDirectoriesScanned' | 'timeoutSeconds';

/** The three number fields: what they say, and the range the settings schema accepts. */
export const LIMIT_FIELDS: {
  key: LimitKey;
  min: number;
  max: number;
  whole: boolean;
  testId: string;
}[] = [
  {
    key: 'maxFilesScanned',
    min: 1,
    max: 100_000_000,
    whole: true,
    testId: 'limit-files',
  },
  {
    key: 'maxDirectoriesScanned',
    min: 1,
    max: 10_000_000,
    whole: true,
    testId: 'limit-folders',
  },
  {
    key: 'timeoutSeconds',
    min: 0.1,
    max: 600,
    whole: false,
    testId: 'limit-seconds',
  },
];

/** A typed limit as people read it ("200,000 files", "10 seconds"); empty while not a number. */
export function readable(field: (typeof LIMIT_FIELDS)[number], text: string): string {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n)) return '';
  return limitWords(field.key, n);
}

/** A limit's value with its unit ("200,000 files", "10 seconds", "파일 200,000개"). */
export function limitWords(key: LimitKey, count: number): string {
  return key === 'maxFilesScanned'
    ? t('advanced.limits.files', { count })
    : key === 'maxDirectoriesScanned'
      ? t('advanced.limits.folders', { count })
      : t('advanced.limits.seconds', { count });
}

/** What is wrong with a typed limit, in words, or null when it can be saved. */
export function limitProblem(field: (typeof LIMIT_FIELDS)[number], text: string): string | null {
  const trimmed = text.trim();
  const range = { min: formatCount(field.min), max: formatCount(field.max) };
  if (trimmed === '') return t('advanced.limits.number', range);
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return t('advanced.limits.number', range);
  if (field.whole && !Number.isInteger(value)) return t('advanced.limits.whole', range);
  if (value < field.min || value > field.max) return t('advanced.limits.number', range);
  return null;
}
