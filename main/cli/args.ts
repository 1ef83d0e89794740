// Parses FolderGate's command line into one command, or a UsageError that says what is wrong.
import { parseArgs } from 'node:util';
import { CLIENT_IDS, clientIdSchema } from '#shared/clients/clients.js';
import type { ClientId } from '#shared/clients/clients.js';
import { t } from '#shared/i18n/i18n.js';

/** One parsed command. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'start'; port: number }
  | { kind: 'web'; port: number }
  | { kind: 'roots-list' }
  | { kind: 'roots-add'; dir: string; name?: string }
  | { kind: 'roots-remove'; dir: string }
  | { kind: 'roots-confirm'; dir: string }
  | { kind: 'settings-start-over' }
  | { kind: 'demo'; folder?: string }
  | { kind: 'clients-list'; json: boolean }
  | { kind: 'clients-register'; ids: ClientId[]; allDetected: boolean }
  | { kind: 'clients-unregister'; ids: ClientId[]; all: boolean }
  | { kind: 'clients-undo'; ids: ClientId[] };

/** A command line that cannot be understood (exit code 2, with the usage). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The help text. */
/** The help text, in the person's language. */
export function usage(): string {
  return t('cli.usage');
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, not '${text}'.`);
  return Number(text);
}

function parse<T extends Record<string, { type: 'string' } | { type: 'boolean' }>>(
  argv: string[],
  options: T,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function noMore(rest: string[], what: string): void {
  if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}' after '${what}'.`);
}

/** Parses `argv` (without node and the script). */
export function parseCliArgs(argv: string[]): CliCommand {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'start':
    case 'web': {
      const { values, positionals } = parse(rest, { port: { type: 'string' } });
      noMore(positionals, command);
      return { kind: command, port: parsePort(values.port) };
    }
    case 'roots': {
      const { values, positionals } = parse(rest, { name: { type: 'string' } });
      const [action, dir, ...extra] = positionals;
      if (action === 'list') {
        noMore(dir === undefined ? extra : [dir, ...extra], 'roots list');
        if (values.name !== undefined) throw new UsageError("'roots list' takes no --name.");
        return { kind: 'roots-list' };
      }
      if (action === 'add' || action === 'remove' || action === 'confirm') {
        if (dir === undefined || dir.trim() === '')
          throw new UsageError(`Say which folder: foldergate roots ${action} <folder>.`);
        noMore(extra, `roots ${action} ${dir}`);
        if (action !== 'add') {
          if (values.name !== undefined) throw new UsageError(`'roots ${action}' takes no --name.`);
          return { kind: action === 'remove' ? 'roots-remove' : 'roots-confirm', dir };
        }
        return values.name === undefined
          ? { kind: 'roots-add', dir }
          : { kind: 'roots-add', dir, name: values.name };
      }
      throw new UsageError(
        action
          ? `Unknown roots command '${action}': use list, add, remove or confirm.`
          : 'Say what to do: foldergate roots list|add|remove|confirm.',
      );
    }
    case 'settings': {
      const { positionals } = parse(rest, {});
      const [action, ...extra] = positionals;
      if (action !== 'start-over')
        throw new UsageError(
          action
            ? `Unknown settings command '${action}': use start-over.`
            : 'Say what to do: foldergate settings start-over.',
        );
      noMore(extra, 'settings start-over');
      return { kind: 'settings-start-over' };
    }
    case 'demo': {
      const { positionals } = parse(rest, {});
      const [folder, ...extra] = positionals;
      noMore(extra, 'demo');
      return folder === undefined ? { kind: 'demo' } : { kind: 'demo', folder };
    }
    case 'clients':
      return parseClients(rest);
    default:
      throw new UsageError(`Unknown command '${command}'.`);
  }
}

function clientIds(names: string[], action: string): ClientId[] {
  if (names.length === 0)
    throw new UsageError(
      `Say which AI app: foldergate clients ${action} <id> (${CLIENT_IDS.join(', ')}).`,
    );
  return names.map((name) => {
    const parsed = clientIdSchema.safeParse(name);
    if (!parsed.success)
      throw new UsageError(`Unknown AI app '${name}': use one of ${CLIENT_IDS.join(', ')}.`);
    return parsed.data;
  });
}

function parseClients(rest: string[]): CliCommand {
  const { values, positionals } = parse(rest, {
    json: { type: 'boolean' },
    'all-detected': { type: 'boolean' },
    all: { type: 'boolean' },
  });
  const [action, ...names] = positionals;
  const allDetected = values['all-detected'] === true;
  if (values.json !== undefined && action !== 'list')
    throw new UsageError('Only `clients list` takes --json.');
  if (allDetected && action !== 'register')
    throw new UsageError('Only `clients register` takes --all-detected.');
  const all = values.all === true;
  if (all && action !== 'unregister')
    throw new UsageError('Only `clients unregister` takes --all.');
  switch (action) {
    case 'list':
      noMore(names, 'clients list');
      return { kind: 'clients-list', json: values.json === true };
    case 'register':
      if (!allDetected)
        return { kind: 'clients-register', ids: clientIds(names, action), allDetected };
      noMore(names, 'clients register --all-detected');
      return { kind: 'clients-register', ids: [], allDetected };
    case 'unregister':
      if (!all) return { kind: 'clients-unregister', ids: clientIds(names, action), all };
      noMore(names, 'clients unregister --all');
      return { kind: 'clients-unregister', ids: [], all };
    case 'undo': {
      const ids = clientIds(names, action);
      noMore(ids.slice(1), `clients undo ${ids[0]}`);
      return { kind: 'clients-undo', ids };
    }
    default:
      throw new UsageError(
        action
          ? `Unknown clients command '${action}': use list, register, unregister or undo.`
          : 'Say what to do: foldergate clients list|register|unregister|undo.',
      );
  }
}
