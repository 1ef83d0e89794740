// The licences About lists are the ones the packages say, and every package the app ships is
// listed (package.json's dependencies, and the icons bundled into the window).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PACKAGES } from './licences.js';

const REPO = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    license?: string;
  };

describe('About › Licences', () => {
  it('lists every package FolderGate ships, each with its own licence', () => {
    const shipped = [...Object.keys(manifest(REPO).dependencies ?? {}), 'simple-icons'].sort();
    expect(BUNDLED_PACKAGES.map((p) => p.name).sort()).toEqual(shipped);
    for (const p of BUNDLED_PACKAGES)
      expect(p.licence, p.name).toBe(manifest(path.join(REPO, 'node_modules', p.name)).license);
  });
});
