// Compiles the native folder listing (fast-list.c, Node-API, so one build serves Node and
// Electron alike) with the system's C compiler. engine/build.mjs builds it for the engine;
// engine/test/fast-list-sanitized.int.test.ts builds it with AddressSanitizer and
// UndefinedBehaviorSanitizer and lists hostile trees with it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
 * -fsanitize=address,undefined (every finding fatal) for tests; `source` compiles another C file
 * the same way (the sanitized test's deliberately faulty module, which proves the sanitizers
 * report). Returns null when it was built, else why not (no compiler, a compile error).
 */
export function compileNativeList(
  outFile,
  { sanitize = false, source = path.join(here, 'fast-list.c') } = {},
) {
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
      source,
    ],
    { encoding: 'utf8' },
  );
  if (compiled.status === 0) return null;
  return compiled.error?.message ?? compiled.stderr.trim();
}

/**
 * The glibc versions the built module asks for that are newer than GLIBC_FLOOR (objdump's view
 * of its versioned symbols); null when objdump is not there to ask (on `env`'s PATH).
 */
export function glibcAboveFloor(file, env = process.env) {
  const dump = spawnSync('objdump', ['-T', file], { encoding: 'utf8', env });
  if (dump.status !== 0) return null;
  const versions = new Set([...dump.stdout.matchAll(/GLIBC_(\d+)\.(\d+)/g)].map((m) => m[0]));
  return [...versions].filter((v) => {
    const [major, minor] = v.slice(6).split('.').map(Number);
    return major > GLIBC_FLOOR[0] || (major === GLIBC_FLOOR[0] && minor > GLIBC_FLOOR[1]);
  });
}

/** How to ship without the native listing on purpose, said in every refusal. */
const KNOWINGLY = 'or set FOLDERGATE_NATIVE_LIST=0 to ship without it knowingly';

/**
 * What installers built from `dir` (engine/dist) would miss of the native listing, for
 * tools/dist.mjs (which refuses) and tools/stage.mjs (which warns): `problem`, the reason and the
 * fix in one sentence, when the module is missing, or needs a newer glibc than GLIBC_FLOOR, or
 * cannot be checked; `warning` when FOLDERGATE_NATIVE_LIST=0 says to ship without it; neither when
 * all is well or the platform has no native listing (macOS, Windows: the engine uses Node's).
 */
export function nativeListForInstallers(
  dir,
  { platform = process.platform, arch = process.arch, env = process.env } = {},
) {
  if (platform !== 'linux') return {};
  const file = path.join(dir, `fast-list-${platform}-${arch}.node`);
  const shown = path.relative(process.cwd(), file) || file;
  if (env.FOLDERGATE_NATIVE_LIST === '0')
    return {
      warning: `FOLDERGATE_NATIVE_LIST=0: these installers ship without the native folder listing, so the app reads new folders without its fast first read (more slowly; searches give the same answers)`,
    };
  if (!fs.existsSync(file))
    return {
      problem: `${shown} is missing (the build found no C compiler, or compiling failed), so the app would read new folders without its fast first read; install a C compiler (Debian, Ubuntu: apt-get install gcc) and build again, ${KNOWINGLY}`,
    };
  const above = glibcAboveFloor(file, env);
  if (above === null)
    return {
      problem: `cannot tell which glibc ${shown} needs (objdump is missing, or cannot read it); install binutils and build again, ${KNOWINGLY}`,
    };
  if (above.length > 0)
    return {
      problem: `${shown} needs ${above.sort().join(', ')}, newer than glibc ${GLIBC_FLOOR.join('.')} (the oldest the app supports), so it would not load on older systems; keep engine/native/fast-list.c to calls glibc ${GLIBC_FLOOR.join('.')} has, ${KNOWINGLY}`,
    };
  return {};
}
