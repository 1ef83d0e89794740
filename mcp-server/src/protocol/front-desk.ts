// The server's front desk: answers what an AI app sends when it connects, and while it sits idle,
// before zod and the MCP SDK are loaded. Most AI apps start FolderGate's server when they start
// and list its tools, and many never search in a session; such a server holds ~42 MB instead of
// ~58 MB (issue 20: five idle servers ≤ 250 MB). It speaks both eras of MCP:
// - 2024-11-05 … 2025-11-25: `initialize`, `notifications/initialized`, `ping` and `tools/list`;
// - 2026-07-28 (stateless: each request carries its `_meta` envelope): `server/discover`,
//   `tools/list` and `subscriptions/listen` (with its `notifications/cancelled`).
// tools/list (and the instructions, which name the listed tools) come from the listing cache
// (front-listing.ts). Once a client listed, a settings change is looked at as the full server
// would (list-changed.ts): a listing that stayed the same keeps the server here, a changed one the
// cache knows is announced from here, and only one it cannot know loads the full server.
//
// It answers only a message it fully understands, in a shape the SDK accepts (checked against the
// SDK's own schemas in front-desk.test.ts) and with the very answer the full server gives (checked
// in test/front-desk.int.test.ts); anything else (another method, a shape it does not check, no
// cache entry, bad JSON) hands over to the full server, which then answers that line and
// everything after as before. At the hand-over the full server is given the messages that set its
// state again (replayed into the SDK: the client's initialize, the request that pinned a 2026
// connection, the streams it listens on) and the tool list the client saw.
import { isPlainObject, prototypeKeyPath } from './json-rpc.js';
import type { FrontListing, Shown } from './front-listing.js';
import { claimOf, isListenFilter, isPlainInitializeParams, onlyEnvelope } from './front-shapes.js';
import { grantedListen } from './front-shapes.js';
import type { ListingEntry } from './listing-cache.js';
import {
  discoverResult,
  initializeResult,
  listedNames,
  META,
  modernResult,
  serverInstructions,
} from './server-identity.js';

/** A message the front answered, kept for the full server. */
export type FrontMessage = Record<string, unknown> & { jsonrpc: '2.0'; method: string };

/** What the full server is told at the hand-over. */
export interface FrontState {
  /** The messages to give the SDK again, in order (their answers are not sent twice). */
  replay: FrontMessage[];
  /** The tools/list answer the client saw last (listed, or announced as changed), if it listed. */
  listed: ListingEntry['tools'] | null;
}

/** Options of {@link createFrontDesk}. */
export interface FrontDeskOptions {
  /** The listing: the cache's entry for the settings in force, and whether it changed. */
  listing: FrontListing;
  /**
   * Something that changes whenever the listing may (the settings file's stat, the zone offset);
   * polled once a client that can be told of a change has listed, as list-changed.ts polls.
   */
  signature(): string;
  /** Sends a notification the front desk decided on its own (a listing change). */
  notify(message: object): void;
  /** Called when the listing may have changed and only the full server can tell: hand over. */
  changed(): void;
  /** How often to poll the signature (default 1 s, as list-changed.ts). */
  intervalMs?: number;
}

/** What the front desk does with one line. */
export interface FrontAnswer {
  /** Messages to send, in order (a change notification comes before the answer). */
  replies: object[];
  /** True: the full server must take this line (after `replies` are sent). */
  handOver: boolean;
}

/** The front desk; the transport gives it each line while it serves (stdio-transport.ts). */
export interface FrontDesk {
  /** What to send for `line`, and whether the full server must take it. */
  answer(line: string): FrontAnswer;
  /** What the front answered so far; stops its polling (called at the hand-over). */
  close(): FrontState;
}

const ENVELOPE = new Set(['jsonrpc', 'id', 'method', 'params']);
/** Streams one connection may hold open (serveStdio's default limit, which the SDK answers). */
const MAX_LISTENS = 1024;

type Era = 'legacy' | 'probe' | 'modern' | null;
type Message = FrontMessage & { id?: string | number; params?: unknown };

/** Creates the front desk. */
export function createFrontDesk(options: FrontDeskOptions): FrontDesk {
  // The connection's era as the SDK's serveStdio would have it: 'probe' after a server/discover
  // only (not pinned yet), then pinned by the first other message.
  let era: Era = null;
  let initializeSeen = false;
  let initialized = false;
  const replay: FrontMessage[] = [];
  /** Open listen streams by request id: whether each was granted tools/list_changed. */
  const listens = new Map<string | number, boolean>();
  let shown: Shown | null = null;
  let timer: NodeJS.Timeout | null = null;
  let seen = '';

  // Someone to tell of a change: a 2025 client that listed and finished its handshake, or a
  // 2026 client that listed and listens for list changes.
  const watching = () =>
    shown !== null &&
    (era === 'legacy' ? initialized : era === 'modern' && [...listens.values()].some(Boolean));

  /** The notifications for a listing change: to the connection, or to each listening stream. */
  const announce = (): object[] =>
    era === 'legacy'
      ? [{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]
      : [...listens]
          .filter(([, granted]) => granted)
          .map(([id]) => ({
            jsonrpc: '2.0',
            method: 'notifications/tools/list_changed',
            params: { _meta: { [META.subscriptionId]: id } },
          }));

  /**
   * Looks at the listing as the full server does before each request and on its timer: the
   * notifications a change calls for, or null when only the full server can tell.
   */
  const look = (): object[] | null => {
    if (timer === null || !watching() || shown === null) return [];
    const signature = options.signature();
    if (signature === seen) return [];
    const change = options.listing.since(shown);
    if (change.kind === 'unknown') return null;
    seen = signature;
    shown = change.shown;
    return change.kind === 'changed' ? announce() : [];
  };

  const poll = () => {
    if (timer !== null || !watching()) return;
    seen = options.signature();
    timer = setInterval(() => {
      const out = look();
      if (out === null) options.changed();
      else for (const message of out) options.notify(message);
    }, options.intervalMs ?? 1000);
    timer.unref(); // the timer alone must not keep the process alive after stdin closes
  };

  const reply = (id: unknown, result: unknown) => ({ result, jsonrpc: '2.0', id });
  /** The listing to answer with now, or null (the full server must). */
  const listingNow = () => options.listing.now(shown);
  const instructionsOf = (listing: Shown) => serverInstructions(listedNames(listing.tools));

  /** The answers to a message of the 2025 era, or null when the full server must answer it. */
  function legacy(message: Message, emptyParams: boolean): object[] | null {
    const { id, method } = message;
    const isRequest = id !== undefined;
    if (method === 'initialize' && isRequest && era !== 'modern' && !initializeSeen) {
      if (!isPlainInitializeParams(message.params)) return null;
      const listing = listingNow();
      if (!listing) return null;
      replay.push(message);
      era = 'legacy';
      initializeSeen = true;
      const asked = (message.params as { protocolVersion: string }).protocolVersion;
      return [reply(id, initializeResult(asked, instructionsOf(listing)))];
    }
    if (
      method === 'notifications/initialized' &&
      !isRequest &&
      emptyParams &&
      era === 'legacy' &&
      initializeSeen &&
      !initialized
    ) {
      initialized = true;
      replay.push(message);
      poll();
      return [];
    }
    if (method === 'ping' && isRequest && emptyParams && era !== 'modern') {
      // A ping opens a 2025-era connection as well as initialize does.
      if (era !== 'legacy') replay.push(message);
      era = 'legacy';
      return [reply(id, {})];
    }
    if (method === 'tools/list' && isRequest && emptyParams && initializeSeen) {
      const listing = listingNow();
      if (!listing) return null;
      shown = listing;
      poll();
      return [reply(id, listing.tools)];
    }
    return null;
  }

  /** The answers to a 2026-07-28 request, or null when the full server must answer it. */
  function modern(message: Message): object[] | null {
    const { id, method, params } = message;
    if (id === undefined || era === 'legacy') return null;
    if (method === 'server/discover' && onlyEnvelope(params)) {
      const listing = listingNow();
      if (!listing) return null;
      era ??= 'probe';
      return [reply(id, discoverResult(instructionsOf(listing)))];
    }
    if (method === 'tools/list' && onlyEnvelope(params)) {
      const listing = listingNow();
      if (!listing) return null;
      pin(message);
      shown = listing;
      poll();
      return [reply(id, modernResult(listing.tools, true))];
    }
    if (
      method === 'subscriptions/listen' &&
      onlyEnvelope(params, { notifications: isListenFilter }) &&
      isPlainObject(params) &&
      'notifications' in params &&
      !listens.has(id) &&
      listens.size < MAX_LISTENS
    ) {
      era = 'modern';
      replay.push(message);
      // Granted what was asked for and the server offers, as the SDK's listen router grants it.
      const granted = grantedListen(params.notifications);
      listens.set(id, granted.toolsListChanged === true);
      poll();
      return [
        {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: {
            notifications: granted,
            _meta: { [META.subscriptionId]: id },
          },
        },
      ];
    }
    return null;
  }

  /** A request that pins a 2026 connection (the first besides server/discover). */
  function pin(message: FrontMessage): void {
    if (era !== 'modern') replay.push(message);
    era = 'modern';
  }

  /** What to send for one line that is not blank, and whether the full server must take it. */
  function answerLine(line: string): FrontAnswer {
    const handOver = { replies: [], handOver: true };
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return handOver;
    }
    if (!isPlainObject(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string')
      return handOver;
    if (!Object.keys(message).every((key) => ENVELOPE.has(key))) return handOver;
    const { id } = message;
    const isRequest = 'id' in message;
    if (isRequest && !(typeof id === 'string' || Number.isSafeInteger(id))) return handOver;
    if ('params' in message && !isPlainObject(message.params)) return handOver;
    if (prototypeKeyPath(message.params, 'params') !== null) return handOver;
    // The full server looks at the listing before it answers any request (list-changed.ts): a
    // change is announced before the answer, whoever answers it.
    const before = isRequest ? look() : [];
    if (before === null) return handOver;
    const replies = route(message as Message);
    return replies === null
      ? { replies: before, handOver: true }
      : { replies: [...before, ...replies], handOver: false };
  }

  /** The answers to a well-formed message, or null when the full server must answer it. */
  function route(message: Message): object[] | null {
    if (message.method === 'notifications/cancelled' && !('id' in message)) {
      // The end of a listen stream (what serveStdio does with it before anything else).
      const cancelled = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (era !== 'modern' || !listens.has(cancelled as string | number)) return null;
      listens.delete(cancelled as string | number);
      replay.push(message);
      return [];
    }
    const claim = claimOf(message.params);
    if (claim === 'modern') return modern(message);
    if (claim === 'other') return null;
    const emptyParams =
      !('params' in message) || Object.keys(message.params as object).length === 0;
    return legacy(message, emptyParams);
  }

  return {
    answer(line) {
      if (line.trim() === '') return { replies: [], handOver: false };
      return answerLine(line);
    },
    close() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      return { replay, listed: shown?.tools ?? null };
    },
  };
}
