import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '#shared/errors/errors.js';
import { makeTempDir, removeTempDir } from '#testing/mcp-server.js';
import { isSamePath, isWithin } from '#shared/text/path-compare.js';
import { type PathApi, fsError, resolveStartFolder, toRelativeSegments } from './path-guard.js';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
  return 'ok';
}

const APIS: [string, PathApi][] = [
  ['posix', path.posix],
  ['win32', path.win32],
];

describe.each(APIS)('toRelativeSegments (%s)', (_name, api) => {
  it.each([
    ['', []],
    ['.', []],
    ['a', ['a']],
    ['a/b', ['a', 'b']],
    ['a/./b', ['a', 'b']],
    ['./a/b/', ['a', 'b']],
    ['a//b', ['a', 'b']],
    ['a/../b', ['b']],
    ['a/b/../../c', ['c']],
    ['a/..', []],
    ['reports/2025/..hidden', ['reports', '2025', '..hidden']],
    ['a..b/c', ['a..b', 'c']],
    ['ünïcödé/日本語', ['ünïcödé', '日本語']],
  ])('%j → %j', (input, expected) => {
    expect(toRelativeSegments(input, api)).toEqual(expected);
  });

  it.each(['..', '../x', 'a/../../x', 'a/b/../../..', './..', 'a/../..', '../../../../etc/passwd'])(
    '%j → PathTraversalDetected',
    (input) => {
      expect(codeOf(() => toRelativeSegments(input, api))).toBe('PathTraversalDetected');
    },
  );

  it.each([
    '/etc',
    '/',
    '/data/docs',
    'C:\\x',
    'C:/x',
    'C:x',
    'c:',
    '\\\\server\\share',
    '\\\\server\\share\\dir',
    '\\\\?\\C:\\x',
    '\\\\?\\UNC\\server\\share',
    '\\\\.\\pipe\\x',
    '\\\\.\\C:',
    '//server/x',
    '//?/C:/x',
  ])('%j → PathNotRelative', (input) => {
    expect(codeOf(() => toRelativeSegments(input, api))).toBe('PathNotRelative');
  });

  it.each(['a\0b', '\0', 'a/\0/..', '/etc\0'])('%j (NUL) → InvalidArgument', (input) => {
    expect(codeOf(() => toRelativeSegments(input, api))).toBe('InvalidArgument');
  });

  it('never names the root in its messages', () => {
    try {
      toRelativeSegments('../x', api);
      expect.unreachable();
    } catch (error) {
      expect((error as ToolError).message).not.toContain('/');
      expect((error as ToolError).fix.length).toBeGreaterThan(0);
    }
  });
});

describe('toRelativeSegments (win32 only)', () => {
  const win = path.win32;

  it('splits on backslashes and forward slashes', () => {
    expect(toRelativeSegments('a\\b', win)).toEqual(['a', 'b']);
    expect(toRelativeSegments('a\\b/c\\\\d\\', win)).toEqual(['a', 'b', 'c', 'd']);
    expect(toRelativeSegments('a\\.\\b\\..\\c', win)).toEqual(['a', 'c']);
  });

  it('detects traversal written with backslashes', () => {
    expect(codeOf(() => toRelativeSegments('..\\x', win))).toBe('PathTraversalDetected');
    expect(codeOf(() => toRelativeSegments('a\\..\\..\\x', win))).toBe('PathTraversalDetected');
    expect(codeOf(() => toRelativeSegments('a/..\\../x', win))).toBe('PathTraversalDetected');
  });

  it('treats dot runs that Windows trims to ".." as traversal', () => {
    for (const input of ['...', '....', '.. ', '.. .', '..\\...', 'a\\...\\..']) {
      expect(
        codeOf(() => toRelativeSegments(input, win)),
        JSON.stringify(input),
      ).toBe('PathTraversalDetected');
    }
  });

  it("rejects ':' (drive letters and alternate data streams)", () => {
    expect(codeOf(() => toRelativeSegments('a:b', win))).toBe('PathNotRelative');
    expect(codeOf(() => toRelativeSegments('notes\\file.txt:secret', win))).toBe('PathNotRelative');
    expect(codeOf(() => toRelativeSegments('dir/x::$DATA', win))).toBe('PathNotRelative');
  });

  it('rejects a backslash-rooted path', () => {
    expect(codeOf(() => toRelativeSegments('\\Windows\\System32', win))).toBe('PathNotRelative');
  });
});

describe('toRelativeSegments (posix only)', () => {
  const posix = path.posix;

  it('keeps backslashes and colons as part of a name', () => {
    expect(toRelativeSegments('a\\b', posix)).toEqual(['a\\b']);
    expect(toRelativeSegments('..\\x', posix)).toEqual(['..\\x']);
    expect(toRelativeSegments('notes/file:v2', posix)).toEqual(['notes', 'file:v2']);
  });

  it("keeps '...' as an ordinary name", () => {
    expect(toRelativeSegments('...', posix)).toEqual(['...']);
    expect(toRelativeSegments('a/.../b', posix)).toEqual(['a', '...', 'b']);
  });
});

describe('isWithin (posix)', () => {
  const api = path.posix;

  it('is true for the folder itself and anything below it', () => {
    expect(isWithin('/data/docs', '/data/docs', api)).toBe(true);
    expect(isWithin('/data/docs/', '/data/docs', api)).toBe(true);
    expect(isWithin('/data/docs/a', '/data/docs', api)).toBe(true);
    expect(isWithin('/data/docs/a/b/c', '/data/docs/', api)).toBe(true);
    expect(isWithin('/data/docs/..hidden', '/data/docs', api)).toBe(true);
    expect(isWithin('/anything/at/all', '/', api)).toBe(true);
  });

  it('compares by segment, not string prefix (CVE-2025-53110)', () => {
    expect(isWithin('/data/docs-evil', '/data/docs', api)).toBe(false);
    expect(isWithin('/data/docs_sensitive', '/data/docs', api)).toBe(false);
    expect(isWithin('/data/docs_sensitive/secret.txt', '/data/docs', api)).toBe(false);
    expect(isWithin('/data/docsx/a', '/data/docs', api)).toBe(false);
  });

  it('is false for parents, siblings and paths that climb out', () => {
    expect(isWithin('/data', '/data/docs', api)).toBe(false);
    expect(isWithin('/', '/data/docs', api)).toBe(false);
    expect(isWithin('/data/other', '/data/docs', api)).toBe(false);
    expect(isWithin('/data/docs/../other', '/data/docs', api)).toBe(false);
  });

  it('is case-sensitive', () => {
    expect(isWithin('/Data/Docs/a', '/data/docs', api)).toBe(false);
  });
});

describe('isWithin (win32)', () => {
  const api = path.win32;

  it('compares by segment, not string prefix (CVE-2025-53110)', () => {
    expect(isWithin('C:\\Data\\Docs-evil', 'C:\\data\\docs', api)).toBe(false);
    expect(isWithin('C:\\data\\docs_sensitive\\x', 'C:\\data\\docs', api)).toBe(false);
  });

  it('ignores case and separator style', () => {
    expect(isWithin('C:\\DATA\\DOCS', 'C:\\data\\docs', api)).toBe(true);
    expect(isWithin('c:\\Data\\Docs\\Sub\\f.txt', 'C:\\data\\docs', api)).toBe(true);
    expect(isWithin('C:/data/docs/sub', 'C:\\data\\docs', api)).toBe(true);
  });

  it('is false for another drive or a UNC path', () => {
    expect(isWithin('D:\\data\\docs', 'C:\\data\\docs', api)).toBe(false);
    expect(isWithin('D:\\data\\docs\\x', 'C:\\data\\docs', api)).toBe(false);
    expect(isWithin('\\\\server\\share\\data\\docs', 'C:\\data\\docs', api)).toBe(false);
  });

  it('is false for parents and climbs', () => {
    expect(isWithin('C:\\data', 'C:\\data\\docs', api)).toBe(false);
    expect(isWithin('C:\\', 'C:\\data\\docs', api)).toBe(false);
    expect(isWithin('C:\\data\\docs\\..\\other', 'C:\\data\\docs', api)).toBe(false);
  });

  it('handles UNC roots', () => {
    expect(isWithin('\\\\server\\share\\a', '\\\\server\\share', api)).toBe(true);
    expect(isWithin('\\\\server\\share2\\a', '\\\\server\\share', api)).toBe(false);
  });
});

describe('isSamePath', () => {
  it('is case-insensitive on win32 and case-sensitive on posix', () => {
    expect(isSamePath('C:\\Data\\Docs', 'c:\\data\\docs\\', path.win32)).toBe(true);
    expect(isSamePath('C:\\data\\docs', 'D:\\data\\docs', path.win32)).toBe(false);
    expect(isSamePath('/data/docs', '/data/docs/', path.posix)).toBe(true);
    expect(isSamePath('/data/Docs', '/data/docs', path.posix)).toBe(false);
    expect(isSamePath('/data/docs', '/data/docs-evil', path.posix)).toBe(false);
  });
});

describe('resolveStartFolder (real folders and links)', () => {
  let base: string;
  let root: string;
  let outside: string;
  let sibling: string;

  beforeAll(() => {
    base = makeTempDir('fg-guard-');
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    sibling = path.join(base, 'root-evil');
    fs.mkdirSync(path.join(root, 'inside', 'deep'), { recursive: true });
    fs.mkdirSync(outside);
    fs.mkdirSync(sibling);
    fs.writeFileSync(path.join(root, 'file.txt'), 'x');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    fs.symlinkSync(path.join(root, 'inside'), path.join(root, 'link-in-abs'));
    fs.symlinkSync('inside/deep', path.join(root, 'link-in-rel'));
    fs.symlinkSync('link-in-rel', path.join(root, 'chain-in'));
    fs.symlinkSync('.', path.join(root, 'link-self'));
    fs.symlinkSync(outside, path.join(root, 'link-out'));
    fs.symlinkSync('../outside', path.join(root, 'link-out-rel'));
    fs.symlinkSync('link-out', path.join(root, 'chain-out'));
    fs.symlinkSync('..', path.join(root, 'link-parent'));
    fs.symlinkSync('../root-evil', path.join(root, 'link-sibling'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link-file-out'));
    fs.symlinkSync('missing', path.join(root, 'dangling'));
    fs.symlinkSync('loop-b', path.join(root, 'loop-a'));
    fs.symlinkSync('loop-a', path.join(root, 'loop-b'));
    fs.symlinkSync('loop-self', path.join(root, 'loop-self'));
    fs.symlinkSync(root, path.join(root, 'inside', 'back-to-root'));
    fs.symlinkSync(path.join(outside), path.join(root, 'inside', 'out'));
  });

  afterAll(() => {
    removeTempDir(base);
  });

  const resolve = (rel: string) => resolveStartFolder(root, toRelativeSegments(rel, path), rel);

  it('resolves the root and plain folders to their realpath', () => {
    expect(resolve('')).toBe(root);
    expect(resolve('inside')).toBe(path.join(root, 'inside'));
    expect(resolve('inside/deep')).toBe(path.join(root, 'inside', 'deep'));
  });

  it('follows links that stay inside the root', () => {
    expect(resolve('link-in-abs')).toBe(path.join(root, 'inside'));
    expect(resolve('link-in-rel')).toBe(path.join(root, 'inside', 'deep'));
    expect(resolve('chain-in')).toBe(path.join(root, 'inside', 'deep'));
    expect(resolve('link-self')).toBe(root);
    expect(resolve('inside/back-to-root')).toBe(root);
    expect(resolve('link-in-abs/deep')).toBe(path.join(root, 'inside', 'deep'));
  });

  it.each([
    'link-out',
    'link-out-rel',
    'chain-out',
    'link-parent',
    'link-sibling',
    'inside/out',
    'link-in-abs/out',
  ])('%s → SymlinkEscapeDetected (CVE-2025-53109)', (rel) => {
    expect(codeOf(() => resolve(rel))).toBe('SymlinkEscapeDetected');
  });

  it('does not tell whether a file behind an escaping link exists', () => {
    expect(codeOf(() => resolve('link-file-out'))).toBe('SymlinkEscapeDetected');
  });

  it('dangling link and missing path → PathNotFound', () => {
    expect(codeOf(() => resolve('dangling'))).toBe('PathNotFound');
    expect(codeOf(() => resolve('no-such-folder'))).toBe('PathNotFound');
    expect(codeOf(() => resolve('inside/no/such'))).toBe('PathNotFound');
  });

  it('a file → NotADirectory', () => {
    expect(codeOf(() => resolve('file.txt'))).toBe('NotADirectory');
    expect(codeOf(() => resolve('file.txt/below'))).toBe('NotADirectory');
  });

  it('a loop of links → SymlinkEscapeDetected', () => {
    expect(codeOf(() => resolve('loop-a'))).toBe('SymlinkEscapeDetected');
    expect(codeOf(() => resolve('loop-self'))).toBe('SymlinkEscapeDetected');
  });

  it('never puts the absolute root into its messages', () => {
    for (const rel of ['link-out', 'dangling', 'file.txt', 'loop-a']) {
      try {
        resolve(rel);
        expect.unreachable();
      } catch (error) {
        const e = error as ToolError;
        expect(e.message).toContain(rel);
        expect(`${e.message} ${e.fix}`).not.toContain(base);
      }
    }
  });
});

describe('resolveStartFolder: escape is decided from the link, not from what lies behind it', () => {
  let base: string;
  let root: string;
  let outside: string;

  beforeAll(() => {
    base = makeTempDir('fg-probe-');
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    fs.mkdirSync(path.join(root, 'inside', 'deep'), { recursive: true });
    fs.mkdirSync(path.join(root, 'inside', 'x'));
    fs.mkdirSync(path.join(outside, 'exists'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'exists.txt'), 'secret');
    fs.symlinkSync(outside, path.join(root, 'out'));
    fs.symlinkSync('../outside', path.join(root, 'out-rel'));
    fs.symlinkSync(path.join(outside, 'nothing'), path.join(root, 'dangling-out'));
    fs.symlinkSync('../outside/nothing', path.join(root, 'dangling-out-rel'));
    fs.symlinkSync('../../nowhere/at/all', path.join(root, 'dangling-far'));
    fs.symlinkSync('chain-2', path.join(root, 'chain-1'));
    fs.symlinkSync('out', path.join(root, 'chain-2'));
    fs.symlinkSync('inside/../inside/deep', path.join(root, 'dotdot-in'));
    fs.symlinkSync('inside/../../outside', path.join(root, 'dotdot-out'));
    fs.symlinkSync('inside/deep', path.join(root, 'to-deep'));
    // Physically '..' of to-deep is 'inside', so this is inside/x (lexically it would be ./x).
    fs.symlinkSync('to-deep/../x', path.join(root, 'dotdot-after-link'));
    fs.symlinkSync('../../outside', path.join(root, 'inside', 'up-out'));
  });

  afterAll(() => {
    removeTempDir(base);
  });

  const resolve = (rel: string) => resolveStartFolder(root, toRelativeSegments(rel, path), rel);

  it.each([
    ['out/exists', 'out/missing'],
    ['out/exists.txt', 'out/missing.txt'],
    ['out-rel/exists', 'out-rel/missing'],
    ['out/exists/below', 'out/missing/below'],
    ['chain-1/exists', 'chain-1/missing'],
    ['inside/up-out/exists', 'inside/up-out/missing'],
  ])('%s and %s get the same answer: SymlinkEscapeDetected', (existing, missing) => {
    expect(fs.existsSync(path.join(root, existing))).toBe(!existing.endsWith('below'));
    expect(codeOf(() => resolve(existing))).toBe('SymlinkEscapeDetected');
    expect(codeOf(() => resolve(missing))).toBe('SymlinkEscapeDetected');
  });

  it.each(['dangling-out', 'dangling-out-rel', 'dangling-far', 'dangling-out/x', 'chain-2'])(
    'a link out of the root is an escape even when its target does not exist: %s',
    (rel) => {
      expect(codeOf(() => resolve(rel))).toBe('SymlinkEscapeDetected');
    },
  );

  it("'..' in a link target: inside stays inside, physically as the OS resolves it", () => {
    expect(resolve('dotdot-in')).toBe(path.join(root, 'inside', 'deep'));
    expect(resolve('dotdot-after-link')).toBe(path.join(root, 'inside', 'x'));
    expect(fs.realpathSync.native(path.join(root, 'dotdot-after-link'))).toBe(
      path.join(root, 'inside', 'x'),
    );
    expect(codeOf(() => resolve('dotdot-out'))).toBe('SymlinkEscapeDetected');
    expect(codeOf(() => resolve('dotdot-out/missing'))).toBe('SymlinkEscapeDetected');
  });

  it('still tells a missing path inside the root apart (PathNotFound)', () => {
    expect(codeOf(() => resolve('inside/missing'))).toBe('PathNotFound');
    expect(codeOf(() => resolve('to-deep/missing'))).toBe('PathNotFound');
  });
});

describe('fsError', () => {
  it.each([
    ['ENOENT', 'PathNotFound'],
    ['ENOTDIR', 'NotADirectory'],
    ['EACCES', 'AccessDenied'],
    ['EPERM', 'AccessDenied'],
    ['ELOOP', 'SymlinkEscapeDetected'],
    ['ENAMETOOLONG', 'PathTooLong'],
    ['EIO', 'IOFailure'],
  ])('%s → %s', (errno, code) => {
    const error = Object.assign(new Error(errno), { code: errno });
    expect(fsError(error, 'a/b').code).toBe(code);
    expect(fsError(error, 'a/b').message).toContain("'a/b'");
  });

  it('maps an unknown error to IOFailure', () => {
    expect(fsError(new Error('x'), 'a').code).toBe('IOFailure');
    expect(fsError(undefined, 'a').code).toBe('IOFailure');
  });
});
