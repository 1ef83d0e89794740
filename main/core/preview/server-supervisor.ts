// Supervises the one mcp-server child the app uses for the preview: spawned through the SDK's
// Client + StdioClientTransport, restarted after an unexpected exit with bounded exponential
// backoff, put in a visible 'crashed' state after repeated quick failures, stopped with SIGTERM
// and a kill timer. Only the current child's own exit may change the state. A child that is alive
// but does not answer (frozen, stopped with SIGSTOP, stuck in a loop) never exits on its own, so
// it is pinged while it runs; a missed ping shows 'unresponsive' and the child is killed, which
// hands it to the normal restart path.
import type { CallOptions } from './call-options.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode as McpErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PREVIEW_CLIENT_NAME } from '#shared/activity/activity-describe.js';
import type { ErrorCode } from '#shared/errors/errors.js';
import { IPC_ERROR_CODES, IpcError, type ServerStatus } from '#shared/contract/ipc.js';
import type { ServerCommand } from '#appdata/paths.js';
import { childEnv, createLineTail } from './child-env.js';
import { nextRestart, type RestartPolicy } from './restart-policy.js';
import { createWatchdog, type Watchdog } from './watchdog.js';

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
  /** How often the running child is pinged, idle or busy. Default 5 s; 0 turns pings off. */
  pingIntervalMs?: number;
  /** A ping not answered within this marks the child unresponsive and kills it. Default 3 s. */
  pingTimeoutMs?: number;
  /** Added to a tool's own time limit before a call is given up as TimeoutExceeded. Default 10 s. */
  callMarginMs?: number;
  /** The app's version, sent in initialize with the name PREVIEW_CLIENT_NAME. Default 0.0.0. */
  clientVersion?: string;
  /** Called after each answered ping (a sequence point: tests count rounds, never sleep). */
  onPingAnswered?: () => void;
}

const TIMEOUT_EXCEEDED: ErrorCode = 'TimeoutExceeded';
// Calls without a time limit of their own (the logic catalog's) still end at some point.
const DEFAULT_CALL_TIMEOUT_MS = 120_000;

/** The supervised server as the core uses it. */
export interface ServerSupervisor {
  /** Starts the child; resolves once it answered (or failed) its first handshake. */
  start(): Promise<void>;
  /** Stops the child for good: SIGTERM, then SIGKILL after the timer. */
  stop(): Promise<void>;
  /** Stops and starts it again, clearing a crash loop. */
  restart(): Promise<ServerStatus>;
  status(): ServerStatus;
  /**
   * Calls a tool on the running child. `timeLimitMs` is the tool's own time limit (the call is
   * given up as TimeoutExceeded after it plus callMarginMs). Throws IpcError ServerUnavailable
   * when the child is not running, TimeoutExceeded when it does not answer in time.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    timeLimitMs?: number,
    options?: CallOptions,
  ): Promise<CallToolResult>;
  /** Called on every status change; returns an unsubscribe function. */
  onStatus(listener: (status: ServerStatus) => void): () => void;
}

export type { CallOptions } from './call-options.js';

interface Child {
  client: Client;
  transport: StdioClientTransport;
  startedAt: number;
  exited: boolean;
  exit: Promise<void>;
  markExited(): void;
  /** Set when the supervisor killed it for not answering a ping. */
  unresponsive: string | null;
  watchdog: Watchdog | null;
}

/** Creates a supervisor for `command` (args must already hold `--config-dir`). */
export function createServerSupervisor(
  command: ServerCommand,
  options: SupervisorOptions = {},
): ServerSupervisor {
  const policy: RestartPolicy = {
    initialBackoffMs: options.initialBackoffMs ?? 250,
    maxBackoffMs: options.maxBackoffMs ?? 10_000,
    resetAfterMs: options.resetAfterMs ?? 30_000,
    maxQuickFailures: options.maxQuickFailures ?? 5,
  };
  const killAfter = options.killAfterMs ?? 3_000;
  const pingInterval = options.pingIntervalMs ?? 5_000;
  const pingTimeout = options.pingTimeoutMs ?? 3_000;
  const callMargin = options.callMarginMs ?? 10_000;
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
    // The activity log names the preview's own calls after this, as it names each AI app.
    const client = new Client({
      name: PREVIEW_CLIENT_NAME,
      version: options.clientVersion ?? '0.0.0',
    });
    let markExited = () => {};
    const exit = new Promise<void>((resolve) => (markExited = resolve));
    const child: Child = {
      client,
      transport,
      startedAt: Date.now(),
      exited: false,
      exit,
      markExited,
      unresponsive: null,
      watchdog: null,
    };
    current = child;
    transport.stderr?.on('data', (chunk: Buffer) => {
      tail.push(chunk);
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
    // One ping at a time, each `pingInterval` after the previous one was answered.
    child.watchdog = createWatchdog({
      intervalMs: pingInterval,
      timeoutMs: pingTimeout,
      ping: () =>
        child.client
          // The SDK's own timeout is left to the watchdog's (longer than it never fires).
          .ping({ timeout: pingTimeout + 60_000 })
          .then(() => {
            options.onPingAnswered?.();
            return 'answered' as const;
          }),
      onSilent: () => {
        if (!child.exited && current === child) markUnresponsive(child);
      },
    });
  }

  // SIGTERM does nothing to a stopped process and a frozen one may never get to it: kill -9.
  // Its exit then goes through onExit like any crash (restart with backoff).
  function markUnresponsive(child: Child): void {
    const pid = child.transport.pid;
    child.unresponsive = `The server did not answer a ping within ${seconds(pingTimeout)} (it is frozen or stopped), so FolderGate killed it and is restarting it.`;
    setStatus({ state: 'unresponsive', lastError: child.unresponsive });
    if (pid !== null) signal(pid, 'SIGKILL');
  }

  // The one place a child's end changes the state, and only when it is still the current one.
  function onExit(child: Child, error: unknown): void {
    if (child.exited) return;
    child.exited = true;
    child.watchdog?.stop();
    child.markExited();
    if (error) void child.client.close().catch(() => undefined); // a failed handshake may leave it running
    if (current !== child) return;
    current = null;
    if (!wanted) {
      setStatus({ state: 'stopped', pid: null, startedAt: null });
      return;
    }
    const next = nextRestart(policy, quickFailures, Date.now() - child.startedAt);
    quickFailures = next.quickFailures;
    const why = error instanceof Error ? error.message : 'it stopped unexpectedly';
    const lastLine = tail.lines().at(-1);
    const lastError =
      child.unresponsive ??
      `The server ${error ? `could not start: ${why}` : 'stopped unexpectedly'}${lastLine ? ` (last output: ${lastLine})` : ''}.`;
    if (next.delayMs === null) {
      setStatus({
        state: 'crashed',
        pid: null,
        startedAt: null,
        lastError: `${lastError} It failed ${quickFailures} times in a row, so FolderGate stopped restarting it.`,
      });
      return;
    }
    setStatus({
      state: 'restarting',
      pid: null,
      startedAt: null,
      lastError,
      restarts: status.restarts + 1,
    });
    restartTimer = setTimeout(() => void launch(), next.delayMs);
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
    async callTool(name, args, timeLimitMs, callOptions) {
      const child = current;
      if (!child || status.state !== 'running') {
        throw new IpcError(
          IPC_ERROR_CODES.serverUnavailable,
          `The preview server is not running (${status.state}).`,
          'Open Advanced › Preview engine to see why, or restart it there.',
        );
      }
      const timeout =
        timeLimitMs === undefined ? DEFAULT_CALL_TIMEOUT_MS : timeLimitMs + callMargin;
      try {
        const _meta = callOptions?.meta;
        return (await child.client.callTool({ name, arguments: args, _meta }, undefined, {
          timeout,
          ...(callOptions?.signal ? { signal: callOptions.signal } : {}),
          ...(callOptions?.onProgress ? { onprogress: callOptions.onProgress } : {}),
        })) as CallToolResult;
      } catch (error) {
        if (child.unresponsive !== null) {
          throw new IpcError(
            TIMEOUT_EXCEEDED,
            'The preview server stopped responding while answering, so FolderGate restarted it.',
            'Wait a moment for it to restart, then try again; Advanced › Preview engine shows its state.',
          );
        }
        if (error instanceof McpError && error.code === McpErrorCode.RequestTimeout) {
          throw new IpcError(
            TIMEOUT_EXCEEDED,
            `The preview server did not answer within ${seconds(timeout)}.`,
            'Search a smaller folder or a shorter time range, or lower the time limit in Advanced › Search limits; restart the preview engine in Advanced if it keeps happening.',
          );
        }
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

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function signal(pid: number, name: NodeJS.Signals): void {
  if (!(pid > 0)) return; // 0 and -1 would signal a whole process group, or every process
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}
