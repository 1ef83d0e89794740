// Bundles the MCP server so that AI clients start it with a plain `node …/index.js` and no
// node_modules lookup at start-up: the entry, mcp-server/dist/index.js (its front desk, 30 kB), and
// the full server it loads when needed, dist/server-<build>.js. Beside them, the search engine
// (engine.js, started by the app: only what the engine needs, no MCP code) and its crawl helper
// (crawl-helper.js: the walker alone, so it starts in a moment).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
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

const common = {
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

// The full server (src/server-main.ts) is its own bundle, loaded by the entry (src/index.ts) at
// the first request its front desk cannot answer; it is named after its build, so that an entry
// started before an update still loads the full server it was built with (the app keeps the last
// few beside <appData>/server/index.js: app-core/ai-apps/server-bundle.ts). The build is a hash of
// the full server's bundle, which is also part of the listing cache's key (listing-cache.ts).
const probe = await build({
  ...common,
  entryPoints: [`${here}src/server-main.ts`],
  outfile: `${here}dist/server.js`,
  sourcemap: false,
  write: false,
  plugins: [leaveOut],
  define: { __FOLDERGATE_BUILD__: '"probe"' },
});
const buildId = createHash('sha256')
  .update(probe.outputFiles[0].contents)
  .digest('hex')
  .slice(0, 12);
const serverFile = `server-${buildId}.js`;
const define = { __FOLDERGATE_BUILD__: JSON.stringify(buildId) };

// Earlier builds' full servers are not left in dist/ (the app copies what it finds there).
fs.mkdirSync(`${here}dist`, { recursive: true });
for (const name of fs.readdirSync(`${here}dist`)) {
  if (/^server-[0-9a-f]+\.js(\.map)?$/.test(name) && !name.startsWith(serverFile))
    fs.rmSync(`${here}dist/${name}`);
}

// The entry loads the full server by its built name, and nothing of it is bundled into the entry.
const fullServerOutside = {
  name: 'foldergate-full-server-outside',
  setup(b) {
    b.onResolve({ filter: /^\.\/server-main\.js$/ }, () => ({
      path: `./${serverFile}`,
      external: true,
    }));
  },
};

const bundles = [
  ['src/index.ts', 'dist/index.js', [leaveOut, fullServerOutside]],
  ['src/server-main.ts', `dist/${serverFile}`, [leaveOut]],
  ['src/engine/engine-entry.ts', 'dist/engine.js', [leaveOut]],
  ['src/engine/crawl-helper-entry.ts', 'dist/crawl-helper.js', [leaveOut]],
];

for (const [entry, out, plugins] of bundles) {
  await build({
    ...common,
    entryPoints: [`${here}${entry}`],
    outfile: `${here}${out}`,
    plugins,
    define,
  });
}

// The engine's native folder listing (native/fast-list.c, Node-API, so one build serves Node and
// Electron alike): built where it can be, which is Linux with a C compiler. Anywhere else, or
// without a compiler, the engine crawls with the walker's JavaScript listing (slower, the same
// answers: src/search/native-list.ts), and this build says so.
const nativeFile = `fast-list-${process.platform}-${process.arch}.node`;
fs.rmSync(`${here}dist/${nativeFile}`, { force: true });
if (process.platform === 'linux' && process.env.FOLDERGATE_NATIVE_LIST !== '0') {
  const { spawnSync } = await import('node:child_process');
  const { createRequire } = await import('node:module');
  const headers = path.join(
    path.dirname(createRequire(import.meta.url).resolve('node-api-headers/package.json')),
    'include',
  );
  const cc = process.env.CC ?? 'cc';
  const compiled = spawnSync(
    cc,
    [
      '-O2',
      '-shared',
      '-fPIC',
      '-Wall',
      '-Wextra',
      '-Werror',
      '-DNAPI_VERSION=8',
      `-I${headers}`,
      '-o',
      `${here}dist/${nativeFile}`,
      `${here}native/fast-list.c`,
    ],
    { encoding: 'utf8' },
  );
  if (compiled.status !== 0)
    process.stderr.write(
      `mcp-server/build: the native folder listing was not built (${compiled.error?.message ?? compiled.stderr.trim()}); the engine crawls with the JavaScript listing\n`,
    );
}
