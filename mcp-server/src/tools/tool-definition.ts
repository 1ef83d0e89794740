// What a tool is to the server: how it is listed, checked and run (tools.ts lists them).
import type { JsonSchemaObject } from '#shared/tools/json-schema.js';
import type { ServerConfig } from '#appdata/settings/server-config.js';
import type { EngineAsk } from '../search/search-context.js';

/** What a tool's run function gets besides its arguments. */
export interface ToolContext {
  config: ServerConfig;
  signal: AbortSignal;
  /** Reports progress when the client asked for it (a no-op otherwise). */
  progress(progress: number, message: string): void;
  /** Whether the client asked for progress (sent a progress token). */
  wantsProgress?: boolean;
  /** The app's search engine, asked before a search walks. */
  engine?: EngineAsk | undefined;
  /** Also how many entries match the whole search (the preview's first page asks). */
  countAll?: boolean;
  /** What a walk has looked at so far (recorded for a call that is cancelled before its answer). */
  scanned?(counts: ScannedSoFar): void;
}

/** Files and folders a walk has looked at so far. */
export interface ScannedSoFar {
  scannedFiles: number;
  scannedDirectories: number;
}

/** One tool: how it is listed and how it runs. */
export interface ToolDefinition {
  name: string;
  /** A spelling without dots for clients that reject dotted names. */
  altName?: string;
  title: string;
  description(config: ServerConfig): string;
  inputSchema: JsonSchemaObject;
  outputSchema: JsonSchemaObject;
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
  /**
   * Refuses arguments that cannot run (throws a ToolError) before anything slow or visible
   * happens, so the person is never asked to approve a call that would fail anyway.
   */
  check?(args: unknown, config: ServerConfig): void;
  /**
   * Whether tools/list offers the tool under `config` (default: always). The logic tools are
   * offered only while a logic catalog is set: without one they could only say so.
   */
  offered?(config: ServerConfig): boolean;
  /**
   * The settings besides the switch and pause that decide what a call may see (its folders, file
   * types, catalog): a call whose scope changed while it ran is checked and run again.
   */
  scope?(config: ServerConfig): unknown;
  run(
    args: unknown,
    ctx: ToolContext,
  ): Promise<{ structured: Record<string, unknown>; summary: string; total?: number }>;
}

/** The annotations of a tool that only reads (every FolderGate tool). */
export const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
