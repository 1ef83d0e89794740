// The AI apps still running FolderGate's server from before a per-folder rule the folders now use
// (who may search, until when, what is left out): asked again whenever the folders change, and
// named so the person can quit and reopen them. Nothing while every running server keeps them.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcResponse } from '#shared/contract/ipc.js';
import { CLIENT_NAMES } from '#shared/clients/client-names.js';
import { isClientId } from '#shared/clients/client-names.js';
import { formatList } from '#shared/i18n/format.js';
import { useApp } from '../../app/app-state.js';
import { Callout } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';

/** The note, when some AI app runs a server that would not keep a rule in use. */
export function OlderServersNote(): ReactNode {
  const { bridge, view } = useApp();
  const t = useT();
  const [older, setOlder] = useState<IpcResponse<'roots:olderServers'> | null>(null);
  const roots = view.settings.roots;
  useEffect(() => {
    let live = true;
    bridge.invoke('roots:olderServers', {}).then(
      (next) => live && setOlder(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bridge, roots]);
  if (!older || older.apps.length === 0) return null;
  const names = older.apps.map((app) =>
    isClientId(app) ? CLIENT_NAMES[app] : t('olderServers.handWritten'),
  );
  const apps = formatList(names);
  const rules = formatList(older.rules.map((rule) => t(`olderServers.rules.${rule}`)));
  return (
    <div data-testid="older-servers">
      <Callout tone="warning" role="status" title={t('olderServers.title', { apps })}>
        <p>{t('olderServers.body', { apps, rules, count: names.length })}</p>
      </Callout>
    </div>
  );
}
