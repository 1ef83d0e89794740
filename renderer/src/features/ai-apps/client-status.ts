// How the AI apps screen and the first run put a client's state into plain words: the status
// label, the one main action, the order of the list, and what to say after an action.
import type { ClientActionResult, ClientProblem, ClientState } from '#shared/clients/clients.js';

/** The actions a row offers (the IPC channel is `clients:<action>`). */
export type ClientAction = 'connect' | 'disconnect' | 'repair' | 'rebuild' | 'undo';

/** A status as the person reads it, with the badge tone. */
export interface StatusView {
  label: string;
  tone: 'success' | 'warning' | 'danger' | 'neutral';
}

const STATUS: Record<ClientState['status'], StatusView> = {
  connected: { label: 'Connected', tone: 'success' },
  'not-connected': { label: 'Not connected', tone: 'neutral' },
  'needs-repair': { label: 'Needs repair — FolderGate moved or was updated', tone: 'warning' },
  unreadable: { label: 'Can’t read its settings file', tone: 'danger' },
  'not-installed': { label: 'Not found on this computer', tone: 'neutral' },
};

/** The plain-words status of a client. */
export function statusView(status: ClientState['status']): StatusView {
  return STATUS[status];
}

/**
 * The one main action of a row: Connect, Disconnect or Repair; none while the settings file
 * cannot be read (it is never rewritten then).
 */
export function mainAction(client: ClientState): Exclude<ClientAction, 'undo' | 'rebuild'> | null {
  switch (client.status) {
    case 'connected':
      return 'disconnect';
    case 'needs-repair':
      return 'repair';
    case 'unreadable':
      return null;
    default:
      return 'connect';
  }
}

/** The label of an action's button. */
export const ACTION_LABELS: Record<ClientAction, { label: string; busy: string }> = {
  connect: { label: 'Connect', busy: 'Connecting…' },
  disconnect: { label: 'Disconnect', busy: 'Disconnecting…' },
  repair: { label: 'Repair', busy: 'Repairing…' },
  rebuild: { label: 'Back up and repair', busy: 'Repairing…' },
  undo: { label: 'Undo FolderGate’s changes', busy: 'Undoing…' },
};

/** Installed apps first (apps found on this computer), each group in the contract's order. */
export function sortClients(clients: readonly ClientState[]): ClientState[] {
  return [...clients.filter((c) => c.installed), ...clients.filter((c) => !c.installed)];
}

/** What an action did, in one sentence (announced, and shown in the row). */
export function resultMessage(action: ClientAction, result: ClientActionResult): string {
  const { name, status } = result.client;
  if (!result.changed) {
    return status === 'connected'
      ? `${name} was already connected; nothing changed.`
      : `${name} was already not connected; nothing changed.`;
  }
  switch (action) {
    case 'connect':
      return `${name} is connected to FolderGate.`;
    case 'repair':
      return `${name} is repaired and connected to FolderGate again.`;
    case 'rebuild':
      return `${name}’s settings file is repaired and connected to FolderGate. The file as it was is kept: “Undo repair” puts it back.`;
    case 'disconnect':
      return `${name} is no longer connected to FolderGate.`;
    case 'undo':
      return `${name}’s settings file is back to how it was before FolderGate changed it.`;
  }
}

/** "Line 3, column 17" of a syntax error, or null when the problem has no position. */
export function problemWhere(problem: ClientProblem): string | null {
  if (problem.line === null) return null;
  return problem.column === null
    ? `Line ${problem.line}`
    : `Line ${problem.line}, column ${problem.column}`;
}

/** The raw entry as text for the Details disclosure. */
export function entryText(entry: unknown): string {
  return JSON.stringify(entry, null, 2) ?? 'none';
}
