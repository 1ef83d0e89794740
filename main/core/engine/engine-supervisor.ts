// Runs the search engine process (engine/, its bundle engine/dist/engine.js) for
// as long as the app runs: started with the app, restarted after an unexpected exit (a second
// later, then less often), stopped with the app. Its stdout carries one JSON status line per
// change, which becomes the app's 'engine:status' event; its stderr goes to the app's own log
// tail. The engine holds the index; this process (the app's) only relays what it says, so a
// crawl of a million files never stalls the window or the tray. A second app on the same data
// folder finds the first one's engine answering on the socket: its own engine stays out (exit
// code ENGINE_ELSEWHERE_EXIT_CODE), the status says the engine runs elsewhere, and this app looks
// at the socket now and then (a connect, no process) and starts its own once that one is gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { engineEntryBeside, type ServerCommand } from '#appdata/paths.js';
import { createLineSplitter } from '#appdata/channel/line-framer.js';
import { answers } from '#appdata/approval/approval-listen.js';
import {
  ENGINE_ELSEWHERE_EXIT_CODE,
  enginePaths,
  type EngineStatus,
} from '#shared/engine/engine.js';
import { childEnv } from '../preview/child-env.js';

/** The engine as the core uses it. */
export interface EngineSupervisor {
  start(): void;
  stop(): Promise<void>;
  status(): EngineStatus;
  onStatus(listener: (status: EngineStatus) => void): () => void;
}

/** Longest status line kept (a status of hundreds of folders fits). */
const STATUS_MAX_BYTES = 1024 * 1024;
const STOPPED: EngineStatus = { running: false, fastFirstRead: null, folders: [] };

/**
 * The command that runs the engine: the server's, with the engine's bundle in place of the
 * server's (engineEntryBeside: engine/dist/engine.js in a checkout, <resources>/engine/engine.js in
 * the app). One malloc arena: the engine's native memory is allocated on one thread, and more
 * arenas only hold freed memory (11 MB at 1,000,000 files).
 */
export function engineCommand(server: ServerCommand): ServerCommand {
  const at = server.args.indexOf('--config-dir');
  const entry = at > 0 ? server.args[at - 1] : undefined;
  const engine = entry === undefined ? null : engineEntryBeside(entry);
  if (engine === null)
    throw new Error('the server command does not name the server bundle before --config-dir');
  const args = [...server.args];
  args[at - 1] = engine;
  return { ...server, args, env: { ...server.env, MALLOC_ARENA_MAX: '1' } };
}

/**
 * The engine's switch the app passes on from its own environment (the engine gets only PATH, HOME
 * and the like otherwise): FOLDERGATE_NATIVE_LIST=0 keeps its native listing off, and About says so.
 */
function engineSwitches(env: NodeJS.ProcessEnv): Record<string, string> {
  const value = env.FOLDERGATE_NATIVE_LIST;
  return value === undefined ? {} : { FOLDERGATE_NATIVE_LIST: value };
}

/** How often the socket of another app's engine is looked at (one connect). */
const ELSEWHERE_RECHECK_MS = 5_000;

/** How the supervisor runs (tests shorten the waits and follow the looks at the socket). */
export interface EngineSupervisorOptions {
  log?: (line: string) => void;
  restartMs?: number;
  /** The app's environment (process.env). */
  env?: NodeJS.ProcessEnv;
  /** How often another app's engine is looked for while it runs (default 5 s). */
  recheckMs?: number;
  /** Called after each look that found another app's engine still answering. */
  onRecheck?: () => void;
}

/** Creates the supervisor; nothing runs until start(). */
export function createEngineSupervisor(
  server: ServerCommand,
  options: EngineSupervisorOptions = {},
): EngineSupervisor {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const listeners = new Set<(status: EngineStatus) => void>();
  let current: EngineStatus = STOPPED;
  let child: ChildProcess | null = null;
  let wanted = false;
  let restarts = 0;
  let timer: NodeJS.Timeout | null = null;
  const publish = (status: EngineStatus) => {
    current = status;
    for (const listener of listeners) listener(status);
  };

  const run = () => {
    timer = null;
    if (!wanted) return;
    let command: ServerCommand;
    try {
      command = engineCommand(server);
    } catch (error) {
      log(`engine: not started (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    const startedAt = Date.now();
    const proc = spawn(command.command, command.args, {
      env: childEnv({ ...engineSwitches(options.env ?? process.env), ...command.env }),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    child = proc;
    const lines = createLineSplitter(STATUS_MAX_BYTES, {
      line(text) {
        try {
          const status = JSON.parse(text) as EngineStatus;
          // As the engine says it; an engine that did not say how it reads is taken as not known.
          if (status && Array.isArray(status.folders))
            publish({ ...status, running: true, fastFirstRead: status.fastFirstRead ?? null });
        } catch {
          // not a status line: ignored
        }
      },
      oversized: () => {},
    });
    proc.stdout.on('data', (chunk: Buffer) => lines.push(chunk));
    proc.stderr.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line) log(`engine: ${line}`);
    });
    proc.stdin.on('error', () => {});
    proc.on('error', (error) => log(`engine: cannot start (${error.message})`));
    proc.on('exit', (code, signal) => {
      if (child !== proc) return;
      child = null;
      if (code === ENGINE_ELSEWHERE_EXIT_CODE && wanted) return elsewhere(command);
      publish(STOPPED);
      if (!wanted) return;
      // Quick failures back off (1 s, 2 s, … 60 s); an engine that ran a while restarts at once.
      restarts = Date.now() - startedAt > 60_000 ? 0 : restarts + 1;
      const delay = Math.min(60_000, (options.restartMs ?? 1000) * 2 ** Math.max(0, restarts - 1));
      log(`engine exited (${signal ?? code}); restarting in ${delay} ms`);
      timer = setTimeout(run, delay);
      timer.unref();
    });
  };

  /** Another app's engine serves this data folder: wait for it to go, then run ours. */
  const elsewhere = (command: ServerCommand) => {
    if (!current.elsewhere) {
      log('engine: another FolderGate runs the search engine for this data folder; using it');
      publish({ ...STOPPED, elsewhere: true });
    }
    restarts = 0;
    const at = command.args.indexOf('--config-dir');
    const socket = enginePaths(command.args[at + 1] ?? '', process.platform).socketPath;
    const look = () => {
      timer = null;
      if (!wanted) return;
      void answers(socket).then((live) => {
        if (!wanted || timer !== null || child !== null) return;
        if (!live) return run();
        options.onRecheck?.();
        timer = setTimeout(look, options.recheckMs ?? ELSEWHERE_RECHECK_MS);
        timer.unref();
      });
    };
    timer = setTimeout(look, options.recheckMs ?? ELSEWHERE_RECHECK_MS);
    timer.unref();
  };

  return {
    start() {
      if (wanted) return;
      wanted = true;
      run();
    },
    async stop() {
      wanted = false;
      if (timer) clearTimeout(timer);
      if (current.elsewhere) publish(STOPPED);
      const proc = child;
      if (!proc) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => proc.kill('SIGKILL'), 3000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.stdin?.end(); // the engine exits when its stdin ends
        proc.kill('SIGTERM');
      });
    },
    status: () => current,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
