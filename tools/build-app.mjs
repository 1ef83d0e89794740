// Bundles the app's Node processes with esbuild:
//   main/electron/index.ts   → main/electron/dist/electron-main.cjs (Electron main process; CommonJS so it
//                        loads the same way from a file path in development and from app.asar)
//   main/electron/preload.ts → main/electron/dist/preload.cjs       (CommonJS: sandboxed preloads cannot be ESM)
//   main/cli/index.ts       → main/cli/dist/cli.js                (ESM; what main/cli/foldergate.mjs runs; it also
//                        runs the web host)
// Outputs are written atomically (temp file + rename): tests spawn these bundles while another
// test may be rebuilding them.
// `--production` (what `npm run stage` and `npm run dist` pack): every bundle minified, no source
// maps written, and process.env.NODE_ENV replaced by "production" so bundled libraries drop
// their development-only branches. The default build keeps source maps for debugging and tests.
import { build as esbuild } from 'esbuild';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.argv.includes('--production');
const productionDefine = production ? { 'process.env.NODE_ENV': '"production"' } : {};
const common = {
  write: false,
  bundle: true,
  sourcemap: !production,
  minify: production,
  define: productionDefine,
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
  // jsonc-parser's "main" is a UMD build whose require('./impl/…') calls esbuild cannot follow;
  // its ES module build bundles cleanly.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};

async function build(options) {
  const result = await esbuild(options);
  for (const file of result.outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    await writeFile(temp, file.contents);
    await rename(temp, file.path);
  }
}

await Promise.all([
  build({
    ...common,
    entryPoints: ['main/electron/index.ts'],
    outfile: 'main/electron/dist/electron-main.cjs',
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['electron'],
    // Shared modules use import.meta.url; give them this file's URL in the CommonJS bundle.
    define: { ...productionDefine, 'import.meta.url': '__fgImportMetaUrl' },
    banner: { js: "const __fgImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  }),
  build({
    ...common,
    entryPoints: ['main/electron/preload.ts'],
    outfile: 'main/electron/dist/preload.cjs',
    platform: 'browser',
    format: 'cjs',
    target: 'chrome140',
    external: ['electron'],
    minify: true,
  }),
  build({
    ...common,
    entryPoints: ['main/cli/index.ts'],
    outfile: 'main/cli/dist/cli.js',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Some bundled dependencies are CommonJS: they call require() and read __filename.
    banner: {
      js: [
        "import { createRequire as __fgCreateRequire } from 'node:module';",
        "import { fileURLToPath as __fgFileURLToPath } from 'node:url';",
        "import { dirname as __fgDirname } from 'node:path';",
        'const require = __fgCreateRequire(import.meta.url);',
        'const __filename = __fgFileURLToPath(import.meta.url);',
        'const __dirname = __fgDirname(__filename);',
      ].join(' '),
    },
  }),
]);
