// One call in full: what happened, when, which app, how long, the arguments in words (the exact
// JSON one click away), the files the AI was shown (copy path; show in folder on the desktop)
// and, for an error, what happened and what to do in plain words (shared/person-errors.ts), the
// code and the AI's message under Details.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { clientNameWithClaim, describeActivity } from '#shared/activity/activity-describe.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { UNKNOWN_ERROR_CODE } from '#shared/errors/error-codes.js';
import { personError } from '#shared/errors/person-errors.js';
import { toIpcError } from '../../app/bridge.js';
import { errorFix, outcomeLabel, readableArgs } from './activity-view.js';
import { PageRequests } from './activity-pages.js';
import { useApp } from '../../app/app-state.js';
import { formatDuration, formatLocalFull } from '../../ui/format.js';
import { Badge, Button } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useT } from '../../ui/i18n.js';
import { t as translate } from '#shared/i18n/i18n.js';
import { isSearchTool } from '#shared/tools/search-names.js';
import { RESOURCE_READ_TOOL } from '#shared/tools/resource-names.js';
import { PROMPT_GET } from '#shared/activity/activity-names.js';

/** What a call used, as Control names it ("Find files by date"); a name it does not know as is. */
export function toolTitle(tool: string): string {
  if (isSearchTool(tool)) return translate('control.tools.search.title');
  if (tool === 'logic_list' || tool === 'logic_get')
    return translate(`control.tools.${tool}.title`);
  if (tool === RESOURCE_READ_TOOL) return translate('control.tools.resources.title');
  if (tool === PROMPT_GET) return translate('control.tools.prompts.title');
  return tool;
}

/** Paths listed before "Show all". */
const FIRST_PATHS = 50;

/** The details pane of the selected call. */
export function ActivityDetails(props: {
  record: ActivityRecord;
  /** A preview search over several folders: each page's record (preview-groups.ts). */
  pages?: ActivityRecord[] | undefined;
}): ReactNode {
  const { record } = props;
  const outcome = outcomeLabel(record);
  const t = useT();
  const problem =
    record.outcome === 'error'
      ? personError({
          code: record.errorCode ?? UNKNOWN_ERROR_CODE,
          message: record.errorMessage ?? '',
          fix: '',
        })
      : null;
  const args = readableArgs(record.args);
  const search = record.search;
  return (
    <div className="activity-details" data-testid="activity-details">
      <h2 className="card-title activity-details-title" tabIndex={-1} data-details-title>
        {describeActivity(record)}
      </h2>
      <dl className="meta activity-facts">
        <div>
          <dt>{t('activityDetails.when')}</dt>
          <dd>{formatLocalFull(record.time)}</dd>
        </div>
        <div>
          <dt>{t('activityDetails.app')}</dt>
          <dd>
            <span data-testid="activity-app">{clientNameWithClaim(record.client)}</span>
            {record.client?.version ? (
              <span className="muted">
                {t('activityDetails.version', { version: record.client.version })}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('activityDetails.outcome')}</dt>
          <dd>
            <Badge tone={outcome.tone}>{outcome.label}</Badge>
            {record.security ? <span>{t('activityDetails.security')}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('activityDetails.took')}</dt>
          <dd>{formatDuration(record.durationMs)}</dd>
        </div>
        <div>
          <dt>{t('activityDetails.tool')}</dt>
          <dd>{toolTitle(record.tool)}</dd>
        </div>
        {/* What a search found, only when it answered; a cancelled one says how far it got; a
            refused or failed one looked at nothing worth a "0 matches" line. */}
        {search && record.outcome === 'ok' ? (
          <div>
            <dt>{t('activityDetails.found')}</dt>
            <dd data-testid="activity-found">
              {t('activityDetails.matches', { count: search.matchCount })}
              {search.partial ? t('activityDetails.moreAvailable') : ''}
              {t('activityDetails.lookedAt', {
                files: t('activityDetails.files', { count: search.scannedFiles }),
                folders: t('activityDetails.folders', { count: search.scannedDirectories }),
              })}
            </dd>
          </div>
        ) : search && record.outcome === 'cancelled' && search.scannedFiles > 0 ? (
          <div>
            <dt>{t('activityDetails.stopped')}</dt>
            <dd data-testid="activity-found">
              {t('activityDetails.stoppedAfter', {
                files: t('activityDetails.files', { count: search.scannedFiles }),
                folders: t('activityDetails.folders', { count: search.scannedDirectories }),
              })}
            </dd>
          </div>
        ) : null}
      </dl>

      {record.outcome === 'error' ? (
        <div
          className={`callout ${record.security ? 'callout-error' : 'callout-warning'}`}
          data-testid="activity-error"
        >
          <div className="callout-body">
            <p className="callout-context">
              {record.security ? t('activityDetails.blocked') : outcome.label}
            </p>
            <p className="callout-title">{problem?.title}</p>
            <p className="callout-fix">
              <span className="callout-fix-label">{t('common.error.whatToDo')}</span>{' '}
              {errorFix(record.errorCode, record.decision?.by)}
            </p>
            <details className="callout-details">
              <summary>{t('common.error.details')}</summary>
              <p>
                {t('common.error.codeLabel')}{' '}
                <code className="error-code">{record.errorCode ?? t('common.unknown')}</code>
              </p>
              <p className="callout-details-label">{t('activityDetails.aiWasTold')}</p>
              <pre className="callout-details-text">
                {record.errorMessage ?? t('activityDetails.noMessage')}
              </pre>
            </details>
          </div>
        </div>
      ) : null}

      <h3 className="subheading">{t('activityDetails.asked')}</h3>
      {args.length === 0 ? (
        <p className="muted">{t('activityDetails.noArgs')}</p>
      ) : (
        <dl className="meta activity-args" data-testid="activity-args">
          {args.map((a) => (
            <div key={a.label}>
              <dt>{a.label}</dt>
              <dd>{a.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {props.pages ? (
        <PageRequests pages={props.pages} />
      ) : (
        <details className="details">
          <summary>{t('activityDetails.exact')}</summary>
          {/* It may scroll: a tab stop with a name, so the keyboard can scroll it too. */}
          <pre
            className="code-block"
            tabIndex={0}
            role="region"
            aria-label={t('activityDetails.exact')}
          >
            {JSON.stringify(record.args, null, 2)}
          </pre>
        </details>
      )}

      {search && search.paths.length > 0 ? (
        <ShownFiles
          root={search.root}
          paths={search.paths}
          total={search.pathsTotal ?? search.paths.length}
        />
      ) : null}
    </div>
  );
}

function ShownFiles(props: { root: string | null; paths: string[]; total: number }): ReactNode {
  const [all, setAll] = useState(false);
  const shown = all ? props.paths : props.paths.slice(0, FIRST_PATHS);
  const t = useT();
  return (
    <>
      <h3 className="subheading">
        {t('activityDetails.shown', {
          count: props.total,
          where: props.root ? t('activityDetails.inRoot', { root: props.root }) : '',
        })}
      </h3>
      {props.total > props.paths.length ? (
        <p className="muted">{t('activityDetails.keptFirst', { count: props.paths.length })}</p>
      ) : null}
      <ul className="activity-paths" data-testid="activity-paths">
        {shown.map((p) => (
          <ShownFile key={p} root={props.root} path={p} />
        ))}
      </ul>
      {!all && props.paths.length > FIRST_PATHS ? (
        <Button size="sm" onClick={() => setAll(true)}>
          {t('activityDetails.showAll', { count: props.paths.length })}
        </Button>
      ) : null}
    </>
  );
}

function ShownFile(props: { root: string | null; path: string }): ReactNode {
  const { bridge, info } = useApp();
  const [note, setNote] = useState('');
  const t = useT();
  // The absolute path is built in main from the folder's name; the renderer never makes one up.
  const resolve = async (): Promise<string | null> => {
    if (!props.root) return null;
    return (await bridge.invoke('activity:resolvePath', { root: props.root, path: props.path }))
      .path;
  };
  const copy = async () => {
    try {
      const full = await resolve();
      await navigator.clipboard.writeText(full ?? props.path);
      setNote(full ? t('activityDetails.copied') : t('activityDetails.copiedNotAllowed'));
    } catch (error) {
      setNote(personError(toIpcError(error)).title);
    }
  };
  const reveal = async () => {
    try {
      const full = await resolve();
      if (!full) return setNote(t('activityDetails.notAllowed'));
      await bridge.invoke('shell:reveal', { path: full });
      setNote('');
    } catch (error) {
      setNote(personError(toIpcError(error)).title);
    }
  };
  return (
    <li className="activity-path">
      <span className="kind-icon" aria-hidden="true">
        {Icon.file}
      </span>
      <span className="path activity-path-text">{props.path}</span>
      <span className="activity-path-actions">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void copy()}
          aria-label={t('activityDetails.copyPathLabel', { path: props.path })}
        >
          {t('activityDetails.copyPath')}
        </Button>
        {info.features.revealInFolder ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void reveal()}
            aria-label={t('activityDetails.showInFolderLabel', { path: props.path })}
          >
            {t('activityDetails.showInFolder')}
          </Button>
        ) : null}
      </span>
      <span className="visually-hidden" role="status">
        {note}
      </span>
      {note ? (
        <span className="muted activity-path-note" aria-hidden="true">
          {note}
        </span>
      ) : null}
    </li>
  );
}
