// The Search preview results: what was found ("Showing 101–200"), the matches with copy/reveal,
// paging at the bottom (Previous and Next), errors in the person's words, and the developer's
// figures (scan counts, time, the exact request and answer) as label: value lines under Details.
import { useEffect, useId, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { IpcError, IpcResponse } from '#shared/contract/ipc.js';
import { personError } from '#shared/errors/person-errors.js';
import type { SearchMatch } from '#shared/tools/search-by-time.js';
import { toIpcError } from '../../app/bridge.js';
import { Badge, Button, Callout, EmptyState, ErrorCallout, Icon, Spinner } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import {
  formatBytes,
  formatDuration,
  formatLocalFull,
  plural,
  relativeTo,
} from '../../ui/format.js';
import { showingText } from './search-args.js';
import { CREATED_TIME_NOTE } from './search-form.js';

type SearchRun = IpcResponse<'search:run'>;

/** One page already shown: the cursor that fetched it (null for the first) and how many came before. */
export interface PageStep {
  cursor: string | null;
  offset: number;
}

/** The last search: its arguments (without cursor), the pages walked, and the answer or the failure. */
export interface Outcome {
  args: Record<string, unknown>;
  /** The pages from the first to the one shown; Previous goes back along it. */
  trail: PageStep[];
  run: SearchRun | null;
  failure: IpcError | null;
  rootPath: string | undefined;
}

/** Which call is running. */
export type SearchBusy = 'search' | 'next' | 'previous' | null;

/** The results card. */
export function Results(props: {
  outcome: Outcome | null;
  busy: SearchBusy;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
}): ReactNode {
  const { outcome, busy } = props;
  const { info } = useApp();
  const [copied, setCopied] = useState('');
  const headingId = useId();
  const step = outcome?.trail.at(-1) ?? { cursor: null, offset: 0 };

  let body: ReactNode;
  let paging: ReactNode = null;
  if (busy === 'search') {
    body = (
      <p className="muted inline-status">
        <Spinner /> Searching…
      </p>
    );
  } else if (!outcome) {
    body = (
      <EmptyState title="No search yet" icon={Icon.search}>
        Choose a folder and what to look for above, then select <strong>Search</strong>. Nothing is
        sent to any AI app.
      </EmptyState>
    );
  } else if (outcome.failure || (outcome.run && !outcome.run.ok)) {
    const error = outcome.failure ?? (outcome.run && !outcome.run.ok ? outcome.run.error : null);
    body = error ? (
      <ErrorCallout
        error={error}
        title={outcome.failure ? 'The search could not run' : 'The search was refused'}
        testId="search-error"
      />
    ) : null;
  } else if (outcome.run?.ok) {
    const { result } = outcome.run;
    const more = result.nextCursor !== null;
    // A cursor with a page that is not full means the scan limits stopped the walk.
    const limit = typeof outcome.args.limit === 'number' ? outcome.args.limit : 100;
    const stoppedEarly = more && result.matches.length < limit;
    const byCreated = outcome.args.timeField === 'created';
    body = (
      <>
        {result.matches.length > 0 || step.offset > 0 ? (
          <p className="results-count" data-testid="search-count">
            {showingText(step.offset, result.stats.returned, more)}
          </p>
        ) : null}
        {result.matches.length === 0 ? (
          <EmptyState title="Nothing matched" icon={Icon.search} testId="search-nothing">
            <p>
              {more
                ? 'No matches in the part searched so far. Select “Next” to keep looking.'
                : 'Try a wider time range, another folder or file type, or a shorter part of the name.'}
            </p>
            {byCreated ? (
              <p className="search-created-empty" data-testid="search-created-note">
                {CREATED_TIME_NOTE} Searching by modified time may find what you are looking for.
              </p>
            ) : null}
          </EmptyState>
        ) : (
          <ResultsTable
            matches={result.matches}
            rootPath={outcome.rootPath}
            reveal={info.features.revealInFolder}
            onCopied={setCopied}
          />
        )}
        {stoppedEarly ? (
          <Callout tone="info" title="Only part of the folder was searched" role="note">
            <p>
              The search stopped at its limit before it finished. Select “Next” to keep looking
              where it stopped, or narrow the folder, file type, name or time range.
            </p>
          </Callout>
        ) : null}
      </>
    );
    if (props.onPrevious || props.onNext) {
      paging = (
        <nav className="search-paging" aria-label="Pages of results" data-testid="search-paging">
          <Button
            size="sm"
            onClick={props.onPrevious ?? undefined}
            disabled={!props.onPrevious}
            busy={busy === 'previous'}
            busyLabel="Loading…"
            data-testid="search-previous"
          >
            ‹ Previous
          </Button>
          <span className="search-paging-text" data-testid="search-showing">
            {showingText(step.offset, result.stats.returned, more)}
          </span>
          <Button
            size="sm"
            onClick={props.onNext ?? undefined}
            disabled={!props.onNext}
            busy={busy === 'next'}
            busyLabel="Loading…"
            data-testid="search-next"
          >
            Next ›
          </Button>
        </nav>
      );
    }
  }

  return (
    <section className="card results-card" aria-labelledby={headingId}>
      <h2 className="card-title results-title" id={headingId} tabIndex={-1} ref={props.headingRef}>
        Results
      </h2>
      <div aria-busy={busy !== null} data-testid="search-results">
        {body}
      </div>
      {paging}
      <p className="visually-hidden" role="status" data-testid="search-announcement">
        {announce(outcome, busy)}
      </p>
      <p className="visually-hidden" role="status">
        {copied}
      </p>
      {outcome ? <SearchDetails outcome={outcome} /> : null}
    </section>
  );
}

/** One sentence for screen readers about the latest search (errors are role="alert"). */
function announce(outcome: Outcome | null, busy: SearchBusy): string {
  if (busy) return 'Searching…';
  if (!outcome?.run?.ok) return '';
  const { stats, nextCursor } = outcome.run.result;
  const offset = outcome.trail.at(-1)?.offset ?? 0;
  const text = showingText(offset, stats.returned, nextCursor !== null);
  return `${text}${nextCursor ? '; more on the next page' : ''}.`;
}

// A value of the request or answer as one readable line.
function valueText(key: string, value: unknown): string {
  if (key === 'cursor' && typeof value === 'string') return `(${value.length} characters)`;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

function Lines(props: { rows: [string, string][]; testId?: string }): ReactNode {
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
function SearchDetails(props: { outcome: Outcome }): ReactNode {
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

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const clockFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** A date over its time, so the column stays narrow. */
function When(props: { iso: string | null }): ReactNode {
  if (props.iso === null) return <span className="muted">Not recorded</span>;
  const date = new Date(props.iso);
  if (Number.isNaN(date.getTime())) return props.iso;
  return (
    <span className="when" title={formatLocalFull(props.iso)}>
      <span className="when-day">{dayFormat.format(date)}</span>{' '}
      <span className="when-time">{clockFormat.format(date)}</span>
    </span>
  );
}

function ResultsTable(props: {
  matches: SearchMatch[];
  rootPath: string | undefined;
  reveal: boolean;
  onCopied(text: string): void;
}): ReactNode {
  return (
    <div className="search-table-wrap">
      <table className="table search-table" data-testid="search-table">
        <caption className="visually-hidden">Matches, {props.matches.length} rows</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col">Modified</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.matches.map((match) => (
            <MatchRow
              key={match.path}
              match={match}
              rootPath={props.rootPath}
              reveal={props.reveal}
              onCopied={props.onCopied}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MatchRow(props: {
  match: SearchMatch;
  rootPath: string | undefined;
  reveal: boolean;
  onCopied(text: string): void;
}): ReactNode {
  const { match } = props;
  const { bridge } = useApp();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [revealing, setRevealing] = useState(false);
  const [revealError, setRevealError] = useState<IpcError | null>(null);
  const shown = relativeTo(props.rootPath, match.path);
  const separator = shown.includes('\\') && !shown.includes('/') ? '\\' : '/';
  const segments = shown.split(separator);
  const name = segments.pop() || shown;
  const folder = segments.join(separator);

  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = window.setTimeout(() => setCopyState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [copyState]);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(match.path);
      setCopyState('copied');
      props.onCopied(`Copied the path of ${name}.`);
    } catch {
      setCopyState('failed');
      props.onCopied('Could not copy: the clipboard is not available here.');
    }
  };

  const reveal = async (): Promise<void> => {
    setRevealing(true);
    setRevealError(null);
    try {
      await bridge.invoke('shell:reveal', { path: match.path });
    } catch (error) {
      setRevealError(toIpcError(error));
    } finally {
      setRevealing(false);
    }
  };

  return (
    <tr data-testid="search-row">
      <td className="search-cell-name">
        <span className="cell-path-inner" title={match.path}>
          <span className="kind-icon" aria-hidden="true">
            {match.isDirectory ? Icon.smallFolder : Icon.file}
          </span>
          <span className="path-lines">
            <span className="path-name">{name}</span>
            {match.isDirectory ? <Badge>Folder</Badge> : null}
            {folder ? <span className="path-folder">in {folder}</span> : null}
          </span>
        </span>
        {revealError ? <span className="field-error">{personError(revealError).title}</span> : null}
      </td>
      <td className="num" data-label="Size">
        {match.isDirectory ? '—' : formatBytes(match.sizeBytes)}
      </td>
      <td data-label="Modified">
        <When iso={match.modifiedAt} />
      </td>
      <td data-label="Created">
        <When iso={match.createdAt} />
      </td>
      <td className="search-cell-actions">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void copy()}
          aria-label={`Copy path of ${name}`}
        >
          {copyState === 'copied' ? 'Copied' : copyState === 'failed' ? 'Copy failed' : 'Copy path'}
        </Button>
        {props.reveal ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void reveal()}
            busy={revealing}
            busyLabel="Opening…"
            aria-label={`Show ${name} in its folder`}
          >
            Reveal
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
