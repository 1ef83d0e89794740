// The AI apps still running FolderGate's server from before a per-folder rule the folders now use
// (who may search, until when, what is left out): such a server reads settings.json through the
// fields it knows and would not keep the rule, so the Folders screen names them, to be quit and
// opened again. Read from the roster of running servers (appdata/servers/), never guessed.
import { runningServers } from '#appdata/servers/server-roster.js';
import { folderRulesInUse, rulesNotKept, type FolderRule } from '#shared/settings/folder-rules.js';

/** Running servers that would not keep a rule in use, and which rules. */
export interface OlderServers {
  /** The AI apps those servers were registered for (null: a hand-written entry), each once. */
  apps: (string | null)[];
  /** The rules in use that at least one of them would not keep. */
  rules: FolderRule[];
}

/** The AI apps (not the app's own preview) running a server that would not keep a rule in use. */
export async function olderServers(
  appDataDir: string,
  roots: readonly object[],
): Promise<OlderServers> {
  const inUse = folderRulesInUse(roots);
  if (inUse.length === 0) return { apps: [], rules: [] };
  const apps: (string | null)[] = [];
  const rules = new Set<FolderRule>();
  for (const server of await runningServers(appDataDir)) {
    if (server.preview) continue; // the app restarts its own preview with itself
    const missing = rulesNotKept(inUse, server.keeps);
    if (missing.length === 0) continue;
    for (const rule of missing) rules.add(rule);
    if (!apps.includes(server.client)) apps.push(server.client);
  }
  return { apps, rules: inUse.filter((rule) => rules.has(rule)) };
}
