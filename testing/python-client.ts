// The official MCP Python SDK's Client against the built server, as an AI app written in Python
// uses it: testing/clients/python_client.py connects (it starts the server itself, over stdio)
// and runs one command per line the test writes, answering each on one line.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SERVER_ENTRY } from './mcp-server.js';
import { PYTHON_DRIVER, pythonWithMcp } from './test-clients.js';
import { scaled } from './time.js';

/** How the Python client connects: the SDK's modes, a handshake revision pinned for 'legacy'. */
export type PythonMode =
  { mode: 'auto' } | { mode: '2026-07-28' } | { mode: 'legacy'; handshake: string };

/** One answer of the driver (see python_client.py). */
export type PythonAnswer = Record<string, unknown> & {
  error?: { code?: number; message: string; trace?: string };
};

/** A running Python client and its server. */
export interface PythonClient {
  /** The driver's process (the server is its child). */
  child: ChildProcessWithoutNullStreams;
  /** What the driver said when connected: `{ ready, protocolVersion }`. */
  ready: PythonAnswer;
  /** Runs one command and returns its answer. */
  send(command: Record<string, unknown>, ms?: number): Promise<PythonAnswer>;
  /** The driver's stderr, which carries its server's. */
  stderr(): string;
  /** Ends the session and waits for the driver (and its server) to exit. */
  close(): Promise<void>;
}

/** Starts the Python client on the built server with `args`, connected as `how` says. */
export async function startPythonClient(
  how: PythonMode,
  args: string[],
  options: { name?: string; env?: Record<string, string> } = {},
): Promise<PythonClient> {
  const python = pythonWithMcp();
  const child = spawn(
    python,
    [
      PYTHON_DRIVER,
      '--mode',
      how.mode,
      ...(how.mode === 'legacy' ? ['--handshake', how.handshake] : []),
      ...(options.name ? ['--name', options.name] : []),
      process.execPath,
      SERVER_ENTRY,
      ...args,
    ],
    { stdio: 'pipe', env: { PATH: process.env.PATH ?? '', ...options.env } },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.on('error', () => undefined);
  const waiting: ((answer: PythonAnswer) => void)[] = [];
  const early: PythonAnswer[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const answer = JSON.parse(line) as PythonAnswer;
    const next = waiting.shift();
    if (next) next(answer);
    else early.push(answer);
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const next = (what: string, ms: number) =>
    new Promise<PythonAnswer>((resolve, reject) => {
      const queued = early.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(
        () => reject(new Error(`the Python client gave no answer to ${what}; stderr:\n${stderr}`)),
        scaled(ms),
      );
      void exited.then(() =>
        reject(new Error(`the Python client exited before answering ${what}; stderr:\n${stderr}`)),
      );
      waiting.push((answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  const ready = await next('its connection', 20_000);
  return {
    child,
    ready,
    async send(command, ms = 20_000) {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      const answer = await next(JSON.stringify(command), ms);
      if (answer.error?.trace) throw new Error(`${answer.error.message}\n${answer.error.trace}`);
      return answer;
    },
    stderr: () => stderr,
    async close() {
      if (child.exitCode === null) {
        child.stdin.end(`${JSON.stringify({ op: 'close' })}\n`);
        const timeout = new Promise((resolve) => setTimeout(resolve, scaled(5000)).unref());
        await Promise.race([exited, timeout]);
        if (child.exitCode === null) child.kill();
      }
    },
  };
}
