// How the AI apps screen and the first run put a client's state into plain words: the status
// label, the one main action, the order of the list, and what to say after an action.
import type { ClientActionResult, ClientProblem, ClientState } from '#shared/clients/clients.js';
import { t } from '#shared/i18n/i18n.js';

/** The actions a row offers (the IPC channel is `clients:<action>`). */
export type ClientAction = 'connect' | 'disconnect' | 'repair' | 'rebuild' | 'undo' | 'allow';

/** A status as the person reads it, with the badge tone. */
export interface StatusView {
  label: string;
  tone: 'success' | 'warning' | 'danger' | 'neutral';
}

const TONES: Record<ClientState['status'], StatusView['tone']> = {
  connected: 'success',
  'not-connected': 'neutral',
  'needs-repair': 'warning',
  unreadable: 'danger',
  'not-installed': 'neutral',
};

/** The plain-words status of a client. */
export function statusView(status: ClientState['status']): StatusView {
  return { label: t(`aiApps.status.${status}`), tone: TONES[status] };
}

/**
 * The one main action of a row: Connect, Disconnect or Repair; none while the settings file
 * cannot be read (it is never rewritten then), nor while Claude has FolderGate as an extension
 * (Claude adds and removes its extensions; a second entry is never written).
 */
export function mainAction(
  client: ClientState,
): Exclude<ClientAction, 'undo' | 'rebuild' | 'allow'> | null {
  if (client.extension?.installed) return null;
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

/** The label of an action's button, and what it says while it runs. */
export function actionLabels(action: ClientAction | 'removeEntry'): {
  label: string;
  busy: string;
} {
  return { label: t(`aiApps.action.${action}.label`), busy: t(`aiApps.action.${action}.busy`) };
}

/** What a client's restart takes, for it to notice FolderGate ("Quit Claude completely …"). */
export function restartHint(client: Pick<ClientState, 'id'>): string {
  return t(`aiApps.restart.${client.id}`);
}

/** Installed apps first (apps found on this computer), each group in the contract's order. */
export function sortClients(clients: readonly ClientState[]): ClientState[] {
  return [...clients.filter((c) => c.installed), ...clients.filter((c) => !c.installed)];
}

/** What an action did, in one sentence (announced, and shown in the row). */
export function resultMessage(action: ClientAction, result: ClientActionResult): string {
  const { name, status } = result.client;
  if (!result.changed) {
    return status === 'connected'
      ? t('aiApps.result.alreadyConnected', { name })
      : t('aiApps.result.alreadyNotConnected', { name });
  }
  return t(`aiApps.result.${action}`, { name });
}

/** "Line 3, column 17" of a syntax error, or null when the problem has no position. */
export function problemWhere(problem: ClientProblem): string | null {
  if (problem.line === null) return null;
  return problem.column === null
    ? t('aiApps.line', { line: problem.line })
    : t('aiApps.lineColumn', { line: problem.line, column: problem.column });
}

/** The raw entry as text for the Details disclosure. */
export function entryText(entry: unknown): string {
  return JSON.stringify(entry, null, 2) ?? t('aiApps.none');
}
