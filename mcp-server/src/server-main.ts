// The full server: zod, the MCP SDK, the tools, the walk, the engine's client. The entry
// (index.ts) loads it at the first request its front desk cannot answer (protocol/front-desk.ts),
// or at once for a scan child; the build names its bundle dist/server-<build>.js.
import { createApprovalGate } from './runtime/approval-gate.js';
import { createActivityLog, type FinishedCall } from './runtime/activity-log.js';
import { resolveAuditDir } from '#appdata/activity/activity-dir.js';
import type { CliOptions } from './runtime/cli-args.js';
import { createConfigSource } from '#appdata/settings/server-config.js';
import { log } from '#appdata/log.js';
import { allowScanPool, scanPool } from './scan/pool.js';
import { askEngine } from '#appdata/engine/engine-channel.js';
import { enginePaths } from '#shared/engine/engine.js';
import { createServer } from './protocol/server.js';
import { switchOf } from '#shared/tools/tool-switches.js';
import { FLUSH_MS, type StdioTransport } from './protocol/stdio-transport.js';
import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
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
  const config = createConfigSource(options.configDir, options.overrides);
  const auditDir = resolveAuditDir(options);
  const activity = createActivityLog({ dir: auditDir, config, log, client: options.client });
  const unrecorded = new Set(options.unrecorded);
  const recorder = {
    record: (entry: FinishedCall) => {
      if (!unrecorded.has(switchOf(entry.tool) ?? entry.tool)) activity.record(entry);
    },
  };
  const { server, screenRequest } = createServer({
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
    engine: options.configDir
      ? {
          ask: (query, signal) =>
            askEngine({ paths: enginePaths(options.configDir!, process.platform), query, signal }),
        }
      : undefined,
    listingCache: options.configDir
      ? { file: listingCacheFile(options.configDir), argv: input.argv }
      : undefined,
    listedBefore: front.listed ?? undefined,
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
      .then(() => server.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), FLUSH_MS + 1000).unref();
  };
  server.onerror = (error) => log(`protocol: ${error.message}`);
  await server.connect(transport);
  // The SDK learns the client (its name for the activity log, its capabilities) as if it had
  // answered initialize itself; the front's answers are not sent again.
  if (front.initialize) await transport.replay(front.initialize as unknown as JSONRPCMessage);
  if (front.initialized) await transport.replay(front.initialized as unknown as JSONRPCMessage);
  const { roots } = config.current();
  log(
    `full server serving; ${roots.length} allowed folder${roots.length === 1 ? '' : 's'}${options.configDir ? `, settings from ${options.configDir}` : ''}; ${auditDir ? `tool calls recorded in ${auditDir}` : 'tool calls not recorded (no --audit-dir or --config-dir)'}`,
  );
  // After the ready line, so a big audit folder never delays the first answer's setup.
  setImmediate(() => activity.prune());
  // No scan process starts here: the first search that walks starts them (scan/pool.ts).
  // A call cancelled before it started never runs, and is recorded as cancelled, as every call is.
  const dropped = (request: JSONRPCRequest) => {
    if (request.method !== 'tools/call') return;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const now = Date.now();
    recorder.record({
      startedAt: now,
      endedAt: now,
      client: server.getClientVersion(),
      tool: typeof params.name === 'string' ? params.name : '(no tool name)',
      args: params.arguments,
      config: config.current(),
      aborted: true,
    });
  };
  return { reader: { readLine: readInboundLine, screenRequest, dropped }, shutdown };
}
