// Entry of the FolderGate MCP server: `node mcp-server/dist/index.js --root <dir> …` serves MCP on
// stdio. stdout carries JSON-RPC only; everything else goes to stderr.
//
// This entry is small on purpose: its front desk answers what an app sends to connect and list the
// tools, in both eras of MCP, from the listing cache (protocol/front-desk.ts), and the full server
// (server-main.ts: zod, the MCP SDK, the tools; its own bundle) is loaded at the first request that
// needs it. An AI app that starts the server and lists its tools but does not search holds ~42 MB
// instead of ~58 MB.
import path from 'node:path';
import { listingArgv, parseCliArgs, USAGE } from './runtime/cli-args.js';
import { log } from '#appdata/log.js';
import { SCAN_CHILD_ARG } from './scan/scan-arg.js';
import { FLUSH_MS, StdioTransport } from './protocol/stdio-transport.js';
import { fileSignature } from '#appdata/file-signature.js';
import { createFrontDesk } from './protocol/front-desk.js';
import { createFrontListing } from './protocol/front-listing.js';
import { listingView, readSettingsText } from './protocol/listing-cache.js';
import { serverCaller } from './runtime/caller-view.js';
import { reportIn } from '#appdata/servers/server-roster.js';
import { FOLDER_RULES } from '#shared/settings/folder-rules.js';

/** The full server (mcp-server/build.mjs points this at dist/server-<build>.js). */
const loadServer = () => import('./server-main.js');

function main(): void {
  const given = process.argv.slice(2);
  // What the listing cache is keyed on: every app's server shares one listing (see listingArgv).
  const argv = listingArgv(given);
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(given);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stderr.write(USAGE);
    return;
  }
  const cli = options;
  const configDir = cli.configDir;
  const settingsFile = configDir ? path.join(configDir, 'settings.json') : null;

  let serving: Awaited<ReturnType<Awaited<ReturnType<typeof loadServer>>['serve']>> | null = null;
  let closing = false;
  const shutdown = (why: string) => {
    if (serving) return serving.shutdown(why);
    if (closing) return;
    closing = true;
    log(`shutting down (${why})`);
    // 0, or 1 when the full server could not be loaded (process.exitCode, set below).
    void transport.whenFlushed(FLUSH_MS).finally(() => process.exit());
  };

  // The caller's view of the folders now, re-read only when the file changed (listingView).
  let viewText: { signature: string; text: string | null } | null = null;
  const viewNow = (): string => {
    if (!configDir || !settingsFile) return '';
    const signature = fileSignature(settingsFile);
    if (viewText?.signature !== signature)
      viewText = { signature, text: readSettingsText(configDir) ?? null };
    return listingView(viewText.text, serverCaller(cli));
  };
  const desk = createFrontDesk({
    listing: createFrontListing(configDir, argv, serverCaller(cli)),
    // The folders' view too: a folder whose time ends changes the listing with the same file.
    signature: () =>
      `${settingsFile ? fileSignature(settingsFile) : 'none'}|${new Date().getTimezoneOffset()}|${viewNow()}`,
    notify: (message) => void transport.send(message as Parameters<StdioTransport['send']>[0]),
    changed: () => void transport.handOver(),
  });

  // The transport stops the server when stdin ends or when the client closed stdout (EPIPE).
  const transport: StdioTransport = new StdioTransport({
    onStop: shutdown,
    front: {
      desk,
      async handOver() {
        const front = desk.close();
        const { serve } = await loadServer().catch((error: unknown) => {
          // A copy of the entry without its full server beside it (a broken install or copy).
          process.exitCode = 1;
          log(
            `fatal: the full server could not be loaded (${error instanceof Error ? error.message : String(error)}); connect this AI app again in FolderGate, or reinstall FolderGate`,
          );
          throw error;
        });
        serving = await serve({ options: cli, argv, transport, front });
        return serving.reader;
      },
    },
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // The app's roster of running servers (appdata/servers/): which AI apps an update would touch.
  if (configDir) {
    const leave = reportIn(configDir, {
      client: cli.client,
      program: process.execPath,
      entry: process.argv[1] ?? '',
      preview: cli.noApproval,
      keeps: FOLDER_RULES,
    });
    process.on('exit', leave);
  }
  void transport.start();
  if (cli.loadNow) void transport.handOver();
  log(
    `ready on stdio${configDir ? `, settings from ${configDir}` : ''}; the full server loads at the first request that needs it`,
  );
}

// The same entry is a scan child when started with the hidden argument (see scan/pool.ts).
if (process.argv[2] === SCAN_CHILD_ARG) {
  loadServer()
    .then((server) => server.runScanChild())
    .catch((error: unknown) => {
      log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    });
} else {
  try {
    main();
  } catch (error) {
    log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
}
