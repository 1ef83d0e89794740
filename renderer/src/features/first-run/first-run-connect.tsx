// The first run's "Connect your AI app" step: the AI apps found on this computer, one Connect
// button each, and a way to skip. When none is found it says so plainly.
import { useState } from 'react';
import type { ReactNode, Ref } from 'react';
import { CLIENT_IDS } from '#shared/clients/client-ids.js';
import { ClientRow } from '../ai-apps/client-row.js';
import { Button, Callout, ErrorCallout, Spinner } from '../../ui/ui.js';
import { useClients } from '../ai-apps/use-clients.js';

/** The step's body; `onNext` gets the names of the apps that are connected now. */
export function ConnectStep(props: {
  headingRef: Ref<HTMLHeadingElement>;
  onBack(): void;
  onNext(connected: string[]): void;
}): ReactNode {
  const list = useClients();
  const [announcement, setAnnouncement] = useState('');
  const found = list.clients?.filter((c) => list.foundIds.has(c.id)) ?? [];
  const connected = found.filter((c) => c.status === 'connected').map((c) => c.name);

  return (
    <div className="wizard-body">
      <h1 className="wizard-title" ref={props.headingRef} tabIndex={-1}>
        Connect your AI app
      </h1>
      <p className="wizard-lead">
        Connect the AI apps you want to use with your folders. FolderGate adds itself to the app’s
        settings and changes nothing else there; you can undo it on the AI apps screen.
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {list.error ? (
        <ErrorCallout error={list.error} title="Could not check your AI apps" />
      ) : list.clients === null ? (
        <p className="muted inline-status" role="status">
          <Spinner /> Looking for AI apps on this computer…
        </p>
      ) : found.length === 0 ? (
        <div data-testid="first-run-no-clients">
          <Callout tone="info" title="No AI apps found on this computer">
            <p>
              FolderGate knows {CLIENT_IDS.length} AI apps — Claude Desktop, Cursor, VS Code and
              more — but did not find any of them here. When you install one, connect it on the{' '}
              <strong>AI apps</strong> screen.
            </p>
          </Callout>
        </div>
      ) : (
        <ul
          className="client-list"
          aria-label="AI apps on this computer"
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
          Back
        </Button>
        <Button
          variant="primary"
          onClick={() => props.onNext(connected)}
          data-testid="first-run-connect-continue"
        >
          {connected.length > 0 ? 'Continue' : 'Skip for now'}
        </Button>
      </div>
    </div>
  );
}
