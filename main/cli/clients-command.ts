// `foldergate clients list|register|unregister|undo`: connects AI apps from a terminal through the
// same client service as the app (same files, same lock, same backups, same messages).
import { CLIENT_IDS } from '#shared/clients/clients.js';
import type { ClientId, ClientState } from '#shared/clients/clients.js';
import { IpcError } from '#shared/contract/ipc.js';
import { createClientService, defaultClientServiceOptions } from '#core/ai-apps/client-service.js';
import type { ClientService } from '#core/ai-apps/types.js';
import type { CliCommand } from './args.js';
import { t } from '#shared/i18n/i18n.js';
import { errorWords } from './cli-language.js';

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

const STATUSES: ClientState['status'][] = [
  'not-installed',
  'not-connected',
  'connected',
  'needs-repair',
  'unreadable',
];
const statusText = (status: ClientState['status']): string => t(`cli.clients.status.${status}`);

/** The clients table as lines of text. */
export function formatClients(clients: ClientState[]): string[] {
  const idWidth = Math.max(...clients.map((c) => c.id.length));
  const nameWidth = Math.max(...clients.map((c) => c.name.length));
  const statusWidth = Math.max(...STATUSES.map((s) => statusText(s).length));
  const lines = clients.map(
    (c) =>
      `  ${c.id.padEnd(idWidth)}  ${c.name.padEnd(nameWidth)}  ${statusText(c.status).padEnd(statusWidth)}  ${c.configPath}`,
  );
  for (const c of clients) {
    if (c.problem) lines.push('', `  ${c.name}: ${c.problem.message}`, `    ${c.problem.fix}`);
  }
  return [t('cli.clients.title'), '', ...lines, '', t('cli.clients.connectHint')];
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
        ? t('cli.clients.connected', {
            name: client.name,
            file: client.configPath,
            backup: backupPath ? t('cli.clients.backup', { path: backupPath }) : '',
          })
        : t('cli.clients.already', { name: client.name, file: client.configPath }),
    );
    if (changed) io.out(`  ${t(`aiApps.restart.${client.id}`)}`);
  } else if (command.kind === 'clients-unregister') {
    const { client, changed } = await service.disconnect(id);
    io.out(
      changed
        ? t('cli.clients.disconnected', { name: client.name, file: client.configPath })
        : t('cli.clients.notConnected', { name: client.name, file: client.configPath }),
    );
    if (changed) io.out(`  ${t(`aiApps.restart.${client.id}`)}`);
  } else {
    const { client } = await service.undo(id);
    io.out(t('cli.clients.restored', { file: client.configPath }));
    io.out(`  ${t(`aiApps.restart.${client.id}`)}`);
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
      io.out(t('cli.clients.noneFound', { ids: CLIENT_IDS.join(', ') }));
      return 0;
    }
  }
  if (command.kind === 'clients-unregister' && command.all) {
    ids = (await io.service.list()).filter((c) => c.currentEntry !== null).map((c) => c.id);
    if (ids.length === 0) {
      io.out(t('cli.clients.noneConnected'));
      return 0;
    }
  }
  let failed = false;
  for (const id of ids) {
    try {
      await act(command, id, io);
    } catch (error) {
      if (!(error instanceof IpcError)) throw error;
      const words = errorWords(error);
      io.err(t('cli.clients.error', { id, message: words.message }));
      io.err(`  ${words.fix}`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}
