// What a search looked at: the numbers behind the answer, under Details.
import type { ReactNode } from 'react';
import { formatDuration, plural } from '../../ui/format.js';
import type { Outcome } from './search-outcome.js';

// A value of the request or answer as one readable line.
export function valueText(key: string, value: unknown): string {
  if (key === 'cursor' && typeof value === 'string') return `(${value.length} characters)`;
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
  const step = outcome.trail.at(-1);
  const request: [string, string][] = Object.entries({
    ...outcome.args,
    ...(step?.cursor ? { cursor: step.cursor } : {}),
  }).map(([key, value]) => [key, valueText(key, value)]);
  const run = outcome.run;
  const figures: [string, string][] = run?.ok
    ? [
        [
          'Scanned',
          `${plural(run.result.stats.scannedFiles, 'file')} and ${plural(run.result.stats.scannedDirectories, 'folder')}`,
        ],
        ['Time', formatDuration(run.elapsedMs)],
        ['Returned', String(run.result.stats.returned)],
        [
          'More pages',
          run.result.nextCursor
            ? `yes (next cursor: ${run.result.nextCursor.length} characters)`
            : 'no',
        ],
        [
          'Range searched',
          `${run.result.range.from ?? 'no start'} to ${run.result.range.to ?? 'no end'}`,
        ],
      ]
    : run
      ? [['Time', formatDuration(run.elapsedMs)]]
      : [];
  const error = outcome.failure ?? (run && !run.ok ? run.error : null);
  const errorRows: [string, string][] = error
    ? [
        ['ErrorCode', error.code],
        ['Message', error.message],
        ['Fix', error.fix],
      ]
    : [];
  return (
    <details className="details search-details" data-testid="search-details">
      <summary>Details of this search</summary>
      <div
        className="search-details-body"
        role="region"
        aria-label="Details of the last search"
        tabIndex={0}
      >
        <p className="muted">What the preview sent to fs.search_by_time, and its answer.</p>
        {figures.length > 0 ? <Lines rows={figures} testId="search-stats" /> : null}
        <h3 className="search-details-heading">Request</h3>
        <Lines rows={request} testId="search-request" />
        <h3 className="search-details-heading">Answer</h3>
        {errorRows.length > 0 ? <Lines rows={errorRows} /> : null}
        {run?.ok ? <p className="search-details-summary">{run.summary}</p> : null}
      </div>
    </details>
  );
}
