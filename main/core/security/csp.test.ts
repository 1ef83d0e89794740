import { describe, expect, it } from 'vitest';
import { buildCsp, CONTENT_SECURITY_POLICY } from './csp.js';

function parse(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(map.has(name), `directive ${name} appears once`).toBe(false);
    map.set(name, sources);
  }
  return map;
}

describe('Content-Security-Policy', () => {
  it('allows only the app itself to run scripts, connect and style', () => {
    const csp = parse(CONTENT_SECURITY_POLICY);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it('shuts plugins, base tags, framing and form posts', () => {
    const csp = parse(CONTENT_SECURITY_POLICY);
    for (const name of ['object-src', 'base-uri', 'frame-ancestors', 'form-action', 'frame-src']) {
      expect(csp.get(name), name).toEqual(["'none'"]);
    }
  });

  it('never allows eval and allows inline styles only when asked', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
    const relaxed = parse(buildCsp({ allowInlineStyles: true }));
    expect(relaxed.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(relaxed.get('script-src')).toEqual(["'self'"]);
  });

  it('is a single header line', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/[\r\n]/);
  });
});
