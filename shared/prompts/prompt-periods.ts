// The periods a prompt's `period` argument takes ("today", "last 7 days", "이번 주", a date), and
// the time range each one means in the person's time zone (the one this process runs in: an AI
// app starts FolderGate's server as the person, in their zone). Pure: the clock is passed in.

/** The named periods, in the order completion offers them. */
export const PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_7_days',
  'this_month',
  'last_30_days',
  'last_month',
] as const;
/** One of {@link PERIODS}. */
export type Period = (typeof PERIODS)[number];

/** What a period argument was read as: a named period, a number of days, or one calendar day. */
export type PeriodChoice =
  | { kind: 'named'; period: Period }
  | { kind: 'days'; days: number }
  | { kind: 'date'; year: number; month: number; day: number };

/** Longest "last N days" a prompt takes. */
export const MAX_PERIOD_DAYS = 366;

/** A range of local time: from inclusive, to exclusive (null: until now). */
export interface PeriodRange {
  from: Date;
  to: Date | null;
}

const fold = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/**
 * Reads a period as a person types it in any language FolderGate speaks: `words` maps each named
 * period to its spellings ("this week", "이번 주"); also "last N days" / "최근 N일" and a date
 * (YYYY-MM-DD). Null when it is none of them.
 */
export function parsePeriod(
  input: string,
  words: readonly Readonly<Record<Period, string>>[],
): PeriodChoice | null {
  const text = fold(input);
  for (const period of PERIODS) {
    if (text === fold(period)) return { kind: 'named', period };
    if (
      words.some((spelling) => fold(spelling[period]).replace(/ /g, '') === text.replace(/ /g, ''))
    )
      return { kind: 'named', period };
  }
  const days = /^(?:last|past|최근|지난)\s*(\d{1,3})\s*(?:days?|일)$/.exec(text);
  if (days) {
    const n = Number(days[1]);
    return n >= 1 && n <= MAX_PERIOD_DAYS ? { kind: 'days', days: n } : null;
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const probe = new Date(year, month - 1, day);
    if (probe.getFullYear() === year && probe.getMonth() === month - 1 && probe.getDate() === day)
      return { kind: 'date', year, month, day };
  }
  return null;
}

/** Local midnight `days` days after the day of `now` (negative: before). */
function dayStart(now: Date, days = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/** The range a period means at `now`, in the process's local time zone. */
export function periodRange(choice: PeriodChoice, now: Date): PeriodRange {
  if (choice.kind === 'days') return { from: dayStart(now, 1 - choice.days), to: null };
  if (choice.kind === 'date') {
    const from = new Date(choice.year, choice.month - 1, choice.day);
    return { from, to: dayStart(from, 1) };
  }
  switch (choice.period) {
    case 'today':
      return { from: dayStart(now), to: null };
    case 'yesterday':
      return { from: dayStart(now, -1), to: dayStart(now) };
    case 'this_week':
      // Weeks start on Monday (ISO 8601, as in Korea and most of Europe).
      return { from: dayStart(now, -((now.getDay() + 6) % 7)), to: null };
    case 'last_7_days':
      return { from: dayStart(now, -6), to: null };
    case 'this_month':
      return { from: new Date(now.getFullYear(), now.getMonth(), 1), to: null };
    case 'last_30_days':
      return { from: dayStart(now, -29), to: null };
    case 'last_month':
      return {
        from: new Date(now.getFullYear(), now.getMonth() - 1, 1),
        to: new Date(now.getFullYear(), now.getMonth(), 1),
      };
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** A local time as RFC 3339 with its offset ("2026-11-27T00:00:00+09:00"), as the tool takes it. */
export function localDateTime(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}` +
    `T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}` +
    `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  );
}
