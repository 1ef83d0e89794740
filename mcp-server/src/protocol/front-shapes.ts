// The shapes the front desk (front-desk.ts) checks before it answers, without zod: the SDK's own
// schemas for an `initialize`'s params and for the `_meta` envelope of a 2026-07-28 request,
// written out (front-desk.test.ts holds them to the SDK's schemas on a corpus and its mutations).
// Each check says yes only to what the SDK accepts; a member the SDK ignores (its objects drop
// unknown keys) is ignored here too.
import { isPlainObject } from './json-rpc.js';
import { META, PROTOCOL_VERSIONS } from './server-identity.js';

type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
/** Any JSON object (a record of JSON values: whatever JSON.parse made of an object). */
const isJsonObject: Check = isPlainObject;

/** An object whose listed members, when present, pass their checks (others are ignored). */
function shape(members: Record<string, Check>, required: readonly string[] = []): Check {
  return (value) =>
    isPlainObject(value) &&
    required.every((key) => key in value) &&
    Object.entries(members).every(([key, check]) => !(key in value) || check(value[key]));
}

/** An object of which every value passes `check`. */
const recordOf =
  (check: Check): Check =>
  (value) =>
    isPlainObject(value) && Object.values(value).every(check);

const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

const ICON = shape(
  {
    src: isString,
    mimeType: isString,
    sizes: arrayOf(isString),
    theme: (value) => value === 'light' || value === 'dark',
  },
  ['src'],
);

/** The SDK's ImplementationSchema (clientInfo). */
export const isImplementation: Check = shape(
  {
    name: isString,
    title: isString,
    icons: arrayOf(ICON),
    version: isString,
    websiteUrl: isString,
    description: isString,
  },
  ['name', 'version'],
);

/** The SDK's ElicitationCapabilitySchema: an object; `form` and `url` objects when present. */
const ELICITATION = shape({
  form: shape({ applyDefaults: isBoolean }),
  url: isJsonObject,
});

/** The capabilities both eras know (the 2026 revision's ClientCapabilities2026Schema). */
const CAPABILITIES_2026 = {
  experimental: recordOf(isJsonObject),
  sampling: shape({ context: isJsonObject, tools: isJsonObject }),
  elicitation: ELICITATION,
  roots: shape({ listChanged: isBoolean }),
  extensions: recordOf(isJsonObject),
};

/** The SDK's ClientCapabilitiesSchema (initialize): the above and the 2025-11-25 tasks. */
const isClientCapabilities: Check = shape({
  ...CAPABILITIES_2026,
  tasks: shape({
    list: isJsonObject,
    cancel: isJsonObject,
    requests: shape({
      sampling: shape({ createMessage: isJsonObject }),
      elicitation: shape({ create: isJsonObject }),
    }),
  }),
});

const isProgressToken: Check = (value) => typeof value === 'string' || Number.isSafeInteger(value);

/** The SDK's RequestMetaSchema: a request's `_meta`. */
const isRequestMeta: Check = shape({
  progressToken: isProgressToken,
  'io.modelcontextprotocol/related-task': shape({ taskId: isString }, ['taskId']),
});

/**
 * An initialize's params as the SDK's InitializeRequestParamsSchema accepts them, without a
 * reserved `io.modelcontextprotocol/` key in `_meta` (a 2026 envelope claim: the SDK's to route).
 */
export function isPlainInitializeParams(params: unknown): boolean {
  if (!isPlainObject(params)) return false;
  if (
    '_meta' in params &&
    (!isRequestMeta(params._meta) || Object.keys(params._meta as object).some(isReserved))
  )
    return false;
  return (
    isString(params.protocolVersion) &&
    isClientCapabilities(params.capabilities) &&
    isImplementation(params.clientInfo)
  );
}

const isReserved = (key: string) => key.startsWith('io.modelcontextprotocol/');

const LOG_LEVELS = new Set([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

/** The SDK's RequestMetaEnvelopeSchema, for the revisions it serves. */
const isEnvelope: Check = shape(
  {
    progressToken: isProgressToken,
    [META.protocolVersion]: (value) =>
      (PROTOCOL_VERSIONS.modern as readonly unknown[]).includes(value),
    [META.clientInfo]: isImplementation,
    [META.clientCapabilities]: shape(CAPABILITIES_2026),
    [META.logLevel]: (value) => LOG_LEVELS.has(value as string),
  },
  [META.protocolVersion, META.clientCapabilities],
);

/** Which era a request's params claim: a 2026 envelope, none, or one the SDK must judge. */
export type Claim = 'modern' | 'none' | 'other';

/**
 * The era a message's params claim: 'modern' for a valid 2026-07-28 envelope, 'none' without the
 * protocol-version key (the 2025 era), 'other' for a claim the front does not answer (a malformed
 * envelope, a revision it does not serve: the SDK's errors).
 */
export function claimOf(params: unknown): Claim {
  const meta = isPlainObject(params) ? params._meta : undefined;
  if (!isPlainObject(meta) || !(META.protocolVersion in meta)) return 'none';
  return isEnvelope(meta) ? 'modern' : 'other';
}

/** A 2026 request's params with nothing but its envelope (and `extra`, whose checks pass). */
export function onlyEnvelope(params: unknown, extra: Record<string, Check> = {}): boolean {
  if (!isPlainObject(params)) return false;
  return Object.keys(params).every(
    (key) => key === '_meta' || (key in extra && extra[key]!(params[key])),
  );
}

/** The SDK's SubscriptionFilterSchema (`subscriptions/listen`'s `notifications`). */
export const isListenFilter: Check = shape({
  toolsListChanged: isBoolean,
  promptsListChanged: isBoolean,
  resourcesListChanged: isBoolean,
  resourceSubscriptions: arrayOf(isString),
});

/** What a `subscriptions/listen` asks for (the SDK's SubscriptionFilter). */
export interface ListenFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

/** The part of `asked` the server offers, in the SDK's order (its listen router's honoredSubset). */
export function grantedListen(notifications: unknown): ListenFilter {
  const asked = notifications as ListenFilter;
  const granted: ListenFilter = {};
  if (asked.toolsListChanged === true) granted.toolsListChanged = true;
  if (asked.promptsListChanged === true) granted.promptsListChanged = true;
  if (asked.resourcesListChanged === true) granted.resourcesListChanged = true;
  if (asked.resourceSubscriptions !== undefined && asked.resourceSubscriptions.length > 0)
    granted.resourceSubscriptions = [...asked.resourceSubscriptions];
  return granted;
}
