// The first run's "Connect your AI app" step: the AI apps found on this computer, one Connect
// button each, and a way to skip. When none is found it says so plainly.
import { useState } from 'react';
import type { ReactNode, Ref } from 'react';
import { CLIENT_IDS } from '#shared/clients/client-ids.js';
import { ClientRow } from '../ai-apps/client-row.js';
import { Button, Callout, ErrorCallout, Spinner } from '../../ui/ui.js';
import { useClients } from '../ai-apps/use-clients.js';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';

/** The step's body; `onNext` gets the names of the apps that are connected now. */
export function ConnectStep(props: {
  headingRef: Ref<HTMLHeadingElement>;
  onBack(): void;
  onNext(connected: string[]): void;
}): ReactNode {
  const list = useClients();
  const [announcement, setAnnouncement] = useState('');
  const t = useT();
  const found = list.clients?.filter((c) => list.foundIds.has(c.id)) ?? [];
  const connected = found.filter((c) => c.status === 'connected').map((c) => c.name);

  return (
    <div className="wizard-body">
      <h1 className="wizard-title" ref={props.headingRef} tabIndex={-1}>
        {t('firstRun.connect.title')}
      </h1>
      <p className="wizard-lead">{t('firstRun.connect.lead')}</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {list.error ? (
        <ErrorCallout error={list.error} title={t('firstRun.connect.checkFailed')} />
      ) : list.clients === null ? (
        <p className="muted inline-status" role="status">
          <Spinner /> {t('firstRun.connect.looking')}
        </p>
      ) : found.length === 0 ? (
        <div data-testid="first-run-no-clients">
          <Callout tone="info" title={t('firstRun.connect.noneTitle')}>
            <p>
              <Trans
                i18nKey="firstRun.connect.noneBody"
                values={{ count: CLIENT_IDS.length }}
                components={[<strong key="apps" />]}
              />
            </p>
          </Callout>
        </div>
      ) : (
        <ul
          className="client-list"
          aria-label={t('firstRun.connect.listLabel')}
          data-testid="first-run-clients"
        >
          {found.map((client) => (
            <ClientRow
              key={client.id}
              client={client}
              compact
              onChanged={list.replace}
              onAnnounce={setAnnouncement}
              onRefresh={() => void list.refresh()}
            />
          ))}
        </ul>
      )}
      <div className="wizard-actions">
        <Button variant="ghost" onClick={props.onBack}>
          {t('firstRun.back')}
        </Button>
        <Button
          variant="primary"
          onClick={() => props.onNext(connected)}
          data-testid="first-run-connect-continue"
        >
          {connected.length > 0 ? t('firstRun.continue') : t('firstRun.connect.skip')}
        </Button>
      </div>
    </div>
  );
}
