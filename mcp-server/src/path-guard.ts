import fs from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../shared/errors.js';
import { isWithin } from '../../shared/path-compare.js';

/** `path.posix` or `path.win32`: the path rules are written once and unit-tested for both. */
export type PathApi = path.PlatformPath;

const WINDOWS_ROOTED = /^(?:[A-Za-z]:|[\\/]{2})/; // C:…, C:\…, \\server\share, \\?\…, \\.\…, //…

/**
 * Turns a tool's relative `path` argument into segments below the root. Rejects absolute, UNC,
 * drive-letter and device forms (PathNotRelative) and `..` that leaves the root
 * (PathTraversalDetected). `..` that stays inside (`a/../b`) is resolved.
 */
export function toRelativeSegments(input: string, api: PathApi): string[] {
  if (input.includes('\0')) {
    throw new ToolError(
      'InvalidArgument',
      "'path' contains a NUL character.",
      "Remove the NUL character from 'path'.",
    );
  }
  const isWindows = api.sep === '\\';
  if (WINDOWS_ROOTED.test(input) || api.isAbsolute(input)) {
    throw new ToolError(
      'PathNotRelative',
      "'path' must be relative to the root, not an absolute, UNC or drive path.",
      "Pass a path below the root such as 'reports/2025', or use 'root' to pick another allowed folder.",
    );
  }
  const segments: string[] = [];
  for (const part of input.split(isWindows ? /[\\/]/ : '/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' || (isWindows && /^[. ]+$/.test(part) && part.includes('..'))) {
      if (segments.length === 0) throw traversal();
      segments.pop();
      continue;
    }
    if (isWindows && part.includes(':')) {
      throw new ToolError(
        'PathNotRelative',
        "'path' contains ':' (a drive letter or an alternate data stream).",
        "Pass a plain relative path such as 'reports\\2025'.",
      );
    }
    segments.push(part);
  }
  return segments;
}

function traversal(): ToolError {
  return new ToolError(
    'PathTraversalDetected',
    "'path' leaves the root through '..'.",
    "Remove the '..' segments; 'path' must stay inside the root.",
  );
}

/**
 * Resolves the start folder `segments` below a root's realpath: its realpath must stay inside the
 * root (SymlinkEscapeDetected) and it must be an existing folder. Returns its realpath.
 */
export function resolveStartFolder(rootReal: string, segments: string[], shown: string): string {
  const joined = path.join(rootReal, ...segments);
  let real: string;
  try {
    real = fs.realpathSync.native(joined);
  } catch (error) {
    throw fsError(error, shown);
  }
  if (!isWithin(real, rootReal, path)) {
    throw new ToolError(
      'SymlinkEscapeDetected',
      `'${shown}' is a link that points outside the root.`,
      'Search a real folder inside the root; links that lead out of it are never followed.',
    );
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(real);
  } catch (error) {
    throw fsError(error, shown);
  }
  if (!stat.isDirectory()) {
    throw new ToolError(
      'NotADirectory',
      `'${shown}' is a file, not a folder.`,
      "Set 'path' to the folder that contains it.",
    );
  }
  try {
    fs.accessSync(real, fs.constants.R_OK); // else the walk's first readdir fails as IOFailure
  } catch (error) {
    throw fsError(error, shown);
  }
  return real;
}

/** Maps a file-system error on `shown` (a path relative to the root, or a root's name) to a ToolError. */
export function fsError(error: unknown, shown: string): ToolError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return new ToolError(
        'PathNotFound',
        `'${shown}' does not exist.`,
        'Check the spelling, or search from the root and use glob to find it.',
      );
    case 'ENOTDIR':
      return new ToolError(
        'NotADirectory',
        `'${shown}' is not a folder.`,
        "Set 'path' to a folder.",
      );
    case 'EACCES':
    case 'EPERM':
      return new ToolError(
        'AccessDenied',
        `'${shown}' cannot be read (permission denied).`,
        'Search another folder you have permission to read.',
      );
    case 'ELOOP':
      return new ToolError(
        'SymlinkEscapeDetected',
        `'${shown}' goes through a loop of links.`,
        'Search a real folder inside the root.',
      );
    case 'ENAMETOOLONG':
      return new ToolError(
        'PathTooLong',
        `'${shown}' is too long for the file system.`,
        'Use a shorter start path.',
      );
    default:
      return new ToolError(
        'IOFailure',
        `'${shown}' could not be read (${code ?? 'unknown error'}).`,
        'Try again in a moment, or search a smaller folder.',
      );
  }
}
