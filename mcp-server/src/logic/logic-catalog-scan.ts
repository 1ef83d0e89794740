// Scanning a logic catalog folder: which .sql/.json files it holds, with a cheap signature of
// them (path, size, mtime, ctime, inode) so a changed catalog is noticed without reading files.
// The catalog is read the way the walker reads an allowed folder (folder-access.ts): every
// folder below the catalog is opened through its parent's handle without following links, and
// listed and stat'ed through that handle, so a folder swapped for a link while the catalog is
// read can never make it list or read anything outside it. Files are read the same way
// (readCatalogFile) and must be the very file that was listed (device and inode).
import fs from 'node:fs';
import path from 'node:path';
import {
  LOGIC_LIMITS,
  LOGIC_NAME_SEGMENT,
  logicNameProblem,
  type LogicFileProblem,
} from '#shared/tools/logic.js';
import { type FolderAccess, type FolderId, type OpenFolder } from '#search/folder-access.js';
import { platformFolderAccess } from '#search/platform-access.js';

/** Why a configured catalog cannot be read at all. */
export type CatalogProblem = 'missing' | 'not-a-directory' | 'not-absolute' | 'unreadable';

/** Entries (files and folders) one load reads at most. */
export const CATALOG_MAX_ENTRIES = 20_000;

/** One .sql or .json file as it was listed: where it is, and which file it was. */
export interface FileInfo {
  /** Folder names from logics/ down to the file's folder. */
  segments: readonly string[];
  name: string;
  size: number;
  time: number;
  dev: number;
  ino: number;
  /** Names the file has (more than 1: a hard link, which may be a file from elsewhere). */
  nlink: number;
}

/** Where a scan found logics/, so that reads open the very folder that was listed. */
export interface CatalogPlace {
  logicsReal: string;
  logicsId: FolderId;
  access: FolderAccess;
}

export interface Scan {
  signature: string;
  /** Newest mtime/ctime among the files. */
  newest: number;
  result:
    | { kind: 'unavailable'; problem: CatalogProblem; detail: string }
    | {
        kind: 'ready';
        hasLogicsFolder: boolean;
        /** Where logics/ was found; null when there is none. */
        place: CatalogPlace | null;
        files: Map<string, FileInfo>;
        /** .sql/.json paths that exist but are not regular files: rel → what they are. */
        odd: Map<string, 'link' | 'folder' | 'not-regular'>;
        skipped: { rel: string; why: string }[];
        /** .sql files whose name breaks the naming rule: their path and the rule broken. */
        badNames: { rel: string; rule: string }[];
        truncated: boolean;
      };
}

/** Scans `catalogDir` (absolute) through `access` (the platform's safest by default). */
export function scanCatalog(catalogDir: string, access = platformFolderAccess()): Scan {
  const unavailable = (problem: CatalogProblem, detail: string): Scan => ({
    signature: `unavailable\0${problem}`,
    newest: 0,
    result: { kind: 'unavailable', problem, detail },
  });
  if (!path.isAbsolute(catalogDir))
    return unavailable('not-absolute', `${catalogDir} is not an absolute path`);
  let catalogReal: string;
  try {
    catalogReal = fs.realpathSync.native(catalogDir);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return unavailable('missing', `${catalogDir} does not exist`);
    if (code === 'ENOTDIR') return unavailable('not-a-directory', `${catalogDir} is not a folder`);
    return unavailable('unreadable', `${catalogDir} cannot be read (${code})`);
  }
  let root: OpenFolder;
  try {
    root = access.openStart(catalogReal, [], null);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOTDIR') return unavailable('not-a-directory', `${catalogDir} is not a folder`);
    if (code === 'ENOENT') return unavailable('missing', `${catalogDir} does not exist`);
    return unavailable('unreadable', `${catalogDir} cannot be read (${code})`);
  }
  const opened: OpenFolder[] = [root];
  try {
    return scanFrom(root, catalogReal, access, opened, unavailable);
  } finally {
    for (const folder of opened) access.close(folder);
    access.leave();
  }
}

function scanFrom(
  root: OpenFolder,
  catalogReal: string,
  access: FolderAccess,
  opened: OpenFolder[],
  unavailable: (problem: CatalogProblem, detail: string) => Scan,
): Scan {
  const rootId = access.identify(root);
  const files = new Map<string, FileInfo>();
  const odd = new Map<string, 'link' | 'folder' | 'not-regular'>();
  const skipped: { rel: string; why: string }[] = [];
  const badNames: { rel: string; rule: string }[] = [];
  const lines: string[] = [`root\0${rootId.dev}\0${rootId.ino}`];
  let newest = 0;
  let visited = 0;
  let truncated = false;
  const skip = (rel: string, why: string) => {
    skipped.push({ rel, why });
    lines.push(`s\0${rel}\0${why}`);
  };

  let logicsStat: fs.Stats | undefined;
  try {
    logicsStat = access.lstat(root, 'logics');
  } catch (error) {
    return unavailable('unreadable', `${catalogReal}/logics cannot be read (${errorCode(error)})`);
  }
  let logics: OpenFolder | null = null;
  if (logicsStat?.isDirectory()) {
    try {
      logics = access.openChild(root, 'logics');
      opened.push(logics);
    } catch (error) {
      // Swapped for a link (ELOOP) or gone since the lstat: not followed, read next time.
      skip('.', `logics/ cannot be opened (${errorCode(error)})`);
    }
  } else if (logicsStat) {
    skip(
      '.',
      logicsStat.isSymbolicLink()
        ? 'logics/ is a symbolic link, which is not followed'
        : 'logics is not a folder',
    );
  }

  const walk = (folder: OpenFolder, segments: string[]): void => {
    let dirents: fs.Dirent[];
    try {
      dirents = access.list(folder);
    } catch (error) {
      skip(segments.join('/') || '.', `the folder cannot be read (${errorCode(error)})`);
      return;
    }
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const dirent of dirents) {
      if (truncated) return;
      if (++visited > CATALOG_MAX_ENTRIES) {
        truncated = true;
        lines.push('truncated');
        return;
      }
      const { name } = dirent;
      if (name.startsWith('.')) continue; // hidden files, editor swap files
      const rel = [...segments, name].join('/');
      const relevant = name.endsWith('.sql') || name.endsWith('.json');
      if (dirent.isSymbolicLink()) {
        if (relevant) odd.set(rel, 'link');
        skip(rel, 'symbolic link, not followed');
      } else if (dirent.isDirectory()) {
        if (relevant) odd.set(rel, 'folder');
        if (!LOGIC_NAME_SEGMENT.test(name))
          skip(rel, "folder name breaks the naming rule (letters, digits, '_' and '-')");
        else if (segments.length + 2 > LOGIC_LIMITS.nameMaxSegments)
          skip(
            rel,
            `folder is nested too deep (names have at most ${LOGIC_LIMITS.nameMaxSegments} segments)`,
          );
        else {
          let child: OpenFolder;
          try {
            child = access.openChild(folder, name);
          } catch (error) {
            // A folder swapped for a link since it was listed fails here (ELOOP): never followed.
            skip(rel, `the folder cannot be opened (${errorCode(error)})`);
            continue;
          }
          opened.push(child);
          walk(child, [...segments, name]);
          opened.pop();
          access.close(child);
        }
      } else if (!relevant) {
        continue;
      } else if (!dirent.isFile()) {
        odd.set(rel, 'not-regular');
        skip(rel, 'not a regular file');
      } else {
        if (name.endsWith('.sql')) {
          const problem = logicNameProblem(rel.slice(0, -'.sql'.length));
          if (problem !== null) {
            skip(rel, `name breaks the naming rule: ${problem}`);
            badNames.push({ rel, rule: problem });
            continue;
          }
        }
        let st: fs.Stats | undefined;
        try {
          st = access.lstat(folder, name);
        } catch {
          st = undefined;
        }
        if (!st) continue; // vanished since the folder was read; the next call sees the new state
        if (!st.isFile()) {
          // Replaced by a link or a folder since it was listed: the next call sees it as such.
          lines.push(`c\0${rel}`);
          continue;
        }
        const time = Math.max(st.mtimeMs, st.ctimeMs);
        newest = Math.max(newest, time);
        files.set(rel, {
          segments,
          name,
          size: st.size,
          time,
          dev: st.dev,
          ino: st.ino,
          nlink: st.nlink,
        });
        lines.push(`f\0${rel}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.ino}\0${st.nlink}`);
      }
    }
  };
  let place: CatalogPlace | null = null;
  if (logics !== null) {
    const logicsId = access.identify(logics);
    lines.push(`logics\0${logicsId.dev}\0${logicsId.ino}`);
    place = { logicsReal: path.join(catalogReal, 'logics'), logicsId, access };
    walk(logics, []);
  }
  return {
    signature: lines.join('\n'),
    newest,
    result: {
      kind: 'ready',
      hasLogicsFolder: logics !== null,
      place,
      files,
      odd,
      skipped,
      badNames,
      truncated,
    },
  };
}

/** Opens folders of one catalog for reading its files, each folder once; close() releases them. */
export interface CatalogReader {
  /**
   * The bytes of `info` (at most `maxBytes`), read from the very file that was listed: opened
   * through the folder handles without following a link, and checked to have the listed device
   * and inode; else what stood in the way.
   */
  read(info: FileInfo, maxBytes: number): Buffer | LogicFileProblem;
  close(): void;
}

/** A reader for the files of a scan of `place`. */
export function createCatalogReader(place: CatalogPlace): CatalogReader {
  const { access } = place;
  const folders = new Map<string, OpenFolder | Error>();
  const folderOf = (segments: readonly string[]): OpenFolder => {
    const key = segments.join('/');
    let folder = folders.get(key);
    if (folder === undefined) {
      try {
        // logics/ is compared with the folder that was listed (a swapped catalog or parent is
        // refused), and every folder below it is opened without following a link.
        folder = access.openStart(place.logicsReal, segments, place.logicsId);
      } catch (error) {
        folder = error instanceof Error ? error : new Error(String(error));
      }
      folders.set(key, folder);
    }
    if (folder instanceof Error) throw folder;
    return folder;
  };
  return {
    read(info, maxBytes) {
      let fd: number;
      try {
        fd = access.openFile(folderOf(info.segments), info.name);
      } catch (error) {
        return { kind: 'unreadable', errno: errorCode(error) };
      } finally {
        access.leave();
      }
      try {
        const st = fs.fstatSync(fd);
        if (!st.isFile()) return { kind: 'not-regular' };
        if (st.dev !== info.dev || st.ino !== info.ino) return { kind: 'changed' };
        if (st.size > maxBytes) return { kind: 'too-large', bytes: st.size, limit: maxBytes };
        const buffer = Buffer.alloc(st.size);
        let read = 0;
        while (read < buffer.length) {
          const n = fs.readSync(fd, buffer, read, buffer.length - read, read);
          if (n === 0) break;
          read += n;
        }
        return buffer.subarray(0, read);
      } catch (error) {
        return { kind: 'unreadable', errno: errorCode(error) };
      } finally {
        fs.closeSync(fd);
      }
    },
    close() {
      for (const folder of folders.values()) if (!(folder instanceof Error)) access.close(folder);
      folders.clear();
      access.leave();
    },
  };
}

/** The errno code of a file-system error. */
export function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
}
