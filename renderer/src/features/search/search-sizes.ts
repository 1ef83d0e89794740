// Kinds and sizes in the Search preview: "At least / At most" a number with a unit (KB, MB, GB,
// each 1,024 of the one before), turned into fs.search_by_time's `minSize` and `maxSize` bytes.
import type { SearchKind } from '#shared/tools/file-types.js';
import { t } from '#shared/i18n/i18n.js';

/** The units the size fields offer. */
export const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
/** One of {@link SIZE_UNITS}. */
export type SizeUnit = (typeof SIZE_UNITS)[number];

const BYTES: Record<SizeUnit, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** What the form holds for kinds and sizes (sizes as typed). */
export interface KindSizeState {
  kinds: SearchKind[];
  minSize: string;
  minUnit: SizeUnit;
  maxSize: string;
  maxUnit: SizeUnit;
}

/** The number typed (a decimal point or comma allowed), or null when it is not one. */
function amountOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && n <= 1024 ** 3 ? n : null;
}

/**
 * The bytes of a size field: "at least 1.5 KB" is 1,536 bytes and more; a fraction of a byte is
 * rounded up for "at least" and down for "at most". Null when the field is empty or not a number.
 */
export function sizeBytes(text: string, unit: SizeUnit, bound: 'min' | 'max'): number | null {
  const n = amountOf(text);
  if (n === null) return null;
  const bytes = n * BYTES[unit];
  return bound === 'min' ? Math.ceil(bytes) : Math.floor(bytes);
}

/** The problems of the size fields, each worded for its field. */
export function checkSizes(form: KindSizeState): { minSize?: string; maxSize?: string } {
  const problems: { minSize?: string; maxSize?: string } = {};
  if (form.minSize.trim() !== '' && amountOf(form.minSize) === null)
    problems.minSize = t('search.check.size');
  if (form.maxSize.trim() !== '' && amountOf(form.maxSize) === null)
    problems.maxSize = t('search.check.size');
  const min = sizeBytes(form.minSize, form.minUnit, 'min');
  const max = sizeBytes(form.maxSize, form.maxUnit, 'max');
  if (!problems.maxSize && min !== null && max !== null && min > max)
    problems.maxSize = t('search.check.sizeOrder');
  return problems;
}

/** The kinds and sizes as arguments; nothing for what is left empty. */
export function kindSizeArguments(form: KindSizeState): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (form.kinds.length > 0) args.kinds = [...form.kinds];
  const min = sizeBytes(form.minSize, form.minUnit, 'min');
  const max = sizeBytes(form.maxSize, form.maxUnit, 'max');
  if (min !== null) args.minSize = min;
  if (max !== null) args.maxSize = max;
  return args;
}
