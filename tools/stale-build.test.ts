// `npm start` builds only when a bundle is missing or older than a source (tools/stale-build.mjs),
// on a temp tree with real files and times: a test file, a dist folder and node_modules never
// count, a window source makes only the window stale.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { isStale, NODE_BUNDLES, NODE_SOURCES, WINDOW_BUNDLES } from './stale-build.mjs';

let root: string;
const T0 = new Date('2026-01-01T00:00:00Z');
const LATER = new Date('2026-01-02T00:00:00Z');

function put(rel: string, at: Date): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  fs.utimesSync(file, at, at);
}

beforeEach(() => {
  root = makeTempDir('fg-stale-build-');
  for (const dir of NODE_SOURCES) put(`${dir}/a.ts`, T0);
  put('renderer/src/app.tsx', T0);
  for (const bundle of [...NODE_BUNDLES, ...WINDOW_BUNDLES]) put(bundle, LATER);
});
afterEach(() => removeTempDir(root));

it('is fresh when every bundle is newer than every source', () => {
  expect(isStale(root)).toBe(false);
});

it('is stale when a bundle is missing', () => {
  fs.rmSync(path.join(root, NODE_BUNDLES[0]!));
  expect(isStale(root)).toBe(true);
});

it('is stale when a source is newer, and only for the window when it is the window’s', () => {
  const newer = new Date('2026-01-03T00:00:00Z');
  put('renderer/src/app.css', newer);
  expect(isStale(root)).toBe(true);
  expect(isStale(root, { window: false })).toBe(false);
  put('mcp-server/src/server.ts', newer);
  expect(isStale(root, { window: false })).toBe(true);
});

it('does not count tests, dist folders or node_modules as sources', () => {
  const newer = new Date('2026-01-03T00:00:00Z');
  put('search/walker.test.ts', newer);
  put('main/core/x.int.test.ts', newer);
  put('main/cli/dist/other.js', newer);
  put('renderer/src/node_modules/x/index.js', newer);
  expect(isStale(root)).toBe(false);
});
