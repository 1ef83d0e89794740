// The sidebar's one-glance line about AI apps: which are connected, and what needs the person
// ("Claude Desktop's settings can't be read → Fix"). Read when the window opens, each time the
// person moves to another screen, and after every change to an app's settings.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import { useApp } from './app-state.js';
import './shell.css';
import { t } from '#shared/i18n/i18n.js';

/** "Cursor connected", "Cursor and VS Code connected", "3 AI apps connected", or none. */
export function connectedText(names: string[]): string {
  if (names.length === 0) return t('shell.apps.noneConnected');
  if (names.length === 1) return t('shell.apps.connectedOne', { name: names[0] ?? '' });
  if (names.length === 2)
    return t('shell.apps.connectedTwo', { first: names[0] ?? '', second: names[1] ?? '' });
  return t('shell.apps.connectedMany', { count: names.length });
}

/** What needs the person about one app, in a few words; null when nothing does. */
export function appNeed(client: ClientState): string | null {
  if (client.status === 'unreadable') return t('shell.apps.unreadable', { name: client.name });
  if (client.status === 'needs-repair') return t('shell.apps.needsRepair', { name: client.name });
  return null;
}

const CHANGED = 'foldergate:clients-changed';

/** Tells the summary an AI app's settings changed (Connect, Disconnect, Undo, repair). */
export function clientsChanged(): void {
  window.dispatchEvent(new Event(CHANGED));
}

/** The connected apps and the first thing that needs fixing, with a way to fix it. */
export function AppsSummary(props: { screen: string; onFix(): void }): ReactNode {
  const { bridge } = useApp();
  const [clients, setClients] = useState<ClientState[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void bridge.invoke('clients:list', {}).then(
        (answer) => live && setClients(answer.clients),
        () => undefined,
      );
    load();
    window.addEventListener(CHANGED, load);
    return () => {
      live = false;
      window.removeEventListener(CHANGED, load);
    };
  }, [bridge, props.screen]);
  if (clients === null) return null;
  const connected = clients.filter((c) => c.status === 'connected').map((c) => c.name);
  const needs = clients.map(appNeed).filter((n): n is string => n !== null);
  return (
    <div className="apps-summary" data-testid="apps-summary">
      <p className="apps-summary-text">{connectedText(connected)}</p>
      {needs.length > 0 ? (
        <p className="apps-summary-need" data-testid="apps-summary-need">
          <span>
            {needs[0]}
            {needs.length > 1 ? t('shell.apps.andMore', { count: needs.length - 1 }) : ''}
          </span>{' '}
          <button type="button" className="live-activity-link" onClick={props.onFix}>
            {t('shell.apps.fix')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
