// The desktop app's way to give a folder: "Choose a folder…" (the native dialog) as the main
// button, or a folder dragged onto the zone.
import { useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import './folders.css';
import { useT } from '../../ui/i18n.js';

/** The native dialog's button and the drop zone; `onChoose` gets the chosen folder's path. */
export function FolderDropzone(props: { onChoose(path: string): void }): ReactNode {
  const { bridge } = useApp();
  const canDrop = bridge.pathForFile !== null;
  const [dragging, setDragging] = useState(false);
  const pick = useAction(() => bridge.invoke('roots:pickFolder', {}));
  const t = useT();

  const onPick = async (): Promise<void> => {
    const result = await pick.run();
    if (result?.path) props.onChoose(result.path);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file || !bridge.pathForFile) return;
    const path = bridge.pathForFile(file);
    if (path) props.onChoose(path);
  };

  return (
    <>
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
            busyLabel={t('folders.add.waiting')}
            data-testid="choose-folder"
          >
            {t('folders.add.choose')}
          </Button>
          {canDrop ? <span className="muted">{t('folders.add.orDrag')}</span> : null}
        </div>
      </div>
      {pick.error ? <ErrorCallout error={pick.error} onDismiss={pick.clearError} /> : null}
    </>
  );
}
