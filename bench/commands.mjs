// The reference tools, timed on the same query as the server: GNU find, and fd when installed.
import { spawn, spawnSync } from 'node:child_process';
import { iso } from './bench-common.mjs';

/** Runs a command, counting output lines; resolves { ms, count, lines? }. */
function runCommand(command, args, { keep = false, env } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env ?? process.env,
    });
    let lines = 0;
    let stderr = '';
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (keep) chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`));
      const text = keep ? Buffer.concat(chunks).toString('utf8') : null;
      resolve({ ms, count: lines, lines: text?.split('\n').filter(Boolean) ?? null });
    });
  });
}

/** `find <tree> -type f -newermt @from [! -newermt @to]`, timed. */
export const findFiles = (tree, fromSec, toSec = null) =>
  runCommand('find', [
    tree,
    '-type',
    'f',
    '-newermt',
    `@${fromSec}`,
    ...(toSec === null ? [] : ['!', '-newermt', `@${toSec}`]),
  ]);

/** The same match list with mtimes, as { path, t (ms) }: the reference for correctness. */
export async function findListing(tree, fromSec, toSec = null) {
  const args = [tree, '-type', 'f', '-newermt', `@${fromSec}`];
  if (toSec !== null) args.push('!', '-newermt', `@${toSec}`);
  const { lines } = await runCommand('find', [...args, '-printf', '%T@ %p\\n'], { keep: true });
  return lines.map((line) => {
    const space = line.indexOf(' ');
    return { t: Math.round(Number(line.slice(0, space)) * 1000), path: line.slice(space + 1) };
  });
}

/** fd's name on this machine (Debian: fdfind), or null. */
export function detectFd() {
  for (const name of ['fdfind', 'fd']) {
    const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return { name, version: probe.stdout.trim() };
  }
  return null;
}

/** fd for the same query: every file (-u: hidden and ignored too) changed after `from`. */
export function fdFiles(fd, tree, fromSec) {
  const when = iso(fromSec).replace('T', ' ').slice(0, 19); // fd reads 'YYYY-MM-DD HH:MM:SS'
  return runCommand(fd.name, ['-u', '--type', 'f', '--changed-after', when, '.', tree], {
    env: { ...process.env, TZ: 'UTC' },
  });
}
