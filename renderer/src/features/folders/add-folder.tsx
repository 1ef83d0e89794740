// Adding an allowed folder: one click on a usual folder (Documents, Desktop, …), the native
// dialog (Electron), drag-and-drop (Electron), or a typed path completed and checked live through
// roots:complete and roots:check (headless). A whole drive, the home folder or a system folder is
// asked about first. Used by the first run and the Folders screen.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import { FolderDropzone } from './folder-dropzone.js';
import { Field } from '../../ui/field.js';
import { useFolderCheck } from './folder-check.js';
import { CheckResult } from './check-result.js';
import { FolderSuggestions } from './folder-suggestions.js';
import { RiskDialog } from './folder-dialogs.js';
import './folders.css';
import { useT } from '../../ui/i18n.js';

const CHECK_DELAY_MS = 300;
/** Where the keyboard goes to give another folder: the path field, or Choose folder (Electron). */
const NEXT_WAY = '[data-testid="folder-path-input"], [data-testid="choose-folder"]';
const COMPLETE_DELAY_MS = 120;

/** The "add a folder" form. */
export function AddFolder(props: {
  onAdded?(roots: RootView[], added: string): void;
  compact?: boolean;
}): ReactNode {
  const { bridge, info, setRoots } = useApp();
  const native = info.features.nativeFolderDialog;
  const t = useT();
  const [name, setName] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [asking, setAsking] = useState(false);
  const [busyPath, setBusyPath] = useState<string | null>(null);
  const { candidate, check, checking, checkError, changeCandidate: change } = useFolderCheck();
  const completions = useCompletions(native ? '' : candidate);
  const changeCandidate = (value: string, delay: number): void => {
    setAnnouncement('');
    change(value, delay);
  };
  const pathId = useId();
  const statusId = useId();
  const listId = useId();

  const add = useAction((path: string, displayName: string | undefined) =>
    bridge.invoke('roots:add', displayName ? { path, name: displayName } : { path }),
  );
  // `focus`: the suggestion used goes away, so the keyboard goes to the path it filled in (where
  // Enter adds it) instead of falling to the page.
  const choose = (path: string, focus = false): void => {
    setName('');
    changeCandidate(path, 0);
    if (focus) document.getElementById(pathId)?.focus();
  };

  const reset = (): void => {
    changeCandidate('', 0);
    setName('');
    add.clearError();
  };

  const ready = check !== null && check.ok && !checking;
  const formRef = useRef<HTMLFormElement>(null);

  const addPath = async (path: string, displayName: string | undefined): Promise<boolean> => {
    const result = await add.run(path, displayName);
    if (!result) return false;
    const added = result.roots.find((r) => r.path === path)?.name ?? displayName ?? path;
    setRoots(result.roots);
    setAnnouncement(t('folders.add.added', { name: added }));
    props.onAdded?.(result.roots, added);
    return true;
  };

  const addChecked = async (): Promise<void> => {
    if (!check) return;
    setAsking(false);
    if (!(await addPath(check.path, name.trim() || undefined))) return;
    change('', 0); // not changeCandidate: the announcement of what was added stays
    setName('');
    // The Add button goes away with the check: focus returns to the way to give another folder
    // (the path, emptied, or Choose folder), never to a suggestion above it that may go away.
    formRef.current?.querySelector<HTMLElement>(NEXT_WAY)?.focus();
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (!ready || !check) return;
    if (check.risk !== null) setAsking(true);
    else void addChecked();
  };

  const onSuggestion = async (path: string): Promise<void> => {
    setBusyPath(path);
    try {
      // The suggestion goes away once its folder is allowed: the keyboard moves to the way to
      // give another folder (the path field, or Choose a folder…) instead of falling to the page.
      if (await addPath(path, undefined))
        formRef.current?.querySelector<HTMLElement>(NEXT_WAY)?.focus();
    } finally {
      setBusyPath(null);
    }
  };

  return (
    <form
      ref={formRef}
      className={`add-folder ${props.compact ? 'add-folder-compact' : ''}`}
      onSubmit={onSubmit}
      aria-label={t('folders.add.formLabel')}
    >
      <FolderSuggestions onAdd={onSuggestion} busyPath={busyPath} />
      {native ? (
        <FolderDropzone onChoose={choose} />
      ) : (
        <Field
          label={t('folders.add.pathLabel')}
          id={pathId}
          describedBy={statusId}
          hint={t('folders.add.pathHint')}
        >
          {(control) => (
            <input
              {...control}
              className="input input-mono"
              type="text"
              value={candidate}
              list={listId}
              placeholder={t('folders.add.pathExample', {
                path:
                  info.platform === 'win32'
                    ? 'C:\\Users\\you\\Documents'
                    : `${info.homeDir || '/home/you'}/Documents`,
              })}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={check !== null && !check.ok && !checking ? true : undefined}
              onChange={(e) => changeCandidate(e.target.value, CHECK_DELAY_MS)}
              data-testid="folder-path-input"
            />
          )}
        </Field>
      )}
      {!native ? (
        <datalist id={listId} data-testid="folder-completions">
          {completions.map((folder) => (
            <option key={folder} value={folder} />
          ))}
        </datalist>
      ) : null}

      <CheckResult
        id={statusId}
        shown={candidate.trim() !== ''}
        checking={checking}
        check={check}
        checkError={checkError}
        announcement={announcement}
        onUse={(path) => choose(path, true)}
      />

      {ready ? (
        <div className="add-folder-row">
          <Field label={t('folders.add.nameLabel')} note={t('folders.add.optional')} grow>
            {(control) => (
              <input
                {...control}
                className="input"
                type="text"
                value={name}
                maxLength={200}
                placeholder={check.suggestedName}
                onChange={(e) => setName(e.target.value)}
                data-testid="folder-name-input"
              />
            )}
          </Field>
          <div className="add-folder-actions">
            {native ? (
              <Button variant="ghost" onClick={reset}>
                {t('common.cancel')}
              </Button>
            ) : null}
            <Button
              type="submit"
              variant="primary"
              busy={add.busy && busyPath === null}
              busyLabel={t('folders.add.adding')}
              data-testid="add-folder"
            >
              {t('folders.addFolder')}
            </Button>
          </div>
        </div>
      ) : !native ? (
        <div className="add-folder-row add-folder-row-end">
          <Button type="submit" variant="primary" disabled data-testid="add-folder">
            {t('folders.addFolder')}
          </Button>
        </div>
      ) : null}
      {add.error ? (
        <ErrorCallout
          error={add.error}
          title={t('folders.add.notAdded')}
          onDismiss={add.clearError}
        />
      ) : null}
      <RiskDialog
        open={asking}
        risk={check?.risk ?? null}
        path={check?.path ?? ''}
        onConfirm={() => void addChecked()}
        onCancel={() => setAsking(false)}
      />
    </form>
  );
}

/** Folders completing the typed path (roots:complete), asked after a short pause in typing. */
function useCompletions(typed: string): string[] {
  const { bridge } = useApp();
  const [folders, setFolders] = useState<string[]>([]);
  useEffect(() => {
    const value = typed.trim();
    if (value === '') {
      setFolders([]);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      bridge.invoke('roots:complete', { path: value }).then(
        (answer) => current && setFolders(answer.folders.filter((f) => f !== value)),
        () => current && setFolders([]),
      );
    }, COMPLETE_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [bridge, typed]);
  return folders;
}
