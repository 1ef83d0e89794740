// What `npm run dist` says of the engine's native folder listing before it packs installers
// (nativeListForInstallers, engine/native/compile.mjs; tools/stage.mjs warns with the same
// words): the build's own module passes; a missing one, one that asks for a glibc newer than 2.28
// (a real module that calls close_range, glibc 2.34) and one that cannot be checked are refused
// in one sentence that says how to fix it; FOLDERGATE_NATIVE_LIST=0 passes with a warning; macOS
// and Windows have nothing to check. dist.mjs itself stops earlier here (no Electron binary:
// dist.int.test.ts), so the check is held here on real files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { compileNativeList, nativeListForInstallers } from '../../engine/native/compile.mjs';

const BUILT = path.join(REPO_ROOT, 'engine', 'dist');
const FILE = `fast-list-linux-${process.arch}.node`;
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-native-check-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** One sentence: no line break, one full stop at most where dist.mjs puts it. */
const oneSentence = (text: string) => expect(text).not.toMatch(/\n|\.\s/);

describe.skipIf(process.platform !== 'linux')('the native listing, before installers', () => {
  it('passes the module the build made', () => {
    expect(fs.existsSync(path.join(BUILT, FILE)), 'engine/build.mjs builds it').toBe(true);
    expect(nativeListForInstallers(BUILT)).toEqual({});
  });

  it('refuses when it is missing, saying how to fix it', () => {
    const { problem, warning } = nativeListForInstallers(tempDir());
    expect(warning).toBeUndefined();
    expect(problem).toMatch(new RegExp(`${FILE.replaceAll('.', '\\.')} is missing`));
    expect(problem).toMatch(/install a C compiler \(Debian, Ubuntu: apt-get install gcc\)/);
    expect(problem).toMatch(/or set FOLDERGATE_NATIVE_LIST=0 to ship without it knowingly$/);
    oneSentence(problem!);
  });

  it('refuses a module that asks for a newer glibc than 2.28, naming the version', () => {
    const dir = tempDir();
    const source = path.join(dir, 'newer.c');
    // close_range came with glibc 2.34: a module calling it would not load on 2.28 to 2.33.
    fs.writeFileSync(
      source,
      '#define _GNU_SOURCE\n#include <unistd.h>\nint close_above(unsigned int fd) { return close_range(fd, ~0U, 0); }\n',
    );
    expect(compileNativeList(path.join(dir, FILE), { source })).toBeNull();
    const { problem } = nativeListForInstallers(dir);
    expect(problem).toMatch(/needs GLIBC_2\.34, newer than glibc 2\.28/);
    expect(problem).toMatch(/or set FOLDERGATE_NATIVE_LIST=0 to ship without it knowingly$/);
    oneSentence(problem!);
  });

  it('refuses when it cannot tell which glibc the module needs (no objdump)', () => {
    const { problem } = nativeListForInstallers(BUILT, { env: { PATH: tempDir() } });
    expect(problem).toMatch(/cannot tell which glibc .* needs \(objdump is missing/);
    expect(problem).toMatch(/install binutils/);
  });

  it('lets FOLDERGATE_NATIVE_LIST=0 ship without it, with a warning', () => {
    const { problem, warning } = nativeListForInstallers(tempDir(), {
      env: { FOLDERGATE_NATIVE_LIST: '0' },
    });
    expect(problem).toBeUndefined();
    expect(warning).toMatch(/^FOLDERGATE_NATIVE_LIST=0: these installers ship without/);
    expect(warning).toMatch(/searches give the same answers/);
  });
});

describe('elsewhere than Linux', () => {
  it('has nothing to check: macOS and Windows have no native listing', () => {
    for (const platform of ['darwin', 'win32'] as const)
      expect(nativeListForInstallers(tempDir(), { platform })).toEqual({});
  });
});
