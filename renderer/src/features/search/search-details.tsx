// What a search looked at: the numbers behind the answer, under Details.
import '../../app/later-words.js'; // its words come with the later screens
import type { ReactNode } from 'react';
import { formatCount, formatDuration, formatLocalFull } from '../../ui/format.js';
import type { Outcome } from './search-outcome.js';
import { useT } from '../../ui/i18n.js';
import { ERROR_TEXT_FIELDS } from '#shared/errors/errors.js';
import { t } from '#shared/i18n/i18n.js';

// A value of the request or answer as one readable line.
export function valueText(key: string, value: unknown): string {
  if (key === 'cursor' && typeof value === 'string')
    return t('search.details.characters', { count: value.length });
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

export function Lines(props: { rows: [string, string][]; testId?: string }): ReactNode {
  return (
    <dl className="search-details-list" data-testid={props.testId}>
      {props.rows.map(([label, value]) => (
        <div key={label} className="search-details-row">
          <dt>{label}:</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The developer's view of the last call, as label: value lines. */
export function SearchDetails(props: { outcome: Outcome }): ReactNode {
  const { outcome } = props;
  useT();
  const step = outcome.trail.at(-1);
  const request: [string, string][] = Object.entries({
    ...outcome.args,
    ...(step?.cursor ? { cursor: step.cursor } : {}),
  }).map(([key, value]) => [key, valueText(key, value)]);
  const run = outcome.run;
  const figures: [string, string][] = run?.ok
    ? [
        [
          t('search.details.scanned'),
          t('search.details.scannedValue', {
            files: t('search.results.files', { count: run.result.stats.scannedFiles }),
            folders: t('search.details.folders', { count: run.result.stats.scannedDirectories }),
          }),
        ],
        [t('search.details.time'), formatDuration(run.elapsedMs)],
        [t('search.details.returned'), formatCount(run.result.stats.returned)],
        [
          t('search.details.morePages'),
          run.result.nextCursor
            ? t('search.details.yesCursor', { count: run.result.nextCursor.length })
            : t('search.details.no'),
        ],
        [t('search.details.range'), rangeWords(run.result.range)],
      ]
    : run
      ? [[t('search.details.time'), formatDuration(run.elapsedMs)]]
      : [];
  const error = outcome.failure ?? (run && !run.ok ? run.error : null);
  const errorRows: [string, string][] = error
    ? [
        [ERROR_TEXT_FIELDS[0], error.code],
        [ERROR_TEXT_FIELDS[1], error.message],
        [ERROR_TEXT_FIELDS[2], error.fix],
      ]
    : [];
  return (
    <details className="details search-details" data-testid="search-details">
      <summary>{t('search.details.summary')}</summary>
      <div
        className="search-details-body"
        role="region"
        aria-label={t('search.details.region')}
        tabIndex={0}
      >
        <p className="muted">{t('search.details.intro')}</p>
        {figures.length > 0 ? <Lines rows={figures} testId="search-stats" /> : null}
        <h3 className="search-details-heading">{t('search.details.request')}</h3>
        <Lines rows={request} testId="search-request" />
        <h3 className="search-details-heading">{t('search.details.answer')}</h3>
        {errorRows.length > 0 ? <Lines rows={errorRows} /> : null}
        {run?.ok ? <p className="search-details-summary">{run.summary}</p> : null}
      </div>
    </details>
  );
}

/** The range searched as the person reads dates: "Nov 20, 2026, 9:00 AM to …", "Before …", "Any time". */
export function rangeWords(range: { from: string | null; to: string | null }): string {
  const from = range.from === null ? null : formatLocalFull(range.from);
  const to = range.to === null ? null : formatLocalFull(range.to);
  if (from !== null && to !== null) return t('search.details.rangeValue', { from, to });
  if (from !== null) return t('search.details.rangeFrom', { from });
  if (to !== null) return t('search.details.rangeBefore', { to });
  return t('search.details.rangeAny');
}
