import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRootsService, type RootsService } from './folders-service.js';
import { createSettingsStore, type SettingsStore } from '#appdata/settings/settings-store.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';

let tmp: string;
let home: string;
let store: SettingsStore;
let roots: RootsService;

beforeEach(async () => {
  tmp = makeTempDir('fg-roots-');
  home = path.join(tmp, 'home');
  for (const d of ['home/docs', 'home/photos/2024', 'a/docs', 'b/docs', 'appdata'])
    fs.mkdirSync(path.join(tmp, d), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'home', 'note.txt'), 'x');
  store = createSettingsStore(path.join(tmp, 'appdata'));
  await store.load();
  roots = createRootsService(store, { home });
});
afterEach(() => removeTempDir(tmp));

const at = (...p: string[]) => path.join(tmp, ...p);
const onDisk = () =>
  JSON.parse(fs.readFileSync(store.file, 'utf8')) as {
    roots: unknown[];
    defaultRoot: string | null;
  };

describe('roots: add and check', () => {
  it('adds a folder by its realpath with its name and makes the first one the default', async () => {
    const list = await roots.add(`${at('home', 'docs')}${path.sep}`);
    expect(list).toEqual([
      {
        path: at('home', 'docs'),
        name: 'docs',
        isDefault: true,
        state: 'ok',
        nowAt: null,
        warnings: [],
      },
    ]);
    // With the identity of the folder chosen (device and inode as decimal strings, realpath).
    const st = fs.statSync(at('home', 'docs'), { bigint: true });
    expect(onDisk().roots).toEqual([
      {
        path: at('home', 'docs'),
        name: 'docs',
        identity: { dev: st.dev.toString(), ino: st.ino.toString(), real: at('home', 'docs') },
      },
    ]);
  });

  it('suggests a unique name and accepts a given one', async () => {
    await roots.add(at('a', 'docs'));
    expect((await roots.check(at('b', 'docs'))).suggestedName).toBe('docs 2');
    const list = await roots.add(at('b', 'docs'), '  Work docs ');
    expect(list.map((r) => r.name)).toEqual(['docs', 'Work docs']);
    await expect(roots.add(at('home', 'docs'), 'DOCS')).rejects.toThrow(/already named 'DOCS'/);
  });

  it('rejects a duplicate, also through a symlink or a non-normalized path', async () => {
    await roots.add(at('a', 'docs'));
    fs.symlinkSync(at('a', 'docs'), at('link'));
    for (const same of [at('link'), `${at('b')}/../a/./docs`]) {
      const check = await roots.check(same);
      expect(check).toMatchObject({
        ok: false,
        path: at('a', 'docs'),
        error: "This folder is already allowed as 'docs'.",
      });
      await expect(roots.add(same)).rejects.toMatchObject({
        code: 'InvalidFolder',
        message: "This folder is already allowed as 'docs'.",
      });
    }
    expect(onDisk().roots).toHaveLength(1);
  });

  it('rejects what is not an existing folder, with a clear message', async () => {
    expect(await roots.check(at('nope'))).toMatchObject({
      ok: false,
      error: 'This folder does not exist.',
    });
    expect(await roots.check(at('home', 'note.txt'))).toMatchObject({
      ok: false,
      error: 'This is a file, not a folder.',
    });
    expect(await roots.check('relative/dir')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/full path/),
    });
    expect(await roots.check('   ')).toMatchObject({
      ok: false,
      error: 'Type the full path of a folder.',
    });
    await expect(roots.add(at('nope'))).rejects.toMatchObject({
      code: 'InvalidFolder',
      message: 'This folder does not exist.',
    });
    expect(fs.existsSync(store.file)).toBe(false);
  });

  it('warns about (and asks before) the home folder and a whole drive; refuses a nested folder', async () => {
    expect(await roots.check(home)).toMatchObject({
      risk: 'home',
      warnings: [expect.stringMatching(/whole home folder/)],
    });
    expect(await roots.check('/')).toMatchObject({
      ok: true,
      risk: 'drive',
      warnings: [expect.stringMatching(/whole drive/)],
    });
    expect(await roots.check('/etc')).toMatchObject({ ok: true, risk: 'system' });
    await roots.add(at('home', 'photos'));
    expect(await roots.check(at('home', 'photos', '2024'))).toMatchObject({
      ok: false,
      error: "Already included in 'photos': AI apps can search this folder already.",
      risk: null,
    });
    await expect(roots.add(at('home', 'photos', '2024'))).rejects.toMatchObject({
      code: 'InvalidFolder',
    });
    expect((await roots.check(at('home', 'docs'))).risk).toBeNull();
    const list = await roots.add(home);
    const byName = Object.fromEntries(list.map((r) => [r.name, r.warnings]));
    expect(byName.home).toEqual([
      expect.stringMatching(/whole home folder/),
      "This folder contains 'photos', which is already allowed.",
    ]);
    expect(byName.photos).toEqual(["This folder is inside 'home', which is already allowed."]);
  });
});

describe('roots: rename, default, remove, state', () => {
  it('renames, moves the default and removes', async () => {
    await roots.add(at('a', 'docs'));
    await roots.add(at('b', 'docs'));
    let list = await roots.rename(at('b', 'docs'), 'B');
    expect(list.map((r) => r.name)).toEqual(['docs', 'B']);
    await expect(roots.rename(at('a', 'docs'), 'b')).rejects.toThrow(/already named 'b'/);
    list = await roots.setDefault(at('b', 'docs'));
    expect(list.map((r) => r.isDefault)).toEqual([false, true]);
    expect(onDisk().defaultRoot).toBe(at('b', 'docs'));
    list = await roots.remove(at('b', 'docs'));
    expect(list).toEqual([expect.objectContaining({ name: 'docs', isDefault: true })]);
    expect(onDisk().defaultRoot).toBeNull();
    await expect(roots.remove(at('b', 'docs'))).rejects.toMatchObject({ code: 'NotFound' });
    await expect(roots.setDefault(at('nope'))).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('shows a folder that went missing or became a file', async () => {
    await roots.add(at('a', 'docs'));
    await roots.add(at('b', 'docs'));
    fs.rmSync(at('a', 'docs'), { recursive: true });
    fs.rmSync(at('b', 'docs'), { recursive: true });
    fs.writeFileSync(at('b', 'docs'), 'now a file');
    expect((await roots.list()).map((r) => r.state)).toEqual(['missing', 'not-a-folder']);
  });
});

describe('roots: a folder moved or replaced since it was chosen', () => {
  const file = () => path.join(tmp, 'appdata', 'settings.json');
  const saved = () =>
    (JSON.parse(fs.readFileSync(file(), 'utf8')) as { roots: Record<string, unknown>[] }).roots;

  it('shows a folder above it swapped for a link as replaced, with where it leads now', async () => {
    const docs = path.join(tmp, 'a', 'docs');
    await roots.add(docs);
    fs.mkdirSync(path.join(tmp, 'elsewhere', 'docs'), { recursive: true });
    fs.renameSync(path.join(tmp, 'a'), path.join(tmp, 'a.real'));
    fs.symlinkSync(path.join(tmp, 'elsewhere'), path.join(tmp, 'a'));
    const [root] = await roots.list();
    expect(root).toMatchObject({ state: 'replaced', nowAt: path.join(tmp, 'elsewhere', 'docs') });
    // Put back: the very folder chosen, at its place, is fine again.
    fs.unlinkSync(path.join(tmp, 'a'));
    fs.renameSync(path.join(tmp, 'a.real'), path.join(tmp, 'a'));
    expect((await roots.list())[0]).toMatchObject({ state: 'ok', nowAt: null });
  });

  it('confirms the folder now there only if it is still the one the person saw', async () => {
    const docs = path.join(tmp, 'a', 'docs');
    await roots.add(docs);
    const before = saved()[0]!.identity as { ino: string };
    fs.renameSync(docs, path.join(tmp, 'a', 'old-docs'));
    fs.mkdirSync(docs);
    expect((await roots.list())[0]).toMatchObject({ state: 'replaced', nowAt: docs });
    await expect(roots.confirm(docs, path.join(tmp, 'b', 'docs'))).rejects.toMatchObject({
      code: 'InvalidFolder',
    });
    expect(saved()[0]!.identity).toEqual(before);
    const list = await roots.confirm(docs, docs);
    expect(list[0]).toMatchObject({ state: 'ok', nowAt: null });
    expect(saved()[0]!.identity).toEqual({
      dev: fs.statSync(docs, { bigint: true }).dev.toString(),
      ino: fs.statSync(docs, { bigint: true }).ino.toString(),
      real: docs,
    });
  });

  it('records the identity of folders from before (trust on first use), keeping every other key', async () => {
    const docs = path.join(tmp, 'a', 'docs');
    fs.writeFileSync(
      file(),
      JSON.stringify({
        version: 2,
        roots: [
          { path: docs, name: 'docs', colour: 'red' },
          { path: path.join(tmp, 'gone'), name: 'gone' },
        ],
      }),
    );
    await store.refresh();
    expect((await roots.list()).map((r) => r.state)).toEqual(['ok', 'missing']);
    await roots.recordIdentities();
    const written = fs.statSync(file()).mtimeMs;
    expect(saved()).toEqual([
      {
        path: docs,
        name: 'docs',
        colour: 'red',
        identity: expect.objectContaining({ real: docs }) as unknown,
      },
      { path: path.join(tmp, 'gone'), name: 'gone' },
    ]);
    // Only a folder that is not there is left without one: nothing more to write.
    const bytes = fs.readFileSync(file(), 'utf8');
    await roots.recordIdentities();
    expect(fs.readFileSync(file(), 'utf8')).toBe(bytes);
    expect(fs.statSync(file()).mtimeMs).toBe(written);
    // Renaming keeps the entry's other keys and its identity.
    await roots.rename(docs, 'Docs');
    expect(saved()[0]).toMatchObject({ name: 'Docs', colour: 'red', identity: { real: docs } });
  });
});

describe('roots: remove, and Undo', () => {
  it('puts a removed folder back at its place, as default, with every field it had', async () => {
    await roots.add(at('a', 'docs'));
    await roots.add(at('b', 'docs'));
    await roots.add(at('home', 'docs'), 'Home docs');
    await roots.setDefault(at('b', 'docs'));
    await store.update((s) => ({
      ...s,
      roots: s.roots.map((r) =>
        r.path === at('b', 'docs') ? { ...r, fileTypes: ['.pdf'], apps: ['cursor'], extra: 1 } : r,
      ),
    }));
    const before = onDisk();
    const { roots: after, undo } = await roots.removeUndoable(at('b', 'docs'));
    expect(after.map((r) => r.name)).toEqual(['docs', 'Home docs']);
    expect(onDisk().defaultRoot).toBeNull();
    const back = await roots.restore(undo);
    expect(back.map((r) => [r.name, r.isDefault])).toEqual([
      ['docs', false],
      ['docs 2', true],
      ['Home docs', false],
    ]);
    expect(onDisk()).toEqual(before);
    // Used up: a second Undo is refused, as is an id never given.
    await expect(roots.restore(undo)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(roots.restore('made-up')).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('refuses to put a folder back under a name another folder took meanwhile', async () => {
    await roots.add(at('a', 'docs'), 'Docs');
    const { undo } = await roots.removeUndoable(at('a', 'docs'));
    await roots.add(at('b', 'docs'), 'Docs');
    await expect(roots.restore(undo)).rejects.toMatchObject({ code: 'InvalidPayload' });
    await roots.rename(at('b', 'docs'), 'Other');
    // Back in its place, first.
    expect((await roots.restore(undo)).map((r) => r.name)).toEqual(['Docs', 'Other']);
  });
});
