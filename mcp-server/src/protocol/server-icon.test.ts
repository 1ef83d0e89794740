// The server's icon is the app's: build/icon.svg as `npm run icons` renders it, without its comment
// and white space (a change of the SVG that is not copied here fails).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { SERVER_ICON } from './server-icon.js';

describe('the server icon', () => {
  it('is build/icon.svg, minified, as a small data: URI', () => {
    const svg = fs
      .readFileSync(path.join(REPO_ROOT, 'build', 'icon.svg'), 'utf8')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/>\s+</g, '><')
      .replace(/\s+/g, ' ')
      .trim();
    const [prefix, data] = SERVER_ICON.src.split(',');
    expect(prefix).toBe('data:image/svg+xml;base64');
    expect(Buffer.from(data!, 'base64').toString('utf8')).toBe(svg);
    expect(SERVER_ICON.src.length).toBeLessThan(1024);
  });
});
