// AI apps: every app FolderGate can connect, the ones found on this computer first, each with its
// plain status and one main button. Status is read again whenever the screen is shown, the window
// gets focus back, or an action ran (apps rewrite their own settings files).
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import { ClientRow } from './client-row.js';
import { RepairAll } from './repair-all.js';
import { Button, EmptyState, ErrorCallout, PageHeader, Section, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { sortClients } from './client-status.js';
import { useClients, type ClientsList } from './use-clients.js';
import './ai-apps.css';

/** The AI apps screen. */
export function AiAppsScreen(): ReactNode {
  const list = useClients();
  const [announcement, setAnnouncement] = useState('');
  const sorted = list.clients ? sortClients(list.clients) : null;
  const found = sorted?.filter((c) => list.foundIds.has(c.id)) ?? [];
  const missing = sorted?.filter((c) => !list.foundIds.has(c.id)) ?? [];
  const others = (
    <ClientList clients={missing} list={list} onAnnounce={setAnnouncement} label="Other AI apps" />
  );

  return (
    <>
      <PageHeader
        title="AI apps"
        description="Connect the AI apps on this computer to FolderGate, so they can search the folders you chose. FolderGate adds one entry to the app’s settings file and changes nothing else in it."
        actions={
          <Button size="sm" onClick={() => void list.refresh()} data-testid="clients-refresh">
            Check again
          </Button>
        }
      />
      <p className="visually-hidden" role="status" data-testid="clients-announcement">
        {announcement}
      </p>
      {list.error ? (
        <ErrorCallout error={list.error} title="Could not check your AI apps" />
      ) : sorted === null ? (
        <p className="muted inline-status" role="status">
          <Spinner /> Checking your AI apps…
        </p>
      ) : (
        <>
          <RepairAll clients={sorted} onChanged={list.replace} onAnnounce={setAnnouncement} />
          <Section
            title="On this computer"
            description="After you connect or disconnect an app, restart it as shown so it notices."
          >
            {found.length === 0 ? (
              <EmptyState title="No AI apps found" icon={Icon.search} testId="clients-none-found">
                FolderGate did not find any of the AI apps it knows on this computer. Install one,
                then press Check again — or connect one from the list below.
              </EmptyState>
            ) : (
              <ClientList
                clients={found}
                list={list}
                onAnnounce={setAnnouncement}
                label="AI apps on this computer"
              />
            )}
          </Section>
          {missing.length > 0 ? (
            <Section
              title="Not found on this computer"
              description="If one of these is installed somewhere FolderGate did not look, Connect still adds FolderGate to its settings file."
            >
              {found.length > 0 ? (
                // The apps on this computer first; the rest one click away.
                <details className="clients-more" data-testid="clients-more">
                  <summary>
                    Show {missing.length} more {missing.length === 1 ? 'app' : 'apps'}
                  </summary>
                  {others}
                </details>
              ) : (
                others
              )}
            </Section>
          ) : null}
        </>
      )}
    </>
  );
}

function ClientList(props: {
  clients: ClientState[];
  list: ClientsList;
  label: string;
  onAnnounce(message: string): void;
}): ReactNode {
  return (
    <ul className="client-list" aria-label={props.label} data-testid="client-list">
      {props.clients.map((client) => (
        <ClientRow
          key={client.id}
          client={client}
          onChanged={props.list.replace}
          onAnnounce={props.onAnnounce}
          onRefresh={() => void props.list.refresh()}
        />
      ))}
    </ul>
  );
}
