// The calm line on an app's card after FolderGate rewrote its own entry at its start for a new
// version (its program or server script had moved), and what the entry started before. Undo is
// the row's own, as for every change FolderGate makes.
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import { Callout } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';

/** The notice, while FolderGate's last change to the file is that update and it still works. */
export function UpdatedNote(props: { client: ClientState }): ReactNode {
  const { client } = props;
  const t = useT();
  const update = client.updatedForNewVersion;
  if (!update || client.status !== 'connected') return null;
  return (
    <Callout tone="info" role="note">
      <p data-testid="client-updated">{t('aiApps.updated.title')}</p>
      <p className="muted" data-testid="client-updated-from">
        {t('aiApps.updated.from', { from: update.from })}
      </p>
    </Callout>
  );
}
