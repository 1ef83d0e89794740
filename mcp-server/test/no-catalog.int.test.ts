// What AI apps read stays English, and servers stay small: the server, engine and crawl helper
// bundles hold neither the message catalog nor i18next (the app's words for people).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';

describe('the server bundles', () => {
  for (const bundle of ['index.js', 'engine.js', 'crawl-helper.js']) {
    it(`${bundle} loads no message catalog`, () => {
      const text = readFileSync(path.join(REPO_ROOT, 'mcp-server', 'dist', bundle), 'utf8');
      // Words only the catalogs hold, and i18next's own name for its instance.
      expect(text).not.toContain('personErrors');
      expect(text).not.toContain('FolderGate를');
      expect(text).not.toMatch(/i18next/i);
    });
  }
});
