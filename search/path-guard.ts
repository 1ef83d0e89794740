import fs from 'node:fs';
import path from 'node:path';
import { ToolError } from '#shared/errors/errors.js';
import { isStrictlyInside, isWithin } from '#shared/text/path-compare.js';

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

const MAX_LINK_HOPS = 40; // as Linux's own limit before ELOOP

function escape(shown: string): ToolError {
  return new ToolError(
    'SymlinkEscapeDetected',
    `'${shown}' is a link that points outside the root.`,
    'Search a real folder inside the root; links that lead out of it are never followed.',
  );
}

/**
 * Resolves the start folder `segments` below a root's realpath and returns its realpath. Goes
 * segment by segment with lstat, and decides that a link escapes from the link itself: its
 * target (readlink, resolved against the link's real parent) outside the root, or a `..` in it
 * that climbs above the root, is SymlinkEscapeDetected before anything behind it is looked at.
 * So `out/exists` and `out/missing` through a link `out` that leaves the root get the same
 * answer, and the answer never tells whether something exists outside the allowed folders.
 * Then it must be an existing, readable folder (PathNotFound, NotADirectory, AccessDenied).
 */
export function resolveStartFolder(rootReal: string, segments: string[], shown: string): string {
  let current = rootReal;
  const queue = [...segments];
  let hops = 0;
  let stat: fs.Stats | null = null;
  while (queue.length > 0) {
    const segment = queue.shift()!;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      // Only a link's target has '..' here (toRelativeSegments resolved the caller's).
      if (!isStrictlyInside(current, rootReal, path)) throw escape(shown);
      current = path.dirname(current);
      stat = null;
      continue;
    }
    const next = path.join(current, segment);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(next);
    } catch (error) {
      throw fsError(error, shown);
    }
    if (!st.isSymbolicLink()) {
      if (queue.length > 0 && !st.isDirectory()) throw fsError({ code: 'ENOTDIR' }, shown);
      current = next;
      stat = st;
      continue;
    }
    if (++hops > MAX_LINK_HOPS) throw fsError({ code: 'ELOOP' }, shown);
    let target: string;
    try {
      target = fs.readlinkSync(next);
    } catch (error) {
      // EINVAL: no longer a link (swapped back since the lstat): look at this segment again.
      // The hop counter bounds the retries.
      if ((error as NodeJS.ErrnoException).code === 'EINVAL') {
        queue.unshift(segment);
        continue;
      }
      throw fsError(error, shown);
    }
    const resolved = path.resolve(current, target);
    if (isWithin(resolved, rootReal, path)) {
      // Relative targets are followed segment by segment ('..' physically, as the OS does);
      // absolute ones from the root, whose realpath they start with.
      if (path.isAbsolute(target)) {
        current = rootReal;
        queue.unshift(...path.relative(rootReal, resolved).split(path.sep));
      } else {
        queue.unshift(...target.split(path.sep === '\\' ? /[\\/]/ : '/'));
      }
    } else {
      // An absolute target may name the root by another path (macOS: /var → /private/var). Only
      // its parent is resolved, and only a parent inside the root is used: anything else is an
      // escape, whether or not it exists.
      const parent = path.isAbsolute(target) ? tryRealpath(path.dirname(resolved)) : null;
      if (parent === null || !isWithin(parent, rootReal, path)) throw escape(shown);
      current = parent;
      queue.unshift(path.basename(resolved));
    }
    stat = null;
  }
  let real: string;
  try {
    // Canonical spelling (case on macOS/Windows); a change since the lstats above is caught here.
    real = fs.realpathSync.native(current);
    stat ??= fs.statSync(real);
  } catch (error) {
    throw fsError(error, shown);
  }
  if (!isWithin(real, rootReal, path)) throw escape(shown);
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

function tryRealpath(p: string): string | null {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return null;
  }
}

/**
 * Maps the walk's failure to open or read its start folder. The walk opens it again, segment by
 * segment without following links; a segment swapped for a link since resolveStartFolder is an
 * escape (ELOOP from O_NOFOLLOW), and one that changed under the checks elsewhere is too.
 */
export function startFolderError(error: unknown, shown: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ELOOP' || code === 'ECHANGED') return escape(shown);
  if (typeof (error as NodeJS.ErrnoException | undefined)?.syscall === 'string') {
    return fsError(error, shown);
  }
  return error;
}

/**
 * Maps a file-system error on `shown` (a path relative to the root, or a root's name) to a
 * ToolError; `about` says which of the two it is, for the person's words.
 */
export function fsError(
  error: unknown,
  shown: string,
  about: 'subfolder' | 'allowed-folder' = 'subfolder',
): ToolError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const params = { about, name: shown };
  switch (code) {
    case 'ENOENT':
      return new ToolError(
        'PathNotFound',
        `'${shown}' does not exist.`,
        'Check the spelling, or search from the root and use glob to find it.',
        params,
      );
    case 'ENOTDIR':
      return new ToolError(
        'NotADirectory',
        `'${shown}' is not a folder.`,
        "Set 'path' to a folder.",
        params,
      );
    case 'EACCES':
    case 'EPERM':
      return new ToolError(
        'AccessDenied',
        `'${shown}' cannot be read (permission denied).`,
        'Search another folder you have permission to read.',
        params,
      );
    case 'ELOOP':
      return new ToolError(
        'SymlinkEscapeDetected',
        `'${shown}' goes through a loop of links.`,
        'Search a real folder inside the root.',
        params,
      );
    case 'ENAMETOOLONG':
      return new ToolError(
        'PathTooLong',
        `'${shown}' is too long for the file system.`,
        'Use a shorter start path.',
        params,
      );
    default:
      return new ToolError(
        'IOFailure',
        `'${shown}' could not be read (${code ?? 'unknown error'}).`,
        'Try again in a moment, or search a smaller folder.',
        params,
      );
  }
}
