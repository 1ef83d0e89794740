// The native listing (native/fast-list.c) built with AddressSanitizer and
// UndefinedBehaviorSanitizer, and run on hostile folders in a child Node process (sanitized/
// lister.mjs): names that are not UTF-8, 255-byte names of one to four bytes a
// character, control characters, odd kinds, sizes and times, 20,000 entries in one folder, a tree
// 320 levels deep listed a level at a time by descriptor, calls no caller makes (of the listing
// and of a server's check, statBelow), and folders
// swapped for links and back by a second process (sanitized/racer.mjs) while batches list them.
// Every run must end cleanly with no sanitizer report, and list exactly what Node's readdir and
// lstat give. A deliberately faulty module built the same way must be caught, so the setup cannot
// quietly stop checking anything. Linux only (the module is built only there); without the
// sanitizers' runtime the test fails and says what to install.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { compileNativeList } from '../native/compile.mjs';

const LISTER = path.join(REPO_ROOT, 'engine', 'test', 'sanitized', 'lister.mjs');
const RACER = path.join(REPO_ROOT, 'engine', 'test', 'sanitized', 'racer.mjs');
const SLOW = { timeout: 180_000 };

/** What a sanitizer writes when it finds something (it then ends the process). */
const SANITIZER_REPORT = /AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|runtime error:/;

const DEEP_LEVELS = 320;
const MANY = 20_000;

let work = '';
let moduleFile = '';
let faultyFile = '';
let libasan = '';
let socketServer: net.Server | null = null;
/** Why the sanitizers cannot run here, when they cannot. */
let missing: Error | null = null;

/** Throws why the sanitizers cannot run, so that every test fails with it, never skips. */
function needSanitizers(): void {
  if (missing) throw missing;
}

/**
 * The sanitizers' runtime that must be loaded before anything else in a process that is not
 * itself built with them (Node): the compiler's own libasan (the module links to the one it
 * was built with). Throws what to install when it is not there.
 */
function findLibasan(): string {
  const cc = process.env.CC ?? 'cc';
  const asked = spawnSync(cc, ['-print-file-name=libasan.so'], { encoding: 'utf8' });
  const file = asked.stdout?.trim() ?? '';
  if (asked.status !== 0 || !path.isAbsolute(file) || !fs.existsSync(file))
    throw new Error(
      `AddressSanitizer's runtime (libasan.so) was not found with ${cc} -print-file-name: install gcc (Debian: apt-get install gcc, which brings libasan) to run the sanitized listing`,
    );
  return fs.realpathSync(file);
}

/** The environment a sanitized module runs in under Node. */
function sanitizedEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LD_PRELOAD: libasan,
    // Node frees nothing at exit, which is not the module's leak; every finding ends the process.
    ASAN_OPTIONS: 'detect_leaks=0:halt_on_error=1:abort_on_error=0',
    UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
  };
}

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs node with `args` under the sanitizers and waits for it to end. */
function runSanitized(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    needSanitizers();
    const child = spawn(process.execPath, args, {
      env: sanitizedEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** A lister run that must end cleanly, with its report. */
async function listClean<T>(phase: string, folder: string): Promise<T> {
  const run = await runSanitized([LISTER, moduleFile, phase, folder]);
  expect(run.stderr).not.toMatch(SANITIZER_REPORT);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))),
  );

/** `name` (bytes) in the folder open at `fd`: a path Node can use however deep the folder is. */
const inFd = (fd: number, name: Buffer) =>
  Buffer.concat([Buffer.from(`/proc/self/fd/${fd}/`), name]);

/** Odd names, kinds, sizes and times, and folders with such names, in `dir`. */
async function buildOdd(dir: string): Promise<void> {
  fs.mkdirSync(dir);
  const at = (name: Buffer) => Buffer.concat([Buffer.from(`${dir}/`), name]);
  const notUtf8 = [
    bytes('a', [0xff]),
    bytes('b', [0xc0, 0x80]), // an overlong NUL
    bytes('c', [0xed, 0xa0, 0x80]), // a surrogate
    bytes('d', [0xf4, 0x90, 0x80, 0x80]), // past U+10FFFF
    bytes('e', [0xe2, 0x82]), // cut short
    bytes('f', [0x80]), // a lone continuation byte
    bytes('g', [0xf8, 0x88, 0x80, 0x80, 0x80]), // five bytes
    bytes([0xfe]),
    bytes('x'.repeat(254), [0xff]), // 255 bytes, the last not UTF-8
    bytes('\u00e9'.repeat(127), [0xc3]), // 255 bytes, cut inside the last character
  ];
  const longest = [
    'x'.repeat(255),
    '\uac00'.repeat(85), // 가: three bytes each
    '\u{1F600}'.repeat(63) + 'abc', // four bytes each
    '\u00e9'.repeat(127) + 'a', // two bytes each
  ];
  const control = [
    'line\nbreak',
    '\n',
    '\r\n',
    'tab\there',
    'bell\u0007',
    'esc\u001b[31mred',
    'del\u007f',
    Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join(''),
  ];
  const odd = [
    'real \uFFFD replacement',
    '\uFEFFbom',
    'e\u0301 decomposed',
    '\u00e9 composed',
    ' leading space',
    'trailing space ',
    '...',
    '..a',
    '-dash',
    '*?[glob]',
    '\\backslash',
  ];
  for (const name of [...notUtf8, ...[...longest, ...control, ...odd].map((n) => Buffer.from(n))])
    fs.writeFileSync(at(name), name);
  // Folders with such names, each holding a few of its own.
  for (const name of [
    Buffer.from('plain folder'),
    Buffer.from('folder\nwith a line break'),
    Buffer.from('\uae4a'.repeat(85)),
    bytes('folder', [0xff]),
    Buffer.from('empty folder'),
  ]) {
    fs.mkdirSync(at(name));
    if (name.toString() === 'empty folder') continue;
    fs.writeFileSync(Buffer.concat([at(name), Buffer.from('/inside\n.txt')]), 'x');
    fs.writeFileSync(Buffer.concat([at(name), Buffer.from('/'), notUtf8[0]!]), '');
    fs.mkdirSync(Buffer.concat([at(name), Buffer.from('/below')]));
  }
  // Kinds: links (to a file, a folder, nothing, and a target 4,000 bytes long), a FIFO, a socket.
  fs.symlinkSync('x'.repeat(255), path.join(dir, 'link to a file'));
  fs.symlinkSync('plain folder', path.join(dir, 'link to a folder'));
  fs.symlinkSync('nowhere', path.join(dir, 'dangling link'));
  fs.symlinkSync('l/'.repeat(2000), path.join(dir, 'long link'));
  execFileSync('mkfifo', [path.join(dir, 'fifo')]);
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(path.join(dir, 'socket'), resolve));
  socketServer = server;
  // Sizes and times: past 4 GiB (sparse), before 1970, past 2106, to the microsecond.
  fs.writeFileSync(path.join(dir, 'sparse'), '');
  fs.truncateSync(path.join(dir, 'sparse'), 5 * 2 ** 30 + 3);
  fs.writeFileSync(path.join(dir, 'old'), 'old');
  fs.utimesSync(path.join(dir, 'old'), -86_400.25, -86_400.25);
  fs.writeFileSync(path.join(dir, 'far'), 'far');
  fs.utimesSync(path.join(dir, 'far'), 2 ** 33, 2 ** 33 + 0.5);
  fs.writeFileSync(path.join(dir, 'precise'), 'precise');
  fs.utimesSync(path.join(dir, 'precise'), 1_700_000_000.123456, 1_700_000_000.654321);
}

/** One folder of MANY files, with names up to 200 bytes (the listing's buffers grow many times). */
function buildMany(dir: string): void {
  fs.mkdirSync(dir);
  for (let i = 0; i < MANY; i++) {
    const name = `${i}-${'\u00e9'.repeat(i % 100)}`;
    fs.closeSync(fs.openSync(path.join(dir, name), 'w'));
  }
}

/**
 * A chain of DEEP_LEVELS folders with 255-byte names (its path is ~80 KB, far past PATH_MAX), each
 * holding a file with a line break in its name: made a level at a time through descriptors.
 */
function buildDeep(dir: string): void {
  fs.mkdirSync(dir);
  let fd = fs.openSync(dir, 'r');
  for (let level = 0; level < DEEP_LEVELS; level++) {
    const name = Buffer.from(level % 2 ? '\uae4a'.repeat(85) : 'd'.repeat(255));
    fs.writeFileSync(inFd(fd, Buffer.from(`file\n${level}`)), 'x'.repeat(level));
    fs.mkdirSync(inFd(fd, name));
    const next = fs.openSync(inFd(fd, name), 'r');
    fs.closeSync(fd);
    fd = next;
  }
  fs.writeFileSync(inFd(fd, Buffer.from('bottom')), 'bottom');
  fs.closeSync(fd);
}

/** Folders swap0…swap7, each with one file, and `elsewhere`, which no listing may show. */
function buildRace(dir: string): void {
  for (let i = 0; i < 8; i++) {
    fs.mkdirSync(path.join(dir, `swap${i}`), { recursive: true });
    fs.writeFileSync(path.join(dir, `swap${i}`, 'inside'), 'x');
  }
  fs.mkdirSync(path.join(dir, 'elsewhere'));
  fs.writeFileSync(path.join(dir, 'elsewhere', 'SECRET'), 'never listed');
}

describe.skipIf(process.platform !== 'linux')('the native listing under the sanitizers', () => {
  beforeAll(async () => {
    work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-sanitized-')));
    try {
      libasan = findLibasan();
    } catch (error) {
      // Each test fails with this (a failed hook would leave them counted as skipped).
      missing = error as Error;
      return;
    }
    moduleFile = path.join(work, 'fast-list-sanitized.node');
    const problem = compileNativeList(moduleFile, { sanitize: true });
    if (problem !== null)
      throw new Error(`fast-list.c did not build with the sanitizers: ${problem}`);
    const faultySource = path.join(work, 'faulty.c');
    fs.writeFileSync(faultySource, FAULTY_C);
    faultyFile = path.join(work, 'faulty.node');
    const faulty = compileNativeList(faultyFile, { sanitize: true, source: faultySource });
    if (faulty !== null) throw new Error(`faulty.c did not build: ${faulty}`);
    const still = path.join(work, 'still');
    fs.mkdirSync(still);
    await buildOdd(path.join(still, 'odd'));
    buildMany(path.join(still, 'many'));
    buildDeep(path.join(still, 'deep'));
    // A folder a path as a name would reach (were it not refused), and a file.
    fs.mkdirSync(path.join(work, 'arguments', 'sub', 'inner'), { recursive: true });
    fs.writeFileSync(path.join(work, 'arguments', 'file.txt'), 'x');
    buildRace(path.join(work, 'race'));
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((resolve) =>
      socketServer ? socketServer.close(() => resolve()) : resolve(),
    );
    // rm walks by descriptor: the deep tree's paths are too long for a path-based removal.
    if (work) execFileSync('rm', ['-rf', work]);
  });

  it('builds the module with both sanitizers linked in', () => {
    needSanitizers();
    const needed = execFileSync('objdump', ['-p', moduleFile], { encoding: 'utf8' });
    expect(needed).toMatch(/NEEDED\s+libasan\.so/);
    expect(needed).toMatch(/NEEDED\s+libubsan\.so/);
  });

  it(
    'catches an out-of-bounds write, and undefined behaviour, in a module built the same way',
    async () => {
      const call = (expression: string) =>
        runSanitized(['-e', `require(${JSON.stringify(faultyFile)}).${expression}`]);
      const inBounds = await call('write(8, 7)');
      expect(inBounds.stderr).not.toMatch(SANITIZER_REPORT);
      expect(inBounds.status).toBe(0);
      const outOfBounds = await call('write(8, 8)');
      expect(outOfBounds.stderr).toMatch(/ERROR: AddressSanitizer: heap-buffer-overflow/);
      expect(outOfBounds.stderr).toMatch(/faulty\.c:\d+/);
      expect(outOfBounds.status).not.toBe(0);
      const shifted = await call('shift(40)');
      expect(shifted.stderr).toMatch(/runtime error: shift exponent 40 is too large/);
      expect(shifted.status).not.toBe(0);
    },
    SLOW.timeout,
  );

  it(
    'lists odd names, 20,000 entries and a tree 320 levels deep exactly as Node does',
    SLOW,
    async () => {
      const report = await listClean<{
        folders: number;
        entries: number;
        deepLevels: number;
        differences: string[];
        foldersLeftOpen: number;
      }>('still', path.join(work, 'still'));
      expect(report.differences).toEqual([]);
      expect(report.deepLevels).toBe(DEEP_LEVELS);
      expect(report.entries).toBeGreaterThan(MANY * 3 + DEEP_LEVELS * 2 * 2);
      expect(report.foldersLeftOpen).toBe(0);
    },
  );

  it('refuses calls no caller makes, each cleanly', SLOW, async () => {
    const { ENOENT, EBADF, ENAMETOOLONG } = os.constants.errno;
    const report = await listClean<{ result: Record<string, string>; foldersLeftOpen: number }>(
      'arguments',
      path.join(work, 'arguments'),
    );
    expect(report.result).toEqual({
      'an empty batch': 'errors [], 0 entries',
      'a batch of a detached array': 'errors [], 0 entries',
      'a thousand folders in one batch': 'errors 0, 1000 opened',
      'bad descriptors, a name too long, a missing name, a lone surrogate': `errors [${[
        EBADF,
        EBADF,
        ENAMETOOLONG,
        ENOENT,
        ENOENT,
      ]}], 0 entries`,
      'a path as a name': 'threw TypeError',
      'an absolute path as a name': 'threw TypeError',
      '..': 'threw TypeError',
      '.': 'threw TypeError',
      'a NUL in a name': 'threw TypeError',
      'fewer names than folders': 'threw TypeError',
      'a plain array of descriptors': 'threw TypeError',
      'a name that is not a string': 'threw TypeError',
      'no callback': 'threw TypeError',
      'list()': 'threw TypeError',
      'list(-1)': 'threw TypeError',
      'list of a string': 'threw TypeError',
      'list of a descriptor that is not open': 'threw EBADF',
      'list of a file': 'threw ENOTDIR',
      'trim()': 'boolean',
      // A server's check (statBelow): 0 stat'ed, 1 gone, 2 could not be, 3 refused.
      'statBelow()': 'threw TypeError',
      'statBelow of a string': 'threw TypeError',
      'statBelow of paths that are not an array': 'threw TypeError',
      'statBelow of a descriptor that is not open': 'statuses [2,2] of 2',
      // A number, a folder name too long, a lone surrogate's folder (not there), '..' on the
      // way, an absolute path, a NUL, no name, a folder's own '/', '..' as the name, a file as
      // a folder.
      'statBelow of paths no caller gives': 'statuses [3,2,1,3,3,3,3,3,3,1] of 10',
      'statBelow of no paths': 'statuses [] of 0',
      'statBelow of ten thousand paths': 'statuses [0] of 10000',
      // A server's check of a kept scan (firstChanged): the first folder changed, -1 none.
      'firstChanged()': 'threw TypeError',
      'firstChanged of a number as the base': 'threw TypeError',
      'firstChanged of paths that are not an array': 'threw TypeError',
      'firstChanged without a time': 'threw TypeError',
      'firstChanged of folders none changed since': 'first -1',
      // A name too long to stat, a number, a NUL: each counts as changed.
      'firstChanged of paths no caller gives': 'first 1',
      'firstChanged of a number among the paths': 'first 1',
      'firstChanged of a NUL in a path': 'first 1',
      'firstChanged of a base far longer than a path': 'first -1',
      'firstChanged of ten thousand paths': 'first -1',
    });
    expect(report.foldersLeftOpen).toBe(0);
  });

  it(
    'lists folders another process swaps for links and back, never what a link points to',
    SLOW,
    async () => {
      const dir = path.join(work, 'race');
      const racer = spawn(process.execPath, [RACER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let said = '';
      let racerErrors = '';
      racer.stderr.on('data', (chunk: Buffer) => (racerErrors += chunk.toString('utf8')));
      const ended = new Promise<number | null>((resolve) => racer.on('close', resolve));
      try {
        await new Promise<void>((resolve, reject) => {
          racer.stdout.on('data', (chunk: Buffer) => {
            said += chunk.toString('utf8');
            if (said.startsWith('racing\n')) resolve();
          });
          racer.on('close', () => reject(new Error(`the racer ended: ${racerErrors}`)));
        });
        const report = await listClean<{
          batches: number;
          listed: number;
          refusedAsLink: number;
          gone: number;
          differences: string[];
          foldersLeftOpen: number;
        }>('race', dir);
        expect(report.differences).toEqual([]);
        // It stopped because both outcomes were seen often, not at its cap.
        expect(report.listed).toBeGreaterThanOrEqual(200);
        expect(report.refusedAsLink).toBeGreaterThanOrEqual(200);
        expect(report.batches).toBeLessThan(200_000);
        expect(report.foldersLeftOpen).toBe(0);
      } finally {
        racer.kill('SIGTERM');
      }
      expect(await ended).toBe(0);
      const { swaps } = JSON.parse(said.slice('racing\n'.length)) as { swaps: number };
      expect(swaps).toBeGreaterThan(0);
      // Every folder is back in its place, as it was.
      expect(fs.readdirSync(dir).sort()).toEqual(
        ['elsewhere', ...Array.from({ length: 8 }, (_, i) => `swap${i}`)].sort(),
      );
    },
  );
});

/**
 * A module with deliberate faults: write(size, i) writes byte i of a buffer of `size` bytes (i =
 * size is one past its end; the size is known only at run time, so AddressSanitizer, not a
 * compile-time bound, must catch it), shift(n) shifts 1 left by n bits (40 is more than an int
 * has). Built exactly as fast-list.c is for this test, so a setup that stopped reporting fails here.
 */
const FAULTY_C = `#include <node_api.h>
#include <stdlib.h>

static int32_t arg(napi_env env, napi_callback_info info, size_t k) {
  size_t argc = 2;
  napi_value argv[2];
  int32_t value = 0;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (k < argc) napi_get_value_int32(env, argv[k], &value);
  return value;
}

static napi_value Write(napi_env env, napi_callback_info info) {
  volatile char *buffer = malloc((size_t)arg(env, info, 0));
  buffer[arg(env, info, 1)] = 1;
  free((void *)buffer);
  return NULL;
}

static napi_value Shift(napi_env env, napi_callback_info info) {
  napi_value result;
  napi_create_int32(env, 1 << arg(env, info, 0), &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "write", NAPI_AUTO_LENGTH, Write, NULL, &fn);
  napi_set_named_property(env, exports, "write", fn);
  napi_create_function(env, "shift", NAPI_AUTO_LENGTH, Shift, NULL, &fn);
  napi_set_named_property(env, exports, "shift", fn);
  return exports;
}
`;
