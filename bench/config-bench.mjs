// Benchmark of registering with a large AI app config (`npm run bench:config [-- 12 60]`): a
// ~/.claude.json of each size in megabytes (as Claude Code writes it: two-space JSON, every
// project's history, some non-ASCII text), then `clients register claude-code`, `clients list`,
// `clients register cursor` and `clients unregister claude-code` through the built CLI with HOME
// in a temp folder. Prints wall time and peak RSS of each command (issue 34, item 6). Exit 1 when
// a command fails or unregister does not give back the original bytes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { say } from './bench-common.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, '..', 'main', 'cli', 'foldergate.mjs');
// Reports the process's peak RSS on stderr as it exits (the CLI exits with process.exit).
const RSS_HOOK = path.join(here, 'max-rss-hook.cjs');

/** A ~/.claude.json of about `mb` megabytes. */
function claudeJson(mb) {
  const projects = {};
  for (let i = 0, size = 0; size < mb * 1_000_000; i++) {
    const history = Array.from({ length: 20 }, (_, j) => ({
      display: `please refactor module ${i}-${j}, keep "quotes", é and 한글`,
      pastedContents: {},
    }));
    const project = { allowedTools: [], history, mcpServers: {}, lastSessionId: `s-${i}` };
    const key = `/home/person/work/project-${i}`;
    projects[key] = project;
    // Its text where it stands in the file: one level deeper (4 more spaces a line), and its key.
    const body = JSON.stringify(project, null, 2);
    size += Buffer.byteLength(body) + body.split('\n').length * 4 + key.length + 8;
  }
  const other = { type: 'stdio', command: '/usr/bin/other', args: [] };
  return `${JSON.stringify({ numStartups: 312, mcpServers: { other }, projects }, null, 2)}\n`;
}

function run(home, args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--require', RSS_HOOK, CLI, ...args], {
    env: { PATH: process.env.PATH, HOME: home, FOLDERGATE_HOME: path.join(home, 'appdata') },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  const rss = /max-rss-kb=(\d+)/.exec(result.stderr)?.[1];
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
  return { ms, rssMb: rss ? Number(rss) / 1024 : NaN };
}

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const rows = [];
for (const mb of sizes.length > 0 ? sizes : [12, 60]) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-config-bench-'));
  try {
    fs.mkdirSync(path.join(home, '.claude'));
    fs.mkdirSync(path.join(home, '.cursor'));
    const file = path.join(home, '.claude.json');
    const text = claudeJson(mb);
    fs.writeFileSync(file, text);
    const size = `${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB`;
    say(`~/.claude.json of ${size}`);
    for (const args of [
      ['clients', 'register', 'claude-code'],
      ['clients', 'list'],
      ['clients', 'register', 'cursor'],
      ['clients', 'unregister', 'claude-code'],
    ]) {
      const { ms, rssMb } = run(home, args);
      rows.push(
        `| ${size} | \`${args.join(' ')}\` | ${(ms / 1000).toFixed(2)} s | ${rssMb.toFixed(0)} MB |`,
      );
    }
    if (fs.readFileSync(file, 'utf8') !== text)
      throw new Error('unregister did not give back the bytes');
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
console.log(
  `| ~/.claude.json | command | wall time | peak RSS |\n| --- | --- | --- | --- |\n${rows.join('\n')}`,
);
console.log(
  `\nload average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
