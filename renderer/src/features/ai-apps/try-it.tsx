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
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';
import { restartHint } from './client-status.js';

/** What to try in `client` now that it is connected (since `since`, epoch ms), and its answer. */
export function TryIt(props: { client: ClientState; since: number }): ReactNode {
  const { bridge } = useApp();
  const { client } = props;
  const last = useAppLastCall(bridge, client.name);
  const now = useNow(15_000);
  const arrived = last !== null && Date.parse(last.time) >= props.since - 1000;
  const t = useT();
  return (
    <div className="try-it" data-testid="try-it">
      <p className="try-it-ask">
        <Trans
          i18nKey="aiApps.tryIt.ask"
          values={{ hint: restartHint(client), name: client.name }}
          components={[<strong key="try" />, <q key="ask" />]}
        />
      </p>
      <p className="try-it-status" role="status" data-testid="try-it-status">
        {arrived && last.outcome === 'ok' ? (
          <>
            <span className="ok-icon" aria-hidden="true">
              {Icon.check}
            </span>{' '}
            {t('aiApps.tryIt.works', { what: shortActivity(last), when: timeAgo(last.time, now) })}
          </>
        ) : arrived ? (
          <>{t('aiApps.tryIt.failed', { name: client.name, when: timeAgo(last.time, now) })}</>
        ) : (
          <>
            <Spinner /> {t('aiApps.tryIt.waiting', { name: client.name })}
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
  const t = useT();
  return (
    <span className="client-last-used" data-testid="client-last-used">
      {last
        ? t('aiApps.tryIt.lastUsed', { when: timeAgo(last.time, now) })
        : t('aiApps.tryIt.notUsed')}
    </span>
  );
}
