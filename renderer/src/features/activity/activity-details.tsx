// One call in full: what happened, when, which app, how long, the arguments in words (the exact
// JSON one click away), the files the AI was shown (copy path; show in folder on the desktop)
// and, for an error, what happened and what to do in plain words (shared/person-errors.ts), the
// code and the AI's message under Details.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { clientDisplayName, describeActivity } from '#shared/activity/activity-describe.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { personError } from '#shared/errors/person-errors.js';
import { toIpcError } from '../../app/bridge.js';
import { errorFix, outcomeLabel, readableArgs } from './activity-view.js';
import { useApp } from '../../app/app-state.js';
import { formatDuration, formatLocalFull, plural } from '../../ui/format.js';
import { Badge, Button } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';

/** Paths listed before "Show all". */
const FIRST_PATHS = 50;

/** The details pane of the selected call. */
export function ActivityDetails(props: { record: ActivityRecord }): ReactNode {
  const { record } = props;
  const outcome = outcomeLabel(record);
  const problem =
    record.outcome === 'error'
      ? personError({
          code: record.errorCode ?? 'Unknown',
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
          <dt>When</dt>
          <dd>{formatLocalFull(record.time)}</dd>
        </div>
        <div>
          <dt>AI app</dt>
          <dd>
            {clientDisplayName(record.client)}
            {record.client?.version ? (
              <span className="muted"> (version {record.client.version})</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Outcome</dt>
          <dd>
            <Badge tone={outcome.tone}>{outcome.label}</Badge>
            {record.security ? (
              <span> — an attempt to reach outside your allowed folders</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Took</dt>
          <dd>{formatDuration(record.durationMs)}</dd>
        </div>
        <div>
          <dt>Tool</dt>
          <dd>
            <code>{record.tool}</code>
          </dd>
        </div>
        {/* What a search found, only when it answered; a cancelled one says how far it got; a
            refused or failed one looked at nothing worth a "0 matches" line. */}
        {search && record.outcome === 'ok' ? (
          <div>
            <dt>Found</dt>
            <dd data-testid="activity-found">
              {plural(search.matchCount, 'match', 'matches')}
              {search.partial ? ' (more available)' : ''} after looking at{' '}
              {plural(search.scannedFiles, 'file')} in {plural(search.scannedDirectories, 'folder')}
            </dd>
          </div>
        ) : search && record.outcome === 'cancelled' && search.scannedFiles > 0 ? (
          <div>
            <dt>Stopped</dt>
            <dd data-testid="activity-found">
              after looking at {plural(search.scannedFiles, 'file')} in{' '}
              {plural(search.scannedDirectories, 'folder')}
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
              {record.security
                ? 'Blocked: the AI app tried to reach outside your folders'
                : outcome.label}
            </p>
            <p className="callout-title">{problem?.title}</p>
            <p className="callout-fix">
              <span className="callout-fix-label">What to do:</span> {errorFix(record.errorCode)}
            </p>
            <details className="callout-details">
              <summary>Details</summary>
              <p>
                Code: <code className="error-code">{record.errorCode ?? 'Unknown'}</code>
              </p>
              <p className="callout-details-label">What the AI app was told:</p>
              <pre className="callout-details-text">
                {record.errorMessage ?? 'No message was recorded.'}
              </pre>
            </details>
          </div>
        </div>
      ) : null}

      <h3 className="subheading">What the AI app asked for</h3>
      {args.length === 0 ? (
        <p className="muted">Nothing: the call had no arguments.</p>
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
      <details className="details">
        <summary>Exact arguments (JSON)</summary>
        {/* It may scroll: a tab stop with a name, so the keyboard can scroll it too. */}
        <pre className="code-block" tabIndex={0} role="region" aria-label="Exact arguments (JSON)">
          {JSON.stringify(record.args, null, 2)}
        </pre>
      </details>

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
  return (
    <>
      <h3 className="subheading">
        What the AI app was shown ({plural(props.total, 'item')}
        {props.root ? ` in ${props.root}` : ''})
      </h3>
      {props.total > props.paths.length ? (
        <p className="muted">
          The log kept the first {props.paths.length.toLocaleString()} of them.
        </p>
      ) : null}
      <ul className="activity-paths" data-testid="activity-paths">
        {shown.map((p) => (
          <ShownFile key={p} root={props.root} path={p} />
        ))}
      </ul>
      {!all && props.paths.length > FIRST_PATHS ? (
        <Button size="sm" onClick={() => setAll(true)}>
          Show all {props.paths.length.toLocaleString()}
        </Button>
      ) : null}
    </>
  );
}

function ShownFile(props: { root: string | null; path: string }): ReactNode {
  const { bridge, info } = useApp();
  const [note, setNote] = useState('');
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
      setNote(full ? 'Copied' : 'Copied (the folder is no longer allowed)');
    } catch (error) {
      setNote(toIpcError(error).message);
    }
  };
  const reveal = async () => {
    try {
      const full = await resolve();
      if (!full) return setNote('This folder is no longer allowed.');
      await bridge.invoke('shell:reveal', { path: full });
      setNote('');
    } catch (error) {
      setNote(toIpcError(error).message);
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
          aria-label={`Copy path of ${props.path}`}
        >
          Copy path
        </Button>
        {info.features.revealInFolder ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void reveal()}
            aria-label={`Show ${props.path} in folder`}
          >
            Show in folder
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
