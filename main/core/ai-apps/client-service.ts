// createClientService(): status, connect, disconnect, repair and undo for every AI app in the
// descriptor table. Each call re-reads the client's file; every write goes through the lock, a
// backup, and an atomic replace that is redone when the client rewrote its file meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type {
  ClientActionResult,
  ClientId,
  ClientProblem,
  ClientState,
} from '#shared/clients/clients.js';
import { IpcError } from '#shared/contract/ipc.js';
import {
  appDataDir as defaultAppDataDir,
  findServerEntry,
  SERVER_NODE_FLAGS,
} from '#appdata/paths.js';
import { descriptorOf, CLIENT_DESCRIPTORS } from './client-descriptors.js';
import type { ClientDescriptor } from './client-descriptors.js';
import {
  CLIENT_ERROR_CODES,
  ConfigSyntaxError,
  readOnlyError,
  unreadableError,
} from './client-errors.js';
import { vscodeOwnMcpProfiles, type PathContext } from './client-paths.js';
import {
  appendWrite,
  backupsDir,
  loadRecord,
  removeBackups,
  saveRecord,
  undoTarget,
  writeBackup,
} from './client-state.js';
import { editorFor } from './editor-for.js';
import {
  assertNotDanglingLink,
  assertWritable,
  ConcurrentChange,
  readBytes,
  replaceIfUnchanged,
  sha256,
  withFileLock,
} from './config-file.js';
import { splitBom } from './config-text.js';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { entryMatches, mergedEntry, toPlain } from './entry-compare.js';
import { launcherFor, stableNodePath } from './launcher.js';
import { installedServerPath, installServerBundle } from './server-bundle.js';
import type { ClientService, ClientServiceOptions } from './types.js';
import { currentLanguage, t } from '#shared/i18n/i18n.js';
import { personError } from '#shared/errors/person-errors.js';

const ATTEMPTS = 8;

function listDir(dir: string): string[] | null {
  try {
    return fs.readdirSync(dir);
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try {
    // A pointer file is one short line: anything large is not one.
    return fs.statSync(file).size <= 64 * 1024 ? fs.readFileSync(file, 'utf8') : null;
  } catch {
    return null;
  }
}

/** The options the CLI and the headless host use: this process's app data, bundle and executable. */
export function defaultClientServiceOptions(proc: NodeJS.Process = process): ClientServiceOptions {
  return {
    appDataDir: defaultAppDataDir(proc.env, proc.platform),
    serverBundle: findServerEntry(),
    launcher: launcherFor({
      execPath: proc.versions.electron
        ? proc.execPath
        : stableNodePath({
            execPath: proc.execPath,
            pathEnv: proc.env.PATH,
            platform: proc.platform,
            realpath: (file) => {
              try {
                return fs.realpathSync(file);
              } catch {
                return null;
              }
            },
          }),
      isElectron: Boolean(proc.versions.electron),
      appImage: proc.env.APPIMAGE,
    }),
    platform: proc.platform,
    env: proc.env,
  };
}

/** Creates the client-registration service. */
export function createClientService(options: ClientServiceOptions): ClientService {
  const ctx: PathContext = {
    platform: options.platform ?? process.platform,
    env: options.env ?? process.env,
    fallbackHome: os.homedir(),
    listDir,
    readText,
  };
  const appData = options.appDataDir;

  const expectedEntry = (d: ClientDescriptor): Record<string, unknown> =>
    d.entry({
      command: options.launcher.command,
      args: [
        ...options.launcher.args,
        ...SERVER_NODE_FLAGS,
        installedServerPath(appData),
        '--config-dir',
        appData,
        // Every client: several forward tool names to model APIs that reject dots (VS Code
        // logs "Tool … is invalid"); the server answers both spellings either way.
        '--tool-names',
        'underscore',
      ],
      env: { ...options.launcher.env },
    });

  const problemOf = (error: unknown): ClientProblem => {
    if (error instanceof IpcError) {
      const syntax = (error as IpcError & { syntax?: ConfigSyntaxError }).syntax;
      // English keeps the reader's exact words; another language has the person's words.
      const words = currentLanguage() === 'en' ? error : personError(error);
      return {
        kind: 'unreadable',
        message: 'message' in words ? words.message : words.title,
        fix: words.fix,
        line: syntax?.line ?? null,
        column: syntax?.column ?? null,
      };
    }
    return {
      kind: 'unreadable',
      message: String(error),
      fix: t('clientProblem.tryAgain'),
      line: null,
      column: null,
    };
  };

  /** The parsed entry of a file's text; throws ClientConfigUnreadable. */
  const readEntry = (d: ClientDescriptor, file: string, body: string): unknown => {
    try {
      return editorFor(d).read(body);
    } catch (error) {
      if (!(error instanceof ConfigSyntaxError)) throw error;
      throw Object.assign(unreadableError(file, error), { syntax: error });
    }
  };

  async function get(id: ClientId): Promise<ClientState> {
    const d = descriptorOf(id);
    const file = d.configPath(ctx);
    const expected = expectedEntry(d);
    const installed = [file, ...d.installMarkers(ctx)].some((p) => fs.existsSync(p));
    const record = await loadRecord(appData, file);
    const base = {
      id,
      name: d.name,
      installed,
      configPath: file,
      expectedEntry: expected,
      restartHint: d.restartHint,
      canUndo: record !== null,
      // Undo takes back exactly one write: say which ("Undo connect"); several: FolderGate's changes.
      undoes:
        record !== null && undoTarget(record.writes) === record.writes.length - 1
          ? whatOf(record.writes.at(-1))
          : null,
    };
    let current: unknown;
    let copies = 0;
    try {
      await assertNotDanglingLink(file);
      const bytes = await readBytes(file);
      if (bytes !== null) {
        const body = splitBom(bytes.toString('utf8')).body;
        current = readEntry(d, file, body);
        copies = editorFor(d).copies(body);
      }
    } catch (error) {
      const problem =
        error instanceof IpcError ? problemOf(error) : problemOf(readOnlyError(file, error));
      // A JSON syntax error can be repaired from what is readable; TOML and YAML are fixed by hand.
      const rebuildable =
        problem.line !== null && d.format !== 'toml' && d.format !== 'yaml' ? true : undefined;
      return {
        ...base,
        status: 'unreadable',
        problem: rebuildable ? { ...problem, rebuildable } : problem,
        currentEntry: null,
      };
    }
    const status =
      current === undefined
        ? installed
          ? 'not-connected'
          : 'not-installed'
        : entryMatches(current, expected) && copies <= 1
          ? 'connected'
          : 'needs-repair';
    const gone = current === undefined ? null : goneProgram(d, current);
    return {
      ...base,
      status,
      // Two entries named foldergate (the client uses one, the person may have edited the
      // other), else an entry whose program is gone.
      problem:
        copies > 1
          ? {
              kind: 'duplicates',
              message: t('clientProblem.duplicates', { file, count: copies, name: d.name }),
              fix: t('clientProblem.duplicatesFix'),
              line: null,
              column: null,
            }
          : status === 'needs-repair' && gone !== null
            ? {
                kind: 'program-gone',
                message: t('clientProblem.gone', { name: d.name, program: gone }),
                fix: t('clientProblem.goneFix'),
                line: null,
                column: null,
              }
            : profilesNote(d),
      currentEntry: current === undefined ? null : toPlain(current),
    };
  }

  /**
   * VS Code: profiles with MCP servers of their own do not read the default profile's mcp.json,
   * where FolderGate writes; they are named, with how to get FolderGate there.
   */
  function profilesNote(d: ClientDescriptor): ClientProblem | null {
    if (d.id !== 'vscode') return null;
    const own = vscodeOwnMcpProfiles(ctx);
    if (own.length === 0) return null;
    const names = own.map((p) => `“${p.name}”`).join(', ');
    return {
      kind: 'other-profiles',
      message: t('clientProblem.profiles', { count: own.length, names }),
      fix: t('clientProblem.profilesFix'),
      line: null,
      column: null,
    };
  }

  /** The absolute program an entry starts when it no longer exists, else null. */
  function goneProgram(d: ClientDescriptor, entry: unknown): string | null {
    const command = d.launchOf(entry)?.command;
    if (!command || !path.isAbsolute(command)) return null;
    return fs.existsSync(command) ? null : command;
  }

  /** Sets (or removes, when `want` returns undefined) our entry; a no-op when already so. */
  async function edit(
    d: ClientDescriptor,
    what: 'connect' | 'disconnect' | 'repair',
    want: (current: unknown) => Record<string, unknown> | undefined,
    salvage = false,
  ): Promise<{ changed: boolean; backupPath: string | null }> {
    const file = d.configPath(ctx);
    return withFileLock(appData, file, async () => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const before = await readBytes(file).catch((error: unknown) => {
          throw readOnlyError(file, error);
        });
        const split = splitBom(before?.toString('utf8') ?? '');
        const { bom } = split;
        let { body } = split;
        // "Back up and repair": a file that cannot be read becomes what could be read of it
        // (the original bytes go to the backup below, and Undo gives them back).
        if (salvage) body = salvagedText(d, file, body, readEntry);
        const current = readEntry(d, file, body);
        const next = want(current);
        if (
          next === undefined
            ? current === undefined
            : current !== undefined &&
              entryMatches(current, next) &&
              entryMatches(next, current as Record<string, unknown>)
        )
          return { changed: false, backupPath: null };
        const source = body.trim() === '' && d.seed ? d.seed : body;
        // Encoded once: compared, written and hashed as bytes (a config can be tens of MB).
        const text = Buffer.from(bom + editorFor(d).write(source, next));
        if (before !== null && text.equals(before)) return { changed: false, backupPath: null };
        await assertWritable(file);
        // The bytes before, in FolderGate's own data folder (never beside the person's file).
        const backupPath =
          before === null
            ? null
            : await writeBackup(appData, file, before).catch((error: unknown) => {
                // FolderGate's own folder cannot take the backup: nothing is changed.
                throw readOnlyError(backupsDir(appData), error);
              });
        try {
          await replaceIfUnchanged(file, text, before);
        } catch (error) {
          if (backupPath) fs.rmSync(backupPath, { force: true });
          if (error instanceof ConcurrentChange) continue;
          throw error;
        }
        const record = await loadRecord(appData, file);
        const { writes, unused } = appendWrite(record?.writes ?? [], {
          backupPath,
          beforeSha256: before === null ? null : sha256(before),
          writtenSha256: sha256(text),
          at: new Date().toISOString(),
          what,
        });
        await saveRecord(appData, file, { file: path.resolve(file), writes });
        await removeBackups(unused);
        return { changed: true, backupPath };
      }
      throw new IpcError(
        CLIENT_ERROR_CODES.configBusy,
        `${file} kept changing while FolderGate tried to edit it.`,
        `Close ${d.name} and try again.`,
      );
    });
  }

  async function connect(id: ClientId): Promise<ClientActionResult> {
    const d = descriptorOf(id);
    await installServerBundle(appData, options.serverBundle);
    const expected = expectedEntry(d);
    const outcome = await edit(d, 'connect', (current) => mergedEntry(current, expected));
    return { client: await get(id), ...outcome };
  }

  async function disconnect(id: ClientId): Promise<ClientActionResult> {
    const outcome = await edit(descriptorOf(id), 'disconnect', () => undefined);
    return { client: await get(id), ...outcome };
  }

  /**
   * Takes the file back to how it was before FolderGate changed it, in one step (connect,
   * disconnect and repair undone together), while it still holds what FolderGate last wrote. When
   * someone else changed the file between FolderGate's writes, it goes back only to just after
   * that change, which is kept. The backups of that file are then deleted.
   */
  async function undo(id: ClientId): Promise<ClientActionResult> {
    const d = descriptorOf(id);
    const file = d.configPath(ctx);
    await withFileLock(appData, file, async () => {
      const record = await loadRecord(appData, file);
      const last = record?.writes.at(-1);
      if (!record || !last)
        throw new IpcError(
          CLIENT_ERROR_CODES.nothingToUndo,
          `FolderGate has not changed ${file}, so there is nothing to undo.`,
          `Use Connect or Disconnect for ${d.name} instead.`,
        );
      const target = record.writes[undoTarget(record.writes)]!;
      const now = await readBytes(file);
      if (now === null || sha256(now) !== last.writtenSha256)
        throw new IpcError(
          CLIENT_ERROR_CODES.undoConflict,
          `${file} changed after FolderGate wrote it (${last.at}), so Undo would lose those changes.`,
          target.backupPath
            ? `Use Disconnect to remove only FolderGate's entry, or copy ${target.backupPath} over it by hand.`
            : `Use Disconnect to remove only FolderGate's entry.`,
        );
      await assertWritable(file);
      if (target.backupPath === null) fs.rmSync(file, { force: true });
      else {
        const previous = await readBytes(target.backupPath);
        if (previous === null)
          throw new IpcError(
            CLIENT_ERROR_CODES.nothingToUndo,
            `The backup ${target.backupPath} is gone, so FolderGate cannot restore ${file}.`,
            `Use Disconnect to remove only FolderGate's entry.`,
          );
        await replaceIfUnchanged(file, previous, now);
      }
      await saveRecord(appData, file, null);
      await removeBackups(record.writes.map((w) => w.backupPath));
    });
    return { client: await get(id), changed: true, backupPath: null };
  }

  return {
    list: () => Promise.all(CLIENT_DESCRIPTORS.map((d) => get(d.id))),
    get,
    connect,
    disconnect,
    repair: connect,
    rebuild: async (id) => {
      const d = descriptorOf(id);
      await installServerBundle(appData, options.serverBundle);
      const expected = expectedEntry(d);
      const outcome = await edit(d, 'repair', (current) => mergedEntry(current, expected), true);
      return { client: await get(id), ...outcome };
    },
    undo,
  };
}

// What a recorded write did, when the record says it plainly (a hand-edited record may not).
function whatOf(write: { what?: unknown } | undefined): 'connect' | 'disconnect' | 'repair' | null {
  const what = write?.what;
  return what === 'connect' || what === 'disconnect' || what === 'repair' ? what : null;
}

/**
 * A JSON settings file that cannot be parsed, as what can be read of it: jsonc-parser's
 * error-tolerant parse keeps every setting up to and around the mistake, written back as plain
 * JSON. A file that parses is returned as it is; TOML and YAML are not guessed at (refused).
 */
export function salvagedText(
  d: ClientDescriptor,
  file: string,
  body: string,
  readEntry: (d: ClientDescriptor, file: string, body: string) => unknown,
): string {
  try {
    readEntry(d, file, body);
    return body;
  } catch (error) {
    if (!(error instanceof IpcError)) throw error;
    if (d.format === 'toml' || d.format === 'yaml')
      throw new IpcError(
        CLIENT_ERROR_CODES.configUnreadable,
        `${d.name}'s settings file cannot be repaired automatically.`,
        'Open it with "Show settings file", fix the marked line by hand, then select Connect again.',
      );
    const errors: ParseError[] = [];
    const value: unknown = parseJsonc(body, errors, {
      allowTrailingComma: true,
      disallowComments: false,
      allowEmptyContent: true,
    });
    const object =
      value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
    return `${JSON.stringify(object, null, 2)}\n`;
  }
}
