// FolderGate's command line (bundled to main/dist/cli.js; main/cli/foldergate.mjs runs it):
// start, web, roots list|add|remove|confirm, settings start-over, clients list|register|
// unregister|undo, demo.
import { parseCliArgs, usage, UsageError } from './args.js';
import type { CliCommand } from './args.js';
import { processClientService, runClients } from './clients-command.js';
import { runDemo } from './demo-command.js';
import { runRoots } from './roots-command.js';
import { runStart } from './start-command.js';
import { runWeb } from './web-command.js';
import { t } from '#shared/i18n/i18n.js';
import { appDataDir } from '#appdata/paths.js';
import { speakCliLanguage } from './cli-language.js';
import '#shared/i18n/all-languages.js';

/** The streams whose reader went away. */
const closed = new Set<NodeJS.WriteStream>();
/**
 * A reader that went away (`foldergate clients register --all-detected | head -1`) ends the
 * output, not the command: EPIPE is quiet, the work goes on to its end and its exit code, and
 * nothing more is written to that stream. Any other stream error is thrown as before.
 */
function quietWhenReaderLeaves(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') {
      closed.add(stream);
      return;
    }
    throw error;
  });
}

quietWhenReaderLeaves(process.stdout);
quietWhenReaderLeaves(process.stderr);
const out = (line: string): void => void (closed.has(process.stdout) || console.log(line));
const err = (line: string): void => void (closed.has(process.stderr) || console.error(line));

/** Runs one command line; resolves with the exit code. */
async function runCli(argv: string[]): Promise<number> {
  speakCliLanguage(appDataDir());
  let command: CliCommand;
  try {
    command = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${t('cli.error', { message: error.message })}\n\n${usage()}`);
    return 2;
  }
  switch (command.kind) {
    case 'help':
      console.log(usage());
      return 0;
    case 'start':
      return runStart({ port: command.port });
    case 'web':
      return runWeb({ port: command.port });
    case 'demo':
      return runDemo(command.folder);
    case 'clients-list':
    case 'clients-register':
    case 'clients-unregister':
    case 'clients-undo':
      return runClients(command, {
        service: processClientService(),
        out,
        err,
      });
    default:
      return runRoots(command, {
        cwd: process.cwd(),
        env: process.env,
        out,
        err,
      });
  }
}

/** Sets the exit code and lets output drain (pipes are asynchronous on macOS); a stray handle cannot hold the exit. */
function exitWith(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 2_000).unref();
}

try {
  exitWith(await runCli(process.argv.slice(2)));
} catch (error) {
  console.error(
    `FolderGate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  exitWith(1);
}
