// The Search preview results: the answer as the heading ("6 PDF files changed in the last 7 days,
// in Documents"), the matches 25 at a time with "Show more", a live "Looked at 12,400 files…"
// with Stop while it runs, errors in the person's words, and the developer's figures of the last
// call (scan counts, time, the exact request and answer) as label: value lines under Details.
import { useId, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Button, Callout, EmptyState, ErrorCallout, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { plural, type RangePreset } from '../../ui/format.js';
import { CREATED_TIME_NOTE } from './search-form-fields.js';
import { ResultsTable } from './results-table.js';
import { SearchDetails } from './search-details.js';
import { answerHeading } from './search-answer.js';
import type { SearchSession } from './use-search-session.js';

/** The results card. */
export function Results(props: {
  session: SearchSession | null;
  preset: RangePreset | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onShowMore(): void;
  onStop(): void;
}): ReactNode {
  const { session } = props;
  const { info } = useApp();
  const [copied, setCopied] = useState('');
  const headingId = useId();
  const heading = session
    ? answerHeading({
        args: session.args,
        preset: props.preset,
        folders: session.folders,
        count: session.rows.length,
        complete: session.status === 'done',
      })
    : 'Results';
  const looked = session ? plural(session.scanned.files, 'file') : '';

  let body: ReactNode;
  if (!session) {
    body = (
      <EmptyState title="No search yet" icon={Icon.search}>
        Choose a folder and what to look for above, then select <strong>Search</strong>. Nothing is
        sent to any AI app.
      </EmptyState>
    );
  } else if (session.failure?.code === 'AccessPaused') {
    // The person's own choice, not a fault: said as information, with where to undo it.
    body = (
      <div data-testid="search-paused">
        <Callout tone="info" title="AI access is paused" role="status">
          <p>
            While it is paused, AI apps get no results, and neither does this preview. Select
            “Resume AI access” at the top to search again.
          </p>
        </Callout>
      </div>
    );
  } else {
    const byCreated = session.args.timeField === 'created';
    body = (
      <>
        {session.failure ? (
          <ErrorCallout
            error={session.failure}
            title={session.last?.run ? 'The search was refused' : 'The search could not run'}
            testId="search-error"
          />
        ) : null}
        {session.rows.length > 0 ? (
          <ResultsTable
            rows={session.rows}
            showFolderName={session.folders.length > 1}
            reveal={info.features.revealInFolder}
            onCopied={setCopied}
          />
        ) : session.status === 'done' ? (
          <EmptyState title="Nothing matched" icon={Icon.search} testId="search-nothing">
            <p>
              Try a wider time range, another folder or file type, or a shorter part of the name.
            </p>
            {byCreated ? (
              <p className="search-created-empty" data-testid="search-created-note">
                {CREATED_TIME_NOTE} Searching by modified time may find what you are looking for.
              </p>
            ) : null}
          </EmptyState>
        ) : null}
        {session.skipped.length > 0 ? (
          <p className="muted" data-testid="search-skipped">
            Not searched now: {session.skipped.map((r) => r.name).join(', ')} (see Folders).
          </p>
        ) : null}
        <SessionFooter
          session={session}
          looked={looked}
          onShowMore={props.onShowMore}
          onStop={props.onStop}
        />
      </>
    );
  }

  return (
    <section className="card results-card" aria-labelledby={headingId}>
      <h2
        className="card-title results-title"
        id={headingId}
        tabIndex={-1}
        ref={props.headingRef}
        data-testid="search-answer"
      >
        {heading}
      </h2>
      <div aria-busy={session?.status === 'running'} data-testid="search-results">
        {body}
      </div>
      <p className="visually-hidden" role="status" data-testid="search-announcement">
        {session && session.status !== 'running' && !session.failure ? `${heading}.` : ''}
      </p>
      <p className="visually-hidden" role="status">
        {copied}
      </p>
      {session?.last ? <SearchDetails outcome={session.last} /> : null}
    </section>
  );
}

/** Under the rows: the live count with Stop, "Show more", or what a stop left. */
function SessionFooter(props: {
  session: SearchSession;
  looked: string;
  onShowMore(): void;
  onStop(): void;
}): ReactNode {
  const { session } = props;
  if (session.status === 'running') {
    return (
      <div className="search-live" data-testid="search-live">
        <p className="muted inline-status">
          <Spinner />{' '}
          <span data-testid="search-looked">
            {session.scanned.files > 0 ? `Looked at ${props.looked}…` : 'Searching…'}
          </span>
        </p>
        <Button size="sm" onClick={props.onStop} data-testid="search-stop">
          Stop
        </Button>
      </div>
    );
  }
  if (session.status === 'stopped') {
    return (
      <Callout tone="info" title="You stopped the search" role="status">
        <p data-testid="search-stopped">
          It had looked at {props.looked}. The files found so far are above.
        </p>
        <Button size="sm" onClick={props.onShowMore} data-testid="search-keep-going">
          Keep searching
        </Button>
      </Callout>
    );
  }
  if (session.status === 'more') {
    return (
      <div className="search-more">
        <Button onClick={props.onShowMore} data-testid="search-show-more">
          Show more
        </Button>
      </div>
    );
  }
  return null;
}
