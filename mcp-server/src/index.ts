// Entry of the FolderGate MCP server: `node mcp-server/dist/index.js --root <dir> …` serves MCP on
// stdio. stdout carries JSON-RPC only; everything else goes to stderr.
import { createApprovalGate } from './runtime/approval-gate.js';
import { createActivityLog } from './runtime/activity-log.js';
import { resolveAuditDir } from '#appdata/activity/activity-dir.js';
import { parseCliArgs, USAGE } from './runtime/cli-args.js';
import { createConfigSource } from './runtime/config.js';
import { log } from './runtime/log.js';
import { SCAN_CHILD_ARG, runScanChild } from './search/scan/child.js';
import { allowScanPool, scanPool } from './search/scan/pool.js';
import { askEngine } from '#appdata/engine/engine-channel.js';
import { enginePaths } from '#shared/engine/engine.js';
import { createServer } from './protocol/server.js';
import { switchOf } from '#shared/tools/tool-switches.js';
import { StdioTransport } from './protocol/stdio-transport.js';

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stderr.write(USAGE);
    return;
  }
  allowScanPool(); // scan processes run this bundle: started by the first search that walks
  const config = createConfigSource(options.configDir, options.overrides);
  const auditDir = resolveAuditDir(options);
  const activity = createActivityLog({ dir: auditDir, config, log });
  const unrecorded = new Set(options.unrecorded);
  const { server, screenRequest } = createServer({
    config,
    toolNames: options.toolNames,
    activity: {
      record: (entry) => {
        if (!unrecorded.has(switchOf(entry.tool) ?? entry.tool)) activity.record(entry);
      },
    },
    approval: createApprovalGate({
      configDir: options.noApproval ? null : options.configDir,
      timeoutMs: options.approvalTimeoutMs ?? undefined,
      waitingIntervalMs: options.approvalProgressMs ?? undefined,
    }),
    // Servers the app started (and those of AI apps) ask the app's search engine first.
    engine: options.configDir
      ? {
          ask: (query, signal) =>
            askEngine({ paths: enginePaths(options.configDir!, process.platform), query, signal }),
        }
      : undefined,
  });
  let closing = false;
  const shutdown = (why: string) => {
    if (closing) return;
    closing = true;
    log(`shutting down (${why})`);
    activity.close();
    scanPool()?.stop();
    // Every answer already given to stdout is written before the process exits: a client that
    // closed stdin reads them after (bounded, for a client that never reads them).
    const flushed = Promise.race([
      transport.whenFlushed(),
      new Promise<void>((resolve) => setTimeout(resolve, FLUSH_MS).unref()),
    ]);
    void flushed.then(() => server.close()).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), FLUSH_MS + 1000).unref();
  };
  // The transport stops the server when stdin ends or when the client closed stdout (EPIPE).
  const transport: StdioTransport = new StdioTransport({ screenRequest, onStop: shutdown });
  server.onerror = (error) => log(`protocol: ${error.message}`);
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await server.connect(transport);
  const { roots } = config.current();
  log(
    `ready on stdio; ${roots.length} allowed folder${roots.length === 1 ? '' : 's'}${options.configDir ? `, settings from ${options.configDir}` : ''}; ${auditDir ? `tool calls recorded in ${auditDir}` : 'tool calls not recorded (no --audit-dir or --config-dir)'}`,
  );
  // After the ready line, so a big audit folder never delays the first answer's setup.
  setImmediate(() => activity.prune());
  // No scan process starts here: the first search that walks starts them (scan/pool.ts).
}
/** How long answers already written may take to reach a client before the server exits anyway. */
const FLUSH_MS = 15_000;

// The same bundle is a scan child when started with the hidden argument (see scan/pool.ts).
if (process.argv[2] === SCAN_CHILD_ARG) {
  runScanChild();
} else {
  main().catch((error: unknown) => {
    log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
