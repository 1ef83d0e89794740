// Scanning a logic catalog folder: which .sql/.json files it holds, with a cheap signature of
// them (path, size, mtime, ctime, inode) so a changed catalog is noticed without reading files.
// Symbolic links under the catalog are never followed.
import fs from 'node:fs';
import path from 'node:path';
import { LOGIC_LIMITS, LOGIC_NAME_SEGMENT, logicNameProblem } from '../../shared/logic.js';

/** Why a configured catalog cannot be read at all. */
export type CatalogProblem = 'missing' | 'not-a-directory' | 'not-absolute' | 'unreadable';

/** Entries (files and folders) one load reads at most. */
export const CATALOG_MAX_ENTRIES = 20_000;

export interface FileInfo {
  abs: string;
  size: number;
  time: number;
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
        files: Map<string, FileInfo>;
        /** .sql/.json paths that exist but are not regular files: rel → what they are. */
        odd: Map<string, string>;
        skipped: { rel: string; why: string }[];
        truncated: boolean;
      };
}

export function scanCatalog(catalogDir: string): Scan {
  const unavailable = (problem: CatalogProblem, detail: string): Scan => ({
    signature: `unavailable\0${problem}`,
    newest: 0,
    result: { kind: 'unavailable', problem, detail },
  });
  if (!path.isAbsolute(catalogDir))
    return unavailable('not-absolute', `${catalogDir} is not an absolute path`);
  let rootStat: fs.Stats | undefined;
  try {
    rootStat = fs.statSync(catalogDir, { throwIfNoEntry: false });
  } catch (error) {
    if (errorCode(error) !== 'ENOTDIR')
      return unavailable('unreadable', `${catalogDir} cannot be read (${errorCode(error)})`);
  }
  if (!rootStat) return unavailable('missing', `${catalogDir} does not exist`);
  if (!rootStat.isDirectory())
    return unavailable('not-a-directory', `${catalogDir} is not a folder`);

  const files = new Map<string, FileInfo>();
  const odd = new Map<string, string>();
  const skipped: { rel: string; why: string }[] = [];
  const lines: string[] = [`root\0${rootStat.dev}\0${rootStat.ino}`];
  let newest = 0;
  let visited = 0;
  let truncated = false;
  const skip = (rel: string, why: string) => {
    skipped.push({ rel, why });
    lines.push(`s\0${rel}\0${why}`);
  };

  const logicsDir = path.join(catalogDir, 'logics');
  let logicsStat: fs.Stats | undefined;
  try {
    logicsStat = fs.lstatSync(logicsDir, { throwIfNoEntry: false });
  } catch (error) {
    return unavailable('unreadable', `${logicsDir} cannot be read (${errorCode(error)})`);
  }
  const hasLogicsFolder = logicsStat?.isDirectory() === true;
  if (logicsStat && !hasLogicsFolder) {
    skip(
      '.',
      logicsStat.isSymbolicLink()
        ? 'logics/ is a symbolic link, which is not followed'
        : 'logics is not a folder',
    );
  }

  const walk = (dirAbs: string, segments: string[]): void => {
    let dirents: fs.Dirent[];
    try {
      dirents = fs.readdirSync(dirAbs, { withFileTypes: true });
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
      const abs = path.join(dirAbs, name);
      const relevant = name.endsWith('.sql') || name.endsWith('.json');
      if (dirent.isSymbolicLink()) {
        if (relevant) odd.set(rel, 'a symbolic link; links are not followed');
        skip(rel, 'symbolic link, not followed');
      } else if (dirent.isDirectory()) {
        if (relevant) odd.set(rel, 'a folder');
        if (!LOGIC_NAME_SEGMENT.test(name))
          skip(rel, "folder name breaks the naming rule (letters, digits, '_' and '-')");
        else if (segments.length + 2 > LOGIC_LIMITS.nameMaxSegments)
          skip(
            rel,
            `folder is nested too deep (names have at most ${LOGIC_LIMITS.nameMaxSegments} segments)`,
          );
        else walk(abs, [...segments, name]);
      } else if (!relevant) {
        continue;
      } else if (!dirent.isFile()) {
        odd.set(rel, 'not a regular file');
        skip(rel, 'not a regular file');
      } else {
        if (name.endsWith('.sql')) {
          const problem = logicNameProblem(rel.slice(0, -'.sql'.length));
          if (problem !== null) {
            skip(rel, `name breaks the naming rule: ${problem}`);
            continue;
          }
        }
        let st: fs.Stats | undefined;
        try {
          st = fs.lstatSync(abs, { throwIfNoEntry: false });
        } catch {
          st = undefined;
        }
        if (!st) continue; // vanished since the folder was read; the next call sees the new state
        const time = Math.max(st.mtimeMs, st.ctimeMs);
        newest = Math.max(newest, time);
        files.set(rel, { abs, size: st.size, time });
        lines.push(`f\0${rel}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.ino}`);
      }
    }
  };
  if (hasLogicsFolder) walk(logicsDir, []);
  return {
    signature: lines.join('\n'),
    newest,
    result: { kind: 'ready', hasLogicsFolder, files, odd, skipped, truncated },
  };
}

/** The errno code of a file-system error. */
export function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
}
