// The front desk answers only what the SDK itself accepts: every message it answers passes the
// SDK's own schema and the server's params check, and anything else is left to the full server.
import { InitializeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrontDesk, type FrontDeskOptions } from './front-desk.js';
import type { ListingEntry } from './listing-cache.js';
import { checkRequestParams } from './request-params.js';
import { initializeResult } from './server-identity.js';

const ENTRY: ListingEntry = { key: 'k', tools: { tools: [{ name: 'fs_search_by_time' }] } };

function desk(overrides: Partial<FrontDeskOptions> = {}) {
  return createFrontDesk({
    initializeResult: (asked) => initializeResult(asked, 'underscore'),
    lookup: () => ENTRY,
    signature: () => 'same',
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

afterEach(() => vi.useRealTimers());

describe('what the front desk answers', () => {
  // What AI apps and SDK clients send (TypeScript and Python SDKs, the Inspector), and odd variants.
  const corpus: unknown[] = [
    init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }),
    init({
      protocolVersion: '2025-06-18',
      capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
      clientInfo: { name: 'mcp-inspector', version: '0.17.0' },
    }),
    init({ protocolVersion: '2024-11-05', capabilities: { experimental: {} }, clientInfo: client }),
    init({
      protocolVersion: '2025-03-26',
      capabilities: { roots: {} },
      clientInfo: { ...client, title: 'C' },
    }),
    init({ protocolVersion: '2025-11-25', capabilities: { roots: 5 }, clientInfo: client }),
    init({
      protocolVersion: '2025-11-25',
      capabilities: { roots: { listChanged: 'yes' } },
      clientInfo: client,
    }),
    init({
      protocolVersion: '2025-11-25',
      capabilities: { sampling: { context: {} } },
      clientInfo: client,
    }),
    init({
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: { form: 1 } },
      clientInfo: client,
    }),
    init({ protocolVersion: '2025-11-25', capabilities: { tasks: {} }, clientInfo: client }),
    init({ protocolVersion: '2025-11-25', capabilities: [], clientInfo: client }),
    init({ protocolVersion: 7, capabilities: {}, clientInfo: client }),
    init({ protocolVersion: '2025-11-25', capabilities: {} }),
    init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c' } }),
    init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { ...client, title: 3 } }),
    init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { ...client, icons: [] } }),
    init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client, _meta: {} }),
    init(
      JSON.parse(
        '{"protocolVersion":"x","capabilities":{"__proto__":{}},"clientInfo":{"name":"c","version":"1"}}',
      ),
    ),
    init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }, null),
    init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }, 1.5),
    init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }, 'req-1'),
    { ...init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }), extra: 1 },
    {
      ...init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }),
      jsonrpc: '1.0',
    },
    init('params'),
    init(undefined),
  ];

  it('answers only initialize requests that the SDK accepts as they are', () => {
    let answered = 0;
    for (const message of corpus) {
      const replies = desk().answer(line(message));
      if (replies === null) continue;
      answered++;
      const request = JSON.parse(line(message)) as { method: string; params?: unknown; id: number };
      expect(InitializeRequestSchema.safeParse(request).success).toBe(true);
      expect(checkRequestParams(request as never)).toBeNull();
      expect(replies).toEqual([expect.objectContaining({ jsonrpc: '2.0', id: request.id })]);
    }
    // The plain shapes real clients send are answered.
    expect(answered).toBe(5);
  });

  it('chooses the protocol version as the SDK does', () => {
    const version = (asked: string) => {
      const [reply] = desk().answer(
        line(init({ protocolVersion: asked, capabilities: {}, clientInfo: client })),
      )! as { result: { protocolVersion: string } }[];
      return reply!.result.protocolVersion;
    };
    expect(version('2025-06-18')).toBe('2025-06-18');
    expect(version('2030-01-01')).toBe('2025-11-25');
  });

  it('answers ping and tools/list only in their plain form, and tools/list only after initialize', () => {
    const d = desk();
    expect(d.answer(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).toBeNull();
    const d2 = desk();
    d2.answer(
      line(init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }, 0)),
    );
    expect(d2.answer(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).toEqual([
      { result: ENTRY.tools, jsonrpc: '2.0', id: 1 },
    ]);
    expect(
      d2.answer(line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })),
    ).not.toBeNull();
    expect(
      d2.answer(line({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 'x' } })),
    ).toBeNull();
    expect(d2.answer(line({ jsonrpc: '2.0', id: 4, method: 'ping' }))).toEqual([
      { result: {}, jsonrpc: '2.0', id: 4 },
    ]);
    expect(
      d2.answer(line({ jsonrpc: '2.0', id: 5, method: 'ping', params: { _meta: {} } })),
    ).toBeNull();
    expect(d2.answer(line({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: {} }))).toBeNull();
    // A second initialize is the full server's to judge.
    expect(
      d2.answer(
        line(init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }, 7)),
      ),
    ).toBeNull();
    expect(d2.answer('   ')).toEqual([]);
    expect(d2.answer('{ not json')).toBeNull();
  });

  it('leaves tools/list to the full server when the cache has no entry', () => {
    const d = desk({ lookup: () => null });
    expect(
      d.answer(line(init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }))),
    ).not.toBeNull();
    expect(d.answer(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))).toBeNull();
  });

  it('keeps what it answered for the full server', () => {
    const d = desk();
    const request = init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client });
    d.answer(line(request));
    d.answer(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    d.answer(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(d.close()).toEqual({
      initialize: request,
      initialized: { jsonrpc: '2.0', method: 'notifications/initialized' },
      listed: ENTRY.tools,
    });
  });

  it('once the client listed: a changed signature hands over its next request, and is reported within the interval', () => {
    vi.useFakeTimers();
    let signature = 'one';
    const changed = vi.fn();
    const d = desk({ signature: () => signature, changed, intervalMs: 1000 });
    d.answer(line(init({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client })));
    d.answer(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    signature = 'two';
    // Not watched before the client said it is initialized (the full server's watch starts then).
    vi.advanceTimersByTime(3000);
    expect(changed).not.toHaveBeenCalled();
    signature = 'one';
    d.answer(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(d.answer(line({ jsonrpc: '2.0', id: 3, method: 'ping' }))).not.toBeNull();
    signature = 'two';
    expect(d.answer(line({ jsonrpc: '2.0', id: 4, method: 'ping' }))).toBeNull();
    vi.advanceTimersByTime(999);
    expect(changed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(changed).toHaveBeenCalled();
    d.close();
  });
});
