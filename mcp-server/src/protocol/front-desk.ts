// The server's front desk: answers what an AI app sends when it connects (initialize, the
// initialized notification, ping, and tools/list from the listing cache: listing-cache.ts), before
// zod and the MCP SDK are loaded. Most AI apps start FolderGate's server when they start and list its
// tools, and many never search in a session; such a server now holds ~42 MB instead of ~58 MB
// (issue 20: five idle servers ≤ 250 MB).
//
// It answers only a message it fully understands, in a shape the SDK accepts (checked against the
// SDK's own schemas in front-desk.test.ts) and with the very answer the full server gives (checked
// in test/front-desk.int.test.ts); anything else (another method, an unexpected member, no cache
// entry for the settings in force, bad JSON) hands over to the full server, which then answers
// that line and everything after as before. At the hand-over the full server is told what the
// front answered: the client's initialize and initialized (replayed into the SDK, so it knows the
// client) and the tool list the client saw (so it announces a change: list-changed.ts).
import { isPlainObject } from './json-rpc.js';
import type { ListingEntry } from './listing-cache.js';

/** A message the front answered, kept for the full server. */
export type FrontMessage = Record<string, unknown> & { jsonrpc: '2.0'; method: string };

/** What the full server is told at the hand-over. */
export interface FrontState {
  /** The client's initialize request, as it sent it (null: the full server gets it itself). */
  initialize: FrontMessage | null;
  /** The client's initialized notification, once it came. */
  initialized: FrontMessage | null;
  /** The tools/list answer the client got from the front, if it listed. */
  listed: ListingEntry['tools'] | null;
}

/** Options of {@link createFrontDesk}. */
export interface FrontDeskOptions {
  /** The initialize result for a client that asked for this protocol version (server-identity.ts). */
  initializeResult(asked: string): Record<string, unknown>;
  /** The listing for the settings in force now, or null (no entry: the full server answers). */
  lookup(): ListingEntry | null;
  /**
   * Something that changes whenever the listing may (the settings file's stat, the zone offset);
   * polled once the client has listed, as the full server polls its list (list-changed.ts).
   */
  signature(): string;
  /** Called when the listing may have changed after the client listed: hand over. */
  changed(): void;
  /** How often to poll the signature (default 1 s, as list-changed.ts). */
  intervalMs?: number;
}

/** The front desk; the transport gives it each line while it serves (stdio-transport.ts). */
export interface FrontDesk {
  /** The answers to `line` (possibly none), or null: the full server must take this line. */
  answer(line: string): object[] | null;
  /** What the front answered so far; stops its polling (called at the hand-over). */
  close(): FrontState;
}

const ENVELOPE = new Set(['jsonrpc', 'id', 'method', 'params']);
const INITIALIZE_PARAMS = new Set(['protocolVersion', 'capabilities', 'clientInfo']);
const CLIENT_INFO = new Set(['name', 'version', 'title']);
/** Capabilities answered by the front when declared as `{}` (roots also with listChanged). */
const CAPABILITIES = new Set(['roots', 'sampling', 'elicitation', 'experimental']);

/** Creates the front desk. */
export function createFrontDesk(options: FrontDeskOptions): FrontDesk {
  const state: FrontState = { initialize: null, initialized: null, listed: null };
  let timer: NodeJS.Timeout | null = null;
  let seen = '';

  const poll = () => {
    if (timer !== null || state.listed === null || state.initialized === null) return;
    seen = options.signature();
    timer = setInterval(() => {
      if (options.signature() !== seen) options.changed();
    }, options.intervalMs ?? 1000);
    timer.unref(); // the timer alone must not keep the process alive after stdin closes
  };

  const reply = (id: unknown, result: unknown) => [{ result, jsonrpc: '2.0', id }];

  return {
    answer(line) {
      if (line.trim() === '') return [];
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        return null;
      }
      if (
        !isPlainObject(message) ||
        message.jsonrpc !== '2.0' ||
        typeof message.method !== 'string'
      )
        return null;
      if (!Object.keys(message).every((key) => ENVELOPE.has(key))) return null;
      const { id, method } = message;
      const isRequest = 'id' in message;
      if (isRequest && !(typeof id === 'string' || Number.isSafeInteger(id))) return null;
      const emptyParams = !('params' in message) || isEmptyObject(message.params);
      // The full server tells a client that listed of a change before it answers its next
      // request (list-changed.ts); the front hands that request over so it does just that.
      if (isRequest && timer !== null && options.signature() !== seen) return null;

      if (method === 'initialize' && isRequest && state.initialize === null) {
        if (!initializeParamsOk(message.params)) return null;
        const asked = (message.params as { protocolVersion: string }).protocolVersion;
        state.initialize = message as FrontMessage;
        return reply(id, options.initializeResult(asked));
      }
      if (
        method === 'notifications/initialized' &&
        !isRequest &&
        emptyParams &&
        state.initialize !== null &&
        state.initialized === null
      ) {
        state.initialized = message as FrontMessage;
        poll();
        return [];
      }
      if (method === 'ping' && isRequest && emptyParams) return reply(id, {});
      if (method === 'tools/list' && isRequest && emptyParams && state.initialize !== null) {
        const entry = options.lookup();
        if (!entry) return null;
        state.listed = entry.tools;
        poll();
        return reply(id, entry.tools);
      }
      return null;
    },
    close() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      return state;
    },
  };
}

function isEmptyObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}

/** Initialize params of the plainest kind, which the SDK's schema accepts as they are. */
function initializeParamsOk(params: unknown): boolean {
  if (!isPlainObject(params) || !Object.keys(params).every((key) => INITIALIZE_PARAMS.has(key)))
    return false;
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== 'string') return false;
  if (!isPlainObject(clientInfo) || !Object.keys(clientInfo).every((key) => CLIENT_INFO.has(key)))
    return false;
  if (typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string') return false;
  if ('title' in clientInfo && typeof clientInfo.title !== 'string') return false;
  if (!isPlainObject(capabilities)) return false;
  return Object.entries(capabilities).every(([key, value]) => {
    if (!CAPABILITIES.has(key) || !isPlainObject(value)) return false;
    if (key === 'roots') {
      const keys = Object.keys(value);
      return (
        keys.every((k) => k === 'listChanged') && keys.every((k) => typeof value[k] === 'boolean')
      );
    }
    return Object.keys(value).length === 0;
  });
}
