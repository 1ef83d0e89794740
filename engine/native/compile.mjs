// Compiles the native folder listing (fast-list.c, Node-API, so one build serves Node and
// Electron alike) with the system's C compiler. engine/build.mjs builds it for the engine;
// engine/test/fast-list-sanitized.int.test.ts builds it with AddressSanitizer and
// UndefinedBehaviorSanitizer and lists hostile trees with it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The module's file name for this platform (the same name search/native-list.ts loads). */
export const NATIVE_LIST_FILE = `fast-list-${process.platform}-${process.arch}.node`;

/**
 * The newest glibc the module may need: statx() came with 2.28 (Debian 10, Ubuntu 18.10,
 * RHEL 8). On an older system the module does not load and the engine reads folders the slower
 * way; a build whose module would need a newer glibc than this is refused for installers
 * (tools/dist.mjs), since it would quietly give up the fast first read on those systems.
 */
export const GLIBC_FLOOR = [2, 28];

/**
 * Compiles fast-list.c into `outFile` with `cc` (CC, else `cc`). `sanitize` adds
 * -fsanitize=address,undefined (every finding fatal) for tests. Returns null when it was
 * built, else why not (no compiler, a compile error).
 */
export function compileNativeList(outFile, { sanitize = false } = {}) {
  const headers = path.join(
    path.dirname(createRequire(import.meta.url).resolve('node-api-headers/package.json')),
    'include',
  );
  const flags = sanitize
    ? [
        '-O1',
        '-g',
        '-fno-omit-frame-pointer',
        '-fsanitize=address,undefined',
        '-fno-sanitize-recover=all',
      ]
    : ['-O2'];
  const compiled = spawnSync(
    process.env.CC ?? 'cc',
    [
      ...flags,
      '-shared',
      '-fPIC',
      '-Wall',
      '-Wextra',
      '-Werror',
      '-DNAPI_VERSION=8',
      `-I${headers}`,
      '-o',
      outFile,
      path.join(here, 'fast-list.c'),
    ],
    { encoding: 'utf8' },
  );
  if (compiled.status === 0) return null;
  return compiled.error?.message ?? compiled.stderr.trim();
}

/**
 * The glibc versions the built module asks for that are newer than GLIBC_FLOOR (objdump's view
 * of its versioned symbols); null when objdump is not there to ask.
 */
export function glibcAboveFloor(file) {
  const dump = spawnSync('objdump', ['-T', file], { encoding: 'utf8' });
  if (dump.status !== 0) return null;
  const versions = new Set([...dump.stdout.matchAll(/GLIBC_(\d+)\.(\d+)/g)].map((m) => m[0]));
  return [...versions].filter((v) => {
    const [major, minor] = v.slice(6).split('.').map(Number);
    return major > GLIBC_FLOOR[0] || (major === GLIBC_FLOOR[0] && minor > GLIBC_FLOOR[1]);
  });
}
