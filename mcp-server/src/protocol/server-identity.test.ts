// The front desk answers initialize and server/discover with these; they must stay the SDK's own.
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  SUBSCRIPTION_ID_META_KEY,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import {
  initializeResult,
  META,
  PROTOCOL_VERSIONS,
  serverInstructions,
} from './server-identity.js';

describe('server identity', () => {
  it("holds the SDK's protocol versions and _meta keys (update it with the SDK)", () => {
    expect(PROTOCOL_VERSIONS.latest).toBe(LATEST_PROTOCOL_VERSION);
    expect([...PROTOCOL_VERSIONS.supported]).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
    expect(META).toEqual({
      protocolVersion: PROTOCOL_VERSION_META_KEY,
      clientInfo: CLIENT_INFO_META_KEY,
      clientCapabilities: CLIENT_CAPABILITIES_META_KEY,
      logLevel: LOG_LEVEL_META_KEY,
      serverInfo: SERVER_INFO_META_KEY,
      subscriptionId: SUBSCRIPTION_ID_META_KEY,
    });
  });

  it('answers a supported version with itself and any other with the latest', () => {
    expect(initializeResult('2024-11-05', 'i').protocolVersion).toBe('2024-11-05');
    expect(initializeResult('2031-01-01', 'i').protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('names in its instructions the tools listed, and only those', () => {
    expect(serverInstructions(['fs_search_by_time'])).toBe(
      'FolderGate lets you search the folders the user allowed. Use fs_search_by_time to find files by modified or created time.',
    );
    expect(serverInstructions(['fs.search_by_time', 'logic_list', 'logic_get'])).toBe(
      'FolderGate lets you search the folders the user allowed. Use fs.search_by_time to find files by modified or created time, and logic_list / logic_get to read the custom SQL logics of the logic catalog.',
    );
    expect(serverInstructions(['logic_get'])).toMatch(/Use logic_get to read/);
    expect(serverInstructions(['logic_get'])).not.toMatch(/search_by_time|logic_list/);
    expect(serverInstructions([])).toMatch(/offers no tool right now/);
  });
});
