// The logic catalog on disk (<catalog>/logics/**/*.sql plus optional .json sidecars), loaded into
// immutable snapshots. Every call asks for the current snapshot once and reads only that object;
// a changed catalog produces a new snapshot that replaces the old one in a single assignment.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_LOGIC_AUTH,
  inferParams,
  LOGIC_LIMITS,
  LOGIC_NAME_SEGMENT,
  logicNameProblem,
  logicSidecarSchema,
  type LogicDetails,
  type LogicParam,
} from '../../shared/logic.js';
import { log as defaultLog } from './log.js';

/** One logic in a snapshot: its details, or why it cannot be served. */
export type CatalogEntry =
  { ok: true; logic: Readonly<LogicDetails> } | { ok: false; reason: string };

/** Why a configured catalog cannot be read at all. */
export type CatalogProblem = 'missing' | 'not-a-directory' | 'not-absolute' | 'unreadable';

/** One consistent, immutable view of the catalog. */
export type CatalogSnapshot =
  | { readonly status: 'none' }
  | { readonly status: 'unavailable'; readonly problem: CatalogProblem }
  | {
      readonly status: 'ready';
      /** False when the catalog folder has no logics/ folder (a release without logics). */
      readonly hasLogicsFolder: boolean;
      /** Names of the valid logics, sorted by code unit. */
      readonly names: readonly string[];
      readonly entries: ReadonlyMap<string, CatalogEntry>;
      /** Names of logics left out because their files are invalid, sorted. */
      readonly invalid: readonly string[];
      /** Paths (relative to logics/) of entries skipped: bad names, links, special files. */
      readonly skipped: readonly string[];
      /** True when the catalog had more entries than are read. */
      readonly truncated: boolean;
    };

/** Loads and caches snapshots. */
export interface LogicCatalog {
  /** The snapshot of `catalogDir` (null = no catalog configured), reloaded if anything changed. */
  snapshot(catalogDir: string | null): CatalogSnapshot;
}

/** Options of {@link createLogicCatalog}. */
export interface LogicCatalogOptions {
  log?: (message: string) => void;
  /**
   * A snapshot taken less than this long after one of its files changed is re-read on the next
   * call even if no (path, size, mtime, ctime, inode) changed, because a same-size write within
   * the file system's time granularity leaves them equal (git's "racy" case). Default 3000 ms;
   * 0 turns this off (tests use it to exercise the signature alone).
   */
  racyWindowMs?: number;
}

/** Entries (files and folders) one load reads at most. */
export const CATALOG_MAX_ENTRIES = 20_000;

const NONE: CatalogSnapshot = Object.freeze({ status: 'none' });
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

interface FileInfo {
  abs: string;
  size: number;
  time: number;
}

interface Scan {
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

/**
 * Creates a catalog cache. Change detection: every call walks the (small) tree and builds a
 * signature of (path, size, mtime, ctime, inode) of its .sql/.json files and skipped entries;
 * it is cheap (readdir + lstat, no reads), works on every file system including network drives
 * where fs.watch is unreliable, and needs no handles. Contents are re-read only when the
 * signature changed or the snapshot is racy; if the re-read contents are identical, the current
 * snapshot object stays (so problems are logged once per snapshot).
 */
export function createLogicCatalog(options: LogicCatalogOptions = {}): LogicCatalog {
  const log = options.log ?? defaultLog;
  const racyWindowMs = options.racyWindowMs ?? 3000;
  let state: {
    dir: string;
    signature: string;
    racy: boolean;
    fingerprint: string;
    snapshot: CatalogSnapshot;
  } | null = null;

  return {
    snapshot(catalogDir) {
      if (catalogDir === null) return NONE;
      const startedAt = Date.now();
      const scan = scanCatalog(catalogDir);
      const current = state;
      if (
        current &&
        current.dir === catalogDir &&
        current.signature === scan.signature &&
        !current.racy
      ) {
        return current.snapshot;
      }
      const { snapshot, problems } = buildSnapshot(scan);
      const fingerprint = createHash('sha256')
        .update(JSON.stringify(snapshotData(snapshot)))
        .digest('hex');
      const racy = racyWindowMs > 0 && scan.newest >= startedAt - racyWindowMs;
      if (current && current.dir === catalogDir && current.fingerprint === fingerprint) {
        state = { ...current, signature: scan.signature, racy };
        return current.snapshot;
      }
      for (const problem of problems) log(`logic catalog: ${problem}`);
      state = { dir: catalogDir, signature: scan.signature, racy, fingerprint, snapshot };
      return snapshot;
    },
  };
}

function scanCatalog(catalogDir: string): Scan {
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
        if (relevant) odd.set(rel, 'a symbolic link, which is not followed');
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

function buildSnapshot(scan: Scan): { snapshot: CatalogSnapshot; problems: string[] } {
  const { result } = scan;
  if (result.kind === 'unavailable') {
    return {
      snapshot: Object.freeze({ status: 'unavailable', problem: result.problem }),
      problems: [result.detail],
    };
  }
  const problems = result.skipped.map((s) => `logics/${s.rel}: skipped: ${s.why}.`);
  if (result.truncated)
    problems.push(`only the first ${CATALOG_MAX_ENTRIES} entries under logics/ were read.`);
  const entries = new Map<string, CatalogEntry>();
  for (const [rel, info] of result.files) {
    if (!rel.endsWith('.sql')) continue;
    const name = rel.slice(0, -'.sql'.length);
    const entry = loadLogic(name, info, result.files, result.odd);
    if (!entry.ok) problems.push(`logic '${name}' is left out: ${entry.reason}`);
    entries.set(name, entry);
  }
  const sorted = (list: string[]) =>
    Object.freeze(list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  const names = sorted([...entries].filter(([, e]) => e.ok).map(([n]) => n));
  const invalid = sorted([...entries].filter(([, e]) => !e.ok).map(([n]) => n));
  const snapshot: CatalogSnapshot = Object.freeze({
    status: 'ready',
    hasLogicsFolder: result.hasLogicsFolder,
    names,
    entries: new Map([...names, ...invalid].map((n) => [n, entries.get(n)!])),
    invalid,
    skipped: Object.freeze(result.skipped.map((s) => s.rel)),
    truncated: result.truncated,
  });
  return { snapshot, problems };
}

function loadLogic(
  name: string,
  info: FileInfo,
  files: Map<string, FileInfo>,
  odd: Map<string, string>,
): CatalogEntry {
  const base = name.split('/').pop()!;
  const sqlText = readText(info, LOGIC_LIMITS.sqlMaxBytes);
  if (typeof sqlText !== 'string') return { ok: false, reason: `${base}.sql ${sqlText.problem}.` };
  const sql = sqlText.replace(/\s+$/, '');
  if (sql.trim() === '') return { ok: false, reason: `${base}.sql is empty.` };

  const sidecarRel = `${name}.json`;
  const sidecarInfo = files.get(sidecarRel);
  const oddSidecar = odd.get(sidecarRel);
  if (oddSidecar) return { ok: false, reason: `its sidecar ${base}.json is ${oddSidecar}.` };
  let params: LogicParam[] = inferParams(sql).map((p) => ({
    name: p,
    type: 'string',
    required: true,
  }));
  let auth = { required: DEFAULT_LOGIC_AUTH.required, roles: [...DEFAULT_LOGIC_AUTH.roles] };
  if (sidecarInfo) {
    const text = readText(sidecarInfo, LOGIC_LIMITS.sidecarMaxBytes);
    if (typeof text !== 'string')
      return { ok: false, reason: `its sidecar ${base}.json ${text.problem}.` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      // Never the parser's own message: it quotes the file's text, which may hold secrets.
      return {
        ok: false,
        reason: `its sidecar ${base}.json is not valid JSON${jsonErrorPosition(error, text)}.`,
      };
    }
    const parsed = logicSidecarSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`);
      return { ok: false, reason: `its sidecar ${base}.json is invalid: ${issues.join('; ')}.` };
    }
    if (parsed.data.params)
      params = parsed.data.params.map((p) => ({
        name: p.name,
        type: p.type,
        required: p.required,
      }));
    if (parsed.data.auth)
      auth = { required: parsed.data.auth.required, roles: [...parsed.data.auth.roles] };
  }
  const logic: LogicDetails = { name, sql, params, auth };
  return { ok: true, logic: deepFreeze(logic) };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function readText(info: FileInfo, maxBytes: number): string | { problem: string } {
  if (info.size > maxBytes) return { problem: `is ${info.size} bytes; the limit is ${maxBytes}` };
  let fd: number;
  try {
    fd = fs.openSync(info.abs, fs.constants.O_RDONLY | O_NOFOLLOW);
  } catch (error) {
    return { problem: `cannot be read (${errorCode(error)})` };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { problem: 'is not a regular file' };
    if (st.size > maxBytes) return { problem: `is ${st.size} bytes; the limit is ${maxBytes}` };
    const buffer = Buffer.alloc(st.size);
    let read = 0;
    while (read < buffer.length) {
      const n = fs.readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    try {
      return utf8.decode(buffer.subarray(0, read)).replace(/^\uFEFF/, '');
    } catch {
      return { problem: 'is not valid UTF-8 text' };
    }
  } catch (error) {
    return { problem: `cannot be read (${errorCode(error)})` };
  } finally {
    fs.closeSync(fd);
  }
}

function jsonErrorPosition(error: unknown, text: string): string {
  const match = error instanceof Error ? /at position (\d+)/.exec(error.message) : null;
  if (!match) return '';
  const before = text.slice(0, Number(match[1]));
  const line = before.split('\n').length;
  return ` (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

function snapshotData(snapshot: CatalogSnapshot): unknown {
  if (snapshot.status !== 'ready') return snapshot;
  return { ...snapshot, entries: [...snapshot.entries] };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
}
