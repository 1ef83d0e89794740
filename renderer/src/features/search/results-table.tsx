// The search results as a table: one row per match, its dates over their times.
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcError } from '#shared/contract/ipc.js';
import { personError } from '#shared/errors/person-errors.js';
import type { SearchMatch } from '#shared/tools/search-by-time.js';
import { toIpcError } from '../../app/bridge.js';
import { Badge, Button } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { formatBytes, formatLocalFull, relativeTo } from '../../ui/format.js';
import type { FoundRow } from './search-merge.js';
import { useT } from '../../ui/i18n.js';
import { formatDate, formatTime } from '#shared/i18n/format.js';

/** A date over its time, so the column stays narrow. */
export function When(props: { iso: string | null }): ReactNode {
  const t = useT();
  if (props.iso === null) return <span className="muted">{t('search.table.notRecorded')}</span>;
  const date = new Date(props.iso);
  if (Number.isNaN(date.getTime())) return props.iso;
  return (
    <span className="when" title={formatLocalFull(props.iso)}>
      <span className="when-day">{formatDate(date)}</span>{' '}
      <span className="when-time">{formatTime(date)}</span>
    </span>
  );
}

export function ResultsTable(props: {
  rows: FoundRow[];
  /** The row to put the keyboard focus on (the first one "Show more" brought), if any. */
  focusRow?: number | null;
  /** Several folders were searched: each row says which one ("in Documents/taxes"). */
  showFolderName: boolean;
  reveal: boolean;
  onCopied(text: string): void;
}): ReactNode {
  const t = useT();
  return (
    <div className="search-table-wrap">
      <table className="table search-table" data-testid="search-table">
        <caption className="visually-hidden">
          {t('search.table.caption', { count: props.rows.length })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('search.table.name')}</th>
            <th scope="col" className="num">
              {t('search.table.size')}
            </th>
            <th scope="col">{t('search.table.modified')}</th>
            <th scope="col">{t('search.table.created')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('search.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => (
            <MatchRow
              key={row.path}
              focus={index === props.focusRow}
              match={row}
              rootPath={row.rootPath}
              rootName={props.showFolderName ? row.rootName : null}
              reveal={props.reveal}
              onCopied={props.onCopied}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MatchRow(props: {
  match: SearchMatch;
  rootPath: string | undefined;
  /** The allowed folder's name, shown first when several were searched. */
  rootName: string | null;
  reveal: boolean;
  onCopied(text: string): void;
  /** Takes the keyboard focus (its name) when this becomes true. */
  focus?: boolean;
}): ReactNode {
  const { match } = props;
  const nameCell = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    if (props.focus) nameCell.current?.focus();
  }, [props.focus]);
  const { bridge } = useApp();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [revealing, setRevealing] = useState(false);
  const [revealError, setRevealError] = useState<IpcError | null>(null);
  const t = useT();
  const shown = relativeTo(props.rootPath, match.path);
  const separator = shown.includes('\\') && !shown.includes('/') ? '\\' : '/';
  const segments = shown.split(separator);
  const name = segments.pop() || shown;
  const inRoot = segments.join(separator);
  const folder = props.rootName ? [props.rootName, inRoot].filter(Boolean).join('/') : inRoot;

  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = window.setTimeout(() => setCopyState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [copyState]);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(match.path);
      setCopyState('copied');
      props.onCopied(t('search.table.copiedPath', { name }));
    } catch {
      setCopyState('failed');
      props.onCopied(t('search.table.noClipboard'));
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
      <td className="search-cell-name" ref={nameCell} tabIndex={props.focus ? -1 : undefined}>
        <span className="cell-path-inner" title={match.path}>
          <span className="kind-icon" aria-hidden="true">
            {match.isDirectory ? Icon.smallFolder : Icon.file}
          </span>
          <span className="path-lines">
            <span className="path-name">{name}</span>
            {match.isDirectory ? <Badge>{t('search.table.folder')}</Badge> : null}
            {folder ? (
              <span className="path-folder">{t('search.table.inFolder', { folder })}</span>
            ) : null}
          </span>
        </span>
        {revealError ? <span className="field-error">{personError(revealError).title}</span> : null}
      </td>
      <td className="num" data-label={t('search.table.size')}>
        {match.isDirectory ? '—' : formatBytes(match.sizeBytes)}
      </td>
      <td data-label={t('search.table.modified')}>
        <When iso={match.modifiedAt} />
      </td>
      <td data-label={t('search.table.created')}>
        <When iso={match.createdAt} />
      </td>
      <td className="search-cell-actions">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void copy()}
          aria-label={t('search.table.copyLabel', { name })}
        >
          {copyState === 'copied'
            ? t('search.table.copied')
            : copyState === 'failed'
              ? t('search.table.copyFailed')
              : t('search.table.copy')}
        </Button>
        {props.reveal ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void reveal()}
            busy={revealing}
            busyLabel={t('search.table.opening')}
            aria-label={t('search.table.revealLabel', { name })}
          >
            {t('search.table.reveal')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
