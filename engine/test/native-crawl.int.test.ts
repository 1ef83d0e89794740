// The engine's native folder listing (native/fast-list.c through search/native-list.ts) and the
// crawl built on it (engine/native-crawl.ts), held to what Node's own readdir and lstat and the
// walker give on real folders: the same entries, kinds and times to the bit, the same index
// (names, flags, counts) on random trees with excludes, links and odd names, the depth ceiling,
// folders that cannot be read (as an unprivileged user), no link followed, the start folder's
// identity, cancellation, and no descriptor left open.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '#shared/tools/search-names.js';
import { REPO_ROOT } from '#testing/repo.js';
import { crawlInto, crawlRoot } from '#engine/crawl.js';
import { FLAG_NOT_ENTERED, FolderIndex } from '#engine/folder-index.js';
import { crawlNatively } from '#engine/native-crawl.js';
import {
  batchInvalidName,
  batchKind,
  batchLister,
  batchTimes,
  disableNativeList,
  enableNativeList,
  listWithTimes,
  NATIVE_LIST_FILE,
} from '#search/native-list.js';
import { nativeListModule } from '#engine/native-module.js';
import { differenceOf, NODE_LISTING } from '#testing/property/engine-sync.js';
import { randomExcludes } from '#testing/property/property-model.js';
import { buildRandomTree, createRng } from '#testing/property/property-tree.js';

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

beforeAll(() => {
  // Built by `npm run build` on Linux (engine/build.mjs); the tests need it.
  expect(
    enableNativeList(nativeListModule()),
    `${NATIVE_LIST_FILE} did not load or failed its self-check`,
  ).toBe(true);
});
afterAll(() => disableNativeList());

const openFolder = (dir: string) =>
  fs.openSync(dir, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);

const openDescriptors = () => fs.readdirSync('/proc/self/fd').length;

/** The reference: the walker with Node's readdir and lstat. */
async function walked(root: string, exclude: string[]): Promise<FolderIndex> {
  const ix = new FolderIndex();
  await crawlInto(ix, { rootReal: root, rootId: null, rel: '', exclude, access: NODE_LISTING });
  return ix;
}

async function natively(root: string, exclude: string[], rel = ''): Promise<FolderIndex> {
  const ix = new FolderIndex();
  if (rel !== '') {
    // The folders on the way, as the engine holds them before it crawls one below the root.
    let parent = 0;
    for (const name of rel.split('/')) parent = ix.put(parent, name, true, null);
  }
  expect(await crawlNatively(ix, { rootReal: root, rootId: null, rel, exclude })).toBe(true);
  return ix;
}

describe('the native listing', () => {
  let dir: string;
  const invalid = Buffer.from([0x66, 0xff, 0x2e, 0x74, 0x78, 0x74]); // "f\xFF.txt"
  let server: net.Server;

  beforeAll(async () => {
    dir = tempDir('fg-native-');
    fs.writeFileSync(path.join(dir, 'plain.txt'), 'hello');
    fs.utimesSync(path.join(dir, 'plain.txt'), 1_700_000_000.123, 1_700_000_000.987654);
    fs.mkdirSync(path.join(dir, 'folder'));
    fs.writeFileSync(path.join(dir, 'ä ünïcode.txt'), 'x');
    fs.writeFileSync(path.join(dir, '😀 emoji.txt'), 'xy');
    fs.writeFileSync(path.join(dir, '\uFEFFbom.txt'), '');
    fs.writeFileSync(path.join(dir, 'real \uFFFD replacement.txt'), 'z');
    fs.writeFileSync(Buffer.concat([Buffer.from(`${dir}/`), invalid]), 'bad name');
    fs.symlinkSync('plain.txt', path.join(dir, 'link-to-file'));
    fs.symlinkSync('folder', path.join(dir, 'link-to-folder'));
    fs.symlinkSync('missing', path.join(dir, 'dangling'));
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, 'socket'), resolve));
  });
  afterAll(() => server.close());

  it('lists a folder as Node does: names, kinds and lstat times to the bit', () => {
    const fd = openFolder(dir);
    try {
      const listed = listWithTimes(fd)!;
      const node = fs.readdirSync(dir, { withFileTypes: true });
      expect(listed.map((e) => e.name).sort()).toEqual(node.map((e) => e.name).sort());
      for (const n of node) {
        const l = listed.find((e) => e.name === n.name)!;
        for (const kind of [
          'isFile',
          'isDirectory',
          'isSymbolicLink',
          'isFIFO',
          'isSocket',
          'isCharacterDevice',
          'isBlockDevice',
        ] as const)
          expect(l[kind](), `${n.name} ${kind}`).toBe(n[kind]());
        if (n.name.includes('\uFFFD') && !n.name.startsWith('real')) continue; // not a real name
        const st = fs.lstatSync(path.join(dir, n.name));
        expect(l.times, n.name).toEqual({
          size: st.size,
          mtimeMs: st.mtimeMs,
          birthtimeMs: st.birthtimeMs,
        });
      }
    } finally {
      fs.closeSync(fd);
    }
  });

  it('lists folders on a pool thread, leaving out and counting names that are not UTF-8', async () => {
    const fd = openFolder(dir);
    try {
      const batch = await batchLister()!(Int32Array.of(fd, fd), ['', 'folder']);
      expect([...batch.errors]).toEqual([0, 0]);
      expect(batch.fds[0]).toBeGreaterThan(2);
      expect(batch.starts[2]! - batch.starts[1]!).toBe(0); // 'folder' is empty
      const entries = [];
      for (let i = batch.starts[0]!; i < batch.starts[1]!; i++) {
        entries.push({
          name: batch.names[i],
          kind: batchKind(batch, i),
          invalid: batchInvalidName(batch, i),
          times: batchTimes(batch, i, { size: 0, mtimeMs: 0, birthtimeMs: 0 }),
        });
      }
      // The one name that is not UTF-8 is flagged; one that contains U+FFFD as real text is not.
      expect(entries.filter((e) => e.invalid)).toHaveLength(1);
      expect(entries.find((e) => e.name === 'real \uFFFD replacement.txt')!.invalid).toBe(false);
      const kinds = Object.fromEntries(
        entries.filter((e) => !e.invalid).map((e) => [e.name, e.kind]),
      );
      expect(kinds).toEqual({
        'plain.txt': 'file',
        folder: 'directory',
        'ä ünïcode.txt': 'file',
        '😀 emoji.txt': 'file',
        '\uFEFFbom.txt': 'file',
        'real \uFFFD replacement.txt': 'file',
        'link-to-file': 'other',
        'link-to-folder': 'other',
        dangling: 'other',
        fifo: 'other',
        socket: 'other',
      });
      const plain = entries.find((e) => e.name === 'plain.txt')!;
      const st = fs.lstatSync(path.join(dir, 'plain.txt'));
      expect(plain.times).toEqual({ size: 5, mtimeMs: st.mtimeMs, birthtimeMs: st.birthtimeMs });
      for (const opened of batch.fds) fs.closeSync(opened);
    } finally {
      fs.closeSync(fd);
    }
  });

  it('opens a folder by name without following a link, and says why it cannot', async () => {
    const fd = openFolder(dir);
    try {
      const batch = await batchLister()!(Int32Array.of(fd, fd, fd), [
        'link-to-folder',
        'plain.txt',
        'gone',
      ]);
      expect([...batch.errors]).toEqual([
        os.constants.errno.ENOTDIR, // O_NOFOLLOW | O_DIRECTORY on a link: not followed
        os.constants.errno.ENOTDIR,
        os.constants.errno.ENOENT,
      ]);
      expect([...batch.fds]).toEqual([-1, -1, -1]);
      expect(batch.names).toEqual([]);
      // Listed now, a descriptor that is not a folder's throws its errno, as readdir would.
      const file = fs.openSync(path.join(dir, 'plain.txt'), 'r');
      try {
        expect(() => listWithTimes(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
      } finally {
        fs.closeSync(file);
      }
    } finally {
      fs.closeSync(fd);
    }
  });
});

describe('the native crawl', () => {
  afterEach(() => expect(openDescriptors()).toBeLessThanOrEqual(baseline + 1));
  let baseline = 0;
  beforeAll(() => {
    baseline = openDescriptors();
  });

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: fills the index exactly as the walker does (excludes, links, odd names)`, async () => {
      const root = tempDir(`fg-native-tree-${seed}-`);
      const rng = createRng(seed * 31);
      buildRandomTree(root, rng, { maxDepth: 5, maxEntries: 400, maxChildren: 12, links: true });
      fs.writeFileSync(
        Buffer.concat([Buffer.from(`${root}/`), Buffer.from([0x61, 0xc0, 0x80])]),
        '',
      );
      const exclude = randomExcludes(rng);
      expect(differenceOf(await natively(root, exclude), await walked(root, exclude))).toBe('');
    });
  }

  it('crawls a folder below the root with the root-relative excludes', async () => {
    const root = tempDir('fg-native-below-');
    buildRandomTree(root, createRng(77));
    fs.mkdirSync(path.join(root, 'below', 'skip', 'deep'), { recursive: true });
    fs.writeFileSync(path.join(root, 'below', 'skip', 'deep', 'x.txt'), 'x');
    fs.writeFileSync(path.join(root, 'below', 'kept.txt'), 'x');
    const exclude = ['below/skip'];
    const whole = await walked(root, exclude);
    const below = await natively(root, exclude, 'below');
    expect(below.find('below/kept.txt')).not.toBe(-1);
    expect(below.find('below/skip')).toBe(-1);
    expect(whole.find('below/skip')).toBe(-1);
  });

  it('stops at the depth ceiling where the walker stops', async () => {
    const root = tempDir('fg-native-deep-');
    const levels = SEARCH_LIMITS.maxDepthCeiling + 3;
    const rel = Array.from({ length: levels }, () => 'd').join('/');
    fs.mkdirSync(path.join(root, rel), { recursive: true });
    fs.writeFileSync(path.join(root, rel, 'bottom.txt'), 'x');
    const ix = await natively(root, []);
    expect(differenceOf(ix, await walked(root, []))).toBe('');
    const last = ix.find(
      Array.from({ length: SEARCH_LIMITS.maxDepthCeiling + 1 }, () => 'd').join('/'),
    );
    expect(last).not.toBe(-1);
    expect(ix.flags[last]! & FLAG_NOT_ENTERED).toBe(FLAG_NOT_ENTERED);
  });

  it('opens only the folder the person chose as the root', async () => {
    const root = tempDir('fg-native-root-');
    fs.writeFileSync(path.join(root, 'a.txt'), 'x');
    const st = fs.statSync(root, { bigint: true });
    const ix = new FolderIndex();
    await expect(
      crawlNatively(ix, {
        rootReal: root,
        rootId: { dev: st.dev.toString(), ino: (st.ino + 1n).toString() },
        rel: '',
        exclude: [],
      }),
    ).rejects.toMatchObject({ code: 'EREPLACED' });
  });

  it('throws what reading the crawled folder throws, and crawlRoot says how it crawled', async () => {
    const root = tempDir('fg-native-gone-');
    fs.writeFileSync(path.join(root, 'a.txt'), 'x');
    const ix = new FolderIndex();
    expect(await crawlRoot(ix, { rootReal: root, rootId: null, rel: '', exclude: [] }, null)).toBe(
      'natively',
    );
    fs.rmSync(root, { recursive: true });
    await expect(
      crawlNatively(new FolderIndex(), { rootReal: root, rootId: null, rel: '', exclude: [] }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops when cancelled, with every descriptor closed', async () => {
    const root = tempDir('fg-native-cancel-');
    for (let t = 0; t < 40; t++)
      for (let s = 0; s < 5; s++) {
        fs.mkdirSync(path.join(root, `t${t}`, `s${s}`), { recursive: true });
        fs.writeFileSync(path.join(root, `t${t}`, `s${s}`, 'f.txt'), 'x');
      }
    const abort = new AbortController();
    const ix = new FolderIndex();
    const crawl = crawlNatively(ix, {
      rootReal: root,
      rootId: null,
      rel: '',
      exclude: [],
      signal: abort.signal,
      onProgress: () => {},
    });
    abort.abort();
    await expect(crawl).rejects.toMatchObject({ name: 'AbortError' });
    expect(ix.files).toBeLessThan(200);
  });
});

describe('the native crawl as an unprivileged user', () => {
  it('flags unreadable folders and entries exactly as the walker does', async () => {
    const base = tempDir('fg-native-perm-');
    fs.chmodSync(base, 0o755);
    const root = path.join(base, 'root');
    for (const f of ['ok/file.txt', 'locked/secret.txt', 'noexec/hidden.txt', 'z.txt']) {
      fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      fs.writeFileSync(path.join(root, f), 'x');
    }
    fs.chmodSync(path.join(root, 'locked'), 0o000);
    fs.chmodSync(path.join(root, 'noexec'), 0o644); // names readable, entries not stat-able
    // A script that crawls both ways and prints the difference, run as nobody (root reads all).
    const script = path.join(base, 'compare.mjs');
    const source = path.join(base, 'compare.ts');
    fs.writeFileSync(
      source,
      [
        `import { crawlInto } from ${JSON.stringify(path.join(REPO_ROOT, 'engine/src/crawl.ts'))};`,
        `import { FolderIndex } from ${JSON.stringify(path.join(REPO_ROOT, 'engine/src/folder-index.ts'))};`,
        `import { crawlNatively } from ${JSON.stringify(path.join(REPO_ROOT, 'engine/src/native-crawl.ts'))};`,
        `import { enableNativeList } from ${JSON.stringify(path.join(REPO_ROOT, 'search/native-list.ts'))};`,
        `import { differenceOf, NODE_LISTING } from ${JSON.stringify(path.join(REPO_ROOT, 'testing/property/engine-sync.ts'))};`,
        `const spec = { rootReal: process.argv[2], rootId: null, rel: '', exclude: [] };`,
        `if (!enableNativeList(${JSON.stringify(path.join(base, NATIVE_LIST_FILE))})) throw new Error('no native listing');`,
        `const a = new FolderIndex(); await crawlNatively(a, spec);`,
        `const b = new FolderIndex(); await crawlInto(b, { ...spec, access: NODE_LISTING });`,
        `console.log(JSON.stringify({ difference: differenceOf(a, b), files: a.files, folders: a.folders }));`,
      ].join('\n'),
    );
    await build({
      entryPoints: [source],
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'error',
      banner: {
        js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);",
      },
    });
    fs.copyFileSync(nativeListModule(), path.join(base, NATIVE_LIST_FILE));
    fs.chmodSync(script, 0o644);
    const asNobody =
      process.getuid?.() === 0
        ? [
            'setpriv',
            ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, script, root],
          ]
        : [process.execPath, [script, root]];
    const run = spawnSync(asNobody[0] as string, asNobody[1] as string[], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { difference: string; files: number; folders: number };
    expect(out.difference).toBe('');
    // ok/file.txt and z.txt; noexec/hidden.txt is listed but cannot be stat'ed (counted as such).
    expect(out).toMatchObject({ files: 3, folders: 3 });
  });
});
