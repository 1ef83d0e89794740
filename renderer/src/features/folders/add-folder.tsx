// Adding an allowed folder: the native dialog (Electron), drag-and-drop (Electron), or a typed
// path checked live through roots:check (headless). Used by the first run and the Folders screen.
import { useId, useRef, useState } from 'react';
import type { DragEvent, FormEvent, ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { Button, ErrorCallout, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { Field } from '../../ui/field.js';
import { useFolderCheck, type FolderCheck } from './folder-check.js';
import type { IpcError } from '#shared/errors/ipc-error.js';
import './folders.css';

const CHECK_DELAY_MS = 300;

/** The "add a folder" form. */
export function AddFolder(props: {
  onAdded?(roots: RootView[], added: string): void;
  compact?: boolean;
}): ReactNode {
  const { bridge, info, setRoots } = useApp();
  const native = info.features.nativeFolderDialog;
  const canDrop = bridge.pathForFile !== null;
  const [name, setName] = useState('');
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const { candidate, check, checking, checkError, changeCandidate: change } = useFolderCheck();
  const changeCandidate = (value: string, delay: number): void => {
    setAnnouncement('');
    change(value, delay);
  };
  const pathId = useId();
  const statusId = useId();

  const pick = useAction(() => bridge.invoke('roots:pickFolder', {}));
  const add = useAction((path: string, displayName: string | undefined) =>
    bridge.invoke('roots:add', displayName ? { path, name: displayName } : { path }),
  );
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
        <Field
          label="Folder path"
          id={pathId}
          describedBy={statusId}
          hint="Type or paste the full path of a folder on this computer. It is checked as you type."
        >
          {(control) => (
            <input
              {...control}
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
              aria-invalid={check !== null && !check.ok && !checking ? true : undefined}
              onChange={(e) => changeCandidate(e.target.value, CHECK_DELAY_MS)}
              data-testid="folder-path-input"
            />
          )}
        </Field>
      )}

      {pick.error ? <ErrorCallout error={pick.error} onDismiss={pick.clearError} /> : null}

      <CheckResult
        id={statusId}
        shown={candidate.trim() !== ''}
        checking={checking}
        check={check}
        checkError={checkError}
        announcement={announcement}
      />

      {ready ? (
        <div className="add-folder-row">
          <Field label="Display name" note="(optional)" grow>
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

/** What the check found, announced politely: checking, a problem, ready to add, warnings. */
function CheckResult(props: {
  id: string;
  shown: boolean;
  checking: boolean;
  check: FolderCheck | null;
  checkError: IpcError | null;
  announcement: string;
}): ReactNode {
  return (
    <div id={props.id} className="check-result" aria-live="polite" data-testid="folder-check">
      {props.shown && props.checking ? (
        <p className="muted inline-status">
          <Spinner /> Checking the folder…
        </p>
      ) : null}
      {props.shown && !props.checking && props.checkError ? (
        <ErrorCallout error={props.checkError} title="Could not check this folder" />
      ) : null}
      {props.shown && !props.checking && props.check && !props.check.ok ? (
        <p className="field-error" data-testid="folder-check-error">
          {props.check.error ?? 'This folder cannot be added.'}
        </p>
      ) : null}
      {props.shown && !props.checking && props.check?.ok ? (
        <div className="check-ok">
          <p className="check-path">
            <span className="check-ok-icon" aria-hidden="true">
              {Icon.check}
            </span>
            <span>
              Ready to add <code className="path">{props.check.path}</code>
            </span>
          </p>
        </div>
      ) : null}
      {props.shown && !props.checking && props.check && props.check.warnings.length > 0 ? (
        <ul
          className="warning-list"
          aria-label="Warnings about this folder"
          data-testid="folder-check-warnings"
        >
          {props.check.warnings.map((warning) => (
            <li key={warning}>
              <span aria-hidden="true">{Icon.warning}</span> {warning}
            </li>
          ))}
        </ul>
      ) : null}
      {props.announcement ? <p className="success-text">{props.announcement}</p> : null}
    </div>
  );
}
