// The stdio line splitter and the cheap id lookup of an oversized message, on byte sequences a pipe
// can deliver: lines split anywhere (even inside a UTF-8 character), CRLF, and lines over the cap.
import { describe, expect, it } from 'vitest';
import { cheapRequestId } from '#server/protocol/json-rpc.js';
import { createLineSplitter, type OversizedLine } from './line-framer.js';

function split(maxBytes: number, chunks: Buffer[]) {
  const lines: string[] = [];
  const oversized: OversizedLine[] = [];
  const splitter = createLineSplitter(maxBytes, {
    line: (text) => lines.push(text),
    oversized: (line) => oversized.push(line),
  });
  for (const chunk of chunks) splitter.push(chunk);
  return { lines, oversized };
}

/** `text` as bytes cut into pieces of `size` bytes. */
function pieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe('createLineSplitter', () => {
  it('joins lines cut at any byte, inside UTF-8 characters too, and drops a trailing CR', () => {
    const text = '{"a":"日本語"}\r\n{"b":"é"}\n\n';
    for (let size = 1; size <= 8; size++) {
      expect(split(100, pieces(text, size)).lines).toEqual(['{"a":"日本語"}', '{"b":"é"}', '']);
    }
  });

  it('holds back a line until its newline arrives', () => {
    expect(split(100, pieces('{"a":1}', 3)).lines).toEqual([]);
  });

  it('passes a line of exactly the cap and reports one byte more with its edges only', () => {
    const atCap = 'a'.repeat(1000);
    const over = `H${'b'.repeat(999)}T`;
    const { lines, oversized } = split(1000, pieces(`${atCap}\n${over}\nnext\n`, 7));
    expect(lines).toEqual([atCap, 'next']);
    expect(oversized).toHaveLength(1);
    expect(oversized[0]!.bytes).toBe(1001);
    expect(oversized[0]!.head.startsWith('Hbb')).toBe(true);
    expect(oversized[0]!.tail.endsWith('bbT')).toBe(true);
    expect(oversized[0]!.head.length).toBe(256);
    expect(oversized[0]!.tail.length).toBe(256);
  });

  it('keeps only the edges of a line many times the cap', () => {
    const chunks = [Buffer.from('{"jsonrpc":"2.0","id":7,'), ...pieces('x'.repeat(1 << 20), 65536)];
    const { oversized } = split(1024, [...chunks, Buffer.from('}\n')]);
    expect(oversized).toHaveLength(1);
    expect(oversized[0]!.bytes).toBe(24 + (1 << 20) + 1);
    expect(cheapRequestId(oversized[0]!.head, oversized[0]!.tail)).toBe(7);
  });
});

describe('cheapRequestId', () => {
  it('finds an id written first or last, and nothing else', () => {
    expect(cheapRequestId('{"jsonrpc":"2.0","id":"a-1","method":"x"', '')).toBe('a-1');
    expect(cheapRequestId('{ "id" : 12 , "jsonrpc"', '')).toBe(12);
    expect(cheapRequestId('{"method":"ping"', ',"jsonrpc":"2.0","id":42}')).toBe(42);
    expect(cheapRequestId('{"method":"ping"', '"params":{"id":42}}')).toBe(null);
    expect(cheapRequestId('{"method":"ping","id":1', 'xxxx')).toBe(null);
    expect(cheapRequestId('[{"id":1}', '')).toBe(null);
  });
});
