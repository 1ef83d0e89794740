// The usual folders offered with one click, completion of a typed path, and "did you mean",
// against real folders in a temp home.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completeFolder, didYouMean, suggestFolders } from './folder-suggest.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';

let home: string;
beforeEach(() => {
  home = fs.realpathSync(makeTempDir('fg-suggest-'));
});
afterEach(() => removeTempDir(home));

function files(dir: string, names: string[]): void {
  for (const name of names) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), 'x');
  }
}

describe('suggestFolders', () => {
  it('offers the usual folders that exist, with their file counts, in a fixed order', async () => {
    files(path.join(home, 'Downloads'), ['a.zip']);
    files(path.join(home, 'Documents'), ['a.pdf', 'b/c.pdf', 'b/d/e.txt']);
    fs.mkdirSync(path.join(home, 'Pictures'));
    fs.writeFileSync(path.join(home, 'Desktop'), 'a file, not a folder');
    expect(await suggestFolders(home, [])).toEqual([
      { path: path.join(home, 'Documents'), name: 'Documents', files: 3, more: false },
      { path: path.join(home, 'Downloads'), name: 'Downloads', files: 1, more: false },
      { path: path.join(home, 'Pictures'), name: 'Pictures', files: 0, more: false },
    ]);
  });

  it('leaves out what is allowed or inside an allowed folder, and stops counting at the cap', async () => {
    files(path.join(home, 'Documents'), ['1', '2', '3', '4', '5', '6', '7']);
    fs.mkdirSync(path.join(home, 'Pictures'));
    fs.mkdirSync(path.join(home, 'Music'));
    expect(await suggestFolders(home, [path.join(home, 'Pictures')], 5)).toEqual([
      { path: path.join(home, 'Documents'), name: 'Documents', files: 5, more: true },
      { path: path.join(home, 'Music'), name: 'Music', files: 0, more: false },
    ]);
    // The home folder allowed: everything in it is included already.
    expect(await suggestFolders(home, [home])).toEqual([]);
  });

  it('reads the translated names of ~/.config/user-dirs.dirs (XDG)', async () => {
    fs.mkdirSync(path.join(home, 'Dokumente'));
    fs.mkdirSync(path.join(home, 'Documents'));
    fs.mkdirSync(path.join(home, '.config'), { recursive: true });
    fs.writeFileSync(
      path.join(home, '.config', 'user-dirs.dirs'),
      '# written by xdg-user-dirs-update\nXDG_DOCUMENTS_DIR="$HOME/Dokumente"\nXDG_DESKTOP_DIR="$HOME"\n',
    );
    expect((await suggestFolders(home, [])).map((s) => s.name)).toEqual(['Dokumente']);
  });
});

describe('completeFolder', () => {
  it('lists the subfolders named like the end of the typed path, hidden ones only when asked', async () => {
    for (const d of ['Documents', 'Downloads', 'desk', '.dotfiles', 'Pictures'])
      fs.mkdirSync(path.join(home, d));
    fs.writeFileSync(path.join(home, 'Diary.txt'), 'x');
    expect(await completeFolder(path.join(home, 'D'), home)).toEqual([
      path.join(home, 'desk'),
      path.join(home, 'Documents'),
      path.join(home, 'Downloads'),
    ]);
    expect(await completeFolder('~/Pic', home)).toEqual([path.join(home, 'Pictures')]);
    expect(await completeFolder(`${home}${path.sep}.d`, home)).toEqual([
      path.join(home, '.dotfiles'),
    ]);
    expect((await completeFolder(`${home}${path.sep}`, home)).length).toBe(4);
    expect(await completeFolder('Documents', home)).toEqual([]);
    expect(await completeFolder(path.join(home, 'nope', 'x'), home)).toEqual([]);
  });
});

describe('didYouMean', () => {
  it('finds a name in the home folder, and a folder that differs only in letter case', async () => {
    fs.mkdirSync(path.join(home, 'Documents', 'Taxes'), { recursive: true });
    expect(await didYouMean('Documents', home)).toBe(path.join(home, 'Documents'));
    expect(await didYouMean('documents', home)).toBe(path.join(home, 'Documents'));
    expect(await didYouMean(path.join(home, 'documents', ''), home)).toBe(
      path.join(home, 'Documents'),
    );
    expect(await didYouMean('~/Documents/taxes', home)).toBe(path.join(home, 'Documents', 'Taxes'));
    expect(await didYouMean(path.join(home, 'Documents'), home)).toBeNull();
    expect(await didYouMean('Nothing', home)).toBeNull();
  });
});
