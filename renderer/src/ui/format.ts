// Formatting for people: sizes, local date-times, and the conversion between the browser's
// date-and-time fields ("2025-12-15 09:00") and ISO 8601 strings with the local offset.

import { parseDateTime } from '#shared/text/date-time.js';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** A byte count as "1.4 MB" (1024-based); "—" when unknown. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(undefined, { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${UNITS[unit]}`;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** An ISO instant in the user's local time ("Dec 15, 2025, 9:00 AM"); `fallback` when null. */
export function formatLocal(iso: string | null, fallback = 'Unknown'): string {
  if (iso === null) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** A longer local rendering for tooltips. */
export function formatLocalFull(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : fullFormat.format(date);
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

/** A count with its noun ("1 file", "3 files"). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? singular : pluralForm}`;
}

/** `full` shown relative to `base` when it lies inside it (segment-wise), else unchanged. */
export function relativeTo(base: string | undefined, full: string): string {
  if (!base) return full;
  const sep = base.includes('\\') && !base.includes('/') ? '\\' : '/';
  const prefix = base.endsWith(sep) ? base : base + sep;
  return full.startsWith(prefix) ? full.slice(prefix.length) : full;
}

/** A duration in ms as "38 ms" or "1.2 s". */
export function formatDuration(ms: number): string {
  return ms < 1000
    ? `${Math.round(ms)} ms`
    : `${(ms / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 })} s`;
}
