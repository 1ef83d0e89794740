import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AllowedRoot, RootIdentity, ScanLimits } from '#shared/settings/settings.js';
import type { ConfigOverrides } from '#appdata/settings/server-config.js';
import type { ToolNameStyle } from '../protocol/server.js';

/** The server's command line, parsed. */
export interface CliOptions {
  configDir: string | null;
  /** `--audit-dir`: where tool calls are recorded (else `<config-dir>/audit`, else nowhere). */
  auditDir: string | null;
  toolNames: ToolNameStyle;
  overrides: ConfigOverrides;
  /** `--approval-timeout-ms`: how long to wait for the person (tests; default 60 s). */
  approvalTimeoutMs: number | null;
  /** `--approval-progress-ms`: how often to report waiting (tests; default 5 s). */
  approvalProgressMs: number | null;
  /** `--no-approval`: never ask the person (FolderGate's own preview, where they are the caller). */
  noApproval: boolean;
  /** `--no-record <tool>`: calls of these tools are not recorded (FolderGate's catalog browser). */
  unrecorded: string[];
  /** `--load-now`: load the full server at start, not at the first request that needs it. */
  loadNow: boolean;
  /**
   * `--client <id>`: the AI app FolderGate's entry was written for (`cursor`, …): who is asking,
   * whatever the app reports about itself (runtime/caller.ts); null for a hand-written entry.
   */
  client: string | null;
  /**
   * `--preview`: FolderGate's own Search preview. It sees every folder allowed now, or what the
   * app named in a call's `_meta["dev.foldergate/search-as"]` would (an AI app's entry never has it).
   */
  preview: boolean;
}

/** Usage text printed for --help and after a usage error. */
export const USAGE = `Usage: node mcp-server/dist/index.js [options]

Serves FolderGate's tools over MCP on stdio.

  --root <dir>               Allow searching <dir> (repeatable; the first is the default root;
                             refused if it is moved or replaced while the server runs).
  --config-dir <dir>         Read roots and limits from <dir>/settings.json, re-read when it changes.
  --audit-dir <dir>          Record every tool call in <dir>/YYYY-MM-DD.jsonl (default: the audit
                             folder of --config-dir; without either, nothing is recorded).
  --tool-names <style>       dot (fs.search_by_time, default; also 'dotted') or underscore
                             (fs_search_by_time; what FolderGate registers with every AI app).
  --max-files-scanned <n>    Files one page may scan (default 200000).
  --max-directories-scanned <n>  Folders one page may scan (default 50000).
  --timeout-ms <n>           Soft time limit of one page (default 10000).
  --follow-symlinks          Follow links whose target stays inside the same root.
  --logic-catalog <dir>      Serve the logic catalog in <dir> (<dir>/logics/**/*.sql) to
                             logic_list and logic_get; overrides settings.json's logicCatalog.
  --approval-timeout-ms <n>  How long a call waits for the person to approve it in the app, when
                             they asked to be asked (default 60000; meant for tests).
  --approval-progress-ms <n> How often a waiting call reports progress (default 5000; for tests).
  --no-approval              Never ask the person before a call (FolderGate's own search preview
                             uses it: there the person makes the calls themselves).
  --no-record <tool>         Do not record calls of <tool> in the activity log (repeatable;
                             FolderGate's own catalog browser: the person reading the catalog
                             is not an AI call).
  --load-now                 Load the full server at start rather than at the first request that
                             needs it (FolderGate's own preview: its first search should not
                             wait for it; AI apps' servers answer their connection without it).
  --client <id>              The AI app this server was registered for (cursor, vscode, …):
                             approval rules and the activity log name that app, whatever it
                             reports about itself. FolderGate writes it into every entry.
  --preview                  FolderGate's own Search preview: sees every folder allowed now, or
                             asks as the app a call names in _meta["dev.foldergate/search-as"].
  --help                     Show this help.
`;

/** Parses argv; throws an Error with a readable message on bad usage. */
export function parseCliArgs(argv: string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      root: { type: 'string', multiple: true },
      'config-dir': { type: 'string' },
      'audit-dir': { type: 'string' },
      'tool-names': { type: 'string', default: 'dotted' },
      'max-files-scanned': { type: 'string' },
      'max-directories-scanned': { type: 'string' },
      'timeout-ms': { type: 'string' },
      'follow-symlinks': { type: 'boolean' },
      'logic-catalog': { type: 'string' },
      'approval-timeout-ms': { type: 'string' },
      'approval-progress-ms': { type: 'string' },
      'no-approval': { type: 'boolean' },
      'no-record': { type: 'string', multiple: true },
      'load-now': { type: 'boolean' },
      client: { type: 'string' },
      preview: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';
  // `dot` is the short spelling people type by hand (`--tool-names dot`).
  const asked = values['tool-names'];
  const toolNames = asked === 'dot' ? 'dotted' : asked;
  if (toolNames !== 'dotted' && toolNames !== 'underscore') {
    throw new Error(`--tool-names must be 'dot' or 'underscore', not '${asked}'.`);
  }
  const roots: AllowedRoot[] = (values.root ?? []).map((dir) => {
    if (dir.includes('\0')) throw new Error('--root contains a NUL character.');
    const resolved = path.resolve(dir);
    const identity = identityOf(resolved);
    return {
      path: resolved,
      name: path.basename(resolved) || resolved,
      ...(identity ? { identity } : {}),
    };
  });
  const limits: Partial<ScanLimits> = {};
  const setLimit = (key: keyof ScanLimits, flag: string, min: number) => {
    const raw = values[flag as 'timeout-ms'];
    if (raw === undefined) return;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${flag} must be an integer >= ${min}, not '${raw}'.`);
    limits[key] = n;
  };
  setLimit('maxFilesScanned', 'max-files-scanned', 1);
  setLimit('maxDirectoriesScanned', 'max-directories-scanned', 1);
  setLimit('timeoutMs', 'timeout-ms', 1);
  const overrides: ConfigOverrides = { limits };
  if (roots.length > 0) overrides.roots = roots;
  if (values['follow-symlinks']) overrides.followSymlinks = true;
  if (values['logic-catalog'] !== undefined)
    overrides.logicCatalog = path.resolve(values['logic-catalog']);
  return {
    approvalTimeoutMs: positiveInt('approval-timeout-ms', values['approval-timeout-ms']),
    approvalProgressMs: positiveInt('approval-progress-ms', values['approval-progress-ms']),
    noApproval: values['no-approval'] === true,
    unrecorded: values['no-record'] ?? [],
    loadNow: values['load-now'] === true,
    client: clientFlag(values.client),
    preview: values.preview === true,
    configDir: values['config-dir'] === undefined ? null : path.resolve(values['config-dir']),
    auditDir: folderFlag('audit-dir', values['audit-dir']),
    toolNames,
    overrides,
  };
}

// A --root is the folder it names when the server starts (as the app records a folder the person
// adds): a later swap of it or a parent for a link is then refused, never searched. A folder not
// there yet is accepted as it is found at each call.
function identityOf(dir: string): RootIdentity | null {
  try {
    const real = fs.realpathSync.native(dir);
    const st = fs.statSync(real, { bigint: true });
    return st.isDirectory() ? { dev: st.dev.toString(), ino: st.ino.toString(), real } : null;
  } catch {
    return null;
  }
}

// An empty value would resolve to the working folder, which is never what was meant.
function folderFlag(flag: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (value === '' || value.includes('\0'))
    throw new Error(`--${flag} must name a folder (not empty, no NUL character).`);
  return path.resolve(value);
}

/**
 * `--client`'s id: lowercase letters, digits and dashes (an id this build does not know is kept:
 * an entry from a newer FolderGate still names its app).
 */
function clientFlag(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(value))
    throw new Error(`--client must be an app id such as 'cursor', not '${value}'.`);
  return value;
}

/**
 * The command line as the listing cache keys it (protocol/listing-cache.ts): without `--client`,
 * which changes who is asking but not what is listed, so every AI app's server shares one listing.
 */
export function listingArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--client') i++;
    else if (!arg.startsWith('--client=')) out.push(arg);
  }
  return out;
}

/** A flag's whole number >= 1, or null when it is absent; throws a readable error otherwise. */
function positiveInt(flag: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${flag} must be an integer >= 1, not '${value}'.`);
  return n;
}
