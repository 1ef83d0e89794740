// Eight real processes append to one audit folder at once through the real writer (bundled
// with esbuild, as the server is): no line may be lost, torn or interleaved.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activityRecordSchema } from '#shared/activity/activity.js';

const PROCESSES = 8;
const APPENDS = 500;
let tmp = '';
let bundle = '';

beforeAll(async () => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-audit-conc-')));
  bundle = path.join(tmp, 'audit-append.mjs');
  await build({
    entryPoints: [
      fileURLToPath(new URL('../../testing/fixtures/activity-append.ts', import.meta.url)),
    ],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
  });
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(dir: string, client: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, dir, client, String(APPENDS)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // 'close': the exit code with its stderr read to the end.
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${client} exited ${code}: ${stderr}`)),
    );
  });
}

it(`${PROCESSES} processes × ${APPENDS} appends: every line whole, parsed and attributed`, async () => {
  const dir = path.join(tmp, 'audit');
  const clients = Array.from({ length: PROCESSES }, (_, i) => `client-${i}`);
  await Promise.all(clients.map((c) => run(dir, c)));

  // A run that straddles midnight UTC writes two day files: read them all.
  const text = fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .join('');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.slice(0, -1).split('\n');
  expect(lines).toHaveLength(PROCESSES * APPENDS);
  const records = lines.map((line) => activityRecordSchema.parse(JSON.parse(line)));
  const perClient = new Map<string, number>();
  for (const r of records) {
    perClient.set(r.client?.name ?? '', (perClient.get(r.client?.name ?? '') ?? 0) + 1);
  }
  expect([...perClient.keys()].sort()).toEqual(clients);
  expect([...perClient.values()]).toEqual(clients.map(() => APPENDS));
  expect(records.filter((r) => r.outcome === 'error')).toHaveLength((PROCESSES * APPENDS) / 10);
  expect(records.filter((r) => r.security)).toHaveLength((PROCESSES * APPENDS) / 10);
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
});
