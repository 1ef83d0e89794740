// Bundles the MCP server into one file, mcp-server/dist/index.js, so that AI clients start it with
// a plain `node …/index.js` and no node_modules lookup at start-up.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

await build({
  entryPoints: [`${here}src/index.ts`],
  outfile: `${here}dist/index.js`,
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

// The search engine process (app-core/engine/ starts it beside the server bundle): only what the
// engine needs, so the process that holds the index carries no MCP code.
await build({
  entryPoints: [`${here}src/engine/engine-entry.ts`],
  outfile: `${here}dist/engine.js`,
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

// The engine's crawl helper (engine/crawl-helper.ts): the walker alone, so it starts in a moment.
await build({
  entryPoints: [`${here}src/engine/crawl-helper-entry.ts`],
  outfile: `${here}dist/crawl-helper.js`,
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
