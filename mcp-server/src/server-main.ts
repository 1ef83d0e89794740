// The full server: zod, the MCP SDK (2.x: `serveStdio` serves both eras of MCP, pinning each
// connection to the era its opening exchange asks for), the tools, the walk, the engine's client.
// The entry (index.ts) loads it at the first request its front desk cannot answer
// (protocol/front-desk.ts), or at once for a scan child; the build names its bundle
// dist/server-<build>.js.
import { createApprovalGate } from './runtime/approval-gate.js';
import { createActivityLog, type FinishedCall } from './runtime/activity-log.js';
import { resolveAuditDir } from '#appdata/activity/activity-dir.js';
import type { CliOptions } from './runtime/cli-args.js';
import { createConfigSource } from '#appdata/settings/server-config.js';
import { searchAsOf, serverCaller, viewAs } from './runtime/caller-view.js';
import { log } from '#appdata/log.js';
import { allowScanPool, scanPool } from './scan/pool.js';
import { askEngine } from '#appdata/engine/engine-ask.js';
import { enginePaths } from '#shared/engine/engine.js';
import { createServer } from './protocol/server.js';
import { createLiveResults } from './resources/live-results.js';
import type { EngineAsk } from './search/search-context.js';
import { switchOf } from '#shared/tools/tool-switches.js';
import { PREVIEW_TOTAL_META } from '#shared/activity/preview-search.js';
import { FLUSH_MS, type StdioTransport } from './protocol/stdio-transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { readInboundLine, type LineReader } from './protocol/inbound-message.js';
import type { FrontState } from './protocol/front-desk.js';
import { listingCacheFile } from './protocol/listing-cache.js';

export { runScanChild } from './scan/child.js';

/** What {@link serve} needs from the entry. */
export interface ServeInput {
  options: CliOptions;
  /** The command line (process.argv.slice(2)): part of the listing cache's key. */
  argv: readonly string[];
  /** The transport the entry started (and its front desk answered on, if it did). */
  transport: StdioTransport;
  /** What the front desk answered before the hand-over. */
  front: FrontState;
}

/** The full server, serving on the entry's transport. */
export interface Serving {
  /** How the transport reads lines from now on. */
  reader: LineReader;
  /** Closes the activity log and the scan pool, flushes the answers given, exits. */
  shutdown(why: string): void;
}

/** Brings up the full server on `input.transport`, after replaying what the front answered. */
export async function serve(input: ServeInput): Promise<Serving> {
  const { options, transport, front } = input;
  allowScanPool(); // scan processes run the entry: started by the first search that walks
  // Every part reads the settings as this server's caller sees them (runtime/caller-view.ts).
  const caller = serverCaller(options);
  const settings = createConfigSource(options.configDir, options.overrides);
  const config = viewAs(settings, caller);
  const auditDir = resolveAuditDir(options);
  const activity = createActivityLog({
    dir: auditDir,
    config,
    log,
    client: options.client,
    preview: options.preview,
  });
  const unrecorded = new Set(options.unrecorded);
  const recorder = {
    record: (entry: FinishedCall) => {
      if (!unrecorded.has(switchOf(entry.tool) ?? entry.tool)) activity.record(entry);
    },
  };
  const engineAsk: EngineAsk | undefined = options.configDir
    ? {
        ask: (query, signal) =>
          askEngine({ paths: enginePaths(options.configDir!, process.platform), query, signal }),
      }
    : undefined;
  const server = createServer({
    config,
    toolNames: options.toolNames,
    activity: recorder,
    approval: createApprovalGate({
      configDir: options.noApproval ? null : options.configDir,
      client: options.client,
      timeoutMs: options.approvalTimeoutMs ?? undefined,
      waitingIntervalMs: options.approvalProgressMs ?? undefined,
    }),
    // Servers the app started (and those of AI apps) ask the app's search engine first.
    engine: engineAsk,
    // The Search preview's "Search as": a call asks as the app it names (--preview only).
    viewFor: (meta) => {
      const asked = searchAsOf(options.preview, meta);
      return asked === undefined ? null : viewAs(settings, asked);
    },
    // The preview's first page asks how many match in all (the engine counts; --preview only).
    countAll: (meta) => options.preview && meta?.[PREVIEW_TOTAL_META] === true,
    listingCache: options.configDir
      ? { file: listingCacheFile(options.configDir), argv: input.argv, caller }
      : undefined,
    // Saved results followed in the app's live index (resources/live-results.ts).
    live: (results, notify) =>
      createLiveResults({
        config,
        results,
        paths: options.configDir ? enginePaths(options.configDir, process.platform) : null,
        engine: engineAsk,
        notify,
      }),
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
    void transport
      .whenFlushed(FLUSH_MS)
      .then(() => connection.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), FLUSH_MS + 1000).unref();
  };
  const connection = serveStdio(({ era }) => server.create(era), {
    transport,
    onerror: (error) => log(`protocol: ${error.message}`),
  });
  // The SDK learns the client and the connection's era as if it had answered the front's
  // messages itself (the 2025 initialize and initialized; the 2026 request that pinned the
  // connection and the streams it listens on); their answers are not sent again. Then the watch
  // learns what the client was shown, so that a change since is announced.
  for (const message of front.replay) await transport.replay(message as unknown as JSONRPCMessage);
  if (front.listed) server.listed(front.listed);
  const { roots } = config.current();
  log(
    `full server serving; ${roots.length} allowed folder${roots.length === 1 ? '' : 's'}${options.configDir ? `, settings from ${options.configDir}` : ''}; ${auditDir ? `tool calls recorded in ${auditDir}` : 'tool calls not recorded (no --audit-dir or --config-dir)'}`,
  );
  // After the ready line, so a big audit folder never delays the first answer's setup.
  setImmediate(() => activity.prune());
  // No scan process starts here: the first search that walks starts them (scan/pool.ts).
  // A call cancelled before it started never runs, and is recorded as cancelled, as every call is.
  return {
    reader: {
      readLine: readInboundLine,
      screenRequest: (request) => server.screenRequest(request),
      dropped: (request) => server.dropped(request),
    },
    shutdown,
  };
}
