// "Repair all": when two or more AI apps need repair (after Node or FolderGate was updated or
// moved, every app's entry names a program that is gone), one button repairs each of them in turn
// and says how it went.
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import { useApp } from '../../app/app-state.js';
import { Button, Callout } from '../../ui/ui.js';

/** The apps to repair, by name, in a short sentence. */
function names(clients: readonly ClientState[]): string {
  const all = clients.map((c) => c.name);
  return all.length <= 2 ? all.join(' and ') : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

/** Shown above the lists while two or more apps need repair. */
export function RepairAll(props: {
  clients: readonly ClientState[];
  onChanged(client: ClientState): void;
  onAnnounce(message: string): void;
}): ReactNode {
  const { bridge } = useApp();
  const [repairing, setRepairing] = useState<readonly ClientState[] | null>(null);
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
        ? `Repaired ${broken.length} AI apps. Restart each of them so it notices.`
        : `Repaired ${broken.length - failed.length} of ${broken.length} AI apps; ${failed.join(', ')} could not be repaired (see its row).`,
    );
  };

  return (
    <Callout
      tone="warning"
      title={`${broken.length} AI apps cannot use FolderGate until they are repaired`}
      role="note"
    >
      <p>
        {gone
          ? `The program they start FolderGate with is no longer on this computer (Node or FolderGate was updated or moved): ${names(broken)}.`
          : `Their FolderGate entries differ from what FolderGate writes now: ${names(broken)}.`}
      </p>
      <div>
        <Button
          size="sm"
          variant="primary"
          aria-disabled={busy || undefined}
          onClick={() => (busy ? undefined : void repairAll())}
          data-testid="clients-repair-all"
        >
          {busy ? 'Repairing…' : `Repair all ${broken.length}`}
        </Button>
      </div>
    </Callout>
  );
}
