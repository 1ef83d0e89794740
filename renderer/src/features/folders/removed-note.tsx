// Undo for "Remove folder": after a folder is removed, a line says so with an Undo button that
// puts it back exactly as it was (roots:restore: its name, place in the list, default mark, file
// types, apps, until and what it leaves out). The line stays until the person closes it, removes
// another folder or leaves Folders: no timer takes Undo away (WCAG 2.2.1). It is a live region,
// so a screen reader hears it, and the keyboard is on Undo when it appears.
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, ErrorCallout } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { useT } from '../../ui/i18n.js';
import './folders.css';

/** A folder just removed: its name and the id that puts it back. */
export interface Removed {
  name: string;
  undo: string;
}

export function RemovedNote(props: { removed: Removed | null; onClose(): void }): ReactNode {
  const { bridge, setRoots } = useApp();
  const t = useT();
  const restore = useAction((undo: string) => bridge.invoke('roots:restore', { undo }));
  const [restored, setRestored] = useState<string | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const { removed } = props;

  // A new removal: the keyboard goes to Undo (the row and its Remove button are gone).
  useEffect(() => {
    setRestored(null);
    restore.clearError();
    // After the dialog has closed and given its focus back (to the removed row, gone).
    if (removed) window.setTimeout(() => undoButton.current?.focus(), 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another folder is removed
  }, [removed?.undo]);

  const onUndo = async (): Promise<void> => {
    if (!removed) return;
    const result = await restore.run(removed.undo);
    if (!result) return;
    setRoots(result.roots);
    setRestored(removed.name);
    // The keyboard goes back to the folder, on its Remove button as before.
    const label = t('folderRow.removeLabel', { name: removed.name });
    window.setTimeout(() => {
      const buttons = document.querySelectorAll<HTMLElement>('[data-testid="remove-root"]');
      [...buttons].find((b) => b.getAttribute('aria-label') === label)?.focus();
    }, 0);
  };

  return (
    <>
      <div role="status" className="removed-note-region" data-testid="removed-region">
        {removed && restored === null ? (
          <div className="callout callout-info removed-note" data-testid="removed-note">
            <p className="removed-note-text">{t('folders.remove.done', { name: removed.name })}</p>
            <div className="removed-note-actions">
              <Button
                ref={undoButton}
                size="sm"
                variant="primary"
                busy={restore.busy}
                busyLabel={t('folders.remove.undoing')}
                aria-label={t('folders.remove.undoLabel', { name: removed.name })}
                onClick={() => void onUndo()}
                data-testid="undo-remove"
              >
                {t('folders.remove.undo')}
              </Button>
              <Button size="sm" variant="ghost" onClick={props.onClose} data-testid="close-removed">
                {t('folders.remove.close')}
              </Button>
            </div>
          </div>
        ) : null}
        {restored !== null ? (
          <p className="callout callout-success removed-note" data-testid="restored-note">
            {t('folders.remove.restored', { name: restored })}
          </p>
        ) : null}
      </div>
      {restore.error ? (
        <ErrorCallout
          error={restore.error}
          title={t('folders.remove.undoFailed')}
          onDismiss={restore.clearError}
        />
      ) : null}
    </>
  );
}
