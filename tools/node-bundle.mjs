// What every bundle of a process AI apps or the app start has in common (the MCP server:
// mcp-server/build.mjs; the search engine and its crawl helper: engine/build.mjs): plain Node
// ES modules with everything bundled, so nothing is looked up in node_modules at start-up.
import path from 'node:path';

// Left out of every bundle, because each process an AI app starts pays for what its bundle loads
// (issue 20: five idle servers, measured by RSS):
// - zod's 63 message catalogs besides English (360 kB): the server's errors are English, and zod
//   speaks English unless told otherwise (`z.config(z.locales.xx())`, which nothing here calls);
// - the SDK's Ajv-based checker of answers to form questions (elicitation, 290 kB with Ajv): the
//   server never asks one and gives the SDK its own (mcp-server/src/protocol/server.ts). The SDK
//   2.x picks its default checker in its `_shims` module, which is replaced here by one whose
//   default throws: were it ever built, the server would fail at start and every test that spawns
//   it would fail.
export const leaveOut = {
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
    b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, (args) => ({
      path: args.path,
      namespace: 'no-ajv',
    }));
    b.onLoad({ filter: /.*/, namespace: 'no-ajv' }, () => ({
      contents:
        "export { default as process } from 'node:process'; export class DefaultJsonSchemaValidator { constructor() { throw new Error('FolderGate gives the server its own jsonSchemaValidator'); } }",
    }));
  },
};

export const nodeBundle = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Some bundled dependencies are CommonJS and call require() or read __filename
  // (write-file-atomic names its temporary files with it).
  banner: {
    js: "import { createRequire as __fgCreateRequire } from 'node:module'; import { fileURLToPath as __fgFileURLToPath } from 'node:url'; const require = __fgCreateRequire(import.meta.url); const __filename = __fgFileURLToPath(import.meta.url);",
  },
};
