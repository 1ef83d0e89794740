// The search engine channel: MCP servers ask the app's search engine (a live index of the allowed
// folders) for a page before they walk the disk themselves. The same pattern as the approval
// channel: a socket in a private folder under <appData>, a per-install secret both ends prove they
// know (HMAC over both nonces), capped lines, one request per connection. Whatever goes wrong, the
// server walks: the engine only ever makes an answer faster, never different.
import { channelPaths, type ChannelPaths } from '../text/channel-paths.js';
import { z } from 'zod';
import { SEARCH_KINDS } from '../tools/file-types.js';

/** Bumped when a message changes shape; a mismatch is refused (the server then walks). */
export const ENGINE_PROTOCOL_VERSION = 2;

/** Longest request line, in UTF-8 bytes. */
export const ENGINE_REQUEST_MAX_BYTES = 64 * 1024;
/** Longest answer line: a page of 1,000 matches with long paths fits many times over. */
export const ENGINE_ANSWER_MAX_BYTES = 16 * 1024 * 1024;
/** How long a server waits for the engine before it walks instead. */
export const ENGINE_ASK_TIMEOUT_MS = 2_000;
/**
 * How long a proven connection may wait for its next query before the engine closes it (the
 * asking end closes its own idle ones sooner: engine-ask.ts).
 */
export const ENGINE_IDLE_MS = 60_000;

/** Where the channel lives under one app data folder. */
export type EnginePaths = ChannelPaths;

/** The engine channel's paths of `appData` (absolute): `<appData>/engine`, see channel-paths.ts. */
export function enginePaths(appData: string, platform: string): EnginePaths {
  return channelPaths(appData, platform, 'engine');
}

/** What each side's proof is an HMAC of: the channel, its role and both nonces. */
export function engineProofInput(
  role: 'engine' | 'server',
  serverNonce: string,
  engineNonce: string,
): string {
  return `foldergate-engine-v${ENGINE_PROTOCOL_VERSION}\n${role}\n${serverNonce}\n${engineNonce}`;
}

const nonce = z.string().regex(/^[0-9a-f]{64}$/);

/** Server → engine: hello. */
export const engineHelloSchema = z.strictObject({
  type: z.literal('hello'),
  v: z.literal(ENGINE_PROTOCOL_VERSION),
  nonce,
});
/** Engine → server: its nonce and proof. */
export const engineChallengeSchema = z.strictObject({
  type: z.literal('challenge'),
  nonce,
  proof: nonce,
});

const folderIdSchema = z.strictObject({ dev: z.string().max(40), ino: z.string().max(40) });
const relSchema = z.string().max(8192);
const sortKeySchema = z.strictObject({ rel: relSchema, t: z.number().nullable() });

/** Server → engine, after its proof: one search, everything the index needs to answer it. */
export const engineQuerySchema = z.strictObject({
  rootReal: z.string().min(1).max(8192),
  rootId: folderIdSchema.nullable(),
  /**
   * The root's effective exclusion (search/leave-out.ts): the settings' globs, then the folder's
   * left-out names, subfolders (anchored at the root) and their identities, as marked strings
   * (version 2). It must equal the engine's folder spec, else `settings-differ`.
   */
  exclude: z.array(z.string().max(4096)).max(1000),
  followSymlinks: z.boolean(),
  startRel: relSchema,
  maxDepth: z.int().min(0).max(1000),
  after: relSchema.nullable(),
  until: relSchema.nullable(),
  sort: z.enum(['path_asc', 'time_desc', 'time_asc']),
  afterKey: sortKeySchema.nullable(),
  /** path_asc: the page size; time sorts: how many after `afterKey` (limit + 1). */
  count: z.int().min(1).max(100_001),
  timeField: z.enum(['modified', 'created']),
  fromMs: z.number().nullable(),
  toMs: z.number().nullable(),
  glob: z.string().max(4096).nullable(),
  includeFiles: z.boolean(),
  includeDirectories: z.boolean(),
  includeUnknownTime: z.boolean(),
  fileTypes: z.array(z.string().max(64)).max(10_000).nullable(),
  /** Since version 2: the kinds and sizes asked for (fs.search_by_time's). */
  kinds: z.array(z.enum(SEARCH_KINDS)).max(SEARCH_KINDS.length).nullable(),
  minSize: z.int().min(0).nullable(),
  maxSize: z.int().min(0).nullable(),
  /**
   * Also how many entries match the whole query, on a first page (the app's Search preview says
   * "20,092 files …" while it shows 25). An engine without it refuses the query: the server walks.
   */
  total: z.boolean().optional(),
});
/** @see engineQuerySchema */
export type EngineQuery = z.output<typeof engineQuerySchema>;

/** Server → engine: a later query on a connection proven by its `auth` line. */
export const engineNextQuerySchema = z.strictObject({
  type: z.literal('query'),
  query: engineQuerySchema,
});

/** Server → engine: the proof, then the query, or a watch of one held folder (see below). */
export const engineAuthSchema = z.union([
  z.strictObject({ type: z.literal('auth'), proof: nonce, query: engineQuerySchema }),
  z.strictObject({
    type: z.literal('auth'),
    proof: nonce,
    watch: z.strictObject({ rootReal: z.string().min(1).max(8192) }),
  }),
]);

/**
 * Engine → server on a watch: `watching` once (or a decline: the folder is not held), then one
 * `changed` per batch of changes the index applied in that folder (paths below it, at most
 * ENGINE_WATCH_MAX_PATHS; `kind` "changed" for paths read again, "rescan" when the folder was read
 * again whole). The connection stays open until either end closes it.
 */
export const engineWatchEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('watching') }),
  z.strictObject({
    type: z.literal('changed'),
    kind: z.enum(['changed', 'rescan']),
    rels: z.array(relSchema).max(1000),
  }),
  z.strictObject({ type: z.literal('decline'), why: z.enum(['no-folder']) }),
]);
/** @see engineWatchEventSchema */
export type EngineWatchEvent = z.output<typeof engineWatchEventSchema>;
/** Most paths one `changed` event names (more: `rescan`). */
export const ENGINE_WATCH_MAX_PATHS = 1000;

/** Why the engine did not answer (the server walks). */
export const ENGINE_DECLINES = [
  'no-folder',
  'preparing',
  'walking',
  'settings-differ',
  'not-indexed',
] as const;
/** @see ENGINE_DECLINES */
export type EngineDecline = (typeof ENGINE_DECLINES)[number];

/** A match as the engine sends it. */
const candidateSchema = z.strictObject({
  rel: relSchema,
  t: z.number().nullable(),
  isDirectory: z.boolean(),
  size: z.number(),
  mtimeMs: z.number(),
  birthtimeMs: z.number(),
});

const walkSchema = z.strictObject({
  scannedFiles: z.int().min(0),
  scannedDirectories: z.int().min(0),
  skippedUnreadable: z.int().min(0),
  notEnteredAtMaxDepth: z.int().min(0),
  invalidNames: z.int().min(0),
  stopReason: z.enum(['done', 'visitor', 'files', 'directories', 'time']),
  stoppedAt: relSchema.nullable(),
});

const answerFields = {
  type: z.literal('answer'),
  walk: walkSchema,
  skippedUnreadable: z.int().min(0),
  matches: z.array(candidateSchema).max(100_001),
  more: z.boolean(),
  /** Asked by `total`: the entries of the index that match the whole query (not proven on disk). */
  total: z.int().min(0).optional(),
};
const declineSchema = z.strictObject({ type: z.literal('decline'), why: z.enum(ENGINE_DECLINES) });

/** Engine → server: the answer, or why there is none. */
export const engineAnswerSchema = z.discriminatedUnion('type', [
  z.strictObject(answerFields),
  declineSchema,
]);
/** @see engineAnswerSchema */
export type EngineAnswer = z.output<typeof engineAnswerSchema>;

/** An answer with its matches left to {@link isEngineCandidate}. */
const answerHeadSchema = z.strictObject({
  ...answerFields,
  matches: z.array(z.unknown()).max(100_001),
});

/**
 * Whether `value` is a match as candidateSchema takes it, written out: a page's 101 matches
 * checked by the schema cost a next page ~0.4 ms of its ~10. engine.test.ts holds the two equal.
 */
export function isEngineCandidate(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const c = value as Record<string, unknown>;
  let keys = 0;
  for (const key in c) if (Object.hasOwn(c, key)) keys++;
  return (
    keys === 6 &&
    typeof c.rel === 'string' &&
    c.rel.length <= 8192 &&
    (c.t === null || Number.isFinite(c.t)) &&
    typeof c.isDirectory === 'boolean' &&
    Number.isFinite(c.size) &&
    Number.isFinite(c.mtimeMs) &&
    Number.isFinite(c.birthtimeMs)
  );
}

/** `value` as an engine answer exactly as engineAnswerSchema takes it, or null. */
export function parseEngineAnswer(value: unknown): EngineAnswer | null {
  if ((value as { type?: unknown } | null)?.type !== 'answer') {
    const decline = declineSchema.safeParse(value);
    return decline.success ? decline.data : null;
  }
  const answer = answerHeadSchema.safeParse(value);
  if (!answer.success || !answer.data.matches.every(isEngineCandidate)) return null;
  return answer.data as EngineAnswer;
}

/** Why a folder is searched by walking rather than from the index. */
export const WALKING_REASONS = [
  'network-drive',
  'removable-drive',
  'too-many-folders',
  'watcher-failed',
  'unreadable',
] as const;
/** @see WALKING_REASONS */
export type WalkingReason = (typeof WALKING_REASONS)[number];

/**
 * Whether the engine reads a folder it is given first with the native listing (the fast first
 * read, engine/native/fast-list.c), and if not, why: 'off-platform' when this build has none for
 * the platform (macOS, Windows, a Linux build made without a C compiler), 'off-disabled' when
 * FOLDERGATE_NATIVE_LIST=0 turned it off, 'off-failed' when it would not load (a glibc older than
 * 2.28) or disagreed with Node in its self-check. Off, the engine reads with Node's listing: the
 * same answers, slower.
 */
export const FAST_FIRST_READ = ['on', 'off-platform', 'off-disabled', 'off-failed'] as const;
/** @see FAST_FIRST_READ */
export type FastFirstRead = (typeof FAST_FIRST_READ)[number];

/**
 * The search engine as the app sees it: whether it runs, how it reads new folders (null while none
 * runs), and each allowed folder as it holds it (what the Folders screen shows: its state, how far
 * its first crawl is, how many files and folders it holds, why it is walked). `elsewhere`: another
 * FolderGate (a second app on the same data folder) runs the engine for these folders, and this
 * app's stays out until that one is gone.
 */
export const engineStatusSchema = z.strictObject({
  running: z.boolean(),
  fastFirstRead: z.enum(FAST_FIRST_READ).nullable(),
  folders: z.array(
    z.strictObject({
      path: z.string(),
      state: z.enum(['preparing', 'ready', 'walking']),
      percent: z.int().min(0).max(100).nullable(),
      entries: z.int().min(0),
      reason: z.enum(WALKING_REASONS).nullable(),
    }),
  ),
  elsewhere: z.boolean().optional(),
});
/** @see engineStatusSchema */
export type EngineStatus = z.output<typeof engineStatusSchema>;
/** One allowed folder as the engine holds it. */
export type EngineFolderStatus = EngineStatus['folders'][number];

/**
 * The exit code of an engine that found another one listening on its data folder's socket (a
 * second app on the same data folder): it stays out, and its app does not restart it in a loop.
 */
export const ENGINE_ELSEWHERE_EXIT_CODE = 3;
