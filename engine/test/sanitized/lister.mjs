// The child process of engine/test/fast-list-sanitized.int.test.ts, run under AddressSanitizer and
// UndefinedBehaviorSanitizer: it loads a sanitized build of fast-list.c directly and calls it as
// search/native-list.ts does (list(fd), listBatch(parentFds, names, callback)) on hostile folders,
// holding every entry to what Node's readdir and lstat say of the same folder. Node is asked
// through /proc/self/fd/<fd>, so a folder 300 levels down with 255-byte names is as easy to check
// as the first. It prints one JSON line: what it compared, and every difference.
//   node lister.mjs <module.node> still <folder>      odd names, many entries, a deep tree
//   node lister.mjs <module.node> arguments <folder>  calls no caller makes: each must fail cleanly
//   node lister.mjs <module.node> race <folder>       folders swapped for links while listed
import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const [modulePath, phase, base] = process.argv.slice(2);
const native = createRequire(import.meta.url)(modulePath);

/** fast-list.c's flag on an entry whose name is not UTF-8, and its stats per entry. */
const INVALID_NAME = 0x80;
const STATS = 6;
const { ENOENT, ENOTDIR, ELOOP } = os.constants.errno;

/** fast-list.c's kind of an entry, from Node's Dirent. */
function kindOf(dirent) {
  if (dirent.isFile()) return 1;
  if (dirent.isDirectory()) return 2;
  if (dirent.isSymbolicLink()) return 3;
  if (dirent.isFIFO()) return 4;
  if (dirent.isSocket()) return 5;
  if (dirent.isCharacterDevice()) return 6;
  if (dirent.isBlockDevice()) return 7;
  return 0;
}

/** The folder open at `fd` (or `name` in it) as a path Node can use at any depth. */
const viaFd = (fd, name) =>
  name === undefined
    ? `/proc/self/fd/${fd}`
    : Buffer.concat([Buffer.from(`/proc/self/fd/${fd}/`), name]);

/** A time as Node's bigint stats give it, from the seconds and nanoseconds the module gives. */
const nanos = (sec, nsec) => BigInt(sec) * 1_000_000_000n + BigInt(nsec);

/** The six numbers of one entry (or folder) against Node's bigint lstat of it. */
function statDifferences(what, s, st) {
  const got = [s[0], BigInt(s[1]), nanos(s[2], s[3]), nanos(s[4], s[5])];
  const want = [0, st.size, st.mtimeNs, st.birthtimeNs];
  return ['status', 'size', 'modified', 'created'].flatMap((field, k) =>
    got[k] === want[k] ? [] : [`${what}: ${field} ${got[k]}, Node says ${want[k]}`],
  );
}

const compared = { folders: 0, entries: 0 };

/**
 * Differences between folder `r` of a raw listing and what Node says of the folder open at `fd`:
 * the same names (as bytes where they are UTF-8; flagged where they are not), kinds, sizes and
 * times to the nanosecond, and the folder's own stats.
 */
function compare(label, fd, raw, r) {
  const [errors, , starts, names, kinds, stats, folderStats] = raw;
  if (errors[r] !== 0) return [`${label}: error ${errors[r]}`];
  const out = [];
  const listed = new Map();
  for (let i = starts[r]; i < starts[r + 1]; i++) {
    if (listed.has(names[i])) out.push(`${label}: ${JSON.stringify(names[i])} listed twice`);
    listed.set(names[i], i);
  }
  const node = fs.readdirSync(viaFd(fd), { encoding: 'buffer', withFileTypes: true });
  if (node.length !== starts[r + 1] - starts[r])
    out.push(`${label}: ${starts[r + 1] - starts[r]} listed, Node lists ${node.length}`);
  for (const dirent of node) {
    const bytes = dirent.name;
    const what = `${label}: ${bytes.toString('hex')}`;
    // A name that is not UTF-8 comes back as V8 decodes it, as Node's readdir decodes it.
    const i = listed.get(bytes.toString('utf8'));
    if (i === undefined) {
      out.push(`${what} not listed`);
      continue;
    }
    const valid = isUtf8(bytes);
    if (valid && !Buffer.from(names[i], 'utf8').equals(bytes)) out.push(`${what} named otherwise`);
    if (((kinds[i] & INVALID_NAME) === 0) !== valid) out.push(`${what} flagged wrongly`);
    if ((kinds[i] & ~INVALID_NAME) !== kindOf(dirent))
      out.push(`${what}: kind ${kinds[i] & ~INVALID_NAME}, Node says ${kindOf(dirent)}`);
    const st = fs.lstatSync(viaFd(fd, bytes), { bigint: true });
    out.push(...statDifferences(what, stats.subarray(i * STATS, (i + 1) * STATS), st));
  }
  const own = folderStats.subarray(r * STATS, (r + 1) * STATS);
  out.push(...statDifferences(`${label} itself`, own, fs.fstatSync(fd, { bigint: true })));
  compared.folders++;
  compared.entries += node.length;
  return out;
}

/** listBatch as a promise of its raw result. */
const batch = (fds, names) =>
  new Promise((resolve, reject) =>
    native.listBatch(Int32Array.from(fds), names, (raw) =>
      raw === null ? reject(new Error('the batch was cancelled')) : resolve(raw),
    ),
  );

const openFolder = (p) => fs.openSync(p, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
/** Folders this process holds open (the module's descriptors are folders'; Node holds none). */
const foldersOpen = () =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.statSync(`/proc/self/fd/${fd}`).isDirectory();
    } catch {
      return false; // the listing's own, closed by now
    }
  }).length;

/** Entry indexes of folder `r` that are folders. */
function foldersIn(raw, r) {
  const [, , starts, , kinds] = raw;
  const out = [];
  for (let i = starts[r]; i < starts[r + 1]; i++) if ((kinds[i] & ~INVALID_NAME) === 2) out.push(i);
  return out;
}

/** A folder listed both ways, and each folder in it (by name, or by descriptor when not UTF-8). */
async function stillFolder(label, parentFd, name) {
  const out = [];
  const fd = openFolder(viaFd(parentFd, Buffer.from(name)));
  try {
    const now = native.list(fd);
    out.push(...compare(`${label} list`, fd, now, 0));
    const byName = await batch([parentFd, fd], [name, '']);
    for (const r of [0, 1]) {
      if (byName[1][r] < 0) continue;
      out.push(...compare(`${label} batch ${r}`, byName[1][r], byName, r));
      fs.closeSync(byName[1][r]);
    }
    for (const i of foldersIn(now, 0)) {
      const sub = now[3][i];
      const what = `${label}/${JSON.stringify(sub)}`;
      if ((now[4][i] & INVALID_NAME) === 0) {
        out.push(...(await stillFolder(what, fd, sub)));
        continue;
      }
      // Not UTF-8: no caller asks for it by name (the walker counts it); by its descriptor.
      const raw = fs
        .readdirSync(viaFd(fd), { encoding: 'buffer' })
        .find((b) => !isUtf8(b) && b.toString('utf8') === sub);
      const subFd = openFolder(viaFd(fd, raw));
      try {
        out.push(...compare(`${what} list`, subFd, native.list(subFd), 0));
        const itself = await batch([subFd], ['']);
        out.push(...compare(`${what} batch`, itself[1][0], itself, 0));
        fs.closeSync(itself[1][0]);
      } finally {
        fs.closeSync(subFd);
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return out;
}

/** Down the deep tree one level at a time, each opened by name in the one above. */
async function deep(label, baseFd) {
  const out = [];
  let fd = openFolder(viaFd(baseFd, Buffer.from(label)));
  let levels = 0;
  for (;;) {
    const here = native.list(fd);
    out.push(...compare(`${label} ${levels} list`, fd, here, 0));
    const [next] = foldersIn(here, 0);
    if (next === undefined) break;
    const raw = await batch([fd], [here[3][next]]);
    fs.closeSync(fd);
    fd = raw[1][0];
    if (fd < 0) {
      out.push(`${label} ${levels + 1}: error ${raw[0][0]}`);
      return { levels, differences: out };
    }
    out.push(...compare(`${label} ${levels + 1} batch`, fd, raw, 0));
    levels++;
  }
  fs.closeSync(fd);
  return { levels, differences: out };
}

async function still() {
  const baseFd = openFolder(base);
  const differences = [];
  differences.push(...(await stillFolder('odd', baseFd, 'odd')));
  differences.push(...(await stillFolder('many', baseFd, 'many')));
  const down = await deep('deep', baseFd);
  differences.push(...down.differences);
  fs.closeSync(baseFd);
  return { ...compared, deepLevels: down.levels, differences };
}

/** What a call did: its result's shape, or what it threw. */
async function outcome(call) {
  try {
    const raw = await call();
    return raw === undefined ? 'returned' : `errors [${[...raw[0]]}], ${raw[3].length} entries`;
  } catch (error) {
    return error.code ? `threw ${error.code}` : `threw ${error.name}`;
  }
}

/** What a statBelow call did: each path's status (distinct, for many), or what it threw. */
function below(call) {
  try {
    const raw = call();
    const statuses = [];
    for (let i = 0; i < raw.length; i += 7) statuses.push(raw[i]);
    return `statuses [${statuses.length > 20 ? [...new Set(statuses)] : statuses}] of ${statuses.length}`;
  } catch (error) {
    return error.code ? `threw ${error.code}` : `threw ${error.name}`;
  }
}

/** What a firstChanged call gave: the index of the first folder changed, or what it threw. */
function changed(call) {
  try {
    return `first ${call()}`;
  } catch (error) {
    return error.code ? `threw ${error.code}` : `threw ${error.name}`;
  }
}

async function callsNoCallerMakes() {
  const fd = openFolder(base);
  const file = fs.openSync(path.join(base, 'file.txt'), 'r');
  const notOpen = 99_999; // never open: descriptors are given lowest first, and few are open
  const detached = new Int32Array(new ArrayBuffer(8));
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  const asBatch = (fds, names) => () => batch(fds, names);
  const rawBatch =
    (...args) =>
    () =>
      native.listBatch(...args);
  const many = await batch(Array(1000).fill(fd), Array(1000).fill(''));
  const opened = [...many[1]].filter((d) => d >= 0);
  for (const d of opened) fs.closeSync(d);
  const result = {
    'an empty batch': await outcome(asBatch([], [])),
    'a batch of a detached array': await outcome(
      () => new Promise((resolve) => native.listBatch(detached, [], resolve)),
    ),
    'a thousand folders in one batch': `errors ${[...new Set(many[0])]}, ${opened.length} opened`,
    'bad descriptors, a name too long, a missing name, a lone surrogate': await outcome(
      asBatch([-1, notOpen, fd, fd, fd], ['', 'x', 'n'.repeat(256), 'missing', '\uD800']),
    ),
    'a path as a name': await outcome(asBatch([fd], ['sub/inner'])),
    'an absolute path as a name': await outcome(asBatch([fd], ['/etc'])),
    '..': await outcome(asBatch([fd], ['..'])),
    '.': await outcome(asBatch([fd], ['.'])),
    'a NUL in a name': await outcome(asBatch([fd], ['sub\0inner'])),
    'fewer names than folders': await outcome(rawBatch(Int32Array.of(fd, fd), [''], () => {})),
    'a plain array of descriptors': await outcome(rawBatch([fd], [''], () => {})),
    'a name that is not a string': await outcome(rawBatch(Int32Array.of(fd), [7], () => {})),
    'no callback': await outcome(rawBatch(Int32Array.of(fd), [''])),
    'list()': await outcome(() => native.list()),
    'list(-1)': await outcome(() => native.list(-1)),
    'list of a string': await outcome(() => native.list('3')),
    'list of a descriptor that is not open': await outcome(() => native.list(notOpen)),
    'list of a file': await outcome(() => native.list(file)),
    'trim()': typeof native.trim(),
    'statBelow()': below(() => native.statBelow()),
    'statBelow of a string': below(() => native.statBelow('3', ['x'])),
    'statBelow of paths that are not an array': below(() => native.statBelow(fd, 'sub/inner')),
    'statBelow of a descriptor that is not open': below(() =>
      native.statBelow(notOpen, ['a/b', 'c']),
    ),
    'statBelow of paths no caller gives': below(() =>
      native.statBelow(fd, [
        7,
        `${'n'.repeat(5000)}/x`,
        '\uD800/x',
        '../file.txt',
        '/etc/passwd',
        'sub\0inner',
        '',
        'sub/',
        'sub/inner/..',
        'file.txt/x',
      ]),
    ),
    'statBelow of no paths': below(() => native.statBelow(fd, [])),
    'statBelow of ten thousand paths': below(() =>
      native.statBelow(fd, Array(10_000).fill('sub/inner')),
    ),
    'firstChanged()': changed(() => native.firstChanged()),
    'firstChanged of a number as the base': changed(() => native.firstChanged(7, ['sub'], 0)),
    'firstChanged of paths that are not an array': changed(() =>
      native.firstChanged(base, 'sub', 0),
    ),
    'firstChanged without a time': changed(() => native.firstChanged(base, ['sub'])),
    'firstChanged of folders none changed since': changed(() =>
      native.firstChanged(base, ['', 'sub', 'sub/inner'], Date.now() + 60_000),
    ),
    'firstChanged of paths no caller gives': changed(() =>
      native.firstChanged(base, ['sub', `${'n'.repeat(5000)}/x`], Date.now() + 60_000),
    ),
    'firstChanged of a number among the paths': changed(() =>
      native.firstChanged(base, ['sub', 7], Date.now() + 60_000),
    ),
    'firstChanged of a NUL in a path': changed(() =>
      native.firstChanged(base, ['sub', 'sub\0inner'], Date.now() + 60_000),
    ),
    'firstChanged of a base far longer than a path': changed(() =>
      native.firstChanged(
        `${base}/${'sub/../'.repeat(500)}sub`,
        ['inner', ''],
        Date.now() + 60_000,
      ),
    ),
    'firstChanged of ten thousand paths': changed(() =>
      native.firstChanged(base, Array(10_000).fill('sub/inner'), Date.now() + 60_000),
    ),
  };
  fs.closeSync(file);
  fs.closeSync(fd);
  return { result };
}

/**
 * Lists swap0… of `base` three batches at a time while a second process swaps them for links to
 * `elsewhere` (and files) and back, until both outcomes were seen often: a folder is listed as
 * itself (never what a link points to), or refused; and each listed folder is listed again by
 * its descriptor, wherever it was moved meanwhile.
 */
async function race() {
  const baseFd = openFolder(base);
  // Not read from the folder: a swapped name is missing for a moment. The test makes eight.
  const names = Array.from({ length: 8 }, (_, i) => `swap${i}`);
  const counts = { batches: 0, listed: 0, refusedAsLink: 0, gone: 0 };
  const differences = [];
  const WANTED = 200;
  const MAX_BATCHES = 200_000;
  const allowed = new Set(['inside', 'churn']);
  const check = (label, raw, r) => {
    const [, , starts, listedNames] = raw;
    for (let i = starts[r]; i < starts[r + 1]; i++)
      if (!allowed.has(listedNames[i])) differences.push(`${label}: listed ${listedNames[i]}`);
  };
  const worker = async () => {
    while (
      (counts.listed < WANTED || counts.refusedAsLink < WANTED) &&
      counts.batches < MAX_BATCHES
    ) {
      counts.batches++;
      const raw = await batch(
        names.map(() => baseFd),
        names,
      );
      for (let r = 0; r < names.length; r++) {
        const error = raw[0][r];
        if (error === 0) {
          counts.listed++;
          check(names[r], raw, r);
          const again = native.list(raw[1][r]);
          check(`${names[r]} again`, again, 0);
          fs.closeSync(raw[1][r]);
        } else if (error === ENOTDIR || error === ELOOP) counts.refusedAsLink++;
        else if (error === ENOENT) counts.gone++;
        else differences.push(`${names[r]}: error ${error}`);
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  fs.closeSync(baseFd);
  return { ...counts, folders: names.length, differences };
}

const before = foldersOpen();
const report =
  phase === 'still'
    ? await still()
    : phase === 'arguments'
      ? await callsNoCallerMakes()
      : phase === 'race'
        ? await race()
        : (() => {
            throw new Error(`unknown phase ${phase}`);
          })();
process.stdout.write(`${JSON.stringify({ ...report, foldersLeftOpen: foldersOpen() - before })}\n`);
