import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderWarnings } from './folder-warnings.js';
import { isSamePath, isStrictlyInside, isWithin } from '#shared/text/path-compare.js';

const posix = (folder: string, others: Array<{ path: string; name: string }> = []) =>
  folderWarnings(folder, { home: '/home/me', others, api: path.posix });
const win = (folder: string, others: Array<{ path: string; name: string }> = []) =>
  folderWarnings(folder, { home: 'C:\\Users\\Me', others, api: path.win32 });

describe('path comparison by segment', () => {
  it('never treats a shared string prefix as nesting', () => {
    expect(isStrictlyInside('/data/foobar', '/data/foo', path.posix)).toBe(false);
    expect(isStrictlyInside('/data/foo/bar', '/data/foo', path.posix)).toBe(true);
    expect(isWithin('/data/foo', '/data/foo/', path.posix)).toBe(true);
    expect(isStrictlyInside('C:\\Data\\x', 'c:\\data', path.win32)).toBe(true);
    expect(isSamePath('D:\\data', 'C:\\data', path.win32)).toBe(false);
    expect(isStrictlyInside('D:\\data\\x', 'C:\\data', path.win32)).toBe(false);
  });
});

describe('folderWarnings', () => {
  it('warns about a whole drive or filesystem root', () => {
    expect(posix('/')).toEqual([expect.stringMatching(/whole drive/)]);
    expect(win('C:\\')).toEqual([expect.stringMatching(/whole drive/)]);
    expect(win('\\\\server\\share\\')).toEqual([expect.stringMatching(/whole drive/)]);
  });

  it('warns about the home folder itself and folders holding it, not about folders inside it', () => {
    expect(posix('/home/me')).toEqual([expect.stringMatching(/whole home folder/)]);
    expect(posix('/home')).toEqual([expect.stringMatching(/contains your home folder/)]);
    expect(win('c:\\users\\me')).toEqual([expect.stringMatching(/whole home folder/)]);
    expect(posix('/home/me/Documents')).toEqual([]);
    expect(posix('/home/meow')).toEqual([]);
  });

  it('warns about system folders', () => {
    expect(posix('/etc')).toEqual([expect.stringMatching(/system folder/)]);
    expect(posix('/usr/share/doc')).toEqual([expect.stringMatching(/system folder/)]);
    expect(posix('/System/Library')).toEqual([expect.stringMatching(/system folder/)]);
    expect(win('C:\\Windows\\System32')).toEqual([expect.stringMatching(/system folder/)]);
    expect(posix('/etcetera')).toEqual([]);
  });

  it('warns about a folder nested in another root or containing one', () => {
    const others = [{ path: '/data/projects', name: 'Projects' }];
    expect(posix('/data/projects/app', others)).toEqual([
      "This folder is inside 'Projects', which is already allowed.",
    ]);
    expect(posix('/data', others)).toEqual([
      "This folder contains 'Projects', which is already allowed.",
    ]);
    expect(posix('/data/projects-old', others)).toEqual([]);
    expect(posix('/data/projects', others)).toEqual([]);
  });
});
