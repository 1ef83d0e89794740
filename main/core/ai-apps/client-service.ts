// createClientService(): status, connect, disconnect, repair and undo for every AI app in the
// descriptor table. Each call re-reads the client's file; every write goes through the lock, a
// backup, and an atomic replace that is redone when the client rewrote its file meanwhile.
import fs from 'node:fs';
import os from 'node:os';
import type {
  ClientActionResult,
  ClientExtension,
  ClientId,
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
import { ConfigSyntaxError, readOnlyError, unreadableError } from './client-errors.js';
import { writeProblem } from './config-writable.js';
import { claudeDesktopDir, type PathContext } from './client-paths.js';
import { loadRecord, undoTarget, type ConfigWrite } from './client-state.js';
import { editorFor } from './editor-for.js';
import { assertNotDanglingLink, readBytes } from './config-file.js';
import { splitBom } from './config-text.js';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { entryMatches, mergedEntry, toPlain } from './entry-compare.js';
import { launcherFor, stableNodePath } from './launcher.js';
import { installedServerPath, installServerBundle } from './server-bundle.js';
import type { ClientService, ClientServiceOptions } from './types.js';
import { editConfig } from './config-edit.js';
import {
  duplicatesProblem,
  excludedProblem,
  goneProblem,
  goneProgram,
  problemOf,
  profilesNote,
  twiceProblem,
} from './client-problems.js';
import { geminiListsState, geminiSystemFiles, withFolderGateAllowed } from './gemini-lists.js';
import {
  buildExtension,
  extensionBundlePath,
  installedExtension,
  stampFor,
} from './claude-extension.js';
import { undoLastChanges } from './client-undo.js';
import { runningUpdate, updateOwnEntries } from './version-update.js';
import { CLIENT_ERROR_CODES } from './client-errors.js';

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
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const ctx: PathContext = { platform, env, fallbackHome: os.homedir(), listDir, readText };
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
        // Who is asking, whatever the app reports about itself (rules, Activity, "Last used").
        '--client',
        d.id,
        // Every client: several forward tool names to model APIs that reject dots (VS Code
        // logs "Tool … is invalid"); the server answers both spellings either way.
        '--tool-names',
        'underscore',
      ],
      env: { ...options.launcher.env },
    });

  /** The parsed entry of a file's text; throws ClientConfigUnreadable. */
  const readEntry = (d: ClientDescriptor, file: string, body: string): unknown => {
    try {
      return editorFor(d).read(body);
    } catch (error) {
      if (!(error instanceof ConfigSyntaxError)) throw error;
      throw Object.assign(unreadableError(file, error), { syntax: error });
    }
  };

  /** Claude Desktop's extension, as Claude recorded it and as FolderGate last built it. */
  const extensionOf = (d: ClientDescriptor): ClientExtension | null => {
    if (d.id !== 'claude-desktop') return null;
    const installed = installedExtension(claudeDesktopDir(ctx));
    const bundle = extensionBundlePath(appData);
    let outdated = false;
    if (installed) {
      const entry = fs.existsSync(options.serverBundle)
        ? fs.readFileSync(options.serverBundle)
        : null;
      const now = entry ? stampFor(appData, entry) : null;
      outdated =
        installed.stamp === null ||
        (now !== null &&
          (installed.stamp.build !== now.build || installed.stamp.configDir !== now.configDir));
    }
    return {
      installed: installed !== null,
      enabled: installed?.enabled ?? false,
      outdated,
      bundlePath: fs.existsSync(bundle) ? bundle : null,
    };
  };

  async function get(id: ClientId): Promise<ClientState> {
    const d = descriptorOf(id);
    const file = d.configPath(ctx);
    const expected = expectedEntry(d);
    const extension = extensionOf(d);
    const installed =
      [file, ...d.installMarkers(ctx)].some((p) => fs.existsSync(p)) ||
      extension?.installed === true;
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
      extension,
      updatedForNewVersion: updateOf(record?.writes.at(-1)),
    };
    let current: unknown;
    let copies = 0;
    let body: string | null = null;
    try {
      await assertNotDanglingLink(file);
      const bytes = await readBytes(file);
      if (bytes !== null) {
        body = splitBom(bytes.toString('utf8')).body;
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
        ? extension?.installed
          ? 'connected'
          : installed
            ? 'not-connected'
            : 'not-installed'
        : entryMatches(current, expected, d.envKey) && copies <= 1
          ? 'connected'
          : 'needs-repair';
    const gone = current === undefined ? null : goneProgram(d, current);
    // Said before the person chooses Connect (or Repair, Disconnect), not found by it.
    const readOnly = installed ? await writeProblem(file, d.name) : null;
    const lists =
      d.id === 'gemini-cli' && current !== undefined
        ? geminiListsState(body, geminiSystemFiles(platform, env))
        : null;
    return {
      ...base,
      status,
      // Two entries named foldergate (the client uses one, the person may have edited the
      // other), an entry whose program is gone, FolderGate twice in Claude, Gemini's lists.
      problem: readOnly
        ? readOnly
        : copies > 1
          ? duplicatesProblem(file, copies, d.name)
          : status === 'needs-repair' && gone !== null
            ? goneProblem(d.name, gone)
            : extension?.installed && current !== undefined
              ? twiceProblem(file)
              : lists
                ? excludedProblem(file, lists)
                : profilesNote(d, ctx),
      currentEntry: current === undefined ? null : toPlain(current),
    };
  }

  /** Sets (or removes, when `want` returns undefined) our entry; a no-op when already so. */
  const edit = (
    d: ClientDescriptor,
    what: 'connect' | 'disconnect' | 'repair',
    want: (current: unknown) => Record<string, unknown> | undefined,
    salvage = false,
    entry?: Record<string, unknown>,
  ) => {
    const file = d.configPath(ctx);
    return editConfig({
      appDataDir: appData,
      file,
      name: d.name,
      what,
      // FolderGate's part of the entry it leaves: whose entry the file holds later (version-update.ts).
      recorded: () => (entry ? { entry } : {}),
      next(text) {
        // "Back up and repair": a file that cannot be read becomes what could be read of it
        // (the original bytes go to the backup, and Undo gives them back).
        const body = salvage ? salvagedText(d, file, text, readEntry) : text;
        const current = readEntry(d, file, body);
        const next = want(current);
        if (
          next === undefined
            ? current === undefined
            : current !== undefined &&
              entryMatches(current, next, d.envKey) &&
              entryMatches(next, current as Record<string, unknown>, d.envKey)
        )
          return null;
        const source = body.trim() === '' && d.seed ? d.seed : body;
        return editorFor(d).write(source, next);
      },
    });
  };

  /** Connect, repair and "Back up and repair": FolderGate's entry over what the entry holds. */
  async function connect(id: ClientId, salvage = false): Promise<ClientActionResult> {
    const d = descriptorOf(id);
    // Claude Desktop with FolderGate as an extension: never a second registration.
    if (extensionOf(d)?.installed)
      return { client: await get(id), changed: false, backupPath: null };
    await installServerBundle(appData, options.serverBundle);
    const expected = expectedEntry(d);
    const merge = (current: unknown) => mergedEntry(current, expected, d.envKey);
    const outcome = await edit(d, salvage ? 'repair' : 'connect', merge, salvage, expected);
    return { client: await get(id), ...outcome };
  }

  async function disconnect(id: ClientId): Promise<ClientActionResult> {
    const outcome = await edit(descriptorOf(id), 'disconnect', () => undefined);
    return { client: await get(id), ...outcome };
  }

  /** Gemini CLI: FolderGate out of `mcp.excluded` and into a non-empty `mcp.allowed`, nothing else. */
  async function allow(id: ClientId): Promise<ClientActionResult> {
    const d = descriptorOf(id);
    if (d.id !== 'gemini-cli')
      throw new IpcError(
        CLIENT_ERROR_CODES.nothingToUndo,
        `${d.name} has no list of servers FolderGate could change.`,
        'Use Connect instead.',
      );
    const file = d.configPath(ctx);
    const outcome = await editConfig({
      appDataDir: appData,
      file,
      name: d.name,
      what: 'allow',
      next(body) {
        readEntry(d, file, body); // a file Gemini cannot read is never edited
        const out = withFolderGateAllowed(body);
        return out === body ? null : out;
      },
    });
    return { client: await get(id), ...outcome };
  }

  // The check at the core's start: state asked meanwhile is the state after it.
  const settled = async () => void (await runningUpdate(appData));
  return {
    list: async () => {
      await settled();
      return Promise.all(CLIENT_DESCRIPTORS.map((d) => get(d.id)));
    },
    get: async (id) => {
      await settled();
      return get(id);
    },
    updateForNewVersion: () =>
      updateOwnEntries({
        appDataDir: appData,
        serverBundle: options.serverBundle,
        descriptors: CLIENT_DESCRIPTORS,
        configPath: (d) => d.configPath(ctx),
        expectedEntry,
        readEntry,
        state: get,
      }),
    connect: (id) => connect(id),
    disconnect,
    repair: (id) => connect(id),
    rebuild: (id) => connect(id, true),
    undo: async (id) => {
      const d = descriptorOf(id);
      await undoLastChanges(appData, d.configPath(ctx), d.name);
      return { client: await get(id), changed: true, backupPath: null };
    },
    allow,
    async extension(id) {
      const d = descriptorOf(id);
      if (d.id !== 'claude-desktop')
        throw new IpcError(
          CLIENT_ERROR_CODES.nothingToUndo,
          `${d.name} has no extensions; FolderGate connects it through its settings file.`,
          'Use Connect instead.',
        );
      const file = await buildExtension({
        appDataDir: appData,
        serverBundle: options.serverBundle,
        version: options.appVersion ?? '0.0.0',
      });
      return { path: file, client: await get(id) };
    },
  };
}

/** The notice of FolderGate's last write when it was a version update (version-update.ts). */
function updateOf(write: ConfigWrite | undefined): ClientState['updatedForNewVersion'] {
  return typeof write?.updatedFrom === 'string' && typeof write.at === 'string'
    ? { at: write.at, from: write.updatedFrom }
    : null;
}

// What a recorded write did, when the record says it plainly (a hand-edited record may not).
function whatOf(write: { what?: unknown } | undefined): ClientState['undoes'] {
  const what = write?.what;
  return what === 'connect' || what === 'disconnect' || what === 'repair' || what === 'allow'
    ? what
    : null;
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
