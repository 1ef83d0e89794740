// The answer as the results' heading, in words: "6 PDF files changed in the last 7 days, in
// Documents", "At least 25 files …" while more may follow, "No PDF files …" when none.
import { searchedFor } from '#shared/activity/activity-describe.js';
import type { RangePreset } from '../../ui/format.js';

/** "Documents", "Documents and Pictures", "your 3 folders". */
export function whereText(folders: string[]): string {
  if (folders.length === 1) return folders[0]!;
  if (folders.length === 2) return `${folders[0]} and ${folders[1]}`;
  return `your ${folders.length} folders`;
}

const dayMonth = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long' });

/** "changed in the last 7 days", "created today", "changed since 3 March", "" for any time. */
export function whenText(args: Record<string, unknown>, preset: RangePreset | null): string {
  const verb = args.timeField === 'created' ? 'created' : 'changed';
  if (preset === 'today') return `${verb} today`;
  if (preset === 'last7') return `${verb} in the last 7 days`;
  if (preset === 'last30') return `${verb} in the last 30 days`;
  const from = typeof args.from === 'string' ? args.from : null;
  const to = typeof args.to === 'string' ? args.to : null;
  if (from && to) return `${verb} between ${dayMonth(from)} and ${dayMonth(to)}`;
  if (from) return `${verb} since ${dayMonth(from)}`;
  if (to) return `${verb} before ${dayMonth(to)}`;
  return '';
}

/** The heading: how many of what, when, where; `complete` false while more may follow. */
export function answerHeading(options: {
  args: Record<string, unknown>;
  preset: RangePreset | null;
  folders: string[];
  count: number;
  complete: boolean;
}): string {
  const what = searchedFor(options.args); // "PDF files", "files and folders", …
  const one = what.replace(/\b(files|folders)\b/, (w) => w.slice(0, -1));
  const when = whenText(options.args, options.preset);
  const tail = `${when ? ` ${when},` : ''} in ${whereText(options.folders)}`;
  if (options.count === 0) return options.complete ? `No ${what}${tail}` : `No ${what} yet${tail}`;
  const n = options.count.toLocaleString();
  const noun = options.count === 1 ? one : what;
  return options.complete ? `${n} ${noun}${tail}` : `At least ${n} ${what}${tail}`;
}
