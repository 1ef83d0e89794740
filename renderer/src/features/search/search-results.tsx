// The Search preview results: what was found ("Showing 101–200"), the matches with copy/reveal,
// paging at the bottom (Previous and Next), errors in the person's words, and the developer's
// figures (scan counts, time, the exact request and answer) as label: value lines under Details.
import { useId, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Button, Callout, EmptyState, ErrorCallout, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { showingText } from './search-args.js';
import { CREATED_TIME_NOTE } from './search-form-fields.js';
import { ResultsTable } from './results-table.js';
import { SearchDetails } from './search-details.js';
import type { Outcome, SearchBusy } from './search-outcome.js';

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
    body =
      error?.code === 'AccessPaused' ? (
        // The person's own choice, not a fault: said as information, with where to undo it.
        <div data-testid="search-paused">
          <Callout tone="info" title="AI access is paused" role="status">
            <p>
              While it is paused, AI apps get no results, and neither does this preview. Select
              “Resume AI access” at the top to search again.
            </p>
          </Callout>
        </div>
      ) : error ? (
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
