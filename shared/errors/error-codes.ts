// Every error code FolderGate makes outside the tools, in one registry (the tools' own codes are
// ERROR_CODES in errors.ts, docs/contracts/error-codes.md): what the app's IPC answers with, what connecting AI
// apps answers with, and what the web page makes itself. person-errors.ts has words for each.

/** Codes of errors the IPC layer and the app's services produce (tool errors keep their codes). */
export const IPC_ERROR_CODES = {
  invalidPayload: 'InvalidPayload',
  unknownChannel: 'UnknownChannel',
  forbiddenSender: 'ForbiddenSender',
  unsupported: 'Unsupported',
  invalidFolder: 'InvalidFolder',
  notFound: 'NotFound',
  serverUnavailable: 'ServerUnavailable',
  /** A Search preview search the person stopped (search:cancel). */
  searchStopped: 'SearchStopped',
  settingsReadOnly: 'SettingsReadOnly',
  /** The settings file cannot be used: a change would drop what it holds, so it is refused. */
  settingsUnusable: 'SettingsUnusable',
  /** A settings change that was not saved (lock or write failed). */
  settingsNotSaved: 'SettingsNotSaved',
  internal: 'Internal',
} as const;

/** Codes of the errors connecting AI apps produces (main/core/ai-apps). */
export const CLIENT_ERROR_CODES = {
  /** The config file does not parse, or its server list is not the expected shape. */
  configUnreadable: 'ClientConfigUnreadable',
  /** The config file (or its folder) cannot be written. */
  configReadOnly: 'ClientConfigReadOnly',
  /** Undo: FolderGate has no backup of this file to restore. */
  nothingToUndo: 'NothingToUndo',
  /** Undo: the file changed since FolderGate wrote it. */
  undoConflict: 'UndoConflict',
  /** The config file is a symbolic link whose target does not exist (never replaced). */
  configDanglingLink: 'ClientConfigDanglingLink',
  /** The client kept rewriting its file while FolderGate tried to edit it. */
  configBusy: 'ClientConfigBusy',
  /** The server bundle to register is missing (not built). */
  serverMissing: 'ServerBundleMissing',
} as const;

/** Codes the web page's HTTP client makes itself (the host's own errors keep their codes). */
export const PAGE_ERROR_CODES = {
  noToken: 'MissingAccessKey',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  unreachable: 'HostUnreachable',
  badResponse: 'BadResponse',
} as const;

/** The code of an answer that could not be understood at all. */
export const UNKNOWN_ERROR_CODE = 'Unknown';

type Values<T> = T[keyof T];

/** Every code the app, connecting AI apps and the page can answer with. */
export type AppErrorCode =
  | Values<typeof IPC_ERROR_CODES>
  | Values<typeof CLIENT_ERROR_CODES>
  | Values<typeof PAGE_ERROR_CODES>
  | typeof UNKNOWN_ERROR_CODE;
