// The two questions the Folders screen asks: remove a folder, use a folder that changed.
import type { ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { ErrorCallout } from '../../ui/ui.js';
import { ConfirmDialog } from '../../ui/dialog.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import './folders.css';
import { useT } from '../../ui/i18n.js';

export function RemoveDialog(props: {
  root: RootView | null;
  open: boolean;
  onClose(): void;
  /** Removed: the id that puts it back (Undo). */
  onRemoved(root: RootView, undo: string): void;
}): ReactNode {
  const { bridge, setRoots } = useApp();
  const remove = useAction((path: string) => bridge.invoke('roots:remove', { path }));
  const t = useT();
  const shown = props.root;

  const onConfirm = async (): Promise<void> => {
    if (!props.root) return;
    const result = await remove.run(props.root.path);
    if (result) {
      setRoots(result.roots);
      props.onClose();
      props.onRemoved(props.root, result.undo);
    }
  };

  return (
    <ConfirmDialog
      open={props.open}
      title={t('folders.remove.title', { name: shown?.name ?? '' })}
      confirmLabel={t('folders.remove.confirm')}
      danger
      busy={remove.busy}
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        remove.clearError();
        props.onClose();
      }}
    >
      <p>{t('folders.remove.body')}</p>
      {shown ? <code className="path">{shown.path}</code> : null}
      {remove.error ? (
        <ErrorCallout error={remove.error} title={t('folders.remove.failed')} />
      ) : null}
    </ConfirmDialog>
  );
}

export function UseFolderDialog(props: {
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
  const t = useT();

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
      title={t('folders.replaced.title', { name: shown?.name ?? '' })}
      confirmLabel={t('folders.replaced.confirm')}
      busy={confirm.busy}
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        confirm.clearError();
        props.onClose();
      }}
    >
      <p>{t('folders.replaced.body')}</p>
      {shown ? <code className="path">{shown.nowAt ?? shown.path}</code> : null}
      <p>{t('folders.replaced.onlyIf')}</p>
      {confirm.error ? (
        <ErrorCallout error={confirm.error} title={t('folders.replaced.failed')} />
      ) : null}
    </ConfirmDialog>
  );
}

type Risk = 'drive' | 'home' | 'system';

/** Asks before a whole drive, the home folder or a system folder is allowed. */
export function RiskDialog(props: {
  open: boolean;
  risk: Risk | null;
  path: string;
  onConfirm(): void;
  onCancel(): void;
}): ReactNode {
  const t = useT();
  const risk = props.risk ?? 'home';
  return (
    <ConfirmDialog
      open={props.open}
      title={t(`folders.risk.${risk}.title`)}
      confirmLabel={t(`folders.risk.${risk}.confirm`)}
      danger
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <p>{t(`folders.risk.${risk}.body`)}</p>
      <code className="path">{props.path}</code>
    </ConfirmDialog>
  );
}
