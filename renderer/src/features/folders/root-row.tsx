// One allowed folder on the Folders screen: its name, path, state, file types and actions.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { EngineStatus, RootView } from '#shared/contract/ipc.js';
import { SearchReadiness } from './search-readiness.js';
import { FileTypeChooser } from './file-type-chooser.js';
import { FolderAccess } from './folder-access.js';
import { LeaveOutSection } from './leave-out.js';
import { Badge, Button, ErrorCallout } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import './folders.css';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';
import { t } from '#shared/i18n/i18n.js';

/** A folder's state in words: its badge, its tone and what it means. */
export function stateLabel(state: RootView['state']): {
  label: string;
  tone: 'success' | 'danger';
  hint: string;
} {
  return {
    label: t(`folderRow.state.${state}.label`),
    tone: state === 'ok' ? 'success' : 'danger',
    hint: t(`folderRow.state.${state}.hint`),
  };
}

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
  useT();
  const renameButton = useRef<HTMLButtonElement>(null);
  const makeDefault = useAction(() => bridge.invoke('roots:setDefault', { path: root.path }));
  const state = stateLabel(root.state);
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
            {t('folderRow.defaultNote')}
          </p>
        ) : null}
        {root.state !== 'ok' ? <p className="root-hint">{state.hint}</p> : null}
        {root.state === 'replaced' && root.nowAt !== null ? (
          <p className="root-hint" data-testid="root-now-at">
            {/* A folder put in the old one's place leads to the same path: that is no news. */}
            <Trans
              i18nKey={root.nowAt === root.path ? 'folderRow.otherFolderNow' : 'folderRow.nowAt'}
              values={{ path: root.nowAt }}
              components={[<code key="path" className="path" />]}
            />
          </p>
        ) : null}
        {root.warnings.length > 0 ? (
          <ul className="warning-list" aria-label={t('folderRow.warnings', { name: root.name })}>
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
            title={t('folderRow.defaultFailed')}
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
              busyLabel={t('folderRow.saving')}
              aria-label={t('folderRow.makeDefaultLabel', { name: root.name })}
            >
              {t('folderRow.makeDefault')}
            </Button>
          ) : null}
          {root.state === 'replaced' ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={props.onConfirm}
              aria-label={t('folderRow.useFolderLabel', { name: root.name })}
              data-testid="use-folder"
            >
              {t('folderRow.useFolder')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            ref={renameButton}
            onClick={() => setEditing(true)}
            aria-label={t('folderRow.renameLabel', { name: root.name })}
          >
            {t('folderRow.rename')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="btn-danger-text"
            onClick={props.onRemove}
            aria-label={t('folderRow.removeLabel', { name: root.name })}
            data-testid="remove-root"
          >
            {t('folderRow.remove')}
          </Button>
        </div>
      ) : null}
      <FileTypeChooser path={root.path} name={root.name} />
      <FolderAccess path={root.path} name={root.name} />
      <LeaveOutSection path={root.path} name={root.name} />
    </li>
  );
}

/** The folder's name as a small form: Save, Cancel or Escape; an empty name is refused here. */
function RenameForm(props: { root: RootView; nameId: string; onClose(): void }): ReactNode {
  const { root, nameId } = props;
  const { bridge, setRoots } = useApp();
  const [name, setName] = useState(root.name);
  useT();
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
      setNameProblem(t('folderRow.nameEmpty', { name: root.name }));
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
          {t('folderRow.newName', { name: root.name })}
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
        <Button
          type="submit"
          size="sm"
          variant="primary"
          busy={rename.busy}
          busyLabel={t('folderRow.saving')}
        >
          {t('folderRow.save')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            stopEditing();
          }}
        >
          {t('common.cancel')}
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
        <ErrorCallout
          error={rename.error}
          title={t('folderRow.renameFailed')}
          onDismiss={rename.clearError}
        />
      ) : null}
    </>
  );
}
