// Numbers, sizes, dates and durations for people, in the current language through `Intl`
// ("2026년 11월 24일 오후 6:01", "Nov 24, 2026, 6:01 PM").
import { currentLanguage } from './i18n.js';
import { intlLocale } from './languages.js';

const locale = (): string => intlLocale(currentLanguage());

/** A count as the language writes it ("1,234"). */
export function formatCount(count: number): string {
  return count.toLocaleString(locale());
}

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
  const number = value.toLocaleString(locale(), {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
  return `${number} ${UNITS[unit]}`;
}

const dateTime = (date: Date): string =>
  new Intl.DateTimeFormat(locale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);

/** An ISO instant in local time ("Nov 24, 2026, 6:01 PM"); `fallback` when null. */
export function formatLocal(iso: string | null, fallback: string): string {
  if (iso === null) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime(date);
}

/** A longer local rendering for tooltips (weekday, seconds, time zone). */
export function formatLocalFull(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale(), { dateStyle: 'full', timeStyle: 'long' }).format(date);
}

/** A time of day ("6:01 PM", "오후 6:01"). */
export function formatTime(date: Date): string {
  return new Intl.DateTimeFormat(locale(), { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** A duration in ms as "38 ms" or "1.2 s" ("38ms", "1.2초"). */
export function formatDuration(ms: number): string {
  return ms < 1000
    ? new Intl.NumberFormat(locale(), {
        style: 'unit',
        unit: 'millisecond',
        unitDisplay: 'short',
        maximumFractionDigits: 0,
      }).format(ms)
    : new Intl.NumberFormat(locale(), {
        style: 'unit',
        unit: 'second',
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      }).format(ms / 1000);
}

/** A weekday with its day of the month ("Tue 24", "24 (화)"). */
export function formatWeekday(date: Date): string {
  return new Intl.DateTimeFormat(locale(), { weekday: 'short', day: 'numeric' }).format(date);
}

/** A date without the time ("Nov 24, 2026", "2026. 11. 24."). */
export function formatDate(date: Date): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(date);
}

/** A day with its month written out ("March 1", "3월 1일"). */
export function formatDayLong(date: Date): string {
  return new Intl.DateTimeFormat(locale(), { month: 'long', day: 'numeric' }).format(date);
}

/** Names joined as the language joins them ("Cursor and VS Code", "Cursor, VS Code 및 Codex"). */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(locale(), { type: 'conjunction' }).format(items);
}
