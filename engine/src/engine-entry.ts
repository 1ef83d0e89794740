// Entry of the search engine process: `node engine/dist/engine.js --config-dir <appData>`,
// started by the app (main/core/engine/engine-supervisor.ts). See engine-main.ts.
import { log } from '#appdata/log.js';
import { runEngine } from './engine-main.js';

const at = process.argv.indexOf('--config-dir');
const configDir = at === -1 ? undefined : process.argv[at + 1];
if (!configDir) {
  log('usage: engine.js --config-dir <app data folder>');
  process.exit(2);
} else {
  runEngine(configDir).catch((error: unknown) => {
    log(
      `engine: fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  });
}
