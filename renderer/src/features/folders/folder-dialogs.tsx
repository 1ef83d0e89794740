// The two questions the Folders screen asks: remove a folder, use a folder that changed.
import type { ReactNode } from 'react';
import type { RootView } from '#shared/contract/ipc.js';
import { ErrorCallout } from '../../ui/ui.js';
import { ConfirmDialog } from '../../ui/dialog.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import './folders.css';

export function RemoveDialog(props: {
  root: RootView | null;
  open: boolean;
  onClose(): void;
}): ReactNode {
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

const RISKS = {
  drive: {
    title: 'Allow AI to search this whole drive?',
    body: 'AI apps could search every file on this drive, including other people’s files and the system’s. A smaller folder, such as Documents, is safer.',
    confirm: 'Allow the whole drive',
  },
  home: {
    title: 'Allow AI to search your whole home folder?',
    body: 'AI apps could search all your personal files: documents, photos, downloads, and the settings of your apps. A smaller folder, such as Documents, is safer.',
    confirm: 'Allow the whole home folder',
  },
  system: {
    title: 'Allow AI to search a system folder?',
    body: 'This folder holds files of the operating system, not your documents. AI apps rarely need it.',
    confirm: 'Allow this system folder',
  },
} as const;

/** Asks before a whole drive, the home folder or a system folder is allowed. */
export function RiskDialog(props: {
  open: boolean;
  risk: keyof typeof RISKS | null;
  path: string;
  onConfirm(): void;
  onCancel(): void;
}): ReactNode {
  const words = RISKS[props.risk ?? 'home'];
  return (
    <ConfirmDialog
      open={props.open}
      title={words.title}
      confirmLabel={words.confirm}
      danger
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <p>{words.body}</p>
      <code className="path">{props.path}</code>
    </ConfirmDialog>
  );
}
