// The MCP clients of other projects the tests drive the built server with: the official Python SDK
// (2.3, its own venv) and the MCP Inspector CLI (2.12, which needs Node ≥ 22.19: the `node` npm
// package brings one). Both live in .test-clients/ (ignored by git), put there by
// `npm run test-clients` (testing/clients/install.sh, which `npm test` runs first, as its pretest);
// FOLDERGATE_TEST_PYTHON / FOLDERGATE_TEST_INSPECTOR point elsewhere. A test that needs one and
// does not find it fails, saying how to install it: it is never skipped.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo.js';
import { scaled } from './time.js';

const INSTALL =
  'run `npm run test-clients` (testing/clients/install.sh, which `npm test` runs first)';

/** The folder the test clients are installed in. */
export const TEST_CLIENTS = path.join(REPO_ROOT, '.test-clients');

/** The Python interpreter with the MCP SDK 2.3 installed; throws how to install it. */
export function pythonWithMcp(): string {
  const python =
    process.env.FOLDERGATE_TEST_PYTHON || path.join(TEST_CLIENTS, 'python', 'bin', 'python');
  if (!fs.existsSync(python))
    throw new Error(`The official MCP Python SDK is not installed (no ${python}): ${INSTALL}.`);
  const check = spawnSync(
    python,
    ['-c', 'import importlib.metadata as m; print(m.version("mcp"))'],
    { encoding: 'utf8' },
  );
  const version = check.stdout.trim();
  if (check.status !== 0 || !version.startsWith('2.3.'))
    throw new Error(
      `${python} has no MCP Python SDK 2.3 (${version || check.stderr.trim().split('\n').at(-1)}): ${INSTALL}.`,
    );
  return python;
}

/** Node ≥ 22.19 and the Inspector 2.12 CLI's entry; throws how to install them. */
export function inspectorCli(): { node: string; cli: string } {
  const root = process.env.FOLDERGATE_TEST_INSPECTOR || path.join(TEST_CLIENTS, 'node');
  const node = path.join(root, 'node_modules', 'node', 'bin', 'node');
  const cli = path.join(
    root,
    'node_modules',
    '@modelcontextprotocol',
    'inspector',
    'clients',
    'launcher',
    'build',
    'index.js',
  );
  for (const file of [node, cli])
    if (!fs.existsSync(file))
      throw new Error(`The MCP Inspector CLI 2.12 is not installed (no ${file}): ${INSTALL}.`);
  return { node, cli };
}

/** The Python driver of the SDK's Client (testing/clients/python_client.py). */
export const PYTHON_DRIVER = path.join(REPO_ROOT, 'testing', 'clients', 'python_client.py');

/** What one run of the Inspector CLI gave. */
export interface InspectorRun<A> {
  code: number | null;
  /** Its one JSON answer on stdout (`--format json`); null when stdout was not JSON. */
  answer: A | null;
  stdout: string;
  /** The Inspector's and the server's stderr. */
  stderr: string;
}

/**
 * Runs the Inspector CLI once, in `era`, on a server of its own (`server`: the command line after
 * the program, e.g. the built entry and its arguments), asking `method`; resolves when it exits.
 * `home` is its own HOME: the Inspector keeps a catalog and client settings in ~/.mcp-inspector.
 */
export function runInspector<A = { result?: Record<string, unknown> }>(options: {
  era: string;
  server: string[];
  method: string[];
  home: string;
}): Promise<InspectorRun<A>> {
  const { node, cli } = inspectorCli();
  const args = [cli, '--cli', '--protocol-era', options.era, '--format', 'json'];
  args.push(process.execPath, ...options.server, '--method', ...options.method);
  const child = spawn(node, args, {
    env: { PATH: process.env.PATH ?? '', HOME: options.home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const limit = scaled(60_000);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the Inspector did not finish in ${limit} ms:\n${stderr}`));
    }, limit);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      let answer: A | null = null;
      try {
        answer = JSON.parse(stdout) as A;
      } catch {
        // left null: the caller's expectations show stdout and stderr
      }
      resolve({ code, answer, stdout, stderr });
    });
  });
}
