// The second process of engine/test/swap-storm.int.test.ts: while the engine crawls <root>, this
// swaps its folders (top-level ones but those named after <elsewhere>, and one level down) for links to <elsewhere> (outside the root) and
// back, as fast as it can: every folder out of its place with a link in it, a file coming and
// going inside each meanwhile, then every folder back (so half the time most names are links). It
// prints "racing" once it has swapped every folder once. On SIGTERM it stops after the
// swap under way and leaves every third folder as a link, the real folder kept beside it as
// "<name>.held" (so the index must hold the one and nothing below the other), then prints how many
// swaps it made and exits.
import fs from 'node:fs';
import path from 'node:path';

const [root, elsewhere, ...kept] = process.argv.slice(2);
const folders = [];
for (const top of fs.readdirSync(root).sort()) {
  if (kept.includes(top) || !fs.lstatSync(path.join(root, top)).isDirectory()) continue;
  folders.push(top);
  for (const sub of fs.readdirSync(path.join(root, top)).sort())
    if (fs.lstatSync(path.join(root, top, sub)).isDirectory()) folders.push(`${top}/${sub}`);
}
let swaps = 0;
let stopping = false;

/** Every folder out of its place and a link in it (the ones below first), then all back. */
function round() {
  if (stopping) return finish();
  const order = [...folders].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const rel of order) {
    const real = path.join(root, rel);
    fs.renameSync(real, `${real}.held`);
    fs.symlinkSync(elsewhere, real);
    fs.writeFileSync(path.join(`${real}.held`, 'churn'), '');
    fs.unlinkSync(path.join(`${real}.held`, 'churn'));
  }
  for (const rel of order.reverse()) {
    const real = path.join(root, rel);
    fs.unlinkSync(real);
    fs.renameSync(`${real}.held`, real);
    swaps++;
  }
  if (swaps === folders.length) process.stdout.write('racing\n');
  setImmediate(round);
}

function finish() {
  // Every third folder (top-level ones first, so none is below another left as a link) stays a link.
  const left = folders.filter(
    (rel, i) => i % 3 === 0 && !folders.some((o, j) => j % 3 === 0 && rel.startsWith(`${o}/`)),
  );
  for (const rel of left) {
    const real = path.join(root, rel);
    fs.renameSync(real, `${real}.held`);
    fs.symlinkSync(elsewhere, real);
  }
  process.stdout.write(`${JSON.stringify({ swaps, left })}\n`);
  process.exit(0);
}

process.on('SIGTERM', () => (stopping = true));
round();
