// "Repair all": when two or more AI apps need repair (after Node or FolderGate was updated or
// moved, every app's entry names a program that is gone), one button repairs each of them in turn
// and says how it went.
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import { useApp } from '../../app/app-state.js';
import { Button, Callout } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';
import { joinNames } from '#shared/i18n/file-types-words.js';

/** The apps to repair, by name, in a short sentence. */
function names(clients: readonly ClientState[]): string {
  return joinNames(clients.map((c) => c.name));
}

/** Shown above the lists while two or more apps need repair. */
export function RepairAll(props: {
  clients: readonly ClientState[];
  onChanged(client: ClientState): void;
  onAnnounce(message: string): void;
}): ReactNode {
  const { bridge } = useApp();
  const [repairing, setRepairing] = useState<readonly ClientState[] | null>(null);
  const t = useT();
  const busy = repairing !== null;
  const broken = repairing ?? props.clients.filter((c) => c.status === 'needs-repair');
  if (broken.length < 2) return null;
  const gone = broken.some((c) => c.problem?.kind === 'program-gone');

  const repairAll = async (): Promise<void> => {
    // Shown (and busy) until every one is done, even once fewer than two still need it.
    setRepairing(broken);
    const failed: string[] = [];
    for (const client of broken) {
      try {
        const result = await bridge.invoke('clients:repair', { id: client.id });
        props.onChanged(result.client);
      } catch {
        failed.push(client.name);
      }
    }
    setRepairing(null);
    props.onAnnounce(
      failed.length === 0
        ? t('aiApps.repairAll.done', { count: broken.length })
        : t('aiApps.repairAll.partly', {
            repaired: broken.length - failed.length,
            count: broken.length,
            failed: failed.join(', '),
          }),
    );
  };

  return (
    <Callout
      tone="warning"
      title={t('aiApps.repairAll.title', { count: broken.length })}
      role="note"
    >
      <p>
        {gone
          ? t('aiApps.repairAll.gone', { names: names(broken) })
          : t('aiApps.repairAll.differ', { names: names(broken) })}
      </p>
      <div>
        <Button
          size="sm"
          variant="primary"
          aria-disabled={busy || undefined}
          onClick={() => (busy ? undefined : void repairAll())}
          data-testid="clients-repair-all"
        >
          {busy
            ? t('aiApps.repairAll.busy')
            : t('aiApps.repairAll.button', { count: broken.length })}
        </Button>
      </div>
    </Callout>
  );
}
