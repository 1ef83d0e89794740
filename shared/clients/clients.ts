import * as z from 'zod';

// AI apps ("clients") FolderGate can register its MCP server with: their ids and the state of
// each one as the app, the CLI and the IPC contract show it. The descriptors themselves (config
// paths, formats) live in main/core/ai-apps/, since they read the file system.

export { CLIENT_IDS } from './client-ids.js';
import { CLIENT_IDS } from './client-ids.js';

/** @see CLIENT_IDS */
export const clientIdSchema = z.enum(CLIENT_IDS);
/** @see CLIENT_IDS */
export type ClientId = z.output<typeof clientIdSchema>;

/** The key of FolderGate's own entry in every client's server list. */
export const CLIENT_ENTRY_NAME = 'foldergate';

/**
 * Where a client stands:
 * - `not-installed`: no sign of the client on this computer;
 * - `not-connected`: installed, no FolderGate entry;
 * - `connected`: our entry is exactly what we would write now;
 * - `needs-repair`: our entry differs (a moved app, an update, an edited entry);
 * - `unreadable`: the config file cannot be read or parsed (see `problem`).
 */
export const clientStatusSchema = z.enum([
  'not-installed',
  'not-connected',
  'connected',
  'needs-repair',
  'unreadable',
]);
/** @see clientStatusSchema */
export type ClientStatus = z.output<typeof clientStatusSchema>;

/** Why a config file cannot be used: a sentence, where (when known), and what to do. */
export const clientProblemSchema = z.strictObject({
  /**
   * What it is: a file that cannot be read (left untouched), FolderGate listed more than once, or
   * an entry whose program is gone (Node or FolderGate updated or moved), (VS Code) profiles
   * that keep MCP servers of their own and so do not see FolderGate's entry, (Gemini CLI) its
   * `mcp.allowed`/`mcp.excluded` lists keep the server from starting, or (Claude Desktop)
   * FolderGate is there twice: as an extension and in the settings file; or `read-only`: the file
   * (or the folder it goes in) cannot be written, so Connect, Repair or Disconnect would fail.
   */
  kind: z.enum([
    'unreadable',
    'duplicates',
    'program-gone',
    'other-profiles',
    'excluded',
    'twice',
    'read-only',
  ]),
  message: z.string(),
  fix: z.string(),
  /** 1-based line and column of a syntax error, when the file does not parse. */
  line: z.number().int().min(1).nullable(),
  column: z.number().int().min(1).nullable(),
  /** A syntax error FolderGate can repair with "Back up and repair" (JSON files; absent: no). */
  rebuildable: z.boolean().optional(),
  /** `excluded`: FolderGate can let the app start it by editing only its lists (clients:allow). */
  allowable: z.boolean().optional(),
});
/** @see clientProblemSchema */
export type ClientProblem = z.output<typeof clientProblemSchema>;

/** FolderGate as a Claude Desktop extension (an `.mcpb` bundle Claude installs with one click). */
export const clientExtensionSchema = z.strictObject({
  /** Claude has it (Settings › Extensions): then FolderGate writes no settings-file entry. */
  installed: z.boolean(),
  /** Claude's own switch for it. */
  enabled: z.boolean(),
  /** It serves another FolderGate build or data folder than this one: add the new bundle. */
  outdated: z.boolean(),
  /** The bundle FolderGate last built (under its data folder), or null before the first. */
  bundlePath: z.string().nullable(),
});
/** @see clientExtensionSchema */
export type ClientExtension = z.output<typeof clientExtensionSchema>;

/** One client as the UI and `foldergate clients list` show it. */
export const clientStateSchema = z.strictObject({
  id: clientIdSchema,
  /** Display name ("Claude Desktop"). */
  name: z.string(),
  installed: z.boolean(),
  status: clientStatusSchema,
  /** Absolute path of the config file FolderGate edits for this client. */
  configPath: z.string(),
  /** Set when status is `unreadable` (or an action failed). */
  problem: clientProblemSchema.nullable(),
  /** Our entry as it is in the file now (null when absent), for Details. */
  currentEntry: z.unknown().nullable(),
  /** The entry FolderGate would write now, for Details. */
  expectedEntry: z.unknown(),
  /** How to make the client pick up a change, in plain words. */
  restartHint: z.string(),
  /** A backup FolderGate made of this file exists and Undo may restore it. */
  canUndo: z.boolean(),
  /** The one change Undo takes back, when it takes back exactly one (null: several, or unknown). */
  undoes: z.enum(['connect', 'disconnect', 'repair', 'allow']).nullable(),
  /** Claude Desktop: FolderGate as an extension (null for apps that have no extensions). */
  extension: clientExtensionSchema.nullable(),
  /**
   * FolderGate's last change to this file was its own entry rewritten at its start for a new
   * version (its program or server script had moved): when, and what the entry started before.
   * Null (or absent, from older cores) otherwise; Undo takes it back as any change.
   */
  updatedForNewVersion: z.strictObject({ at: z.string(), from: z.string() }).nullable().optional(),
});
/** @see clientStateSchema */
export type ClientState = z.output<typeof clientStateSchema>;

/** What a connect / disconnect / repair / undo did. */
export const clientActionResultSchema = z.strictObject({
  client: clientStateSchema,
  /** False when the file already was as asked (nothing written, no backup made). */
  changed: z.boolean(),
  /** The backup written before this change, if one was. */
  backupPath: z.string().nullable(),
});
/** @see clientActionResultSchema */
export type ClientActionResult = z.output<typeof clientActionResultSchema>;
