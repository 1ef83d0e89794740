// The logic catalog on disk (<catalog>/logics/**/*.sql plus optional .json sidecars), loaded into
// immutable snapshots. Every call asks for the current snapshot once and reads only that object;
// a changed catalog produces a new snapshot that replaces the old one in a single assignment.
import { createHash } from 'node:crypto';
import {
  DEFAULT_LOGIC_AUTH,
  inferParams,
  LOGIC_LIMITS,
  logicNameProblem,
  logicProblemText,
  logicSidecarSchema,
  type LogicDetails,
  type LogicFileProblem,
  type LogicParam,
  type LogicProblem,
} from '#shared/tools/logic.js';
import {
  CATALOG_MAX_ENTRIES,
  createCatalogReader,
  scanCatalog,
  type CatalogProblem,
  type CatalogReader,
  type FileInfo,
  type Scan,
} from './logic-catalog-scan.js';
import { log as defaultLog } from '#appdata/log.js';

export { CATALOG_MAX_ENTRIES, type CatalogProblem };

/** One logic in a snapshot: its details, or why it cannot be served. */
export type CatalogEntry =
  | { ok: true; logic: Readonly<LogicDetails> }
  | { ok: false; reason: string; problem: LogicProblem };

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
      /** .sql files left out because their names break the naming rule, with the rule. */
      readonly badNames: readonly { readonly name: string; readonly rule: string }[];
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

const NONE: CatalogSnapshot = Object.freeze({ status: 'none' });

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
  const reader = result.place ? createCatalogReader(result.place) : null;
  try {
    for (const [rel, info] of result.files) {
      if (!rel.endsWith('.sql') || reader === null) continue;
      const name = rel.slice(0, -'.sql'.length);
      const entry = loadLogic(name, info, result.files, result.odd, reader);
      if (!entry.ok) problems.push(`logic '${name}' is left out: ${entry.reason}`);
      entries.set(name, entry);
    }
  } finally {
    reader?.close();
  }
  // A .sql that is a link, folder or special file still names a logic: logic_get must say why it
  // cannot be used (InvalidLogic), not that it does not exist (NOT_FOUND).
  for (const [rel, what] of result.odd) {
    if (!rel.endsWith('.sql')) continue;
    const name = rel.slice(0, -'.sql'.length);
    if (entries.has(name) || logicNameProblem(name) !== null) continue;
    const entry = invalidEntry(name, false, { kind: what });
    problems.push(`logic '${name}' is left out: ${entry.reason}`);
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
    badNames: Object.freeze(
      result.badNames.map((b) =>
        Object.freeze({ name: b.rel.slice(0, -'.sql'.length), rule: b.rule }),
      ),
    ),
    skipped: Object.freeze(result.skipped.map((s) => s.rel)),
    truncated: result.truncated,
  });
  return { snapshot, problems };
}

function loadLogic(
  name: string,
  info: FileInfo,
  files: Map<string, FileInfo>,
  odd: Map<string, 'link' | 'folder' | 'not-regular'>,
  reader: CatalogReader,
): CatalogEntry {
  const sqlText = readText(reader, info, LOGIC_LIMITS.sqlMaxBytes);
  if (typeof sqlText !== 'string') return invalidEntry(name, false, sqlText);
  const sql = sqlText.replace(/\s+$/, '');
  if (sql.trim() === '') return invalidEntry(name, false, { kind: 'empty' });

  const sidecarRel = `${name}.json`;
  const sidecarInfo = files.get(sidecarRel);
  const oddSidecar = odd.get(sidecarRel);
  if (oddSidecar) return invalidEntry(name, true, { kind: oddSidecar });
  let params: LogicParam[] = inferParams(sql).map((p) => ({
    name: p,
    type: 'string',
    required: true,
  }));
  let auth = { required: DEFAULT_LOGIC_AUTH.required, roles: [...DEFAULT_LOGIC_AUTH.roles] };
  if (sidecarInfo) {
    const text = readText(reader, sidecarInfo, LOGIC_LIMITS.sidecarMaxBytes);
    if (typeof text !== 'string') return invalidEntry(name, true, text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      // Never the parser's own message: it quotes the file's text, which may hold secrets.
      return invalidEntry(name, true, { kind: 'not-json', ...jsonErrorPosition(error, text) });
    }
    const parsed = logicSidecarSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`);
      return invalidEntry(name, true, { kind: 'invalid', issues: issues.join('; ') });
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

/** A logic that cannot be used, with its reason in words and in parts. */
function invalidEntry(
  name: string,
  sidecar: boolean,
  problem: LogicFileProblem,
): Extract<CatalogEntry, { ok: false }> {
  const file = `${name.split('/').pop()!}.${sidecar ? 'json' : 'sql'}`;
  const parts: LogicProblem = { file, sidecar, problem };
  return { ok: false, reason: logicProblemText(parts), problem: parts };
}

function readText(
  reader: CatalogReader,
  info: FileInfo,
  maxBytes: number,
): string | LogicFileProblem {
  if (info.size > maxBytes) return { kind: 'too-large', bytes: info.size, limit: maxBytes };
  // A hard link is the same file as a name elsewhere, possibly outside the catalog (a file the
  // person never put here): its text is not served.
  if (info.nlink > 1) return { kind: 'hard-link' };
  const bytes = reader.read(info, maxBytes);
  if (!Buffer.isBuffer(bytes)) return bytes;
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return { kind: 'not-utf8' };
  }
}

/** Line and column of V8's "at position N" in a JSON.parse error (null when it gives none). */
function jsonErrorPosition(
  error: unknown,
  text: string,
): { line: number | null; column: number | null } {
  const match = error instanceof Error ? /at position (\d+)/.exec(error.message) : null;
  if (!match) return { line: null, column: null };
  const before = text.slice(0, Number(match[1]));
  return {
    line: before.split('\n').length,
    column: before.length - before.lastIndexOf('\n'),
  };
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
