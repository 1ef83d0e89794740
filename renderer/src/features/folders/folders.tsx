// Folders: the allowed roots with their state, default marker and warnings; add, rename,
// remove (with confirmation), make default, and use a moved or replaced folder's new one (with
// confirmation).
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { AddFolder } from './add-folder.js';
import { Button, EmptyState, ErrorCallout, PageHeader, Section, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import './folders.css';
import { RemoveDialog, UseFolderDialog } from './folder-dialogs.js';
import { OlderServersNote } from './older-servers-note.js';
import { RootRow } from './root-row.js';
import { RemovedNote, type Removed } from './removed-note.js';
import { useEngineStatus } from './search-readiness.js';
import { useT } from '../../ui/i18n.js';
import { ScreenHelp } from '../../app/screen-help.js';

/** The Folders screen. */
export function FoldersScreen(): ReactNode {
  const { roots, rootsError, refreshRoots, view } = useApp();
  const engine = useEngineStatus();
  const t = useT();
  // The dialogs keep showing their folder while they close.
  const [removing, setRemoving] = useState<{ root: RootView; open: boolean } | null>(null);
  const [confirming, setConfirming] = useState<{ root: RootView; open: boolean } | null>(null);
  const [adding, setAdding] = useState(false);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const addRef = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAdd = useRef(false);
  const showAdd = adding || roots?.length === 0;

  // With no folder the form is open; it stays open while the first ones are added (the list's
  // update may arrive before the add's own answer: the form must not close and reopen meanwhile).
  useEffect(() => {
    if (roots?.length === 0) setAdding(true);
  }, [roots]);

  // "Add folder" opens the form below the list and puts the person in it.
  useEffect(() => {
    if (!adding || !focusAdd.current) return;
    focusAdd.current = false;
    addRef.current?.querySelector<HTMLElement>('input, button:not(:disabled)')?.focus();
  }, [adding]);

  const closeAdd = (): void => {
    setAdding(false);
    window.setTimeout(() => addButton.current?.focus(), 0);
  };

  // Each visit looks at the disk again: a folder may have gone missing since the last one.
  useEffect(() => {
    void refreshRoots();
  }, [refreshRoots]);

  return (
    <>
      <PageHeader title={t('folders.title')} description={t('folders.description')} />
      <ScreenHelp screen="folders" />
      <OlderServersNote />
      <Section
        title={t('folders.allowed')}
        actions={
          roots && roots.length > 0 && !adding ? (
            <Button
              ref={addButton}
              variant="primary"
              onClick={() => {
                focusAdd.current = true;
                setAdding(true);
              }}
              data-testid="open-add-folder"
            >
              <span aria-hidden="true">+</span> {t('folders.addFolder')}
            </Button>
          ) : null
        }
      >
        <RemovedNote
          removed={removed}
          onClose={() => {
            setRemoved(null);
            window.setTimeout(() => addButton.current?.focus(), 0);
          }}
        />
        {rootsError ? (
          <ErrorCallout error={rootsError} title={t('folders.couldNotLoad')} />
        ) : roots === null ? (
          <p className="muted inline-status" role="status">
            <Spinner /> {t('folders.loading')}
          </p>
        ) : roots.length === 0 ? (
          <EmptyState title={t('folders.emptyTitle')} icon={Icon.folder} testId="folders-empty">
            {t('folders.emptyBody')}
          </EmptyState>
        ) : (
          <ul className="root-list" aria-label={t('folders.allowed')} data-testid="root-list">
            {roots.map((root) => (
              <RootRow
                key={root.path}
                root={root}
                engine={engine?.folders.find((f) => f.path === root.path)}
                followLinks={view.settings.followSymlinks}
                onRemove={() => setRemoving({ root, open: true })}
                onConfirm={() => setConfirming({ root, open: true })}
              />
            ))}
          </ul>
        )}
        {rootsError ? (
          <Button size="sm" onClick={() => void refreshRoots()}>
            {t('common.tryAgain')}
          </Button>
        ) : null}
      </Section>
      {showAdd ? (
        <Section
          title={t('folders.addTitle')}
          actions={
            roots && roots.length > 0 ? (
              <Button variant="ghost" onClick={closeAdd} data-testid="close-add-folder">
                {t('folders.done')}
              </Button>
            ) : null
          }
        >
          {/* Escape closes it, as Done does, unless something inside used the key. */}
          <div
            ref={addRef}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || event.defaultPrevented || !roots?.length) return;
              // A dialog's own Escape (Cancel on "your whole home folder?") closes only the dialog.
              if ((event.target as Element).closest('dialog, [role="dialog"]')) return;
              event.preventDefault();
              closeAdd();
            }}
          >
            {/* Stays open after an add (the first one too): the person may add another. */}
            <AddFolder onAdded={() => setAdding(true)} />
          </div>
        </Section>
      ) : null}
      <RemoveDialog
        root={removing?.root ?? null}
        open={removing?.open ?? false}
        onClose={() => setRemoving((r) => (r ? { ...r, open: false } : r))}
        onRemoved={(root, undo) => setRemoved({ name: root.name, undo })}
      />
      <UseFolderDialog
        root={confirming?.root ?? null}
        open={confirming?.open ?? false}
        onClose={() => setConfirming((r) => (r ? { ...r, open: false } : r))}
      />
    </>
  );
}
