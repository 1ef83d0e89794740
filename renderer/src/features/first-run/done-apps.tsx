// Done's line about the connected AI apps: an app that has already reached FolderGate is told
// that it works (no restart: it called already); the others how to make them notice it.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { clientDisplayName } from '#shared/activity/activity-describe.js';
import type { RendererBridge } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { Trans } from '../../ui/i18n.js';

/** The names among `names` that have made a call (in the log, or pushed while this is open). */
function useCalled(bridge: RendererBridge, names: readonly string[]): Set<string> {
  const [called, setCalled] = useState<Set<string>>(() => new Set());
  const key = names.join('\n');
  useEffect(() => {
    let live = true;
    const add = (name: string) =>
      setCalled((prev) => (prev.has(name) ? prev : new Set([...prev, name])));
    for (const name of key.split('\n').filter(Boolean))
      bridge.invoke('activity:query', { filter: { client: name }, limit: 1 }).then(
        (page) => live && page.entries.length > 0 && add(name),
        () => undefined,
      );
    const off = bridge.on('activity:added', (payload) => {
      for (const e of payload.entries) add(clientDisplayName(e.record.client));
    });
    return () => {
      live = false;
      off();
    };
  }, [bridge, key]);
  return called;
}

/** One or two lines: the apps that work already, then the ones still to be restarted. */
export function DoneApps(props: { connected: string[] }): ReactNode {
  const { bridge } = useApp();
  const called = useCalled(bridge, props.connected);
  const working = props.connected.filter((n) => called.has(n));
  const waiting = props.connected.filter((n) => !called.has(n));
  return (
    <>
      {working.length > 0 ? (
        <li data-testid="first-run-done-working">
          <Trans
            i18nKey="firstRun.done.working"
            values={{ names: working.join(', '), count: working.length }}
            components={[<strong key="names" />, <q key="ask" />, <strong key="activity" />]}
          />
        </li>
      ) : null}
      {waiting.length > 0 ? (
        <li data-testid="first-run-done-apps">
          <Trans
            i18nKey="firstRun.done.connected"
            values={{ names: waiting.join(', ') }}
            components={[
              <strong key="names" />,
              <strong key="apps" />,
              <q key="ask" />,
              <strong key="activity" />,
            ]}
          />
        </li>
      ) : null}
    </>
  );
}
