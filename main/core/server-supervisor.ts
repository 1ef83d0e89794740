// Supervises the one mcp-server child the app uses for the preview: spawned through the SDK's
// Client + StdioClientTransport, restarted after an unexpected exit with bounded exponential
// backoff, put in a visible 'crashed' state after repeated quick failures, stopped with SIGTERM
// and a kill timer. Only the current child's own exit may change the state.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { IPC_ERROR_CODES, IpcError, type ServerStatus } from '../../shared/ipc.js';
import type { ServerCommand } from './app-paths.js';
import { childEnv, createLineTail } from './child-env.js';

/** Restart policy; the defaults suit the app, tests shorten them. */
export interface SupervisorOptions {
  /** First restart delay (doubles per quick failure). Default 250 ms. */
  initialBackoffMs?: number;
  /** Longest restart delay. Default 10 s. */
  maxBackoffMs?: number;
  /** A child that ran this long resets the backoff. Default 30 s. */
  resetAfterMs?: number;
  /** Quick failures in a row before giving up with 'crashed'. Default 5. */
  maxQuickFailures?: number;
  /** How long stop() waits after SIGTERM before killing. Default 3 s. */
  killAfterMs?: number;
  /** Lines of stderr kept. Default 50. */
  stderrLines?: number;
}

/** The supervised server as the core uses it. */
export interface ServerSupervisor {
  /** Starts the child; resolves once it answered (or failed) its first handshake. */
  start(): Promise<void>;
  /** Stops the child for good: SIGTERM, then SIGKILL after the timer. */
  stop(): Promise<void>;
  /** Stops and starts it again, clearing a crash loop. */
  restart(): Promise<ServerStatus>;
  status(): ServerStatus;
  /** Calls a tool on the running child; throws IpcError ServerUnavailable when it is not running. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<CallToolResult>;
  /** Called on every status change; returns an unsubscribe function. */
  onStatus(listener: (status: ServerStatus) => void): () => void;
}

interface Child {
  client: Client;
  transport: StdioClientTransport;
  startedAt: number;
  exited: boolean;
  exit: Promise<void>;
  markExited(): void;
}

/** Creates a supervisor for `command` (args must already hold `--config-dir`). */
export function createServerSupervisor(
  command: ServerCommand,
  options: SupervisorOptions = {},
): ServerSupervisor {
  const initialBackoff = options.initialBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const resetAfter = options.resetAfterMs ?? 30_000;
  const maxQuick = options.maxQuickFailures ?? 5;
  const killAfter = options.killAfterMs ?? 3_000;
  const tail = createLineTail(options.stderrLines ?? 50);
  const listeners = new Set<(status: ServerStatus) => void>();
  let status: ServerStatus = {
    state: 'stopped',
    pid: null,
    restarts: 0,
    lastError: null,
    stderrTail: [],
    startedAt: null,
  };
  let current: Child | null = null;
  let quickFailures = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let wanted = false;
  // start/stop/restart run one at a time (a double-clicked Restart must not spawn two children).
  let lifecycle: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = lifecycle.then(task, task);
    lifecycle = run.catch(() => undefined);
    return run;
  };

  function setStatus(change: Partial<ServerStatus>): void {
    status = { ...status, ...change, stderrTail: tail.lines() };
    for (const listener of listeners) listener(status);
  }

  async function launch(): Promise<void> {
    restartTimer = null;
    const transport = new StdioClientTransport({
      command: command.command,
      args: command.args,
      env: childEnv(command.env),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'foldergate-app', version: '1.0.0' });
    let markExited = () => {};
    const exit = new Promise<void>((resolve) => (markExited = resolve));
    const child: Child = {
      client,
      transport,
      startedAt: Date.now(),
      exited: false,
      exit,
      markExited,
    };
    current = child;
    transport.stderr?.on('data', (chunk: Buffer) => {
      tail.push(chunk.toString('utf8'));
      if (current === child) setStatus({});
    });
    client.onclose = () => onExit(child, null);
    setStatus({
      state: status.state === 'restarting' ? 'restarting' : 'starting',
      pid: null,
      startedAt: null,
    });
    try {
      await client.connect(transport);
    } catch (error) {
      onExit(child, error);
      return;
    }
    if (current !== child || !wanted) {
      void client.close().catch(() => undefined);
      return;
    }
    setStatus({
      state: 'running',
      pid: transport.pid,
      startedAt: new Date(child.startedAt).toISOString(),
    });
  }

  // The one place a child's end changes the state, and only when it is still the current one.
  function onExit(child: Child, error: unknown): void {
    if (child.exited) return;
    child.exited = true;
    child.markExited();
    if (error) void child.client.close().catch(() => undefined); // a failed handshake may leave it running
    if (current !== child) return;
    current = null;
    if (!wanted) {
      setStatus({ state: 'stopped', pid: null, startedAt: null });
      return;
    }
    const ranFor = Date.now() - child.startedAt;
    quickFailures = ranFor >= resetAfter ? 1 : quickFailures + 1;
    const why = error instanceof Error ? error.message : 'it stopped unexpectedly';
    const lastLine = tail.lines().at(-1);
    const lastError = `The server ${error ? `could not start: ${why}` : 'stopped unexpectedly'}${lastLine ? ` (last output: ${lastLine})` : ''}.`;
    if (quickFailures >= maxQuick) {
      setStatus({
        state: 'crashed',
        pid: null,
        startedAt: null,
        lastError: `${lastError} It failed ${quickFailures} times in a row, so FolderGate stopped restarting it.`,
      });
      return;
    }
    const delay = Math.min(initialBackoff * 2 ** (quickFailures - 1), maxBackoff);
    setStatus({
      state: 'restarting',
      pid: null,
      startedAt: null,
      lastError,
      restarts: status.restarts + 1,
    });
    restartTimer = setTimeout(() => void launch(), delay);
  }

  async function stopChild(): Promise<void> {
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = null;
    const child = current;
    if (!child) return;
    const pid = child.transport.pid;
    if (pid !== null) signal(pid, 'SIGTERM');
    const killTimer = setTimeout(() => {
      if (!child.exited && pid !== null) signal(pid, 'SIGKILL');
    }, killAfter);
    void child.client.close().catch(() => undefined);
    await Promise.race([
      child.exit,
      new Promise((resolve) => setTimeout(resolve, killAfter + 2_000).unref()),
    ]);
    clearTimeout(killTimer);
  }

  return {
    start: () =>
      serial(async () => {
        if (wanted) return;
        wanted = true;
        quickFailures = 0;
        await launch();
      }),
    stop: () =>
      serial(async () => {
        wanted = false;
        await stopChild();
        setStatus({ state: 'stopped', pid: null, startedAt: null });
      }),
    restart: () =>
      serial(async () => {
        const restarts = status.restarts + (status.state === 'stopped' ? 0 : 1);
        wanted = false;
        await stopChild();
        wanted = true;
        quickFailures = 0;
        status = { ...status, restarts, lastError: null };
        await launch();
        return status;
      }),
    status: () => status,
    async callTool(name, args, timeoutMs = 120_000) {
      const child = current;
      if (!child || status.state !== 'running') {
        throw new IpcError(
          IPC_ERROR_CODES.serverUnavailable,
          `The preview server is not running (${status.state}).`,
          'Open the Server screen to see why, or restart it there.',
        );
      }
      try {
        return (await child.client.callTool({ name, arguments: args }, undefined, {
          timeout: timeoutMs,
        })) as CallToolResult;
      } catch (error) {
        if (child.exited || current !== child) {
          throw new IpcError(
            IPC_ERROR_CODES.serverUnavailable,
            'The preview server stopped while answering.',
            'Wait a moment for it to restart, then try again.',
          );
        }
        throw error;
      }
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}
