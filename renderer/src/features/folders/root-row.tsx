// One allowed folder on the Folders screen: its name, path, state, file types and actions.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { EngineStatus, RootView } from '#shared/contract/ipc.js';
import { SearchReadiness } from './search-readiness.js';
import { FileTypeChooser } from './file-type-chooser.js';
import { Badge, Button, ErrorCallout } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import './folders.css';

export const STATE_LABELS: Record<
  RootView['state'],
  { label: string; tone: 'success' | 'warning' | 'danger'; hint: string }
> = {
  ok: { label: 'Available', tone: 'success', hint: 'The folder exists and can be read.' },
  missing: {
    label: 'Missing',
    tone: 'danger',
    hint: 'The folder does not exist any more (moved, renamed or on a disconnected drive).',
  },
  unreadable: {
    label: 'No access',
    tone: 'danger',
    hint: 'FolderGate is not allowed to read this folder.',
  },
  'not-a-folder': {
    label: 'Not a folder',
    tone: 'danger',
    hint: 'This path is a file, not a folder.',
  },
  replaced: {
    label: 'Moved or replaced',
    tone: 'danger',
    hint: 'This folder was moved or replaced: its location no longer leads to the folder you chose, so AI apps cannot search it. If the folder now there is the one you want (for example a project you downloaded again), choose “Use this folder”; otherwise remove it.',
  },
};

export function RootRow(props: {
  root: RootView;
  /** The search engine's state for this folder. */
  engine?: EngineStatus['folders'][number] | undefined;
  followLinks?: boolean;
  onRemove(): void;
  onConfirm(): void;
}): ReactNode {
  const { root } = props;
  const { bridge, setRoots } = useApp();
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const makeDefault = useAction(() => bridge.invoke('roots:setDefault', { path: root.path }));
  const state = STATE_LABELS[root.state];
  const nameId = useId();

  const stopEditing = (): void => {
    setEditing(false);
    window.setTimeout(() => renameButton.current?.focus(), 0);
  };

  const onMakeDefault = async (): Promise<void> => {
    const result = await makeDefault.run();
    if (result) setRoots(result.roots);
  };

  return (
    <li className="root-row" aria-labelledby={nameId} data-testid="root-row">
      <div className="icon-tile" aria-hidden="true">
        {Icon.folder}
      </div>
      <div className="root-main">
        {editing ? (
          <RenameForm root={root} nameId={nameId} onClose={stopEditing} />
        ) : (
          <div className="root-title">
            <span className="root-name" id={nameId}>
              {root.name}
            </span>
            {/* Badges only when something is wrong: a folder that works needs no label. */}
            {root.state !== 'ok' ? (
              <Badge tone={state.tone} title={state.hint}>
                {state.label}
              </Badge>
            ) : null}
          </div>
        )}
        <code className="path root-path" title={root.path}>
          {root.path}
        </code>
        {root.state === 'ok' ? (
          <SearchReadiness status={props.engine} followLinks={props.followLinks} />
        ) : null}
        {root.isDefault ? (
          <p className="root-default-note" data-testid="default-note">
            The default folder: AI apps search here when they don’t name a folder.
          </p>
        ) : null}
        {root.state !== 'ok' ? <p className="root-hint">{state.hint}</p> : null}
        {root.state === 'replaced' && root.nowAt !== null ? (
          <p className="root-hint" data-testid="root-now-at">
            Its location now leads to <code className="path">{root.nowAt}</code>
          </p>
        ) : null}
        {root.warnings.length > 0 ? (
          <ul className="warning-list" aria-label={`Warnings about ${root.name}`}>
            {root.warnings.map((warning) => (
              <li key={warning}>
                <span aria-hidden="true">{Icon.warning}</span> {warning}
              </li>
            ))}
          </ul>
        ) : null}
        {makeDefault.error ? (
          <ErrorCallout
            error={makeDefault.error}
            title="Could not change the default"
            onDismiss={makeDefault.clearError}
          />
        ) : null}
      </div>
      {!editing ? (
        <div className="root-actions">
          {!root.isDefault && root.state === 'ok' ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void onMakeDefault()}
              busy={makeDefault.busy}
              busyLabel="Saving…"
              aria-label={`Make default: ${root.name}`}
            >
              Make default
            </Button>
          ) : null}
          {root.state === 'replaced' ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={props.onConfirm}
              aria-label={`Use this folder for ${root.name}`}
              data-testid="use-folder"
            >
              Use this folder
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            ref={renameButton}
            onClick={() => setEditing(true)}
            aria-label={`Rename ${root.name}`}
          >
            Rename
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="btn-danger-text"
            onClick={props.onRemove}
            aria-label={`Remove ${root.name}`}
            data-testid="remove-root"
          >
            Remove
          </Button>
        </div>
      ) : null}
      <FileTypeChooser path={root.path} name={root.name} />
    </li>
  );
}

/** The folder's name as a small form: Save, Cancel or Escape; an empty name is refused here. */
function RenameForm(props: { root: RootView; nameId: string; onClose(): void }): ReactNode {
  const { root, nameId } = props;
  const { bridge, setRoots } = useApp();
  const [name, setName] = useState(root.name);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const rename = useAction((newName: string) =>
    bridge.invoke('roots:rename', { path: root.path, name: newName }),
  );
  const stopEditing = props.onClose;

  useEffect(() => inputRef.current?.select(), []);

  const onRename = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameProblem('Type a name for this folder, or press Cancel to keep “' + root.name + '”.');
      inputRef.current?.focus();
      return;
    }
    if (trimmed === root.name) {
      stopEditing();
      return;
    }
    const result = await rename.run(trimmed);
    if (result) {
      setRoots(result.roots);
      stopEditing();
    }
  };

  return (
    <>
      <form className="rename-form" onSubmit={(e) => void onRename(e)}>
        <label className="visually-hidden" htmlFor={`${nameId}-input`}>
          New name for {root.name}
        </label>
        <input
          id={`${nameId}-input`}
          ref={inputRef}
          className="input input-sm"
          value={name}
          maxLength={200}
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={nameProblem ? `${nameId}-problem` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setNameProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              stopEditing();
            }
          }}
          data-testid="rename-input"
        />
        <Button type="submit" size="sm" variant="primary" busy={rename.busy} busyLabel="Saving…">
          Save
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            stopEditing();
          }}
        >
          Cancel
        </Button>
        {nameProblem ? (
          <p
            className="field-error rename-problem"
            id={`${nameId}-problem`}
            data-testid="rename-problem"
          >
            {nameProblem}
          </p>
        ) : null}
      </form>
      {rename.error ? (
        <ErrorCallout error={rename.error} title="Could not rename" onDismiss={rename.clearError} />
      ) : null}
    </>
  );
}
