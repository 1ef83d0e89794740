// Claude Desktop's second way in: FolderGate as a Claude extension (an .mcpb file Claude installs
// with one click, using the folders chosen here). The row says which way is in use; "Add to
// Claude" is offered only while the settings file holds no entry (never both), builds the file in
// FolderGate's data folder and opens it with Claude (desktop app) or offers it as a download
// (web page).
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import type { IpcResponse } from '#shared/contract/ipc.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { Button, ErrorCallout } from '../../ui/ui.js';
import './ai-apps.css';
import { useT } from '../../ui/i18n.js';

/** The extension's line in Claude Desktop's row. */
export function ClaudeExtension(props: {
  client: ClientState;
  onChanged(client: ClientState): void;
}): ReactNode {
  const { client } = props;
  const { bridge } = useApp();
  const t = useT();
  const [built, setBuilt] = useState<IpcResponse<'clients:extension'> | null>(null);
  const build = useAction(() => bridge.invoke('clients:extension', { id: client.id }));
  const extension = client.extension;
  if (!extension) return null;
  const viaFile = client.currentEntry !== null;
  const way = extension.installed
    ? extension.enabled
      ? t('aiApps.extension.viaExtension')
      : t('aiApps.extension.disabled')
    : viaFile
      ? t('aiApps.extension.viaFile')
      : t('aiApps.extension.intro');
  const canAdd = !viaFile && (!extension.installed || extension.outdated);
  const link = built?.downloadPath ? bridge.downloadUrl(built.downloadPath) : null;
  const run = async (): Promise<void> => {
    const result = await build.run();
    if (!result) return;
    setBuilt(result);
    props.onChanged(result.client);
  };
  return (
    <div className="client-extension" data-testid="client-extension">
      <p>
        <strong>{t('aiApps.extension.title')}:</strong> <span data-testid="client-way">{way}</span>
      </p>
      {extension.installed ? (
        <p className="muted">
          {extension.outdated ? t('aiApps.extension.outdated') : t('aiApps.extension.remove')}
        </p>
      ) : viaFile ? (
        <p className="muted">{t('aiApps.extension.fileFirst')}</p>
      ) : null}
      {canAdd ? (
        <div className="inline-actions">
          <Button
            size="sm"
            busy={build.busy}
            busyLabel={t('aiApps.extension.adding')}
            onClick={() => void run()}
            data-testid="client-add-extension"
          >
            {t('aiApps.extension.add')}
          </Button>
          {link ? (
            <a href={link} download="FolderGate.mcpb" data-testid="client-extension-download">
              {t('aiApps.extension.download')}
            </a>
          ) : null}
        </div>
      ) : null}
      {built ? (
        <p role="status" data-testid="client-extension-result">
          {link
            ? t('aiApps.extension.downloadHint')
            : built.opened
              ? t('aiApps.extension.opened', { file: built.path })
              : t('aiApps.extension.ready', { file: built.path })}
        </p>
      ) : null}
      {build.error ? (
        <ErrorCallout
          error={build.error}
          title={t('aiApps.notChangedTitle', { name: client.name })}
          onDismiss={build.clearError}
        />
      ) : null}
    </div>
  );
}
