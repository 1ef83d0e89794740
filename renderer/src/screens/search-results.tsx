// The Search preview results: counts and stats, paging, the matches table with copy/reveal,
// errors as code/message/fix, and the raw exchange behind a "Details" disclosure.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcError, IpcResponse } from '../../../shared/ipc.js';
import type { SearchMatch } from '../../../shared/search-by-time.js';
import { toIpcError } from '../bridge.js';
import {
  Badge,
  Button,
  Callout,
  EmptyState,
  ErrorCallout,
  Icon,
  Section,
  Spinner,
} from '../components/ui.js';
import { useApp } from '../lib/app-state.js';
import {
  formatBytes,
  formatDuration,
  formatLocal,
  formatLocalFull,
  plural,
  relativeTo,
} from '../lib/format.js';

type SearchRun = IpcResponse<'search:run'>;

/** The last search: its arguments, page number, and the answer or the failure. */
export interface Outcome {
  args: Record<string, unknown>;
  page: number;
  run: SearchRun | null;
  failure: IpcError | null;
  rootPath: string | undefined;
}

/** Which call is running. */
export type SearchBusy = 'search' | 'next' | 'first' | null;

/** The results card. */
export function Results(props: {
  outcome: Outcome | null;
  busy: SearchBusy;
  onNext: (() => void) | null;
  onFirst: (() => void) | null;
}): ReactNode {
  const { outcome, busy } = props;
  const { info } = useApp();
  const [copied, setCopied] = useState('');

  let body: ReactNode;
  if (busy === 'search') {
    body = (
      <p className="muted inline-status">
        <Spinner /> Searching…
      </p>
    );
  } else if (!outcome) {
    body = (
      <EmptyState title="No search yet" icon={Icon.search}>
        Choose a folder and a time range above, then select <strong>Search</strong>. Nothing is sent
        to any AI app.
      </EmptyState>
    );
  } else if (outcome.failure) {
    body = (
      <ErrorCallout
        error={outcome.failure}
        title="The search could not run"
        testId="search-error"
      />
    );
  } else if (outcome.run && !outcome.run.ok) {
    body = (
      <ErrorCallout
        error={outcome.run.error}
        title="The search was refused"
        testId="search-error"
      />
    );
  } else if (outcome.run?.ok) {
    const { result, elapsedMs } = outcome.run;
    const { stats } = result;
    // A cursor with a page that is not full means the scan limits stopped the walk.
    const limit = typeof outcome.args.limit === 'number' ? outcome.args.limit : 100;
    const stoppedEarly = result.nextCursor !== null && result.matches.length < limit;
    body = (
      <>
        <div className="results-header">
          <div>
            <p className="results-count" data-testid="search-count">
              {plural(stats.returned, 'result')}
              {outcome.page > 1 ? <span className="muted"> · page {outcome.page}</span> : null}
            </p>
            <p className="muted results-stats" data-testid="search-stats">
              Scanned {plural(stats.scannedFiles, 'file')} and{' '}
              {plural(stats.scannedDirectories, 'folder')} in {formatDuration(elapsedMs)}
              {result.nextCursor ? ' · more results available' : ''}
            </p>
          </div>
          <div className="results-paging">
            {props.onFirst ? (
              <Button
                size="sm"
                onClick={props.onFirst}
                busy={busy === 'first'}
                busyLabel="Loading…"
                disabled={busy !== null}
              >
                First page
              </Button>
            ) : null}
            {props.onNext ? (
              <Button
                size="sm"
                variant="primary"
                onClick={props.onNext}
                busy={busy === 'next'}
                busyLabel="Loading…"
                disabled={busy !== null}
                data-testid="search-next"
              >
                Next page
              </Button>
            ) : null}
          </div>
        </div>
        {result.matches.length === 0 ? (
          <EmptyState title="Nothing matched" icon={Icon.search}>
            {result.nextCursor
              ? 'No matches in the part scanned so far. Select “Next page” to keep scanning.'
              : 'Try a wider time range, another folder, or remove the name pattern.'}
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
          <Callout tone="info" title="Only part of the folder was scanned" role="note">
            <p>
              The search reached its scan limit before it finished. Select “Next page” to keep
              scanning where it stopped, or narrow the folder, name pattern or time range.
            </p>
          </Callout>
        ) : null}
      </>
    );
  }

  return (
    <Section title="Results" className="results-card">
      <div aria-busy={busy !== null} data-testid="search-results">
        {body}
      </div>
      <p className="visually-hidden" role="status" data-testid="search-announcement">
        {announce(outcome, busy)}
      </p>
      <p className="visually-hidden" role="status">
        {copied}
      </p>
      {outcome ? (
        <details className="details" data-testid="search-details">
          <summary>Details</summary>
          <p className="muted">The exact arguments sent to fs.search_by_time and its answer.</p>
          {outcome.run?.ok ? <p className="results-summary">{outcome.run.summary}</p> : null}
          <pre className="code-block">
            <code>
              {JSON.stringify(
                {
                  arguments: outcome.args,
                  answer: outcome.run ?? {
                    error: outcome.failure && {
                      code: outcome.failure.code,
                      message: outcome.failure.message,
                      fix: outcome.failure.fix,
                    },
                  },
                },
                null,
                2,
              )}
            </code>
          </pre>
        </details>
      ) : null}
    </Section>
  );
}

/** One sentence for screen readers about the latest search (errors are role="alert"). */
function announce(outcome: Outcome | null, busy: SearchBusy): string {
  if (busy) return 'Searching…';
  if (!outcome?.run?.ok) return '';
  const { stats, nextCursor } = outcome.run.result;
  const page = outcome.page > 1 ? `, page ${outcome.page}` : '';
  return `${plural(stats.returned, 'result')}${page}${nextCursor ? '; more results available' : ''}.`;
}

function ResultsTable(props: {
  matches: SearchMatch[];
  rootPath: string | undefined;
  reveal: boolean;
  onCopied(text: string): void;
}): ReactNode {
  return (
    <div className="table-wrap">
      <table className="table" data-testid="search-table">
        <caption className="visually-hidden">Matches, {props.matches.length} rows</caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Kind</th>
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
      <td className="cell-path">
        <span className="cell-path-inner" title={match.path}>
          <span className="kind-icon" aria-hidden="true">
            {match.isDirectory ? Icon.smallFolder : Icon.file}
          </span>
          <span className="path-lines">
            <span className="path-name">{name}</span>
            {folder ? <span className="path-folder">in {folder}</span> : null}
          </span>
        </span>
        {revealError ? <span className="field-error">{revealError.message}</span> : null}
      </td>
      <td>{match.isDirectory ? <Badge>Folder</Badge> : <Badge tone="neutral">File</Badge>}</td>
      <td className="num">{match.isDirectory ? '—' : formatBytes(match.sizeBytes)}</td>
      <td title={formatLocalFull(match.modifiedAt)}>{formatLocal(match.modifiedAt)}</td>
      <td title={formatLocalFull(match.createdAt)}>{formatLocal(match.createdAt)}</td>
      <td className="cell-actions">
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
