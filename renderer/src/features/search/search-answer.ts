// The answer as the results' heading, in words: "6 PDF files changed in the last 7 days, in
// Documents", the same with the app's index's count while the first 25 show ("20,092 files …"),
// "At least 25 files …" while more may follow and none counted, "No PDF files …" when none.
import '../../app/later-words.js'; // its words come with the later screens
import { searchedFor } from '#shared/activity/activity-describe.js';
import type { RangePreset } from '../../ui/format.js';
import { t } from '#shared/i18n/i18n.js';
import { formatCount, formatDayLong } from '#shared/i18n/format.js';

/**
 * "Documents", "Documents and Pictures", "your 3 folders", or "6 of your 8 folders" when
 * `allowed` (all the folders the menu counts) is more than were searched.
 */
export function whereText(folders: string[], allowed = folders.length): string {
  if (folders.length === 1) return folders[0]!;
  if (folders.length === 2)
    return t('search.answer.two', { first: folders[0] ?? '', second: folders[1] ?? '' });
  return allowed > folders.length
    ? t('search.answer.some', { searched: folders.length, count: allowed })
    : t('search.answer.many', { count: folders.length });
}

const dayMonth = (iso: string) => formatDayLong(new Date(iso));

/** "changed in the last 7 days", "created today", "changed since 3 March", "" for any time. */
export function whenText(args: Record<string, unknown>, preset: RangePreset | null): string {
  const verb = t(args.timeField === 'created' ? 'describe.when.created' : 'describe.when.changed');
  if (preset === 'today' || preset === 'last7' || preset === 'last30')
    return t(`search.answer.${preset}`, { verb });
  const from = typeof args.from === 'string' ? args.from : null;
  const to = typeof args.to === 'string' ? args.to : null;
  if (from && to)
    return t('search.answer.between', { verb, from: dayMonth(from), to: dayMonth(to) });
  if (from) return t('search.answer.since', { verb, from: dayMonth(from) });
  if (to) return t('search.answer.before', { verb, to: dayMonth(to) });
  return '';
}

/** The heading: how many of what, when, where; `complete` false while more may follow. */
export function answerHeading(options: {
  args: Record<string, unknown>;
  preset: RangePreset | null;
  folders: string[];
  /** How many folders the menu's "All allowed folders" counts (searched and left out). */
  allowed?: number;
  count: number;
  complete: boolean;
  /** How many match in all, counted by the app's index before every match is listed. */
  total?: number | null;
}): string {
  const what = searchedFor(options.args); // "PDF files", "files and folders", …
  // English says "1 PDF file"; other languages' nouns do not change with the count.
  const one = what.replace(/\b(files|folders)\b/, (w) => w.slice(0, -1));
  const when = whenText(options.args, options.preset);
  const tail = t('search.answer.tail', {
    when: when ? t('search.answer.whenPart', { when }) : '',
    where: whereText(options.folders, options.allowed),
  });
  if (options.count === 0)
    return options.complete
      ? t('search.answer.none', { what, tail })
      : t('search.answer.noneYet', { what, tail });
  const total = options.complete ? null : (options.total ?? null);
  const count = total === null ? options.count : Math.max(total, options.count);
  const n = formatCount(count);
  const noun = count === 1 ? one : what;
  return options.complete || total !== null
    ? t('search.answer.count', { n, what: noun, tail })
    : t('search.answer.atLeast', { n, what, tail });
}
