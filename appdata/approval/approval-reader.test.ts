// The approval channel's reader: JSON lines through the one line framer.
import { describe, expect, it } from 'vitest';
import { createApprovalReader } from './approval-reader.js';

describe('createApprovalReader', () => {
  const read = (chunks: (string | Uint8Array)[], maxBytes?: number) => {
    const values: unknown[] = [];
    const problems: string[] = [];
    const reader = createApprovalReader(
      (v) => values.push(v),
      (p) => problems.push(p),
      maxBytes,
    );
    for (const c of chunks) reader.push(typeof c === 'string' ? Buffer.from(c) : Buffer.from(c));
    return { values, problems };
  };

  it('splits lines across chunks, including split UTF-8 characters and CRLF', () => {
    const bytes = Buffer.from('{"a":"é"}\r\n{"b":2}\n{"c"');
    expect(read([bytes.subarray(0, 7), bytes.subarray(7)])).toEqual({
      values: [{ a: 'é' }, { b: 2 }],
      problems: [],
    });
  });

  it('gives up once on a bad or oversized line and ignores the rest', () => {
    expect(read(['nope\n{"a":1}\n'])).toEqual({ values: [], problems: ['not-json'] });
    expect(read([new Uint8Array([0xc3, 0x28, 0x0a])]).problems).toEqual(['not-json']);
    expect(read(['{"a":1}\n', 'x'.repeat(20), 'x'.repeat(20), '\n{"b":1}\n'], 32)).toEqual({
      values: [{ a: 1 }],
      problems: ['oversized'],
    });
    expect(read([`"${'x'.repeat(40)}"\n`], 32).problems).toEqual(['oversized']);
  });
});
