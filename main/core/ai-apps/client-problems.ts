// What a row says is wrong beside its status (ClientProblem): a file that cannot be read, FolderGate
// listed twice, a program that is gone, VS Code profiles that do not see FolderGate, Gemini CLI's
// lists keeping the server from starting, Claude Desktop with FolderGate twice. Words from the
// catalog; English keeps a reader's exact words for an unreadable file.
import fs from 'node:fs';
import path from 'node:path';
import type { ClientProblem } from '#shared/clients/clients.js';
import { IpcError } from '#shared/contract/ipc.js';
import { currentLanguage, t } from '#shared/i18n/i18n.js';
import { personError } from '#shared/errors/person-errors.js';
import type { ClientDescriptor } from './client-descriptors.js';
import type { ConfigSyntaxError } from './client-errors.js';
import { vscodeOwnMcpProfiles, type PathContext } from './client-paths.js';
import type { GeminiListsState } from './gemini-lists.js';

const noPlace = { line: null, column: null } as const;

/** The problem of an error thrown while reading a config file. */
export function problemOf(error: unknown): ClientProblem {
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
    ...noPlace,
  };
}

/** FolderGate's entry more than once in the file. */
export function duplicatesProblem(file: string, count: number, name: string): ClientProblem {
  return {
    kind: 'duplicates',
    message: t('clientProblem.duplicates', { file, count, name }),
    fix: t('clientProblem.duplicatesFix'),
    ...noPlace,
  };
}

/** The absolute program an entry starts when it no longer exists, else null. */
export function goneProgram(d: ClientDescriptor, entry: unknown): string | null {
  const command = d.launchOf(entry)?.command;
  if (!command || !path.isAbsolute(command)) return null;
  return fs.existsSync(command) ? null : command;
}

/** An entry whose program is gone. */
export function goneProblem(name: string, program: string): ClientProblem {
  return {
    kind: 'program-gone',
    message: t('clientProblem.gone', { name, program }),
    fix: t('clientProblem.goneFix'),
    ...noPlace,
  };
}

/**
 * VS Code: profiles with MCP servers of their own do not read the default profile's mcp.json,
 * where FolderGate writes; they are named, with how to get FolderGate there.
 */
export function profilesNote(d: ClientDescriptor, ctx: PathContext): ClientProblem | null {
  if (d.id !== 'vscode') return null;
  const own = vscodeOwnMcpProfiles(ctx);
  if (own.length === 0) return null;
  const names = own.map((p) => `“${p.name}”`).join(', ');
  return {
    kind: 'other-profiles',
    message: t('clientProblem.profiles', { count: own.length, names }),
    fix: t('clientProblem.profilesFix'),
    ...noPlace,
  };
}

/** Gemini CLI's lists keep FolderGate from starting; `allowable` when the one-click fix helps. */
export function excludedProblem(file: string, state: NonNullable<GeminiListsState>): ClientProblem {
  if (state.fixable)
    return {
      kind: 'excluded',
      message: t('clientProblem.excluded', { file }),
      fix: t('clientProblem.excludedFix'),
      ...noPlace,
      allowable: true,
    };
  return {
    kind: 'excluded',
    message: t('clientProblem.excludedSystem', { files: state.systemFiles.join(', ') }),
    fix: t('clientProblem.excludedSystemFix'),
    ...noPlace,
  };
}

/** Claude Desktop has FolderGate as an extension and in its settings file. */
export function twiceProblem(file: string): ClientProblem {
  return {
    kind: 'twice',
    message: t('clientProblem.twice', { file }),
    fix: t('clientProblem.twiceFix'),
    ...noPlace,
  };
}
