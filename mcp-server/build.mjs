// Bundles the MCP server so that AI clients start it with a plain `node …/index.js` and no
// node_modules lookup at start-up: the entry, mcp-server/dist/index.js (its front desk, 30 kB), and
// the full server it loads when needed, dist/server-<build>.js. (The search engine the app starts
// is built by engine/build.mjs.)
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { leaveOut, nodeBundle as common } from '../tools/node-bundle.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

// The full server (src/server-main.ts) is its own bundle, loaded by the entry (src/index.ts) at
// the first request its front desk cannot answer; it is named after its build, so that an entry
// started before an update still loads the full server it was built with (the app keeps the last
// few beside <appData>/server/index.js: main/core/ai-apps/server-bundle.ts). The build is a hash of
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
