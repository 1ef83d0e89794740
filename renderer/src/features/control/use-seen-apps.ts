// The apps Control lists for "Ask me first", each by the key its rule is kept under: the AI apps
// connected now, every app in the records kept (activity:apps, not a capped tail of the newest,
// so a connected app never drops off behind another's calls), apps waiting for an answer, and
// apps with a rule in the settings; each with its calls. An app started from FolderGate's entry
// is one app whatever it reports about itself (shared/clients/caller.ts).
import { useEffect, useMemo, useState } from 'react';
import { clientDisplayName, PREVIEW_CLIENT_NAME } from '#shared/activity/activity-describe.js';
import { appOfKey, callerKey, IDENTITY_KEY_PREFIX } from '#shared/clients/caller.js';
import { CLIENT_NAMES } from '#shared/clients/client-names.js';
import type { ActivityAppView } from '#shared/contract/activity-ipc.js';
import type { RendererBridge } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { useApprovalQueue } from '../approval/use-approval.js';
import { useClients } from '../ai-apps/use-clients.js';

/** A rule key as people read it: the app's own name, or the name as the app reported it. */
function keyLabel(key: string): string {
  const app = appOfKey(key);
  return app ? CLIENT_NAMES[app] : clientDisplayName({ name: key });
}

/** Every app in the records kept, with its calls: asked again (at most every 2 s) as calls arrive. */
export function useActivityApps(bridge: RendererBridge): ActivityAppView[] | null {
  const [apps, setApps] = useState<ActivityAppView[] | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = () => {
      timer = null;
      bridge.invoke('activity:apps', {}).then(
        (answer) => live && setApps(answer.apps),
        () => undefined,
      );
    };
    load();
    const off = bridge.on('activity:added', () => {
      timer ??= setTimeout(load, 2_000);
    });
    return () => {
      live = false;
      off();
      if (timer) clearTimeout(timer);
    };
  }, [bridge]);
  return apps;
}

/** An app Control lists: its rule key, its name, and its calls in the records kept. */
export interface SeenApp {
  key: string;
  label: string;
  calls: number;
  /** Connected now (its entry is in the app's settings). */
  connected: boolean;
}

/** The apps connected, seen in the records, waiting for approval, or with a rule; by key. */
export function useSeenApps(remembered: string[]): SeenApp[] {
  const { bridge } = useApp();
  const { pending } = useApprovalQueue(bridge);
  const { clients } = useClients();
  const logged = useActivityApps(bridge);
  return useMemo(() => {
    const byKey = new Map<string, SeenApp>();
    const put = (key: string, label: string, calls = 0, connected = false) => {
      const known = byKey.get(key);
      byKey.set(key, {
        key,
        label,
        calls: Math.max(calls, known?.calls ?? 0),
        connected: connected || (known?.connected ?? false),
      });
    };
    for (const c of clients ?? [])
      if (c.status === 'connected')
        put(`${IDENTITY_KEY_PREFIX}${c.id}`, CLIENT_NAMES[c.id], 0, true);
    for (const key of remembered) put(key, keyLabel(key));
    // The preview's calls are the person's own and are never asked about.
    // The name as the app sent it beats the lowercased key a rule is stored under.
    for (const a of logged ?? [])
      if (a.client.name !== PREVIEW_CLIENT_NAME)
        put(callerKey(a.client), clientDisplayName(a.client), a.calls);
    for (const p of pending) put(callerKey(p.client), clientDisplayName(p.client));
    return [...byKey.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [clients, remembered, logged, pending]);
}
