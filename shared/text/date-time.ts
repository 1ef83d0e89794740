// ISO 8601 date-time parsing that reads a value without an offset as local time,
// and formatting of instants as UTC ISO 8601.

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * Parses an ISO 8601 date-time (`2025-12-15T00:00:00Z`, `…+09:00`, or `2025-12-15T09:00` read in
 * the local time zone) into epoch milliseconds, or null when it is not a valid date-time.
 */
export function parseDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Number(`0.${m[7]}`) * 1000;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  if (m[8] !== undefined || m[9] !== undefined) {
    const offsetHours = m[10] === undefined ? 0 : Number(m[10]);
    const offsetMinutes = m[11] === undefined ? 0 : Number(m[11]);
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    const sign = m[9] === '-' ? -1 : 1;
    const utcDate = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
    utcDate.setUTCFullYear(year, month - 1, day); // Date.UTC maps years 0..99 to 1900..1999
    const utc = utcDate.getTime() + ms;
    return utc - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  const localDate = new Date(2000, month - 1, day, hour, minute, second);
  localDate.setFullYear(year, month - 1, day);
  const local = localDate.getTime() + ms;
  return Number.isFinite(local) ? local : null;
}

/** Formats epoch milliseconds as UTC ISO 8601, without a fraction when it is zero. */
export function formatUtc(epochMs: number): string {
  const iso = new Date(Math.floor(epochMs)).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}
