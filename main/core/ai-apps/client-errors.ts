// Error codes of client registration and the IpcErrors that carry them. Every message names the
// file (and, for a syntax error, the line and column) and every fix says what a person can do.
import { IpcError } from '#shared/contract/ipc.js';

/** Codes of the errors the client service throws (IpcError.code): the one registry's. */
export { CLIENT_ERROR_CODES } from '#shared/errors/error-codes.js';
import { CLIENT_ERROR_CODES } from '#shared/errors/error-codes.js';

/** Where a config file stopped parsing (1-based), and why. */
export class ConfigSyntaxError extends Error {
  override name = 'ConfigSyntaxError';
  constructor(
    readonly reason: string,
    readonly line: number | null,
    readonly column: number | null,
  ) {
    super(reason);
  }
}

/** 1-based line and column of a 0-based offset into `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/** The IpcError for a config file that cannot be parsed (it is never rewritten). */
export function unreadableError(file: string, syntax: ConfigSyntaxError): IpcError {
  const where = syntax.line === null ? '' : ` at line ${syntax.line}, column ${syntax.column}`;
  return new IpcError(
    CLIENT_ERROR_CODES.configUnreadable,
    `${file} cannot be read${where}: ${syntax.reason}. FolderGate left it untouched.`,
    `Open ${file} in a text editor, fix${where ? ` line ${syntax.line}` : ' it'}, then try again. (Do not delete the file: it holds the app's other settings.)`,
    syntax.line === null
      ? { file }
      : { file, line: syntax.line, ...(syntax.column === null ? {} : { column: syntax.column }) },
  );
}

/** The IpcError for a file or folder that cannot be written. */
export function readOnlyError(file: string, cause: unknown): IpcError {
  const code = (cause as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
  return new IpcError(
    CLIENT_ERROR_CODES.configReadOnly,
    `${file} cannot be written (${code}). FolderGate left it untouched.`,
    `Make ${file} and its folder writable for your user (or close the app that locks it), then try again.`,
    { file },
  );
}

/** True for errno codes that mean "you may not write here". */
export function isPermissionError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return (
    code === 'EACCES' ||
    code === 'EPERM' ||
    code === 'EROFS' ||
    code === 'ENOTDIR' ||
    code === 'EISDIR' ||
    code === 'EEXIST'
  );
}

/** The IpcError for a config file that is a link to nothing: the link is never replaced. */
export function danglingLinkError(file: string, target: string): IpcError {
  return new IpcError(
    CLIENT_ERROR_CODES.configDanglingLink,
    `${file} is a link to ${target}, which does not exist. FolderGate does not replace the link with a file of its own.`,
    `Make ${target} available again (a drive or folder that is not connected, a dotfiles checkout), or remove the link if the app should keep its own file there; then try again.`,
  );
}
