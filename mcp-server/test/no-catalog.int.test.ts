// What AI apps read stays English, and servers stay small: the server, engine and crawl helper
// bundles hold neither the message catalog nor i18next (the app's words for people). The prompts'
// own words (shared/i18n/<language>/prompts.ts, read without i18next) are the one exception:
// a prompt is the person's message, in their language (docs/contracts/prompts.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';

/** The full server's bundle: dist/server-<build>.js (mcp-server/build.mjs). */
function fullServerBundle(): string {
  const names = readdirSync(path.join(REPO_ROOT, 'mcp-server', 'dist')).filter((name) =>
    /^server-[0-9a-f]{12}\.js$/.test(name),
  );
  expect(names).toHaveLength(1);
  return names[0]!;
}

/** A bundle of the server (mcp-server/dist/) or of the engine (engine/dist/). */
const bundlePath = (bundle: string) =>
  path.join(
    REPO_ROOT,
    bundle === 'engine.js' || bundle === 'crawl-helper.js' ? 'engine' : 'mcp-server',
    'dist',
    bundle,
  );

describe('the server bundles', () => {
  for (const bundle of ['index.js', fullServerBundle(), 'engine.js', 'crawl-helper.js']) {
    it(`${bundle} loads no message catalog`, () => {
      const text = readFileSync(bundlePath(bundle), 'utf8');
      // Words only the catalogs hold, and i18next's own name for its instance.
      expect(text).not.toContain('personErrors');
      expect(text).not.toContain('FolderGate를');
      expect(text).not.toMatch(/i18next/i);
    });
  }
});

// Every AI app starts its own server and most of them sit idle: what a bundle holds, each of
// them loads (issue 20's five idle servers). tools/node-bundle.mjs leaves these out.
describe('what the server bundles leave out', () => {
  const read = (bundle: string) => readFileSync(bundlePath(bundle), 'utf8');

  for (const bundle of [fullServerBundle(), 'engine.js']) {
    it(`${bundle} holds zod's English messages and no other language's`, () => {
      const text = read(bundle);
      // esbuild names each module it bundles in a comment.
      expect(text).toContain('node_modules/zod/v4/locales/en.js');
      expect(text).not.toContain('node_modules/zod/v4/locales/de.js');
      expect(text).not.toContain('node_modules/zod/v4/locales/ko.js');
    });
  }

  it('the full server holds no Ajv: it answers form questions with its own checker', () => {
    const text = read(fullServerBundle());
    expect(text).not.toContain('node_modules/ajv/');
    expect(text).toContain('FolderGate asks no questions of the client');
  });

  it('index.js, what every AI app starts, holds neither zod nor the MCP SDK: its front desk answers until the full server is needed', () => {
    const text = read('index.js');
    expect(text).not.toContain('node_modules/zod/');
    expect(text).not.toContain('node_modules/@modelcontextprotocol/');
    expect(text).toMatch(/import\("\.\/server-[0-9a-f]{12}\.js"\)/);
  });

  it('crawl-helper.js holds no zod (it starts while a crawl waits for it)', () => {
    expect(read('crawl-helper.js')).not.toContain('node_modules/zod/');
  });
});
