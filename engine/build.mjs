// Bundles the search engine the app starts, engine/dist/engine.js (only what the engine needs, no
// MCP code), and its crawl helper, engine/dist/crawl-helper.js (the walker alone, so it starts in a
// moment), and compiles the native folder listing (native/fast-list.c) into
// engine/dist/fast-list-<platform>-<arch>.node where it can be: Linux with a C compiler. Anywhere
// else, or without a compiler, the engine reads folders with the walker's JavaScript listing
// (slower, the same answers: search/native-list.ts), and this build says so.
import { build } from 'esbuild';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { leaveOut, nodeBundle } from '../tools/node-bundle.mjs';
import { compileNativeList, NATIVE_LIST_FILE } from './native/compile.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

for (const [entry, out] of [
  ['src/engine-entry.ts', 'dist/engine.js'],
  ['src/crawl-helper-entry.ts', 'dist/crawl-helper.js'],
]) {
  await build({
    ...nodeBundle,
    entryPoints: [`${here}${entry}`],
    outfile: `${here}${out}`,
    plugins: [leaveOut],
  });
}

const nativeFile = `${here}dist/${NATIVE_LIST_FILE}`;
fs.rmSync(nativeFile, { force: true });
if (process.platform === 'linux' && process.env.FOLDERGATE_NATIVE_LIST !== '0') {
  const problem = compileNativeList(nativeFile);
  if (problem !== null)
    process.stderr.write(
      `engine/build: the native folder listing was not built (${problem}); the engine reads new folders with the slower JavaScript listing\n`,
    );
}
