// What a restart to update would interrupt right now: requests waiting for the person's answer,
// Search preview searches, and — on Windows, where an installer cannot replace a program that
// runs — the AI apps running FolderGate's server with this installation's program.
import type { UpdateWait } from '#shared/updates/updates.js';
import { CLIENT_NAMES, isClientId } from '#shared/clients/client-names.js';
import { runningServers } from '#appdata/servers/server-roster.js';

export interface WaitSources {
  appDataDir: string;
  platform: NodeJS.Platform;
  /** The program this installation's servers run with (the app's own executable). */
  program: string;
  /** Requests waiting for the person (the approval queue). */
  approvalsWaiting(): number;
  /** Search preview searches running. */
  searchesRunning(): number;
}

/** The name a person knows an AI app by (a hand-written entry has none: "An AI app"). */
function appName(client: string | null): string {
  return client !== null && isClientId(client) ? CLIENT_NAMES[client] : (client ?? '');
}

/** Everything a restart waits for now, approvals first. */
export async function currentWaits(sources: WaitSources): Promise<UpdateWait[]> {
  const waits: UpdateWait[] = [];
  const approvals = sources.approvalsWaiting();
  if (approvals > 0) waits.push({ kind: 'approval', count: approvals });
  const searches = sources.searchesRunning();
  if (searches > 0) waits.push({ kind: 'search', count: searches });
  if (sources.platform === 'win32') {
    for (const server of await runningServers(sources.appDataDir)) {
      // The app's own preview server stops with the app; other installations' programs are not
      // replaced by this update.
      if (server.preview || server.program.toLowerCase() !== sources.program.toLowerCase())
        continue;
      waits.push({ kind: 'ai-app', app: appName(server.client), pid: server.pid });
    }
  }
  return waits;
}
