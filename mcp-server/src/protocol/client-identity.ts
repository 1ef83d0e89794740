// What the asking app says of itself, in either era of MCP, for the Activity record and the
// approval prompt: `clientInfo` of its `initialize` (the 2025 era: the SDK keeps it for the
// connection) or of each request's `_meta` (2026-07-28, where it is optional: absent, the app
// shows "an unnamed app"). The app FolderGate's entry names (`--client`) is put beside it by
// runtime/caller.ts, so rules and records key on that whatever the app says.
import type { Server } from '@modelcontextprotocol/server';
import { META } from './server-identity.js';

/** The app as the server names it in records and approval requests. */
export interface AskingClient {
  name: string;
  version: string;
}

/**
 * The app asking, from the request's `_meta` (its 2026 envelope, as the SDK lifts it or as sent)
 * or else the connection's initialize; undefined when it did not say.
 */
export function askingClient(
  server: Server | null,
  meta: Record<string, unknown> | undefined,
): AskingClient | undefined {
  const perRequest = meta?.[META.clientInfo] as { name?: unknown; version?: unknown } | undefined;
  if (perRequest && typeof perRequest.name === 'string' && typeof perRequest.version === 'string')
    return { name: perRequest.name, version: perRequest.version };
  // A 2025-era connection's initialize (the SDK marks the accessor deprecated only to point 2026
  // code at the per-request envelope, read above).
  const info = server?.getClientVersion();
  return info ? { name: info.name, version: info.version } : undefined;
}
