// Folders: the allowed roots with their state, default marker and warnings; add, rename,
// remove (with confirmation), make default, and use a moved or replaced folder's new one (with
// confirmation).
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { AddFolder } from './add-folder.js';
import { FileTypeChooser } from './file-type-chooser.js';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorCallout,
  Icon,
  PageHeader,
  Section,
  Spinner,
} from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import './folders.css';

const STATE_LABELS: Record<
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

/** The Folders screen. */
export function FoldersScreen(): ReactNode {
  const { roots, rootsError, refreshRoots } = useApp();
  // The dialogs keep showing their folder while they close.
  const [removing, setRemoving] = useState<{ root: RootView; open: boolean } | null>(null);
  const [confirming, setConfirming] = useState<{ root: RootView; open: boolean } | null>(null);
  const listId = useId();

  // Each visit looks at the disk again: a folder may have gone missing since the last one.
  useEffect(() => {
    void refreshRoots();
  }, [refreshRoots]);

  return (
    <>
      <PageHeader
        title="Folders"
        description="AI apps can search only the folders listed here, and nothing outside them. Changes apply to every connected AI app right away."
      />
      <Section title="Add a folder">
        <AddFolder />
      </Section>
      <Section title="Allowed folders" labelledBy={listId}>
        {rootsError ? (
          <ErrorCallout error={rootsError} title="Could not load your folders" />
        ) : roots === null ? (
          <p className="muted inline-status" role="status">
            <Spinner /> Loading folders…
          </p>
        ) : roots.length === 0 ? (
          <EmptyState title="No folders yet" icon={Icon.folder} testId="folders-empty">
            AI apps cannot search anything until you add a folder. Add one above — for example your
            Documents folder or a project folder.
          </EmptyState>
        ) : (
          <ul className="root-list" aria-label="Allowed folders" data-testid="root-list">
            {roots.map((root) => (
              <RootRow
                key={root.path}
                root={root}
                onRemove={() => setRemoving({ root, open: true })}
                onConfirm={() => setConfirming({ root, open: true })}
              />
            ))}
          </ul>
        )}
        {rootsError ? (
          <Button size="sm" onClick={() => void refreshRoots()}>
            Try again
          </Button>
        ) : null}
      </Section>
      <RemoveDialog
        root={removing?.root ?? null}
        open={removing?.open ?? false}
        onClose={() => setRemoving((r) => (r ? { ...r, open: false } : r))}
      />
      <UseFolderDialog
        root={confirming?.root ?? null}
        open={confirming?.open ?? false}
        onClose={() => setConfirming((r) => (r ? { ...r, open: false } : r))}
      />
    </>
  );
}

function RootRow(props: { root: RootView; onRemove(): void; onConfirm(): void }): ReactNode {
  const { root } = props;
  const { bridge, setRoots } = useApp();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(root.name);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const rename = useAction((newName: string) =>
    bridge.invoke('roots:rename', { path: root.path, name: newName }),
  );
  const makeDefault = useAction(() => bridge.invoke('roots:setDefault', { path: root.path }));
  const state = STATE_LABELS[root.state];
  const nameId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const stopEditing = (): void => {
    setEditing(false);
    setNameProblem(null);
    rename.clearError();
    window.setTimeout(() => renameButton.current?.focus(), 0);
  };

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

  const onMakeDefault = async (): Promise<void> => {
    const result = await makeDefault.run();
    if (result) setRoots(result.roots);
  };

  return (
    <li className="root-row" aria-labelledby={nameId} data-testid="root-row">
      <div className="root-icon" aria-hidden="true">
        {Icon.folder}
      </div>
      <div className="root-main">
        {editing ? (
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
                  setName(root.name);
                  stopEditing();
                }
              }}
              data-testid="rename-input"
            />
            <Button
              type="submit"
              size="sm"
              variant="primary"
              busy={rename.busy}
              busyLabel="Saving…"
            >
              Save
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setName(root.name);
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
        ) : (
          <div className="root-title">
            <span className="root-name" id={nameId}>
              {root.name}
            </span>
            {root.isDefault ? <Badge tone="accent">Default</Badge> : null}
            <Badge tone={state.tone} title={state.hint}>
              {state.label}
            </Badge>
          </div>
        )}
        <code className="path root-path" title={root.path}>
          {root.path}
        </code>
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
        {rename.error ? (
          <ErrorCallout
            error={rename.error}
            title="Could not rename"
            onDismiss={rename.clearError}
          />
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
              aria-label={`Make ${root.name} the default folder`}
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
            onClick={() => {
              setName(root.name);
              setEditing(true);
            }}
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

function RemoveDialog(props: { root: RootView | null; open: boolean; onClose(): void }): ReactNode {
  const { bridge, setRoots } = useApp();
  const remove = useAction((path: string) => bridge.invoke('roots:remove', { path }));
  const shown = props.root;

  const onConfirm = async (): Promise<void> => {
    if (!props.root) return;
    const result = await remove.run(props.root.path);
    if (result) {
      setRoots(result.roots);
      props.onClose();
    }
  };

  return (
    <ConfirmDialog
      open={props.open}
      title={`Remove “${shown?.name ?? ''}”?`}
      confirmLabel="Remove folder"
      danger
      busy={remove.busy}
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        remove.clearError();
        props.onClose();
      }}
    >
      <p>AI apps will no longer be able to search this folder. Nothing on disk is deleted.</p>
      {shown ? <code className="path">{shown.path}</code> : null}
      {remove.error ? (
        <ErrorCallout error={remove.error} title="The folder was not removed" />
      ) : null}
    </ConfirmDialog>
  );
}

function UseFolderDialog(props: {
  root: RootView | null;
  open: boolean;
  onClose(): void;
}): ReactNode {
  const { bridge, setRoots } = useApp();
  const confirm = useAction((root: RootView) =>
    bridge.invoke(
      'roots:confirm',
      root.nowAt === null ? { path: root.path } : { path: root.path, nowAt: root.nowAt },
    ),
  );
  const shown = props.root;

  const onConfirm = async (): Promise<void> => {
    if (!props.root) return;
    const result = await confirm.run(props.root);
    if (result) {
      setRoots(result.roots);
      props.onClose();
    }
  };

  return (
    <ConfirmDialog
      open={props.open}
      title={`Use the folder now at “${shown?.name ?? ''}”?`}
      confirmLabel="Use this folder"
      busy={confirm.busy}
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        confirm.clearError();
        props.onClose();
      }}
    >
      <p>
        This is no longer the folder you chose: it was moved, or another folder took its place. AI
        apps will be able to search the folder that is there now:
      </p>
      {shown ? <code className="path">{shown.nowAt ?? shown.path}</code> : null}
      <p>Choose this only if you know this folder and want AI apps to search it.</p>
      {confirm.error ? (
        <ErrorCallout error={confirm.error} title="The folder was not changed" />
      ) : null}
    </ConfirmDialog>
  );
}
