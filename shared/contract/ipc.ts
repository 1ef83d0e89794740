import { engineStatusSchema } from '../engine/engine.js';

/** The search engine's status (shared/engine/engine.ts). */
export { engineStatusSchema, type EngineStatus } from '../engine/engine.js';
import * as z from 'zod';
import { IpcError } from '../errors/ipc-error.js';
import type { IPC_CHANNELS, IPC_EVENT_NAMES } from './ipc-names.js';

export { IpcError } from '../errors/ipc-error.js';
export { IPC_CHANNELS, IPC_EVENT_NAMES } from './ipc-names.js';
import { IPC_ERROR_CODES } from '../errors/error-codes.js';
import {
  activityFilterSchema,
  activityRecordSchema,
  activityUnrecordedSchema,
} from '../activity/activity.js';
import {
  approvalAnswerRequestSchema,
  approvalAppRuleSchema,
  approvalQueueStateSchema,
} from '../approval/approval.js';
import { CLIENT_CHANNELS } from '../clients/client-channels.js';
import { UPDATE_CHANNELS, UPDATE_EVENTS } from '../updates/updates.js';
import { LEAVE_OUT_CHANNELS } from './leave-out-ipc.js';
import { ACTIVITY_SUM_CHANNELS } from './activity-ipc.js';
import { ACTIVITY_SEEN_CHANNELS } from './activity-seen-ipc.js';
import { APPROVAL_TEST_CHANNELS } from './approval-test-ipc.js';
import { FOLDER_RULES_CHANNELS } from './folder-rules-ipc.js';
import { REMOVE_CHANNELS, ROOTS_EVENTS, rootViewSchema } from './roots-ipc.js';
import { searchOutputSchema } from '../tools/search-by-time.js';
import { fileTypesSchema } from '../tools/file-types-schema.js';
import { activitySettingsSchema, settingsSchema, scanLimitsSchema } from '../settings/settings.js';
import { SWITCHABLE_TOOLS } from '../tools/tool-switches.js';
import { logicInvalidSchema } from '../tools/logic.js';
import { LANGUAGE_CHOICES } from '../i18n/languages.js';

// The IPC contract: one table, channel → request schema → response schema, plus push events.
// Main validates every inbound payload against it; both hosts (Electron ipcMain and the headless
// HTTP host) serve exactly this table; the renderer's client type is inferred from it.

/** The parts of an error (shared/errors/errors.ts ErrorParams), carried for the person's words. */
export const errorParamsSchema = z.strictObject({
  about: z
    .enum([
      'logic-catalog',
      'no-logic-catalog',
      'allowed-folder',
      'subfolder',
      'name-pattern',
      'folder-name',
    ])
    .optional(),
  name: z.string().optional(),
  file: z.string().optional(),
  line: z.int().optional(),
  column: z.int().optional(),
});

/** An error any channel may answer with: a code, a sentence, and what to do about it. */
export const ipcErrorSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  fix: z.string(),
  params: errorParamsSchema.optional(),
});
/** @see ipcErrorSchema */
export type IpcErrorPayload = z.output<typeof ipcErrorSchema>;

export { IPC_ERROR_CODES } from '../errors/error-codes.js';

const empty = z.strictObject({});
const folderPath = z.string().min(1).max(4096);

export { rootStateSchema, rootViewSchema, type RootView } from './roots-ipc.js';

const rootsResponse = z.strictObject({ roots: z.array(rootViewSchema) });

/** The answer to a live check of a folder path typed by the user. */
export const folderCheckSchema = z.strictObject({
  ok: z.boolean(),
  /** The absolute, normalized path that would be added. */
  path: z.string(),
  /** Why it cannot be added (when !ok). */
  error: z.string().nullable(),
  warnings: z.array(z.string()),
  suggestedName: z.string(),
  /** A folder the person probably meant when this path is not one ("Documents" alone). */
  didYouMean: z.string().nullable(),
  /** Asked about before adding: a whole drive, the home folder (or one holding it), a system folder. */
  risk: z.enum(['drive', 'home', 'system']).nullable(),
});

/** A usual folder of the person's home offered with one click, with how many files it holds. */
export const folderSuggestionSchema = z.strictObject({
  path: z.string(),
  name: z.string(),
  files: z.number().int().min(0),
  /** More files than were counted ("10,000+ files"). */
  more: z.boolean(),
});

/** The supervised preview server's state. */
export const serverStatusSchema = z.strictObject({
  state: z.enum(['starting', 'running', 'unresponsive', 'restarting', 'crashed', 'stopped']),
  pid: z.number().int().nullable(),
  restarts: z.number().int().min(0),
  lastError: z.string().nullable(),
  /** The last lines the server wrote to stderr. */
  stderrTail: z.array(z.string()),
  startedAt: z.string().nullable(),
});
/** @see serverStatusSchema */
export type ServerStatus = z.output<typeof serverStatusSchema>;

/** Settings as the UI sees them (strict: keys this version does not know stay on disk only). */
export const settingsViewSchema = z.strictObject({
  settings: settingsSchema,
  /**
   * What is wrong with the settings file, for the person: a newer version's (shown read-only),
   * unreadable, unusable (with why; kept aside at the next change), or kept aside by a change.
   */
  problem: z.string().nullable(),
  /** The file cannot be used: changes are refused until it is fixed or settings:startOver runs. */
  canStartOver: z.boolean(),
  file: z.string(),
});
/** @see settingsViewSchema */
export type SettingsView = z.output<typeof settingsViewSchema>;

/** A tool error as the preview shows it. */
export const toolErrorViewSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  fix: z.string(),
  params: errorParamsSchema.optional(),
});

/** The result of one preview search: the tool's structuredContent and summary, or its error. */
export const searchRunResponseSchema = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    summary: z.string(),
    result: searchOutputSchema,
    elapsedMs: z.number(),
    /** How many entries match the whole search, when the app's index counted (a first page). */
    total: z.int().min(0).optional(),
  }),
  z.strictObject({ ok: z.literal(false), error: toolErrorViewSchema, elapsedMs: z.number() }),
]);

/** One logic as logic_get returns it. */
export const logicDetailSchema = z.strictObject({
  name: z.string(),
  sql: z.string(),
  params: z.array(z.strictObject({ name: z.string(), type: z.string(), required: z.boolean() })),
  auth: z.strictObject({ required: z.boolean(), roles: z.array(z.string()) }),
});

/** What the host can do (the headless host has no native dialog, tray or reveal-in-folder). */
export const appInfoSchema = z.strictObject({
  version: z.string(),
  host: z.enum(['electron', 'headless']),
  platform: z.string(),
  appDataDir: z.string(),
  homeDir: z.string(),
  features: z.strictObject({
    nativeFolderDialog: z.boolean(),
    revealInFolder: z.boolean(),
    /** The file manager can be opened on a folder (desktop app). */
    openFolder: z.boolean(),
    tray: z.boolean(),
    startAtLogin: z.boolean(),
  }),
  /** The operating system's languages, most wanted first (desktop app); empty: ask the browser. */
  systemLanguages: z.array(z.string().max(64)).max(32),
});

/** Largest activity export, in UTF-8 bytes: a bigger one keeps the newest records that fit. */
export const ACTIVITY_EXPORT_MAX_BYTES = 32 * 1024 * 1024;

/** One activity record with its stable id (`<day>@<byte offset>`, for keys and paging). */
export const activityEntrySchema = z.strictObject({ id: z.string(), record: activityRecordSchema });
/** @see activityEntrySchema */
export type ActivityEntryView = z.output<typeof activityEntrySchema>;

/** Calls (and errors among them) in one hour or day starting at `start` (ISO UTC). */
export { activityBucketSchema, type ActivityBucketView } from './activity-ipc.js';

/** The contract table. */
export const ipcContract = {
  'app:info': { request: empty, response: appInfoSchema },
  'settings:get': { request: empty, response: settingsViewSchema },
  'settings:setPaused': {
    /** `until`: a pause for a while ends then (ISO 8601, in the future); none: until resumed. */
    request: z.strictObject({
      paused: z.boolean(),
      until: z.iso.datetime({ offset: true }).optional(),
    }),
    response: settingsViewSchema,
  },
  'settings:update': {
    request: z.strictObject({
      // Spelled out: a .partial() of the settings schema would fill in its defaults (setting one
      // limit reset the others). Strict here, as a request is ours; the file's objects are loose.
      limits: z
        .strictObject({
          maxFilesScanned: scanLimitsSchema.shape.maxFilesScanned.unwrap().optional(),
          maxDirectoriesScanned: scanLimitsSchema.shape.maxDirectoriesScanned.unwrap().optional(),
          timeoutMs: scanLimitsSchema.shape.timeoutMs.unwrap().optional(),
        })
        .optional(),
      exclude: z.array(z.string().min(1).max(1024)).max(200).optional(),
      followSymlinks: z.boolean().optional(),
      instantSearch: z.boolean().optional(),
      checkForUpdates: z.boolean().optional(),
      language: z.enum(LANGUAGE_CHOICES).optional(),
    }),
    response: settingsViewSchema,
  },
  'settings:completeFirstRun': { request: empty, response: settingsViewSchema },
  /**
   * Keeps an unusable settings file aside (settings.corrupt-<time>.json) and starts again from
   * default settings; does nothing when the file can be used (it may have been fixed meanwhile).
   */
  'settings:startOver': { request: empty, response: settingsViewSchema },
  /**
   * Switches one tool (or FolderGate's prompts: `prompts`) on or off for every AI app (applies to
   * running servers at once).
   */
  'control:setTool': {
    request: z.strictObject({ tool: z.enum(SWITCHABLE_TOOLS), enabled: z.boolean() }),
    response: settingsViewSchema,
  },
  /** The file types AI apps may see in one allowed folder; null = every type. */
  'roots:setFileTypes': {
    request: z.strictObject({ path: folderPath, fileTypes: fileTypesSchema.nullable() }),
    response: settingsViewSchema,
  },
  /**
   * Who may search one allowed folder (`apps`: client ids, null = every connected app) and until
   * when (`until`, null = always); see shared/settings/folder-access-rules.ts.
   */
  'roots:setAccess': {
    request: z.strictObject({
      path: folderPath,
      apps: z.array(z.string().min(1).max(64)).min(1).max(100).nullable(),
      until: z.iso.datetime({ offset: true }).nullable(),
    }),
    response: settingsViewSchema,
  },
  /** "Ask me before an AI app uses FolderGate": for every app (`mode`) and per app (`app`). */
  'approval:setSettings': {
    request: z.strictObject({
      mode: z.enum(['off', 'ask']).optional(),
      /** An app's rule by its `initialize` name; null forgets it. */
      app: z
        .strictObject({ name: z.string().min(1).max(200), rule: approvalAppRuleSchema.nullable() })
        .optional(),
    }),
    response: settingsViewSchema,
  },
  /** The requests waiting for the person, oldest first. */
  'approval:state': { request: empty, response: approvalQueueStateSchema },
  /** The person's answer to one waiting request; false when it is no longer waiting. */
  'approval:answer': {
    request: approvalAnswerRequestSchema,
    response: z.strictObject({ answered: z.boolean() }),
  },
  'roots:list': { request: empty, response: rootsResponse },
  'roots:check': {
    request: z.strictObject({ path: z.string().max(4096) }),
    response: folderCheckSchema,
  },
  /** The person's usual folders (Documents, Desktop, …) that exist and are not allowed yet. */
  'roots:suggest': {
    request: empty,
    response: z.strictObject({ suggestions: z.array(folderSuggestionSchema) }),
  },
  /** Folders completing a path as it is typed. */
  'roots:complete': {
    request: z.strictObject({ path: z.string().max(4096) }),
    response: z.strictObject({ folders: z.array(z.string()) }),
  },
  'roots:add': {
    request: z.strictObject({ path: folderPath, name: z.string().min(1).max(200).optional() }),
    response: rootsResponse,
  },
  'roots:rename': {
    request: z.strictObject({ path: folderPath, name: z.string().trim().min(1).max(200) }),
    response: rootsResponse,
  },
  'roots:setDefault': { request: z.strictObject({ path: folderPath }), response: rootsResponse },
  /** Allows the folder now at a moved or replaced folder's path (the person confirmed it). */
  'roots:confirm': {
    /** `nowAt`: where the person saw the path lead (refused if it leads elsewhere by now). */
    request: z.strictObject({ path: folderPath, nowAt: folderPath.optional() }),
    response: rootsResponse,
  },
  /** Electron only: the native folder dialog (`within`: a subfolder to leave out); null: cancelled. */
  'roots:pickFolder': {
    request: z.strictObject({ within: z.string().min(1).max(4096).optional() }),
    response: z.strictObject({ path: z.string().nullable() }),
  },
  /** Runs fs.search_by_time through the supervised server child (a real MCP round trip). */
  'search:run': { request: z.record(z.string(), z.unknown()), response: searchRunResponseSchema },
  /**
   * search:run that reports how far it got (search:progress events with its `runId`) and can be
   * stopped (search:cancel): the Search preview's searches.
   */
  'search:start': {
    request: z.strictObject({
      runId: z.string().min(1).max(100),
      args: z.record(z.string(), z.unknown()),
      /** "Search as": what this AI app (a client id) would find; absent: every app ("All apps"). */
      searchAs: z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{0,63}$/)
        .optional(),
      /** A page of a search over several folders: its id and how many (told as one in Activity). */
      search: z
        .strictObject({
          id: z.string().regex(/^[\w.-]{1,100}$/),
          folders: z.int().min(2).max(1000),
        })
        .optional(),
    }),
    response: searchRunResponseSchema,
  },
  /** Stops a running search:start; false when it is not running (any more). */
  'search:cancel': {
    request: z.strictObject({ runId: z.string().min(1).max(100) }),
    response: z.strictObject({ cancelled: z.boolean() }),
  },
  'logic:setCatalog': {
    request: z.strictObject({ path: folderPath.nullable() }),
    response: settingsViewSchema,
  },
  'logic:list': {
    request: empty,
    response: z.strictObject({
      catalog: z.string().nullable(),
      summary: z.string(),
      logics: z.array(z.string()),
      invalid: z.array(logicInvalidSchema),
    }),
  },
  'logic:get': {
    request: z.strictObject({ name: z.string().min(1).max(256) }),
    response: z.discriminatedUnion('ok', [
      z.strictObject({ ok: z.literal(true), logic: logicDetailSchema }),
      z.strictObject({ ok: z.literal(false), error: toolErrorViewSchema }),
    ]),
  },
  'server:status': { request: empty, response: serverStatusSchema },
  /** The search engine's state per allowed folder (Folders: "Ready for instant search"). */
  'engine:status': { request: empty, response: engineStatusSchema },
  'server:restart': { request: empty, response: serverStatusSchema },
  /** Electron only: show a file in the system file manager. */
  'shell:reveal': { request: z.strictObject({ path: folderPath }), response: empty },
  /** Opens FolderGate's own data folder in the file manager (desktop app only). */
  'app:openDataFolder': { request: empty, response: empty },
  /** Whether FolderGate starts at login (null where the host cannot tell, e.g. headless). */
  'app:getStartAtLogin': {
    request: empty,
    response: z.strictObject({ enabled: z.boolean().nullable() }),
  },
  'app:setStartAtLogin': {
    request: z.strictObject({ enabled: z.boolean() }),
    response: z.strictObject({ enabled: z.boolean() }),
  },
  ...CLIENT_CHANNELS,
  ...UPDATE_CHANNELS,
  ...LEAVE_OUT_CHANNELS,
  ...ACTIVITY_SEEN_CHANNELS,
  ...APPROVAL_TEST_CHANNELS,
  ...FOLDER_RULES_CHANNELS,
  ...REMOVE_CHANNELS,
  /** A page of the activity log, newest first, filtered; `cursor` is the last page's nextCursor. */
  'activity:query': {
    request: z.strictObject({
      filter: activityFilterSchema.optional(),
      limit: z.int().min(1).max(1000).optional(),
      cursor: z.string().max(100).nullable().optional(),
    }),
    response: z.strictObject({
      entries: z.array(activityEntrySchema),
      /** Pass back as `cursor` for the next (older) page; null when nothing older is left. */
      nextCursor: z.string().nullable(),
      /** Lines that could not be read (corrupt, or another record version). */
      skippedLines: z.int().min(0),
    }),
  },
  /**
   * Whether calls can be recorded now: the disk that holds the activity log is full (servers
   * then keep calls in memory and record them when there is room), and the newest report of
   * calls a server had to give up (seen since the app started).
   */
  'activity:recording': {
    request: empty,
    response: z.strictObject({
      diskFull: z.boolean(),
      unrecorded: activityUnrecordedSchema.extend({ app: z.string() }).nullable(),
    }),
  },
  ...ACTIVITY_SUM_CHANNELS,
  /** The filtered records as CSV or JSONL text, newest first, cut at ACTIVITY_EXPORT_MAX_BYTES. */
  'activity:export': {
    request: z.strictObject({
      filter: activityFilterSchema.optional(),
      format: z.enum(['csv', 'jsonl']),
    }),
    response: z.strictObject({
      text: z.string(),
      records: z.int().min(0),
      /** True when the cap stopped the export before the oldest matching record. */
      truncated: z.boolean(),
    }),
  },
  /** Changes the activity settings (recording, days kept, desktop notification). */
  'activity:setSettings': {
    // Spelled out: a .partial() of the settings schema would fill in its defaults.
    request: z.strictObject({
      enabled: z.boolean().optional(),
      retentionDays: activitySettingsSchema.shape.retentionDays.unwrap().optional(),
      notify: z.boolean().optional(),
    }),
    response: settingsViewSchema,
  },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Push events from main to the renderer. */
export const ipcEvents = {
  'settings:changed': settingsViewSchema,
  'server:status': serverStatusSchema,
  'engine:status': engineStatusSchema,
  /** The approval queue changed (a request arrived, was answered, withdrawn or timed out). */
  'approval:changed': approvalQueueStateSchema,
  /** How far a running search:start got: files and folders looked at so far. */
  'search:progress': z.strictObject({
    runId: z.string(),
    scannedFiles: z.int().min(0),
    scannedFolders: z.int().min(0),
  }),
  /** Records new in the activity log, oldest first (in the order they were written). */
  'activity:added': z.strictObject({ entries: z.array(activityEntrySchema) }),
  ...UPDATE_EVENTS,
  ...ROOTS_EVENTS,
} as const satisfies Record<string, z.ZodType>;

/** A channel name of the contract. */
export type IpcChannel = keyof typeof ipcContract;
/** A push event name. */
export type IpcEvent = keyof typeof ipcEvents;
/** The request payload of a channel (what the caller passes). */
export type IpcRequest<C extends IpcChannel> = z.input<(typeof ipcContract)[C]['request']>;
/** The response of a channel. */
export type IpcResponse<C extends IpcChannel> = z.output<(typeof ipcContract)[C]['response']>;
/** The payload of a push event. */
export type IpcEventPayload<E extends IpcEvent> = z.output<(typeof ipcEvents)[E]>;

/** What a host sends back for every invoke: the response, or a typed error. */
export type IpcResult<C extends IpcChannel> =
  { ok: true; data: IpcResponse<C> } | { ok: false; error: IpcErrorPayload };

/** The handlers main implements: one per channel, given the parsed request. */
export type IpcHandlers = {
  [C in IpcChannel]: (
    request: z.output<(typeof ipcContract)[C]['request']>,
  ) => Promise<IpcResponse<C>>;
};

/** The bridge the renderer talks through (Electron preload or the headless HTTP client). */
export interface FolderGateBridge {
  invoke<C extends IpcChannel>(channel: C, request: IpcRequest<C>): Promise<IpcResponse<C>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}

/** Subscribes to a push event, returning an unsubscribe: the bridge's `on`, and what hosts forward. */
export type EventSubscribe = FolderGateBridge['on'];

/**
 * What the Electron preload exposes as `window.foldergate`: the bridge, plus the path of a
 * dropped file or folder. `F` is the page's File, which shared/ (neither DOM nor Node) cannot name.
 */
export interface PreloadBridge<F> extends FolderGateBridge {
  pathForFile(file: F): string;
}

// The names the preload and renderer use (ipc-names.ts) are exactly the table's: a name added to
// one and not the other fails this check when the project is type-checked.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const channelsMatch: Same<(typeof IPC_CHANNELS)[number], IpcChannel> = true;
const eventsMatch: Same<(typeof IPC_EVENT_NAMES)[number], IpcEvent> = true;
void channelsMatch;
void eventsMatch;

/** True when `name` is a channel of the contract. */
export function isIpcChannel(name: string): name is IpcChannel {
  return Object.prototype.hasOwnProperty.call(ipcContract, name);
}

/**
 * Validates a payload for `channel` and runs its handler; every failure becomes a typed
 * IpcResult error (never a throw). Both hosts call this, so validation lives in one place.
 */
export async function dispatchIpc(
  handlers: IpcHandlers,
  channel: string,
  payload: unknown,
): Promise<IpcResult<IpcChannel>> {
  if (!isIpcChannel(channel)) {
    return {
      ok: false,
      error: {
        code: IPC_ERROR_CODES.unknownChannel,
        message: `Unknown channel '${String(channel).slice(0, 64)}'.`,
        fix: 'Use a channel of the IPC contract.',
      },
    };
  }
  const parsed = ipcContract[channel].request.safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at '${issue.path.join('.')}'` : '';
    return {
      ok: false,
      error: {
        code: IPC_ERROR_CODES.invalidPayload,
        message: `Invalid request for '${channel}'${where}: ${issue?.message ?? 'invalid'}.`,
        fix: 'Send a payload that matches the contract.',
      },
    };
  }
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
    const data = await handler(parsed.data);
    return { ok: true, data } as IpcResult<IpcChannel>;
  } catch (error) {
    if (error instanceof IpcError)
      return {
        ok: false,
        error: {
          code: error.code,
          message: error.message,
          fix: error.fix,
          ...(Object.keys(error.params).length > 0 ? { params: error.params } : {}),
        },
      };
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: {
        code: IPC_ERROR_CODES.internal,
        message: `Something went wrong: ${message}`,
        fix: 'Try again; if it keeps happening, restart FolderGate.',
      },
    };
  }
}
