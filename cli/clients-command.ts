// `foldergate clients list|register|unregister|undo`: connects AI apps from a terminal through the
// same client service as the app (same files, same lock, same backups, same messages).
import { CLIENT_IDS } from '#shared/clients/clients.js';
import type { ClientId, ClientState } from '#shared/clients/clients.js';
import { IpcError } from '#shared/contract/ipc.js';
import { createClientService, defaultClientServiceOptions } from '#core/ai-apps/client-service.js';
import type { ClientService } from '#core/ai-apps/types.js';
import type { CliCommand } from './args.js';

/** Where the command prints, and the service it drives. */
export interface ClientsIo {
  service: ClientService;
  out(line: string): void;
  err(line: string): void;
}

/** The service for this process (its HOME, FOLDERGATE_HOME, executable and built server). */
export function processClientService(): ClientService {
  return createClientService(defaultClientServiceOptions(process));
}

const STATUS_TEXT: Record<ClientState['status'], string> = {
  'not-installed': 'not installed',
  'not-connected': 'not connected',
  connected: 'connected',
  'needs-repair': 'needs repair',
  unreadable: 'unreadable',
};

/** The clients table as lines of text. */
export function formatClients(clients: ClientState[]): string[] {
  const idWidth = Math.max(...clients.map((c) => c.id.length));
  const nameWidth = Math.max(...clients.map((c) => c.name.length));
  const statusWidth = Math.max(...Object.values(STATUS_TEXT).map((s) => s.length));
  const lines = clients.map(
    (c) =>
      `  ${c.id.padEnd(idWidth)}  ${c.name.padEnd(nameWidth)}  ${STATUS_TEXT[c.status].padEnd(statusWidth)}  ${c.configPath}`,
  );
  for (const c of clients) {
    if (c.problem) lines.push('', `  ${c.name}: ${c.problem.message}`, `    ${c.problem.fix}`);
  }
  return [
    'AI apps FolderGate can connect:',
    '',
    ...lines,
    '',
    'Connect one with: foldergate clients register <id>   (or --all-detected)',
  ];
}

type ClientsCommand = Extract<
  CliCommand,
  { kind: 'clients-list' | 'clients-register' | 'clients-unregister' | 'clients-undo' }
>;

async function act(command: ClientsCommand, id: ClientId, io: ClientsIo): Promise<void> {
  const { service } = io;
  if (command.kind === 'clients-register') {
    const { client, changed, backupPath } = await service.connect(id);
    io.out(
      changed
        ? `Connected ${client.name}: ${client.configPath}${backupPath ? ` (backup: ${backupPath})` : ''}`
        : `${client.name} was already connected: ${client.configPath}`,
    );
    if (changed) io.out(`  ${client.restartHint}`);
  } else if (command.kind === 'clients-unregister') {
    const { client, changed } = await service.disconnect(id);
    io.out(
      changed
        ? `Disconnected ${client.name}: ${client.configPath}`
        : `${client.name} was not connected: ${client.configPath}`,
    );
    if (changed) io.out(`  ${client.restartHint}`);
  } else {
    const { client } = await service.undo(id);
    io.out(`Restored ${client.configPath} as it was before FolderGate changed it.`);
    io.out(`  ${client.restartHint}`);
  }
}

/** Runs one clients command; resolves with the exit code (1 when any client failed). */
export async function runClients(command: ClientsCommand, io: ClientsIo): Promise<number> {
  if (command.kind === 'clients-list') {
    const clients = await io.service.list();
    if (command.json) io.out(JSON.stringify(clients, null, 2));
    else for (const line of formatClients(clients)) io.out(line);
    return 0;
  }
  let ids: readonly ClientId[] = command.ids;
  if (command.kind === 'clients-register' && command.allDetected) {
    ids = (await io.service.list()).filter((c) => c.installed).map((c) => c.id);
    if (ids.length === 0) {
      io.out(`No AI apps were found on this computer (looked for: ${CLIENT_IDS.join(', ')}).`);
      return 0;
    }
  }
  if (command.kind === 'clients-unregister' && command.all) {
    ids = (await io.service.list()).filter((c) => c.currentEntry !== null).map((c) => c.id);
    if (ids.length === 0) {
      io.out('FolderGate is not connected to any AI app: nothing to remove.');
      return 0;
    }
  }
  let failed = false;
  for (const id of ids) {
    try {
      await act(command, id, io);
    } catch (error) {
      if (!(error instanceof IpcError)) throw error;
      io.err(`Error (${id}): ${error.message}`);
      io.err(`  ${error.fix}`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}
