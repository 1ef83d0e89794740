// Adding an allowed folder: the native dialog (Electron), drag-and-drop (Electron), or a typed
// path checked live through roots:check (headless). Used by the first run and the Folders screen.
import { useEffect, useId, useRef, useState } from 'react';
import type { DragEvent, FormEvent, ReactNode } from 'react';
import type { IpcResponse, RootView } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { Button, ErrorCallout, Icon, Spinner } from '../../ui/ui.js';
import './folders.css';

type FolderCheck = IpcResponse<'roots:check'>;

const CHECK_DELAY_MS = 300;

/** The "add a folder" form. */
export function AddFolder(props: {
  onAdded?(roots: RootView[], added: string): void;
  compact?: boolean;
}): ReactNode {
  const { bridge, info, setRoots } = useApp();
  const native = info.features.nativeFolderDialog;
  const canDrop = bridge.pathForFile !== null;
  const [candidate, setCandidate] = useState('');
  const [name, setName] = useState('');
  const [check, setCheck] = useState<FolderCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const checkId = useRef(0);
  const pathId = useId();
  const nameId = useId();
  const statusId = useId();

  const checkAction = useAction((path: string) => bridge.invoke('roots:check', { path }));
  const pick = useAction(() => bridge.invoke('roots:pickFolder', {}));
  const add = useAction((path: string, displayName: string | undefined) =>
    bridge.invoke('roots:add', displayName ? { path, name: displayName } : { path }),
  );
  const runCheck = checkAction.run;
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Checks the path after a pause in typing (at once for a picked or dropped folder); only the
  // answer for the latest path is shown.
  const changeCandidate = (value: string, delay: number): void => {
    setCandidate(value);
    setAnnouncement('');
    window.clearTimeout(timer.current);
    const id = ++checkId.current;
    const path = value.trim();
    if (path === '') {
      setCheck(null);
      setChecking(false);
      return;
    }
    setChecking(true);
    timer.current = window.setTimeout(() => {
      void runCheck(path).then((result) => {
        if (id !== checkId.current) return;
        setChecking(false);
        setCheck(result ?? null);
      });
    }, delay);
  };

  const choose = (path: string): void => {
    setName('');
    changeCandidate(path, 0);
  };

  const reset = (): void => {
    changeCandidate('', 0);
    setName('');
    add.clearError();
  };

  const onPick = async (): Promise<void> => {
    const result = await pick.run();
    if (result?.path) choose(result.path);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file || !bridge.pathForFile) return;
    const path = bridge.pathForFile(file);
    if (path) choose(path);
  };

  const ready = check !== null && check.ok && !checking;
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!ready || !check) return;
    const displayName = name.trim() || undefined;
    const result = await add.run(check.path, displayName);
    if (!result) return;
    const added = displayName ?? check.suggestedName;
    setRoots(result.roots);
    reset();
    // The Add button goes away with the check: focus returns to the start of the form (the path
    // or Choose folder), ready for another folder, instead of falling to the page.
    formRef.current?.querySelector<HTMLElement>('input, button:not(:disabled)')?.focus();
    setAnnouncement(`Added “${added}”.`);
    props.onAdded?.(result.roots, added);
  };

  const showDetails = candidate.trim() !== '';

  return (
    <form
      ref={formRef}
      className={`add-folder ${props.compact ? 'add-folder-compact' : ''}`}
      onSubmit={(e) => void onSubmit(e)}
      aria-label="Add a folder"
    >
      {native ? (
        <div
          className={`dropzone ${dragging ? 'dropzone-active' : ''}`}
          onDragOver={
            canDrop
              ? (e) => {
                  e.preventDefault();
                  setDragging(true);
                }
              : undefined
          }
          onDragLeave={canDrop ? () => setDragging(false) : undefined}
          onDrop={canDrop ? onDrop : undefined}
          data-testid="folder-dropzone"
        >
          <span className="dropzone-icon" aria-hidden="true">
            {Icon.folder}
          </span>
          <div className="dropzone-text">
            <Button
              variant="primary"
              onClick={() => void onPick()}
              busy={pick.busy}
              busyLabel="Waiting for your choice…"
              data-testid="choose-folder"
            >
              Choose a folder…
            </Button>
            {canDrop ? <span className="muted">or drag a folder here</span> : null}
          </div>
        </div>
      ) : (
        <div className="field">
          <label className="field-label" htmlFor={pathId}>
            Folder path
          </label>
          <input
            id={pathId}
            className="input input-mono"
            type="text"
            value={candidate}
            placeholder={
              info.platform === 'win32'
                ? 'e.g. C:\\Users\\you\\Documents'
                : `e.g. ${info.homeDir || '/home/you'}/Documents`
            }
            autoComplete="off"
            spellCheck={false}
            aria-describedby={statusId}
            aria-invalid={check !== null && !check.ok && !checking ? true : undefined}
            onChange={(e) => changeCandidate(e.target.value, CHECK_DELAY_MS)}
            data-testid="folder-path-input"
          />
          <p className="field-hint">
            Type or paste the full path of a folder on this computer. It is checked as you type.
          </p>
        </div>
      )}

      {pick.error ? <ErrorCallout error={pick.error} onDismiss={pick.clearError} /> : null}

      <div id={statusId} className="check-result" aria-live="polite" data-testid="folder-check">
        {showDetails && checking ? (
          <p className="muted inline-status">
            <Spinner /> Checking the folder…
          </p>
        ) : null}
        {showDetails && !checking && checkAction.error ? (
          <ErrorCallout error={checkAction.error} title="Could not check this folder" />
        ) : null}
        {showDetails && !checking && check && !check.ok ? (
          <p className="field-error" data-testid="folder-check-error">
            {check.error ?? 'This folder cannot be added.'}
          </p>
        ) : null}
        {showDetails && !checking && check?.ok ? (
          <div className="check-ok">
            <p className="check-path">
              <span className="check-ok-icon" aria-hidden="true">
                {Icon.check}
              </span>
              <span>
                Ready to add <code className="path">{check.path}</code>
              </span>
            </p>
          </div>
        ) : null}
        {showDetails && !checking && check && check.warnings.length > 0 ? (
          <ul
            className="warning-list"
            aria-label="Warnings about this folder"
            data-testid="folder-check-warnings"
          >
            {check.warnings.map((warning) => (
              <li key={warning}>
                <span aria-hidden="true">{Icon.warning}</span> {warning}
              </li>
            ))}
          </ul>
        ) : null}
        {announcement ? <p className="success-text">{announcement}</p> : null}
      </div>

      {ready ? (
        <div className="add-folder-row">
          <div className="field field-grow">
            <label className="field-label" htmlFor={nameId}>
              Display name <span className="muted">(optional)</span>
            </label>
            <input
              id={nameId}
              className="input"
              type="text"
              value={name}
              maxLength={200}
              placeholder={check.suggestedName}
              onChange={(e) => setName(e.target.value)}
              data-testid="folder-name-input"
            />
          </div>
          <div className="add-folder-actions">
            {native ? (
              <Button variant="ghost" onClick={reset}>
                Cancel
              </Button>
            ) : null}
            <Button
              type="submit"
              variant="primary"
              busy={add.busy}
              busyLabel="Adding…"
              data-testid="add-folder"
            >
              Add folder
            </Button>
          </div>
        </div>
      ) : !native ? (
        <div className="add-folder-row add-folder-row-end">
          <Button type="submit" variant="primary" disabled data-testid="add-folder">
            Add folder
          </Button>
        </div>
      ) : null}
      {add.error ? (
        <ErrorCallout
          error={add.error}
          title="The folder was not added"
          onDismiss={add.clearError}
        />
      ) : null}
    </form>
  );
}
