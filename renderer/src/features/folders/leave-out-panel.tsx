// The "Leave out" panel of one allowed folder: what is left out, each with Remove; a subfolder
// added with the native folder dialog (desktop app) or typed as a full path (web host); a name
// pattern typed; and one-click suggestions the app core found near the top of the folder.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { LeaveOutChange } from '#shared/contract/leave-out-ipc.js';
import type { IpcError } from '#shared/contract/ipc.js';
import type { LeaveOut, LeaveOutSuggestion } from '#shared/settings/leave-out.js';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';

export function LeaveOutPanel(props: {
  path: string;
  name: string;
  saved: LeaveOut;
  onDone(): void;
}): ReactNode {
  const { bridge, view, setView, info } = useApp();
  const t = useT();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [suggestions, setSuggestions] = useState<LeaveOutSuggestion[]>([]);
  const [typingFolder, setTypingFolder] = useState(false);
  const [folder, setFolder] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { saved } = props;

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    let live = true;
    bridge
      .invoke('roots:leaveOutSuggestions', { path: props.path })
      .then((r) => live && setSuggestions(r.suggestions))
      .catch(() => undefined); // suggestions are a help, never in the way
    return () => {
      live = false;
    };
  }, [bridge, props.path, saved]);

  const apply = async (change: LeaveOutChange): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const { leaveOut } = await bridge.invoke('roots:setLeaveOut', { path: props.path, change });
      const roots = view.settings.roots.map((r) =>
        r.path === props.path ? { ...r, leaveOut } : r,
      );
      setView({ ...view, settings: { ...view.settings, roots } });
      return true;
    } catch (e) {
      setError(toIpcError(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onAddFolder = async (): Promise<void> => {
    if (!info.features.nativeFolderDialog) {
      setTypingFolder(true);
      return;
    }
    try {
      const picked = await bridge.invoke('roots:pickFolder', { within: props.path });
      if (picked.path) await apply({ op: 'addFolder', folder: picked.path });
    } catch (e) {
      setError(toIpcError(e));
    }
  };
  const onTypedFolder = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (folder.trim() === '') return;
    if (await apply({ op: 'addFolder', folder: folder.trim() })) setFolder('');
  };
  const onName = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const typed = name.trim();
    if (typed === '') return;
    if (/[/\\]/.test(typed)) {
      setNameError(t('leaveOut.nameInvalid'));
      return;
    }
    if (await apply({ op: 'addName', name: typed })) setName('');
  };

  return (
    <section
      className="leave-out-panel"
      aria-labelledby={`${id}-heading`}
      aria-busy={busy}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.preventDefault();
          props.onDone();
        }
      }}
      data-testid="leave-out-panel"
    >
      <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="leave-out-heading">
        {t('leaveOut.heading', { name: props.name })}
      </h3>
      <p className="muted">{t('leaveOut.intro')}</p>
      <h4 className="leave-out-subheading">{t('leaveOut.foldersHeading')}</h4>
      <ItemList
        items={saved.folders.map((f) => f.rel)}
        empty={t('leaveOut.noFolders')}
        onRemove={(rel) => void apply({ op: 'removeFolder', rel })}
        testId="leave-out-folders"
      />
      <div className="leave-out-add">
        <Button size="sm" onClick={() => void onAddFolder()} data-testid="leave-out-add-folder">
          {t('leaveOut.addFolder')}
        </Button>
      </div>
      {typingFolder ? (
        <form className="leave-out-form" onSubmit={(e) => void onTypedFolder(e)}>
          <label htmlFor={`${id}-folder`}>{t('leaveOut.folderField', { name: props.name })}</label>
          <div className="leave-out-row">
            <input
              id={`${id}-folder`}
              className="input input-sm"
              value={folder}
              placeholder={t('leaveOut.folderPlaceholder', { path: props.path })}
              onChange={(e) => setFolder(e.target.value)}
              autoFocus
              data-testid="leave-out-folder-input"
            />
            <Button type="submit" size="sm" busy={busy} data-testid="leave-out-folder-submit">
              {t('leaveOut.add')}
            </Button>
          </div>
        </form>
      ) : null}
      <h4 className="leave-out-subheading">{t('leaveOut.namesHeading')}</h4>
      <ItemList
        items={saved.names}
        empty={t('leaveOut.noNames')}
        onRemove={(n) => void apply({ op: 'removeName', name: n })}
        testId="leave-out-names"
      />
      <form className="leave-out-form" onSubmit={(e) => void onName(e)}>
        <label htmlFor={`${id}-name`}>{t('leaveOut.nameField')}</label>
        <div className="leave-out-row">
          <input
            id={`${id}-name`}
            className="input input-sm"
            value={name}
            maxLength={255}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            data-testid="leave-out-name-input"
          />
          <Button type="submit" size="sm" busy={busy} data-testid="leave-out-name-submit">
            {t('leaveOut.addName')}
          </Button>
        </div>
        {nameError ? (
          <p className="field-error" id={`${id}-name-error`}>
            {nameError}
          </p>
        ) : null}
      </form>
      {suggestions.length > 0 ? (
        <Suggestions items={suggestions} busy={busy} onPick={(change) => void apply(change)} />
      ) : null}
      {error ? (
        <ErrorCallout
          error={error}
          title={t('leaveOut.notSaved')}
          onDismiss={() => setError(null)}
        />
      ) : null}
      <div className="leave-out-actions">
        <Button variant="primary" size="sm" onClick={props.onDone} data-testid="leave-out-done">
          {t('leaveOut.done')}
        </Button>
      </div>
    </section>
  );
}

function ItemList(props: {
  items: string[];
  empty: string;
  onRemove(item: string): void;
  testId: string;
}): ReactNode {
  const t = useT();
  if (props.items.length === 0) return <p className="muted">{props.empty}</p>;
  return (
    <ul className="leave-out-list" data-testid={props.testId}>
      {props.items.map((item) => (
        <li key={item}>
          <code className="path">{item}</code>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => props.onRemove(item)}
            aria-label={t('leaveOut.removeLabel', { item })}
          >
            {t('leaveOut.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Suggestions(props: {
  items: LeaveOutSuggestion[];
  busy: boolean;
  onPick(change: LeaveOutChange): void;
}): ReactNode {
  const t = useT();
  const id = useId();
  return (
    <div className="leave-out-suggestions">
      <h4 className="leave-out-subheading" id={id}>
        {t('leaveOut.suggestionsHeading')}
      </h4>
      <ul className="chip-group" aria-labelledby={id} data-testid="leave-out-suggestions">
        {props.items.map((s) => (
          <li key={`${s.kind}:${s.value}`}>
            <button
              type="button"
              className="chip"
              disabled={props.busy}
              onClick={() =>
                props.onPick(
                  s.kind === 'folder'
                    ? { op: 'addFolder', folder: s.value }
                    : { op: 'addName', name: s.value },
                )
              }
            >
              {t(s.kind === 'folder' ? 'leaveOut.suggestFolder' : 'leaveOut.suggestName', {
                value: s.value,
              })}
              <span className="muted leave-out-why">
                {' · '}
                {t(s.why === 'private' ? 'leaveOut.whyPrivate' : 'leaveOut.whyNoisy')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
