// The front desk answers only what the SDK itself accepts: every message it answers passes the
// SDK's own schemas and the server's params check, every valid shape of today is answered, and
// anything else is left to the full server. Its answers themselves are held to the full server's
// in test/front-desk.int.test.ts.
import {
  ClientCapabilitiesSchema,
  ImplementationSchema,
  InitializeRequestSchema,
  LoggingLevelSchema,
  ProgressTokenSchema,
} from '@modelcontextprotocol/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { createFrontDesk, type FrontDeskOptions } from './front-desk.js';
import type { FrontListing, Shown } from './front-listing.js';
import { claimOf } from './front-shapes.js';
import { checkRequestParams } from './request-params.js';
import { PROTOCOL_VERSIONS } from './server-identity.js';

const SHOWN: Shown = {
  tools: { tools: [{ name: 'fs_search_by_time' }] },
  settingsText: '{}',
  zone: { zone: 'UTC', offsetMinutes: 0 },
  view: '',
};

const listing = (overrides: Partial<FrontListing> = {}): FrontListing => ({
  now: (before) => before ?? SHOWN,
  since: (shown) => ({ kind: 'same', shown }),
  ...overrides,
});

function desk(overrides: Partial<FrontDeskOptions> = {}) {
  return createFrontDesk({
    listing: listing(),
    signature: () => 'same',
    notify: () => undefined,
    changed: () => undefined,
    ...overrides,
  });
}

const line = (value: unknown) => JSON.stringify(value);
const init = (params: unknown, id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params,
});
const client = { name: 'c', version: '1' };
const plain = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client };
const envelope = (extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  ...extra,
});
const modern = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { ...params, _meta: envelope() },
});

/** Answered (not handed over), with what was sent. */
const answered = (d: ReturnType<typeof desk>, message: unknown) => {
  const { replies, handOver } = d.answer(line(message));
  return handOver ? null : replies;
};

afterEach(() => vi.useRealTimers());

/** What AI apps and SDK clients send in initialize today (every one of them valid). */
const VALID_INITIALIZE: unknown[] = [
  plain,
  {
    protocolVersion: '2025-06-18',
    capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
    clientInfo: { name: 'mcp-inspector', version: '0.17.0' },
  },
  { protocolVersion: '2024-11-05', capabilities: { experimental: {} }, clientInfo: client },
  {
    protocolVersion: '2025-03-26',
    capabilities: { roots: {} },
    clientInfo: { ...client, title: 'C' },
  },
  { ...plain, capabilities: { elicitation: { form: {}, url: {} } } },
  { ...plain, capabilities: { elicitation: { form: { applyDefaults: true } } } },
  { ...plain, capabilities: { sampling: { context: {}, tools: {} } } },
  { ...plain, capabilities: { tasks: {} } },
  {
    ...plain,
    capabilities: {
      tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } },
    },
  },
  { ...plain, capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [] } } } },
  { ...plain, capabilities: { experimental: { custom: { a: 1 } } } },
  { ...plain, capabilities: { somethingNew: { a: 1 } } },
  {
    ...plain,
    clientInfo: {
      ...client,
      websiteUrl: 'https://example.com',
      description: 'd',
      icons: [{ src: 'data:image/png;base64,AA', mimeType: 'image/png', sizes: ['16x16'] }],
    },
  },
  { ...plain, clientInfo: { ...client, icons: [] } },
  { ...plain, _meta: {} },
  { ...plain, _meta: { progressToken: 'p' } },
  { ...plain, _meta: { progressToken: 7, 'x.example/trace': 'abc' } },
  { ...plain, extra: 1 },
];

/** Shapes the SDK refuses, or that the front leaves to the SDK to route. */
const OTHER_INITIALIZE: unknown[] = [
  { ...plain, capabilities: { roots: 5 } },
  { ...plain, capabilities: { roots: { listChanged: 'yes' } } },
  { ...plain, capabilities: { sampling: { context: 1 } } },
  { ...plain, capabilities: { elicitation: { form: 1 } } },
  { ...plain, capabilities: { elicitation: { form: { applyDefaults: 'yes' } } } },
  { ...plain, capabilities: { elicitation: null } },
  { ...plain, capabilities: { tasks: { list: 3 } } },
  { ...plain, capabilities: { extensions: { x: 1 } } },
  { ...plain, capabilities: { experimental: { x: [] } } },
  { ...plain, capabilities: [] },
  { ...plain, protocolVersion: 7 },
  { protocolVersion: '2025-11-25', capabilities: {} },
  { ...plain, clientInfo: { name: 'c' } },
  { ...plain, clientInfo: { ...client, title: 3 } },
  { ...plain, clientInfo: { ...client, icons: [{ mimeType: 'image/png' }] } },
  { ...plain, clientInfo: { ...client, icons: [{ src: 'x', theme: 'blue' }] } },
  { ...plain, clientInfo: { ...client, websiteUrl: null } },
  { ...plain, _meta: { progressToken: 1.5 } },
  { ...plain, _meta: { 'io.modelcontextprotocol/related-task': {} } },
  { ...plain, _meta: envelope() },
  { ...plain, _meta: { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } },
  JSON.parse(
    '{"protocolVersion":"x","capabilities":{"__proto__":{}},"clientInfo":{"name":"c","version":"1"}}',
  ),
  'params',
  undefined,
];

/** Every way of breaking one member of a valid shape: each value put in its place in turn. */
function mutations(value: unknown, depth = 0): unknown[] {
  const replacements = [null, 5, 'x', true, [], {}, [{}]];
  if (depth > 4 || value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const out: unknown[] = [];
  for (const [key, inner] of Object.entries(value)) {
    for (const replacement of replacements) out.push({ ...value, [key]: replacement });
    for (const deeper of mutations(inner, depth + 1)) out.push({ ...value, [key]: deeper });
  }
  return out;
}

const sdkAccepts = (request: { method: string; params?: unknown }) =>
  InitializeRequestSchema.safeParse(request).success &&
  checkRequestParams(request as never) === null;

describe('initialize at the front desk', () => {
  it('answers every valid shape of today', () => {
    for (const params of VALID_INITIALIZE) {
      const request = init(params);
      expect(sdkAccepts(request), line(params)).toBe(true);
      const replies = answered(desk(), request);
      expect(replies, line(params)).toEqual([expect.objectContaining({ jsonrpc: '2.0', id: 1 })]);
    }
  });

  it('answers only what the SDK accepts, and every such shape without a reserved _meta key', () => {
    let count = 0;
    const corpus = [...VALID_INITIALIZE, ...OTHER_INITIALIZE];
    for (const params of [...corpus, ...corpus.flatMap((shape) => mutations(shape))]) {
      const request = JSON.parse(line(init(params))) as { method: string; params?: unknown };
      const accepted = sdkAccepts(request);
      const routedBySdk = claimOf(request.params) !== 'none';
      const front = answered(desk(), request) !== null;
      if (front) expect(accepted, line(params)).toBe(true);
      if (accepted && !routedBySdk) expect(front, line(params)).toBe(true);
      count++;
    }
    expect(count).toBeGreaterThan(500);
  });

  it('chooses the protocol version as the SDK does', () => {
    const version = (asked: string) => {
      const [reply] = answered(desk(), init({ ...plain, protocolVersion: asked }))! as {
        result: { protocolVersion: string };
      }[];
      return reply!.result.protocolVersion;
    };
    expect(version('2025-06-18')).toBe('2025-06-18');
    expect(version('2030-01-01')).toBe('2025-11-25');
  });

  it('leaves initialize to the full server when the cache has no listing (its instructions name the tools)', () => {
    expect(answered(desk({ listing: listing({ now: () => null }) }), init(plain))).toBeNull();
  });

  it('refuses bad JSON-RPC envelopes and ids', () => {
    for (const message of [
      init(plain, null),
      init(plain, 1.5),
      { ...init(plain), extra: 1 },
      { ...init(plain), jsonrpc: '1.0' },
    ])
      expect(answered(desk(), message), line(message)).toBeNull();
    expect(answered(desk(), init(plain, 'req-1'))).not.toBeNull();
    expect(desk().answer('{ not json').handOver).toBe(true);
    expect(desk().answer('   ')).toEqual({ replies: [], handOver: false });
  });
});

describe('the 2025 era at the front desk', () => {
  it('answers ping and tools/list only in their plain form, and tools/list only after initialize', () => {
    expect(answered(desk(), { jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBeNull();
    const d = desk();
    answered(d, init(plain, 0));
    expect(answered(d, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).toEqual([
      { result: SHOWN.tools, jsonrpc: '2.0', id: 1 },
    ]);
    expect(answered(d, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })).not.toBeNull();
    expect(
      answered(d, { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 'x' } }),
    ).toBeNull();
    expect(answered(d, { jsonrpc: '2.0', id: 4, method: 'ping' })).toEqual([
      { result: {}, jsonrpc: '2.0', id: 4 },
    ]);
    expect(
      answered(d, { jsonrpc: '2.0', id: 5, method: 'ping', params: { _meta: {} } }),
    ).toBeNull();
    expect(answered(d, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: {} })).toBeNull();
    // A second initialize, and a 2026 request on a 2025 connection, are the full server's.
    expect(answered(d, init(plain, 7))).toBeNull();
    expect(answered(d, modern(8, 'tools/list'))).toBeNull();
  });

  it('keeps for the full server what sets its state: initialize, initialized, and what the client saw', () => {
    const d = desk();
    const request = init(plain);
    answered(d, request);
    answered(d, { jsonrpc: '2.0', method: 'notifications/initialized' });
    answered(d, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(d.close()).toEqual({
      replay: [request, { jsonrpc: '2.0', method: 'notifications/initialized' }],
      listed: SHOWN.tools,
    });
  });

  it('a ping before initialize opens the connection in the 2025 era (replayed too)', () => {
    const d = desk();
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    answered(d, ping);
    expect(answered(d, modern(2, 'server/discover'))).toBeNull();
    expect(d.close().replay).toEqual([ping]);
  });
});

describe('the 2026-07-28 revision at the front desk', () => {
  it('answers server/discover, tools/list and subscriptions/listen with a valid envelope', () => {
    const d = desk();
    const [discover] = answered(d, modern(1, 'server/discover'))! as {
      result: Record<string, unknown>;
    }[];
    expect(discover!.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
    });
    const [list] = answered(d, modern(2, 'tools/list'))! as { result: Record<string, unknown> }[];
    expect(list!.result).toMatchObject({ ...SHOWN.tools, resultType: 'complete' });
    expect(
      answered(d, modern(3, 'subscriptions/listen', { notifications: { toolsListChanged: true } })),
    ).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: { toolsListChanged: true },
          _meta: { 'io.modelcontextprotocol/subscriptionId': 3 },
        },
      },
    ]);
    // A ping and an initialize do not exist on a 2026 connection: the SDK answers them.
    expect(answered(d, { jsonrpc: '2.0', id: 4, method: 'ping' })).toBeNull();
    expect(answered(d, init(plain, 5))).toBeNull();
  });

  it('leaves a malformed or unknown envelope, and other params, to the full server', () => {
    const bad = (meta: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: meta },
    });
    for (const message of [
      bad({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }),
      bad(envelope({ 'io.modelcontextprotocol/protocolVersion': '2027-01-01' })),
      bad(envelope({ 'io.modelcontextprotocol/clientInfo': { name: 'x' } })),
      bad(envelope({ 'io.modelcontextprotocol/logLevel': 'loud' })),
      bad(envelope({ 'io.modelcontextprotocol/clientCapabilities': { roots: 1 } })),
      modern(1, 'tools/list', { cursor: 'x' }),
      modern(1, 'subscriptions/listen'),
      modern(1, 'subscriptions/listen', { notifications: { toolsListChanged: 'yes' } }),
      modern(1, 'tools/call', { name: 'x' }),
    ])
      expect(answered(desk(), message), line(message)).toBeNull();
    const ok = bad(
      envelope({
        'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' },
        'io.modelcontextprotocol/logLevel': 'info',
        'io.modelcontextprotocol/clientCapabilities': { tasks: 5, elicitation: {} },
        progressToken: 'p',
      }),
    );
    expect(answered(desk(), ok)).not.toBeNull();
  });

  it('keeps the requests that pinned the connection and its streams, and ends a stream at its cancellation', () => {
    const d = desk();
    answered(d, modern(1, 'server/discover'));
    const list = modern(2, 'tools/list');
    answered(d, list);
    answered(d, modern(3, 'tools/list'));
    const listen = modern(4, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
    answered(d, listen);
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } };
    expect(answered(d, cancel)).toEqual([]);
    // Cancelling anything else is the full server's (the front runs nothing to cancel).
    expect(answered(d, { ...cancel, params: { requestId: 2 } })).toBeNull();
    expect(d.close()).toEqual({ replay: [list, listen, cancel], listed: SHOWN.tools });
  });
});

describe('a settings change after the client listed', () => {
  const NEW: Shown = { ...SHOWN, tools: { tools: [{ name: 'renamed' }] }, settingsText: '{"x":1}' };

  it('stays at the front desk when the listing is the same, announces a changed one, and hands over when it cannot tell', () => {
    vi.useFakeTimers();
    let signature = 'one';
    let verdict: ReturnType<FrontListing['since']> = { kind: 'same', shown: SHOWN };
    const notify = vi.fn();
    const changed = vi.fn();
    const d = desk({
      listing: listing({ since: () => verdict }),
      signature: () => signature,
      notify,
      changed,
      intervalMs: 1000,
    });
    answered(d, init(plain));
    answered(d, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    signature = 'two';
    // Not watched before the client said it is initialized (the full server's watch starts then).
    vi.advanceTimersByTime(3000);
    expect(changed).not.toHaveBeenCalled();
    answered(d, { jsonrpc: '2.0', method: 'notifications/initialized' });
    // The same listing: nothing said, still here.
    signature = 'three';
    expect(answered(d, { jsonrpc: '2.0', id: 3, method: 'ping' })).toEqual([
      { result: {}, jsonrpc: '2.0', id: 3 },
    ]);
    // A changed listing the cache knows: announced before the next answer, and listed from here.
    signature = 'four';
    verdict = { kind: 'changed', shown: NEW };
    expect(answered(d, { jsonrpc: '2.0', id: 4, method: 'tools/list' })).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      { result: NEW.tools, jsonrpc: '2.0', id: 4 },
    ]);
    // Or on the timer, without a request.
    signature = 'five';
    verdict = { kind: 'changed', shown: SHOWN };
    vi.advanceTimersByTime(1000);
    expect(notify).toHaveBeenCalledWith({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
    });
    // One the front cannot tell: the next request goes to the full server, or the timer sends it.
    signature = 'six';
    verdict = { kind: 'unknown' };
    expect(answered(d, { jsonrpc: '2.0', id: 5, method: 'ping' })).toBeNull();
    vi.advanceTimersByTime(999);
    expect(changed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(changed).toHaveBeenCalled();
    expect(d.close().listed).toEqual(SHOWN.tools);
  });

  it('tells a 2026 client on each stream that asked for list changes', () => {
    vi.useFakeTimers();
    let signature = 'one';
    const notify = vi.fn();
    const d = desk({
      listing: listing({ since: () => ({ kind: 'changed', shown: NEW }) }),
      signature: () => signature,
      notify,
      intervalMs: 1000,
    });
    answered(d, modern(1, 'subscriptions/listen', { notifications: { toolsListChanged: true } }));
    answered(d, modern(2, 'subscriptions/listen', { notifications: { promptsListChanged: true } }));
    answered(d, modern(3, 'tools/list'));
    signature = 'two';
    vi.advanceTimersByTime(1000);
    expect(notify.mock.calls).toEqual([
      [
        {
          jsonrpc: '2.0',
          method: 'notifications/tools/list_changed',
          params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } },
        },
      ],
    ]);
  });
});

describe('the 2026 envelope check', () => {
  // The SDK's RequestMetaEnvelopeSchema (internal to it), from its public pieces.
  const ENVELOPE = z.looseObject({
    progressToken: ProgressTokenSchema.optional(),
    'io.modelcontextprotocol/protocolVersion': z.enum(PROTOCOL_VERSIONS.modern),
    'io.modelcontextprotocol/clientInfo': ImplementationSchema.optional(),
    'io.modelcontextprotocol/clientCapabilities': ClientCapabilitiesSchema.omit({ tasks: true }),
    'io.modelcontextprotocol/logLevel': LoggingLevelSchema.optional(),
  });

  it('says modern exactly for the envelopes the SDK accepts', () => {
    const base = envelope({
      'io.modelcontextprotocol/clientInfo': { ...client, icons: [{ src: 's' }] },
      'io.modelcontextprotocol/logLevel': 'debug',
      'io.modelcontextprotocol/clientCapabilities': {
        roots: { listChanged: true },
        elicitation: { form: {} },
        extensions: { e: {} },
      },
      progressToken: 3,
    });
    for (const meta of [base, ...mutations(base)]) {
      const claim = claimOf({ _meta: meta });
      const accepted = ENVELOPE.safeParse(meta).success;
      expect(claim, line(meta)).toBe(accepted ? 'modern' : 'other');
    }
    expect(claimOf({})).toBe('none');
    expect(claimOf({ _meta: { progressToken: 1 } })).toBe('none');
  });
});
