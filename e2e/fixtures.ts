// The e2e environment, owned per test: a fresh FOLDERGATE_HOME, user home folder (HOME, where the
// host looks for AI apps' settings files) and work folder, real files with real times, the REAL
// headless host (`node main/cli/foldergate.mjs web --port 0`) as a child
// process with a bounded stop that checks no MCP server child outlives it, the app opened in the
// browser, and screenshots saved into the test output (and e2e/screenshots on request).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { test as base, expect } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { scaled } from '#testing/time.js';

/** The repository root (e2e/..). */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The CLI shim the user runs (`npx foldergate …`). */
export const CLI = path.join(REPO_ROOT, 'main', 'cli', 'foldergate.mjs');
/** The example logic catalog shipped with the MCP server. */
export const EXAMPLE_CATALOG = path.join(REPO_ROOT, 'mcp-server', 'examples', 'logic-catalog');

const STOP_GRACE_MS = scaled(5_000);
const START_TIMEOUT_MS = scaled(30_000);
const URL_PATTERN = /(http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+))/;

/** One file to create: a '/'-separated path under the folder, its modified time, its content. */
export interface FileSpec {
  path: string;
  mtime: Date;
  content?: string;
}

/** The running headless host, as the test sees it. */
export interface HeadlessHost {
  /** The printed URL, with `#token=`. */
  url: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  token: string;
  /** FOLDERGATE_HOME of this host. */
  home: string;
  /** HOME of this host (XDG_CONFIG_HOME is `<userHome>/.config`): where AI apps are looked for. */
  userHome: string;
  /** What the host printed so far (stdout and stderr). */
  output(): string;
}

interface Fixtures {
  /** A fresh temporary folder for this test (removed afterwards). */
  workDir: string;
  /** A fresh FOLDERGATE_HOME inside workDir. */
  home: string;
  /**
   * A fresh, empty user home inside workDir, the host's HOME: no AI app is "installed" until a
   * test creates its folder, and the real user's apps are never touched.
   */
  userHome: string;
  /** Creates `<workDir>/<name>` with the given files and times; returns its real path. */
  makeFolder(name: string, files: FileSpec[]): Promise<string>;
  /** The real headless host started on `home`. */
  host: HeadlessHost;
  /** `page` opened on the host's URL, once the app says it is ready. */
  app: Page;
  /**
   * Saves a full-page screenshot of one screen (see {@link saveScreenshot}); `all`: also at 900 px
   * and in the dark theme when the screenshots are refreshed ({@link saveScreenshotSet}).
   */
  shot(page: Page, name: string, all?: 'all'): Promise<void>;
}

/** The e2e test object with the FolderGate fixtures. */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  workDir: async ({}, use) => {
    const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'fg-e2e-')));
    await use(dir);
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
  },

  home: async ({ workDir }, use) => {
    const home = path.join(workDir, 'home');
    await fs.mkdir(home);
    await use(home);
  },

  userHome: async ({ workDir }, use) => {
    const userHome = path.join(workDir, 'user');
    await fs.mkdir(userHome);
    await use(userHome);
  },

  makeFolder: async ({ workDir }, use) => {
    await use(async (name, files) => {
      const root = path.join(workDir, name);
      await fs.mkdir(root, { recursive: true });
      await writeFiles(root, files);
      return fs.realpath(root);
    });
  },

  host: async ({ home, userHome }, use, testInfo) => {
    const running = await startHeadlessHost(home, { userHome });
    let problem: string | null;
    try {
      await use(running.host);
    } finally {
      problem = await running.stop();
      await testInfo.attach('host-output.txt', {
        body: running.host.output(),
        contentType: 'text/plain',
      });
    }
    // A host that needed SIGKILL, or left a child behind, fails the test.
    if (problem) throw new Error(problem);
  },

  app: async ({ page, host }, use, testInfo) => {
    const pageErrors: string[] = [];
    const consoleLines: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        consoleLines.push(`${message.type()}: ${message.text()}`);
      }
    });
    await openApp(page, host.url);
    await use(page);
    if (consoleLines.length > 0) {
      await testInfo.attach('browser-console.txt', {
        body: consoleLines.join('\n'),
        contentType: 'text/plain',
      });
    }
    // An uncaught exception in the UI fails the test even when every assertion passed.
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    // So does a Content-Security-Policy violation: the UI must work under its own policy.
    expect(consoleLines.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
  },

  // eslint-disable-next-line no-empty-pattern
  shot: async ({}, use, testInfo) => {
    await use((page, name, all) =>
      all ? saveScreenshotSet(page, name, testInfo) : saveScreenshot(page, name, testInfo),
    );
  },
});

export { expect };

/** Opens the app at `url` and waits until it has loaded its settings (body[data-ready]). */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('body[data-ready="true"]')).toBeAttached({ timeout: scaled(20_000) });
}

/**
 * Saves a full-page screenshot as `<name>.png` in the test's output folder and attaches it to
 * the report; with FOLDERGATE_UPDATE_SCREENSHOTS=1 also copies it to e2e/screenshots/ (the
 * README's pictures).
 */
export async function saveScreenshot(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  // From the top: the sidebar is sticky, so a scrolled page would show it shifted down in a
  // full-page picture. Fonts loaded; animations are frozen by the screenshot itself.
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  if (process.env.FOLDERGATE_UPDATE_SCREENSHOTS === '1') {
    const target = path.join(REPO_ROOT, 'e2e', 'screenshots', `${name}.png`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(file, target);
  }
}

/**
 * One part of the page (a section) as `<name>.png`, for the README where a whole page would bury
 * it; attached to the report, and copied to e2e/screenshots/ with FOLDERGATE_UPDATE_SCREENSHOTS=1.
 */
export async function savePartScreenshot(
  part: Locator,
  name: string,
  testInfo: TestInfo,
): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await part.evaluate(async () => {
    await document.fonts.ready;
  });
  await part.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  if (process.env.FOLDERGATE_UPDATE_SCREENSHOTS === '1') {
    const target = path.join(REPO_ROOT, 'e2e', 'screenshots', `${name}.png`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(file, target);
  }
}

/**
 * The screenshot of a state as the README shows it (1280 px, light) and, when the screenshots are
 * being refreshed, the same state at 900 px and in the dark theme (`-narrow`, `-dark`,
 * `-dark-narrow`), so every state can be looked at in all four.
 */
export async function saveScreenshotSet(
  page: Page,
  name: string,
  testInfo: TestInfo,
): Promise<void> {
  await saveScreenshot(page, name, testInfo);
  if (process.env.FOLDERGATE_UPDATE_SCREENSHOTS !== '1') return;
  const size = page.viewportSize() ?? { width: 1280, height: 860 };
  for (const [scheme, width, suffix] of [
    ['light', 900, '-narrow'],
    ['dark', 1280, '-dark'],
    ['dark', 900, '-dark-narrow'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: size.height });
    await saveScreenshot(page, `${name}${suffix}`, testInfo);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

/** Writes the files under `root` and sets their modified (and access) times with utimes. */
export async function writeFiles(root: string, files: FileSpec[]): Promise<void> {
  for (const file of files) {
    const target = path.join(root, ...file.path.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.content ?? `${file.path}\n`);
    await fs.utimes(target, file.mtime, file.mtime);
  }
}

/** Copies the example logic catalog to `<workDir>/catalog` and adds two broken logics. */
export async function makeCatalog(workDir: string): Promise<string> {
  const catalog = path.join(workDir, 'catalog');
  await fs.cp(EXAMPLE_CATALOG, catalog, { recursive: true });
  // A sidecar that is not JSON: logic_get refuses the logic with the reason.
  await fs.writeFile(path.join(catalog, 'logics', 'broken_report.sql'), 'SELECT 1\n');
  await fs.writeFile(path.join(catalog, 'logics', 'broken_report.json'), '{ "params": [ oops');
  return fs.realpath(catalog);
}

/** A started host and its bounded stop (which answers a problem text, or null when clean). */
export interface RunningHost {
  host: HeadlessHost;
  child: ChildProcess;
  stop(): Promise<string | null>;
}

/** Variables that would point the host at the real user's AI apps instead of `userHome`. */
const USER_DIR_VARIABLES = [
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'CODEX_HOME',
  'CLAUDE_CONFIG_DIR',
];

/**
 * Starts `node main/cli/foldergate.mjs web --port 0` on FOLDERGATE_HOME=`home`, with
 * HOME=`userHome` (a fresh `<home>-user` beside it when not given) and XDG_CONFIG_HOME inside it.
 */
export async function startHeadlessHost(
  home: string,
  options: { userHome?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningHost> {
  const userHome = options.userHome ?? `${home}-user`;
  await fs.mkdir(userHome, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FOLDERGATE_HOME: home,
    FOLDERGATE_HEADLESS: '1',
    HOME: userHome,
    XDG_CONFIG_HOME: path.join(userHome, '.config'),
    ...options.env,
  };
  for (const name of USER_DIR_VARIABLES) delete env[name];
  if (!existsSync(path.join(REPO_ROOT, 'main', 'cli', 'dist', 'cli.js'))) {
    throw new Error('FolderGate is not built: run `npm run build` before the e2e tests.');
  }
  const child = spawn(process.execPath, [CLI, 'web', '--port', '0'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });

  const stop = async (): Promise<string | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return null;
    const problems: string[] = [];
    const descendants = descendantPids(child.pid);
    child.kill('SIGTERM');
    const code = await within(exited, STOP_GRACE_MS);
    if (code === undefined) {
      problems.push(`the host did not stop within ${STOP_GRACE_MS} ms of SIGTERM (killed)`);
      child.kill('SIGKILL');
      await within(exited, STOP_GRACE_MS);
    } else if (code !== 0) {
      problems.push(`the host exited with code ${String(code)} after SIGTERM`);
    }
    for (const pid of await survivors(descendants, STOP_GRACE_MS)) {
      problems.push(`child process ${pid} (${commandLine(pid)}) outlived the host (killed)`);
    }
    return problems.length > 0 ? problems.join('; ') : null;
  };

  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the host printed no URL within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      const look = (): void => {
        const found = URL_PATTERN.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      child.stdout.on('data', look);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        reject(new Error(`the host exited (code ${String(exitCode)}) before printing its URL`));
      });
      look();
    });
    const [, url = '', port = '', token = ''] = match;
    return {
      child,
      stop,
      host: {
        url,
        origin: `http://127.0.0.1:${port}`,
        port: Number(port),
        token,
        home,
        userHome,
        output: () => output,
      },
    };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- host output ---\n${output}`, {
      cause: error,
    });
  }
}

/** Resolves with the promise's value, or undefined after `ms`. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let cancel = (): void => undefined;
  const timeout = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancel = () => clearTimeout(timer);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    cancel();
  }
}

/** All descendants of `pid` (Linux /proc; elsewhere none are known and none are checked). */
export function descendantPids(pid: number | undefined): number[] {
  if (pid === undefined || process.platform !== 'linux') return [];
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(Number(entry));
    if (!stat) continue;
    const siblings = parents.get(stat.ppid) ?? [];
    siblings.push(Number(entry));
    parents.set(stat.ppid, siblings);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    for (const childPid of parents.get(next) ?? []) {
      found.push(childPid);
      queue.push(childPid);
    }
  }
  return found;
}

function readProcStat(pid: number): { state: string; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/**
 * Waits up to `ms` for the processes to exit; SIGKILLs and answers those still alive then.
 */
export async function survivors(pids: number[], ms: number): Promise<number[]> {
  const left: number[] = [];
  for (const pid of pids) {
    if (await gone(pid, ms)) continue;
    left.push(pid);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  return left;
}

/** True once `pid` has exited (a zombie counts as exited), false if it is still alive at `ms`. */
async function gone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const stat = readProcStat(pid);
    if (!stat || stat.state === 'Z') return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '?';
  }
}

/** The built MCP server, as registered AI apps start it. */
export const SERVER = path.join(REPO_ROOT, 'mcp-server', 'dist', 'index.js');

/** Calls a channel of the host's contract, as the page does. */
export async function invoke(
  host: HeadlessHost,
  channel: string,
  payload: unknown,
): Promise<unknown> {
  const response = await fetch(`${host.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as { ok: boolean; data?: unknown; error?: unknown };
  if (!body.ok) throw new Error(`${channel}: ${JSON.stringify(body.error)}`);
  return body.data;
}

/** An AI app of its own: the SDK client over stdio, the server started the way apps start it. */
export async function startAgent(
  home: string,
  name = 'Test Agent',
  args: string[] = [],
): Promise<Client> {
  const client = new Client({ name, version: '3.1.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [SERVER, '--config-dir', home, ...args],
      stderr: 'ignore',
    }),
  );
  return client;
}
