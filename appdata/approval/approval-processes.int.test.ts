// Eight mcp-server-like processes asking the app at once: the client is bundled with esbuild (as
// the server bundles it) and each process runs it once and prints its result. The app answers
// them one by one, each with a different answer, and each process must get its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApprovalHome, startTestBroker, waitForQueue } from '#testing/approval-broker.js';
import type { ApprovalResult } from '#shared/approval/approval.js';
import { scaled } from '#testing/time.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let bundleDir = '';
let bundle = '';

beforeAll(async () => {
  bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fga-bundle-'));
  const entry = path.join(bundleDir, 'ask.ts');
  // argv: socketPath secretPath clientName
  fs.writeFileSync(
    entry,
    `import { requestApproval } from ${JSON.stringify(path.join(here, 'approval-client.ts'))};
const [socketPath, secretPath, clientName] = process.argv.slice(2);
const result = await requestApproval({ socketPath, secretPath, clientName, clientVersion: '1',
  tool: 'fs.search_by_time', args: { root: clientName }, timeoutMs: ${scaled(20_000)} });
process.stdout.write(JSON.stringify(result));
`,
  );
  bundle = path.join(bundleDir, 'ask.mjs');
  await build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
  });
});

afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

function runClient(socketPath: string, secretPath: string, name: string) {
  const child = spawn(process.execPath, [bundle, socketPath, secretPath, name], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise<{ pid: number; result: ApprovalResult }>((resolve, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': a process can exit before its output has been read from the pipe.
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`client ${name} exited with ${code}`);
        resolve({ pid: child.pid ?? 0, result: JSON.parse(out) as ApprovalResult });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

describe('approval with many server processes', () => {
  it(
    'queues 8 processes waiting at once and answers each one by one',
    async () => {
      const { home, paths } = makeApprovalHome();
      const test = await startTestBroker(paths);
      try {
        const names = Array.from({ length: 8 }, (_, i) => `app-${i}`);
        const runs = names.map((name) => runClient(paths.socketPath, paths.secretPath, name));
        await waitForQueue(test.broker, (s) => s.pending.length === 8, 20_000);
        const answered = new Map<string, string>();
        for (let i = 0; i < 8; i++) {
          const { current, pending } = test.broker.state();
          expect(pending).toHaveLength(8 - i);
          // Shown one at a time, oldest first.
          expect(current).toBe(pending[0]);
          const answer = i % 2 === 0 ? 'allow-once' : 'deny';
          answered.set(current!.client.name, answer);
          expect(test.broker.answer(current!.id, answer)).toBe(true);
        }
        expect(test.broker.state()).toEqual({ pending: [], current: null });
        const results = await Promise.all(runs);
        results.forEach(({ result }, i) => {
          const answer = answered.get(names[i]!);
          expect(result).toEqual({
            decision: answer === 'deny' ? 'deny' : 'allow',
            by: 'person',
            answer,
          });
        });
        expect(new Set(results.map((r) => r.pid)).size).toBe(8);
      } finally {
        await test.broker.close();
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
    scaled(40_000),
  );
});
