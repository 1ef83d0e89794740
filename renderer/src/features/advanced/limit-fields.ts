// The search limits' fields: what they say, the range the settings schema accepts, the number
// as people read it, and what is wrong with a typed one.

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
  label: string;
  min: number;
  max: number;
  whole: boolean;
  testId: string;
}[] = [
  {
    key: 'maxFilesScanned',
    label: 'Stop a search after this many files',
    min: 1,
    max: 100_000_000,
    whole: true,
    testId: 'limit-files',
  },
  {
    key: 'maxDirectoriesScanned',
    label: 'Stop a search after this many folders',
    min: 1,
    max: 10_000_000,
    whole: true,
    testId: 'limit-folders',
  },
  {
    key: 'timeoutSeconds',
    label: 'Stop a search after this many seconds',
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
  const unit =
    field.key === 'maxFilesScanned'
      ? 'file'
      : field.key === 'maxDirectoriesScanned'
        ? 'folder'
        : 'second';
  return `${n.toLocaleString()} ${n === 1 ? unit : `${unit}s`}`;
}

/** What is wrong with a typed limit, in words, or null when it can be saved. */
export function limitProblem(field: (typeof LIMIT_FIELDS)[number], text: string): string | null {
  const trimmed = text.trim();
  const range = `from ${field.min.toLocaleString()} to ${field.max.toLocaleString()}`;
  if (trimmed === '') return `Type a number ${range}.`;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return `Type a number ${range}.`;
  if (field.whole && !Number.isInteger(value)) return `Type a whole number ${range}.`;
  if (value < field.min || value > field.max) return `Type a number ${range}.`;
  return null;
}
