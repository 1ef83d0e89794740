// The front desk answers initialize with these; they must stay the SDK's own.
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { initializeResult, PROTOCOL_VERSIONS } from './server-identity.js';

describe('server identity', () => {
  it("holds the SDK's protocol versions (update it with the SDK)", () => {
    expect(PROTOCOL_VERSIONS.latest).toBe(LATEST_PROTOCOL_VERSION);
    expect([...PROTOCOL_VERSIONS.supported]).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
  });

  it('answers a supported version with itself and any other with the latest', () => {
    expect(initializeResult('2024-11-05', 'dotted').protocolVersion).toBe('2024-11-05');
    expect(initializeResult('2031-01-01', 'dotted').protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(initializeResult('2025-06-18', 'underscore').instructions).toContain(
      'Use fs_search_by_time ',
    );
  });
});
