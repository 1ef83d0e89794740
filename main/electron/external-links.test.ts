import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from './external-links.js';

describe('isSafeExternalUrl', () => {
  it.each([
    'https://example.com/',
    'http://example.com/docs?q=1#x',
    'https://github.com/modelcontextprotocol',
  ])('opens %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'smb://server/share',
    'app://foldergate/index.html',
    'vscode://file/etc/passwd',
    'ms-settings:',
    'https://user:secret@example.com/',
    'not a url',
    '',
    '//example.com',
  ])('refuses %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it('refuses non-strings and absurdly long URLs', () => {
    expect(isSafeExternalUrl(undefined)).toBe(false);
    expect(isSafeExternalUrl({ href: 'https://example.com' })).toBe(false);
    expect(isSafeExternalUrl(`https://example.com/${'a'.repeat(3000)}`)).toBe(false);
  });
});
