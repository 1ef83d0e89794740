// The settings file FolderGate edits for an AI app: shown in the file manager (desktop app), or
// its path with a copy button (browser).
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import type { IpcError } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { Button } from '../../ui/ui.js';
import './ai-apps.css';
import { useT } from '../../ui/i18n.js';
import { personError } from '#shared/errors/person-errors.js';

/** The file FolderGate edits: revealed in the file manager, or its path with a copy button. */
export function SettingsFile(props: { client: ClientState }): ReactNode {
  const { client } = props;
  const { bridge, info } = useApp();
  const t = useT();
  const [state, setState] = useState<'idle' | 'busy' | 'copied' | 'copy-failed'>('idle');
  const [error, setError] = useState<IpcError | null>(null);

  useEffect(() => {
    if (state !== 'copied' && state !== 'copy-failed') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const reveal = async (): Promise<void> => {
    setState('busy');
    setError(null);
    try {
      await bridge.invoke('clients:reveal', { id: client.id });
    } catch (caught) {
      setError(toIpcError(caught));
    }
    setState('idle');
  };
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(client.configPath);
      setState('copied');
    } catch {
      setState('copy-failed');
    }
  };
  const copyText =
    state === 'copied'
      ? t('aiApps.file.copied')
      : state === 'copy-failed'
        ? t('aiApps.file.copyFailed')
        : t('aiApps.file.copy');

  return (
    <div className="client-file">
      <span className="client-file-label">{t('aiApps.file.label')}</span>
      <code className="path" data-testid="client-config-path">
        {client.configPath}
      </code>
      {info.features.revealInFolder ? (
        <Button
          size="sm"
          variant="ghost"
          busy={state === 'busy'}
          busyLabel={t('aiApps.file.opening')}
          onClick={() => void reveal()}
          aria-label={t('aiApps.file.showLabel', { name: client.name })}
          data-testid="client-reveal"
        >
          {t('aiApps.file.show')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void copy()}
          aria-label={t('aiApps.file.copyLabel', { action: copyText, name: client.name })}
          data-testid="client-copy-path"
        >
          {copyText}
        </Button>
      )}
      {error ? <span className="field-error">{personError(error).title}</span> : null}
    </div>
  );
}
