// Formatting for people: sizes, local date-times, and the conversion between the browser's
// date-and-time fields ("2025-12-15 09:00") and ISO 8601 strings with the local offset.

import { parseDateTime } from '#shared/text/date-time.js';
import { formatLocal as formatLocalIn } from '#shared/i18n/format.js';
import { t } from '#shared/i18n/i18n.js';

export {
  formatBytes,
  formatCount,
  formatDayLong,
  formatDuration,
  formatLocalFull,
  formatTime,
  formatWeekday,
} from '#shared/i18n/format.js';

/** An ISO instant in local time ("Nov 24, 2026, 6:01 PM"); `fallback` (default "Unknown") when null. */
export function formatLocal(iso: string | null, fallback?: string): string {
  return formatLocalIn(iso, fallback ?? t('common.unknown'));
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** A Date as a date-and-time field shows it ("2025-12-15 09:00", local time). */
export function toInputValue(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A typed date and time read as local time, as ISO 8601 with the local offset that applies at
 * that moment ("2025-12-15T09:00:00+09:00"); null when empty or not a date.
 */
export function inputValueToIso(value: string): string | null {
  // "2025-12-15", "2025-12-15 09:00" or "2025-12-15T09:00[:30]" (a day alone starts at 00:00);
  // shared parseDateTime reads it as local time.
  const m = /^\s*(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?\s*$/.exec(value);
  const epochMs = m ? parseDateTime(`${m[1]}T${m[2] ?? '00:00'}`) : null;
  if (epochMs === null) return null;
  const date = new Date(epochMs);
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const local = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${local}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** Quick ranges for the search form. */
export type RangePreset = 'today' | 'last7' | 'last30' | 'any';

/** The from/to input values for a preset: from the start of a local day, no upper bound. */
export function presetRange(
  preset: RangePreset,
  now: Date = new Date(),
): { from: string; to: string } {
  if (preset === 'any') return { from: '', to: '' };
  const daysBack = preset === 'today' ? 0 : preset === 'last7' ? 6 : 29;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack, 0, 0, 0, 0);
  return { from: toInputValue(start), to: '' };
}

/** `full` shown relative to `base` when it lies inside it (segment-wise), else unchanged. */
export function relativeTo(base: string | undefined, full: string): string {
  if (!base) return full;
  const sep = base.includes('\\') && !base.includes('/') ? '\\' : '/';
  const prefix = base.endsWith(sep) ? base : base + sep;
  return full.startsWith(prefix) ? full.slice(prefix.length) : full;
}
