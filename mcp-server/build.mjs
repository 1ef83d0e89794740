// Bundles the MCP server into one file, mcp-server/dist/index.js, so that AI clients start it with
// a plain `node …/index.js` and no node_modules lookup at start-up. Beside it, the search engine
// (engine.js, started by the app: only what the engine needs, no MCP code) and its crawl helper
// (crawl-helper.js: the walker alone, so it starts in a moment).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

// Left out of every bundle, because each process an AI app starts pays for what its bundle loads
// (issue 20: five idle servers, measured by RSS):
// - zod's 63 message catalogs besides English (360 kB): the server's errors are English, and zod
//   speaks English unless told otherwise (`z.config(z.locales.xx())`, which nothing here calls);
// - the SDK's Ajv-based checker of answers to form questions (elicitation, 280 kB with Ajv): the
//   server never asks one and gives the SDK its own (protocol/server.ts). Were it ever built, the
//   stand-in throws, so the server would fail at start and every test that spawns it would fail.
const leaveOut = {
  name: 'foldergate-leave-out',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), args.path), namespace: 'zod-english' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(path.join(path.dirname(args.path), 'en.js'))};`,
      resolveDir: path.dirname(args.path),
    }));
    b.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) =>
      /modelcontextprotocol/.test(args.importer)
        ? { path: args.path, namespace: 'no-ajv' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-ajv' }, () => ({
      contents:
        "export class AjvJsonSchemaValidator { constructor() { throw new Error('FolderGate gives the server its own jsonSchemaValidator'); } }",
    }));
  },
};

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
    plugins: [leaveOut],
    logLevel: 'warning',
    // Some bundled dependencies are CommonJS and call require().
    banner: {
      js: "import { createRequire as __fgCreateRequire } from 'node:module'; const require = __fgCreateRequire(import.meta.url);",
    },
  });
}
