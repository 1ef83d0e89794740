// A modal question (the native <dialog>): a title, the words, and the two answers; Escape cancels.
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import './ui.css';
import { Button } from './ui.js';
import { useT } from './i18n.js';

/** A modal confirmation built on <dialog> (focus is trapped and Escape cancels). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 className="dialog-title" id={titleId}>
        {props.title}
      </h2>
      <div className="dialog-body">{props.children}</div>
      <div className="dialog-actions">
        <Button onClick={props.onCancel} disabled={props.busy} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button
          variant={props.danger ? 'danger' : 'primary'}
          busy={props.busy}
          busyLabel={t('common.working')}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
