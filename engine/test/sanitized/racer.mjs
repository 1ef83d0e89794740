// The racing second process of engine/test/fast-list-sanitized.int.test.ts: while the sanitized
// lister lists the folders swap0… of <folder> by name, this swaps each for a link to
// <folder>/elsewhere (twice in three rounds) or a file (the third), and back, as fast as it can,
// with a name that comes and goes inside it. Between rounds every folder is in its place, so a
// SIGTERM (handled between rounds) leaves the tree as it was; it then prints how many swaps it made.
// It prints "racing" once every folder was swapped once.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const names = fs.readdirSync(dir).filter((n) => n.startsWith('swap'));
let swaps = 0;

/** Folder `name` out of its place, something else in it for a moment, and back. */
function swap(name) {
  const real = path.join(dir, name);
  const held = path.join(dir, `held-${name}`);
  fs.renameSync(real, held);
  if (swaps % 3 === 2) fs.writeFileSync(real, 'not a folder');
  else fs.symlinkSync('elsewhere', real);
  fs.writeFileSync(path.join(held, 'churn'), '');
  fs.unlinkSync(real);
  fs.renameSync(held, real);
  fs.unlinkSync(path.join(real, 'churn'));
  swaps++;
}

function round() {
  for (let k = 0; k < 20; k++) for (const name of names) swap(name);
  if (swaps === 20 * names.length) process.stdout.write('racing\n');
  setImmediate(round);
}

process.on('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify({ swaps })}\n`);
  process.exit(0);
});
round();
