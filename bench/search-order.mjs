// The server's own path order (search/walker.ts comparePaths), bundled from its source when the
// bench starts, so the bench sorts find's listing exactly as the server sorts: one definition of
// the order, not a copy that could drift from it.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundled = await build({
  stdin: {
    contents: "export { comparePaths } from './search/walker.ts';",
    resolveDir: path.join(here, '..'),
    loader: 'ts',
  },
  bundle: true,
  write: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
const source = Buffer.from(bundled.outputFiles[0].contents).toString('base64');

/** The server's path order: by UTF-16 code unit, '/' before every other character. */
export const { comparePaths } = await import(`data:text/javascript;base64,${source}`);
