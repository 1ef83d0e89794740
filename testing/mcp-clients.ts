// The same few things asked of the built server through different real MCP clients, so that one
// scenario (testing/controls-scenario.ts) runs through each: the official Python SDK 2.3 (its
// Client, driven by testing/clients/python_client.py) and the TypeScript SDK 2.x Client, each in
// the era the test asks for.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import fs from 'node:fs';
import { SERVER_ENTRY } from './mcp-server.js';
import { startPythonClient, type PythonMode } from './python-client.js';
import { scaled } from './time.js';

/** A tool call's outcome as the client gave it. */
export interface CallOutcome {
  isError: boolean;
  /** The first text block (the summary, or the 3-line error). */
  text: string;
  structured: unknown;
  /** The progress values that arrived, in order. */
  progress: number[];
}

/** A connected client and its server. */
export interface TestClient {
  /** The protocol version the connection speaks. */
  protocolVersion: string;
  /** The server's name, icons and instructions as the client holds them. */
  info(): Promise<{ name?: string; icons: number; instructions: string | undefined }>;
  list(): Promise<{ name: string; description?: string; icons: number }[]>;
  call(name: string, args: Record<string, unknown>, progress?: boolean): Promise<CallOutcome>;
  /** A call cancelled by the client at its first progress; true when the client saw it cancelled. */
  cancelAtFirstProgress(name: string, args: Record<string, unknown>): Promise<boolean>;
  /** Watches list changes: a listen stream (2026), the list_changed notification (2025). */
  listen(): Promise<void>;
  /** List changes seen so far. */
  changes(): Promise<number>;
  /** The server's stderr (through the client's). */
  stderr(): string;
  /** The server's process id. */
  serverPid(): number | null;
  close(): Promise<void>;
}

/** Starts a client of `kind` on the built server with `args`. */
export type StartClient = (args: string[], name: string) => Promise<TestClient>;

/** The Python SDK's Client, connected as `how` says. */
export function pythonClient(how: PythonMode): StartClient {
  return async (args, name) => {
    const python = await startPythonClient(how, args, { name });
    const send = async (command: Record<string, unknown>, ms?: number) => {
      const answer = await python.send(command, ms);
      if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
      return answer;
    };
    return {
      protocolVersion: String(python.ready.protocolVersion),
      async info() {
        const { serverInfo, instructions } = (await send({ op: 'info' })) as {
          serverInfo: { name?: string; icons?: unknown[] } | null;
          instructions: string | null;
        };
        return {
          name: serverInfo?.name,
          icons: serverInfo?.icons?.length ?? 0,
          instructions: instructions ?? undefined,
        };
      },
      async list() {
        return (await send({ op: 'list' })).tools as Awaited<ReturnType<TestClient['list']>>;
      },
      async call(tool, args, progress = false) {
        return (await send(
          { op: 'call', name: tool, arguments: args, progress },
          60_000,
        )) as unknown as CallOutcome;
      },
      async cancelAtFirstProgress(tool, args) {
        return (
          (await send({ op: 'cancel', name: tool, arguments: args }, 60_000)).cancelled === true
        );
      },
      async listen() {
        await send({ op: 'listen' });
      },
      async changes() {
        return Number((await send({ op: 'changes' })).changes);
      },
      stderr: () => python.stderr(),
      serverPid: () => childPid(python.child.pid),
      close: () => python.close(),
    };
  };
}

/** The TypeScript SDK 2.x Client, pinned to the 2026-07-28 revision or negotiating ('auto'). */
export function typescriptClient(mode: 'auto' | '2026-07-28'): StartClient {
  return async (args, name) => {
    let changes = 0;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_ENTRY, ...args],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client(
      { name, version: '2.4.0' },
      {
        versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: mode } },
        listChanged: {
          tools: { autoRefresh: false, debounceMs: 0, onChanged: () => void changes++ },
        },
      },
    );
    await client.connect(transport);
    const timeout = scaled(60_000);
    return {
      protocolVersion: client.getNegotiatedProtocolVersion() ?? '',
      info() {
        const server = client.getServerVersion();
        return Promise.resolve({
          name: server?.name,
          icons: server?.icons?.length ?? 0,
          instructions: client.getInstructions(),
        });
      },
      async list() {
        // The server's lists are immediately stale (ttlMs 0): the client asks every time.
        const { tools } = await client.listTools();
        return tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          icons: tool.icons?.length ?? 0,
        }));
      },
      async call(tool, args, progress = false) {
        const seen: number[] = [];
        const result = await client.callTool(
          { name: tool, arguments: args },
          { timeout, ...(progress ? { onprogress: (p) => void seen.push(p.progress) } : {}) },
        );
        const first = result.content[0];
        return {
          isError: result.isError === true,
          text: first?.type === 'text' ? first.text : '',
          structured: result.structuredContent,
          progress: seen,
        };
      },
      async cancelAtFirstProgress(tool, args) {
        const controller = new AbortController();
        try {
          await client.callTool(
            { name: tool, arguments: args },
            {
              timeout,
              signal: controller.signal,
              onprogress: () => controller.abort('the test cancels'),
            },
          );
          return false;
        } catch {
          return controller.signal.aborted;
        }
      },
      listen: () => Promise.resolve(), // ClientOptions.listChanged opens the stream at connect
      changes: () => Promise.resolve(changes),
      stderr: () => stderr,
      serverPid: () => transport.pid,
      close: () => client.close(),
    };
  };
}

/** The one child process of `parent` (the server a Python client started), from /proc. */
function childPid(parent: number | undefined): number | null {
  if (parent === undefined) return null;
  try {
    // Linux: /proc/<pid>/task/<pid>/children lists the children of the main thread.
    const text = fs.readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8');
    const [first] = text.trim().split(/\s+/);
    return first ? Number(first) : null;
  } catch {
    return null;
  }
}
