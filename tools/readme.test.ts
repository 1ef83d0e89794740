// The README and the docs stay true: every picture and every file they link to exists.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '..');
const pages = [
  'README.md',
  ...readdirSync(path.join(REPO, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('README and docs links', () => {
  it.each(pages)('%s links only to files that exist', (page) => {
    const text = readFileSync(path.join(REPO, page), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.length).toBeGreaterThan(0);
    const missing = targets.filter((t) => !existsSync(path.resolve(REPO, path.dirname(page), t)));
    expect(missing).toEqual([]);
  });
});
