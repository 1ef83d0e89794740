// Proof that a connection works: after Connect, what to ask the app, and a live line that waits
// for the app's first request and then says what it did ("Cursor searched Documents just now").
import type { ReactNode } from 'react';
import type { ClientState } from '#shared/clients/clients.js';
import { useApp } from '../../app/app-state.js';
import { Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { shortActivity, timeAgo } from '../activity/activity-view.js';
import { useAppLastCall, useNow } from '../activity/use-activity.js';
import './ai-apps.css';

/** What to try in `client` now that it is connected (since `since`, epoch ms), and its answer. */
export function TryIt(props: { client: ClientState; since: number }): ReactNode {
  const { bridge } = useApp();
  const { client } = props;
  const last = useAppLastCall(bridge, client.name);
  const now = useNow(15_000);
  const arrived = last !== null && Date.parse(last.time) >= props.since - 1000;
  return (
    <div className="try-it" data-testid="try-it">
      <p className="try-it-ask">
        <strong>Try it:</strong> {client.restartHint} Then ask {client.name}{' '}
        <q>find my PDFs from last week</q>.
      </p>
      <p className="try-it-status" role="status" data-testid="try-it-status">
        {arrived && last.outcome === 'ok' ? (
          <>
            <span className="ok-icon" aria-hidden="true">
              {Icon.check}
            </span>{' '}
            It works: {shortActivity(last)} {timeAgo(last.time, now)}.
          </>
        ) : arrived ? (
          <>
            {client.name} reached FolderGate {timeAgo(last.time, now)}, but its request did not go
            through: Activity says why.
          </>
        ) : (
          <>
            <Spinner /> Waiting for {client.name}’s first request…
          </>
        )}
      </p>
    </div>
  );
}

/** "Last used 2 min ago" / "Not used yet" for a connected app. */
export function LastUsed(props: { client: ClientState }): ReactNode {
  const { bridge } = useApp();
  const last = useAppLastCall(bridge, props.client.name);
  const now = useNow(15_000);
  return (
    <span className="client-last-used" data-testid="client-last-used">
      {last ? `Last used ${timeAgo(last.time, now)}` : 'Not used yet'}
    </span>
  );
}
