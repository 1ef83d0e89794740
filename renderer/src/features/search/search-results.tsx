// The Search preview results: the answer as the heading ("6 PDF files changed in the last 7 days,
// in Documents"), the matches 25 at a time with "Show more", a live "Looked at 12,400 files…"
// with Stop while it runs, errors in the person's words, and the developer's figures of the last
// call (scan counts, time, the exact request and answer) as label: value lines under Details.
import { useId, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Button, Callout, EmptyState, ErrorCallout, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import type { RangePreset } from '../../ui/format.js';
import { createdTimeNote } from './search-form-fields.js';
import { ResultsTable } from './results-table.js';
import { SearchDetails } from './search-details.js';
import { LeftOutNote } from './search-left-out.js';
import { answerHeading } from './search-answer.js';
import type { SearchSession } from './use-search-session.js';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';

/** The results card. */
export function Results(props: {
  session: SearchSession | null;
  preset: RangePreset | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The row "Show more" brought first, which takes the keyboard focus once it is there. */
  focusRow: number | null;
  onShowMore(): void;
  onStop(): void;
}): ReactNode {
  const { session } = props;
  const { info } = useApp();
  const [copied, setCopied] = useState('');
  const headingId = useId();
  const t = useT();
  const paused = session?.failure?.code === 'AccessPaused';
  const heading = !session
    ? t('search.answer.results')
    : paused
      ? t('search.answer.paused')
      : answerHeading({
          args: session.args,
          preset: props.preset,
          folders: session.folders,
          allowed: session.folders.length + session.skipped.length,
          count: session.rows.length,
          complete: session.status === 'done',
          total: session.total,
        });
  const looked = session ? t('search.results.files', { count: session.scanned.files }) : '';

  let body: ReactNode;
  if (!session) {
    body = (
      <EmptyState title={t('search.results.noneTitle')} icon={Icon.search}>
        <Trans i18nKey="search.results.noneBody" components={[<strong key="search" />]} />
      </EmptyState>
    );
  } else if (paused) {
    // The person's own choice, not a fault: said as information, with where to undo it.
    body = (
      <div data-testid="search-paused">
        <Callout tone="info" title={t('search.results.pausedTitle')} role="status">
          <p>{t('search.results.pausedBody')}</p>
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
            title={
              session.last?.run ? t('search.results.refused') : t('search.results.couldNotRun')
            }
            testId="search-error"
          />
        ) : null}
        {session.rows.length > 0 ? (
          <ResultsTable
            rows={session.rows}
            focusRow={props.focusRow}
            showFolderName={session.folders.length > 1}
            reveal={info.features.revealInFolder}
            onCopied={setCopied}
          />
        ) : session.status === 'done' ? (
          <EmptyState
            title={t('search.results.nothingTitle')}
            icon={Icon.search}
            testId="search-nothing"
          >
            <p>{t('search.results.nothingBody')}</p>
            {byCreated ? (
              <p className="search-created-empty" data-testid="search-created-note">
                {createdTimeNote()} {t('search.results.createdTip')}
              </p>
            ) : null}
          </EmptyState>
        ) : null}
        {session.skipped.length > 0 ? (
          <p className="muted" data-testid="search-skipped">
            {t('search.results.skipped', { names: session.skipped.map((r) => r.name).join(', ') })}
          </p>
        ) : null}
        <LeftOutNote folders={session.folders} />
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
  const t = useT();
  if (session.status === 'running') {
    return (
      <div className="search-live" data-testid="search-live">
        <p className="muted inline-status">
          <Spinner />{' '}
          <span data-testid="search-looked">
            {session.scanned.files > 0
              ? t('search.results.looked', { files: props.looked })
              : t('search.form.searching')}
          </span>
        </p>
        <Button size="sm" onClick={props.onStop} data-testid="search-stop">
          {t('search.results.stop')}
        </Button>
      </div>
    );
  }
  if (session.status === 'stopped') {
    return (
      <Callout tone="info" title={t('search.results.stoppedTitle')} role="status">
        <p data-testid="search-stopped">
          {t(session.rows.length > 0 ? 'search.results.stopped' : 'search.results.stoppedNone', {
            files: props.looked,
          })}
        </p>
        <Button size="sm" onClick={props.onShowMore} data-testid="search-keep-going">
          {t('search.results.keepGoing')}
        </Button>
      </Callout>
    );
  }
  if (session.status === 'more') {
    return (
      <div className="search-more">
        <Button onClick={props.onShowMore} data-testid="search-show-more">
          {t('search.results.showMore')}
        </Button>
      </div>
    );
  }
  return null;
}
