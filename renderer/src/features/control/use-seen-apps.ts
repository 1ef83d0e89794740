// The apps Control lists for "Ask me first", each by the key its rule is kept under: the apps seen
// in the activity log, waiting for an answer, or with a rule in the settings. An app started from
// FolderGate's entry is one app whatever it reports about itself (shared/clients/caller.ts).
import { useEffect, useMemo, useState } from 'react';
import { clientDisplayName, PREVIEW_CLIENT_NAME } from '#shared/activity/activity-describe.js';
import { appOfKey, callerKey, type CallerInfo } from '#shared/clients/caller.js';
import { CLIENT_NAMES } from '#shared/clients/client-names.js';
import { useApp } from '../../app/app-state.js';
import { useApprovalQueue } from '../approval/use-approval.js';

/** A rule key as people read it: the app's own name, or the name as the app reported it. */
function keyLabel(key: string): string {
  const app = appOfKey(key);
  return app ? CLIENT_NAMES[app] : clientDisplayName({ name: key });
}

/** The apps seen in the activity log, waiting for approval, or with a rule; by their key. */
export function useSeenApps(remembered: string[]): { key: string; label: string }[] {
  const { bridge } = useApp();
  const { pending } = useApprovalQueue(bridge);
  const [logged, setLogged] = useState<CallerInfo[]>([]);
  useEffect(() => {
    let live = true;
    // The preview's calls are the person's own and are never asked about.
    const add = (records: { client: CallerInfo | null }[]) => {
      const fresh = records.flatMap((r) =>
        r.client && r.client.name !== PREVIEW_CLIENT_NAME ? [r.client] : [],
      );
      if (!live || fresh.length === 0) return;
      setLogged((old) => {
        const seen = new Set(old.map(callerKey));
        return [...old, ...fresh.filter((c) => !seen.has(callerKey(c)) && seen.add(callerKey(c)))];
      });
    };
    const off = bridge.on('activity:added', ({ entries }) => add(entries.map((e) => e.record)));
    bridge.invoke('activity:query', { limit: 1000 }).then(
      (page) => add(page.entries.map((e) => e.record)),
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, [bridge]);
  return useMemo(() => {
    const byKey = new Map<string, string>();
    for (const key of remembered) byKey.set(key, keyLabel(key));
    // The name as the app sent it beats the lowercased key a rule is stored under.
    for (const caller of [...logged, ...pending.map((p) => p.client)])
      byKey.set(callerKey(caller), clientDisplayName(caller));
    return [...byKey]
      .map(([key, label]) => ({ key, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [remembered, logged, pending]);
}
