// The second process of engine/test/overflow.int.test.ts: creates <count> files with a little
// content in each of the folders given (in their subfolders s0…s3, made if missing), taking the
// folders in turn file by file, as fast as it can; each file is two events for a watcher (created,
// modified). It prints how many it made, then exits.
import fs from 'node:fs';
import path from 'node:path';

const [countArg, prefix, ...folders] = process.argv.slice(2);
const count = Number(countArg);
for (const folder of folders)
  for (let s = 0; s < 4; s++) fs.mkdirSync(path.join(folder, `s${s}`), { recursive: true });
let made = 0;
for (let i = 0; i < count; i++) {
  for (const folder of folders) {
    fs.writeFileSync(path.join(folder, `s${i % 4}`, `${prefix}-${i}.txt`), 'x');
    made++;
  }
}
process.stdout.write(`${JSON.stringify({ made })}\n`);
