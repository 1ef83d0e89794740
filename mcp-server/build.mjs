// Bundles the MCP server into one file, mcp-server/dist/index.js, so that AI clients start it with
// a plain `node …/index.js` and no node_modules lookup at start-up. Beside it, the search engine
// (engine.js, started by the app: only what the engine needs, no MCP code) and its crawl helper
// (crawl-helper.js: the walker alone, so it starts in a moment).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

const bundles = [
  ['src/index.ts', 'dist/index.js'],
  ['src/engine/engine-entry.ts', 'dist/engine.js'],
  ['src/engine/crawl-helper-entry.ts', 'dist/crawl-helper.js'],
];

for (const [entry, out] of bundles) {
  await build({
    entryPoints: [`${here}${entry}`],
    outfile: `${here}${out}`,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Some bundled dependencies are CommonJS and call require().
    banner: {
      js: "import { createRequire as __fgCreateRequire } from 'node:module'; const require = __fgCreateRequire(import.meta.url);",
    },
  });
}
