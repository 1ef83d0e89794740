// Who may search a folder and for how long, on its row in Folders: "Who may search: All connected
// apps" (or "Claude Desktop and Cursor") with Change, and while a time is set "Allowed until 15:00
// today", or once it passed "Access ended at 15:00" with Allow again. Saved through
// 'roots:setAccess'; every server applies it at its next call, and refuses the folder from the
// moment its time ends even with this app closed (shared/settings/folder-access-rules.ts).
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import {
  accessEndedText,
  allowedUntilText,
  appsInWords,
} from '#shared/i18n/folder-access-words.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';
import { FolderAccessForm } from './folder-access-form.js';
import './folders.css';

/** The time now, moved on when `until` comes (so an ended folder says so without a reload). */
function useNowPast(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const wait = Date.parse(until) - Date.now();
    if (wait <= 0) return setNow(Date.now());
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait + 50, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [until]);
  return now;
}

/** The access lines of one folder, with their form. */
export function FolderAccess(props: { path: string; name: string }): ReactNode {
  const { view, bridge, setView } = useApp();
  const t = useT();
  const root = view.settings.roots.find((r) => r.path === props.path);
  const apps = root?.apps ?? null;
  const until = root?.until ?? null;
  const now = useNowPast(until);
  const ended = until !== null && Date.parse(until) <= now;
  const [open, setOpen] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const closedByPerson = useRef(false);
  const again = useAction(() =>
    bridge.invoke('roots:setAccess', { path: props.path, apps, until: null }),
  );
  useEffect(() => {
    if (!open && closedByPerson.current) {
      closedByPerson.current = false;
      changeRef.current?.focus();
    }
  }, [open]);
  const close = (): void => {
    closedByPerson.current = true;
    setOpen(false);
  };
  const onAllowAgain = async (): Promise<void> => {
    const result = await again.run();
    if (result) setView(result);
  };

  return (
    <div className="file-types folder-access" data-testid="folder-access">
      <p className="file-types-line">
        <span className="muted">{t('folderAccess.whoLine')}</span>
        <span data-testid="access-apps">{appsInWords(apps)}</span>
        {!open ? (
          <Button
            ref={changeRef}
            size="sm"
            variant="ghost"
            onClick={() => setOpen(true)}
            aria-label={t('folderAccess.changeLabel', { name: props.name })}
            data-testid="access-edit"
          >
            {t('folderAccess.change')}
          </Button>
        ) : null}
      </p>
      {until !== null && !ended ? (
        <p className="field-hint" data-testid="access-until">
          {allowedUntilText(new Date(until), new Date(now))}
        </p>
      ) : null}
      {until !== null && ended ? (
        <div className="access-ended" data-testid="access-ended">
          <p className="root-hint">
            <strong>{accessEndedText(new Date(until), new Date(now))}</strong>{' '}
            {t('folderAccess.endedHint')}
          </p>
          <Button
            size="sm"
            onClick={() => void onAllowAgain()}
            busy={again.busy}
            busyLabel={t('folderAccess.saving')}
            aria-label={t('folderAccess.allowAgainLabel', { name: props.name })}
            data-testid="access-allow-again"
          >
            {t('folderAccess.allowAgain')}
          </Button>
        </div>
      ) : null}
      {again.error ? (
        <ErrorCallout
          error={again.error}
          title={t('folderAccess.notSaved')}
          onDismiss={again.clearError}
        />
      ) : null}
      {open ? (
        <FolderAccessForm
          path={props.path}
          name={props.name}
          apps={apps}
          until={ended ? null : until}
          onDone={close}
        />
      ) : null}
    </div>
  );
}
