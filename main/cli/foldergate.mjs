#!/usr/bin/env node
// FolderGate's command line: a shim that runs the bundled CLI (main/cli/dist/cli.js, built from
// main/cli/index.ts by `npm run build`). Commands: start, web, roots, demo (see `foldergate help`).
import { existsSync } from 'node:fs';

const cli = new URL('./dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error(
    'FolderGate is not built yet: run `npm run build` first (npm start does it for you).',
  );
  process.exit(1);
}
await import(cli.href);
