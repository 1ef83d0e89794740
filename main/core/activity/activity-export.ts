import { clientDisplayName, describeActivity } from '#shared/activity/activity-describe.js';
import type { ActivityFilter, ActivityRecord } from '#shared/activity/activity.js';
import { scanActivity } from '#appdata/activity/activity-scan.js';
import { t } from '#shared/i18n/i18n.js';
// Its header's words are the Activity screen's, which the Node processes add at once.
import '#shared/i18n/all-languages.js';

/** Export formats: CSV for spreadsheets, JSONL (the records exactly as stored) for tools. */
export type ActivityExportFormat = 'csv' | 'jsonl';

// The CSV header row in the person's language. The values stay as recorded (codes, arguments),
// except the time: first as the person's clock reads it, in the form spreadsheets read as a date
// and time ("2026-11-28 09:05:03"), and the exact recorded instant (UTC, ISO 8601) last.
const CSV_COLUMNS = [
  'time',
  'app',
  'appVersion',
  'what',
  'tool',
  'outcome',
  'errorCode',
  'escape',
  'folder',
  'matches',
  'more',
  'durationMs',
  'args',
  'paths',
  'timeUtc',
] as const;

/**
 * The records matching `filter`, newest first, as chunks of text to write to a file or a
 * response one after another: the whole history is never in memory at once.
 */
export async function* exportActivity(
  dir: string,
  filter: ActivityFilter,
  format: ActivityExportFormat,
): AsyncGenerator<string> {
  if (format === 'csv') yield activityExportHeader(format);
  let batch: string[] = [];
  for await (const { record } of scanActivity(dir, filter, null, { skipped: 0 })) {
    batch.push(activityExportLine(record, format));
    if (batch.length === 500) {
      yield batch.join('');
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join('');
}

/** What an export starts with: the CSV header row, nothing for JSONL. */
export function activityExportHeader(format: ActivityExportFormat): string {
  return format === 'csv'
    ? csvRow(CSV_COLUMNS.map((column) => t(`activityExport.columns.${column}`)))
    : '';
}

/** One record of an export: a CSV row, or the record as one JSON line. */
export function activityExportLine(record: ActivityRecord, format: ActivityExportFormat): string {
  return format === 'csv' ? csvRow(csvCells(record)) : `${JSON.stringify(record)}\n`;
}

function csvCells(r: ActivityRecord): string[] {
  return [
    localTime(r.time),
    clientDisplayName(r.client),
    r.client?.version ?? '',
    describeActivity(r),
    r.tool,
    r.outcome,
    r.errorCode ?? '',
    r.security ? 'yes' : '',
    r.search?.root ?? '',
    r.search ? String(r.search.matchCount) : '',
    r.search ? (r.search.partial ? 'yes' : 'no') : '',
    String(r.durationMs),
    JSON.stringify(r.args),
    // One path per line; a line break inside a name is shown escaped like any control character.
    r.search ? r.search.paths.map(visibleControls).join('\n') : '',
    r.time,
  ].map((cell, i) => (i === PATHS_COLUMN ? cell : visibleControls(cell)));
}

const PATHS_COLUMN = CSV_COLUMNS.indexOf('paths');

/** A recorded ISO time as this machine's clock reads it: "2026-11-28 09:05:03" (as recorded if unreadable). */
export function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${day} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

// C0 and C1 control characters (ESC starts a terminal escape sequence), DEL, and the invisible
// marks that reorder text (bidirectional overrides and isolates: "Trojan Source").
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `value` with every control character and bidirectional mark written out (`\x1B`, `\u202E`):
 * the values come from AI apps and file names, and a CSV is opened in spreadsheets and printed
 * in terminals, where they would recolour, hide or reorder what the person reads.
 */
export function visibleControls(value: string): string {
  return value.replace(HIDDEN_CHARACTERS, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/**
 * One CSV record (RFC 4180: fields with a comma, quote or line break are quoted, quotes
 * doubled, CRLF line ends). A cell a spreadsheet would run as a formula (starting with = + - @,
 * or a tab or CR that some strip first) gets a leading apostrophe, since the values come from
 * an AI's arguments and a file's name.
 */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
