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
import { useT } from '../../ui/i18n.js';
import { ScreenHelp } from '../../app/screen-help.js';

/** The AI apps screen. */
export function AiAppsScreen(props: { onGoToFolders?: () => void }): ReactNode {
  const list = useClients();
  const [announcement, setAnnouncement] = useState('');
  const t = useT();
  const sorted = list.clients ? sortClients(list.clients) : null;
  const found = sorted?.filter((c) => list.foundIds.has(c.id)) ?? [];
  const missing = sorted?.filter((c) => !list.foundIds.has(c.id)) ?? [];
  const others = (
    <ClientList
      clients={missing}
      list={list}
      onAnnounce={setAnnouncement}
      onGoToFolders={props.onGoToFolders}
      label={t('aiApps.others')}
    />
  );

  return (
    <>
      <PageHeader
        title={t('aiApps.title')}
        description={t('aiApps.description')}
        actions={
          <Button size="sm" onClick={() => void list.refresh()} data-testid="clients-refresh">
            {t('aiApps.checkAgain')}
          </Button>
        }
      />
      <ScreenHelp screen="aiApps" />
      <p className="visually-hidden" role="status" data-testid="clients-announcement">
        {announcement}
      </p>
      {list.error ? (
        <ErrorCallout error={list.error} title={t('aiApps.checkFailed')} />
      ) : sorted === null ? (
        <p className="muted inline-status" role="status">
          <Spinner /> {t('aiApps.checking')}
        </p>
      ) : (
        <>
          <RepairAll clients={sorted} onChanged={list.replace} onAnnounce={setAnnouncement} />
          <Section title={t('aiApps.onComputer')} description={t('aiApps.onComputerHint')}>
            {found.length === 0 ? (
              <EmptyState
                title={t('aiApps.noneTitle')}
                icon={Icon.search}
                testId="clients-none-found"
              >
                {t('aiApps.noneBody')}
              </EmptyState>
            ) : (
              <ClientList
                clients={found}
                list={list}
                onAnnounce={setAnnouncement}
                onGoToFolders={props.onGoToFolders}
                label={t('aiApps.listLabel')}
              />
            )}
          </Section>
          {missing.length > 0 ? (
            <Section title={t('aiApps.notFound')} description={t('aiApps.notFoundHint')}>
              {found.length > 0 ? (
                // The apps on this computer first; the rest one click away.
                <details className="clients-more" data-testid="clients-more">
                  <summary>{t('aiApps.showMore', { count: missing.length })}</summary>
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
  onGoToFolders?: (() => void) | undefined;
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
          onGoToFolders={props.onGoToFolders}
        />
      ))}
    </ul>
  );
}
