// The approval folder and secret on a real temp folder.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureApprovalFolder, ensureApprovalSecret } from './approval-secret.js';
import { makeApprovalHome } from '#testing/approval-broker.js';

const posixOnly = process.platform === 'win32' ? it.skip : it;
const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) fs.rmSync(home, { recursive: true, force: true });
});

function setup() {
  const { home, paths } = makeApprovalHome();
  homes.push(home);
  return paths;
}

describe('approval secret', () => {
  it('creates one secret and keeps it across starts', async () => {
    const paths = setup();
    await ensureApprovalFolder(paths.dir);
    const first = await ensureApprovalSecret(paths.secretPath);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    await expect(ensureApprovalSecret(paths.secretPath)).resolves.toBe(first);
    expect(fs.readdirSync(paths.dir)).toEqual(['secret']);
  });

  it('gives every concurrent creator the same secret', async () => {
    const paths = setup();
    await ensureApprovalFolder(paths.dir);
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => ensureApprovalSecret(paths.secretPath)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(fs.readdirSync(paths.dir)).toEqual(['secret']);
  });

  it('replaces a malformed secret', async () => {
    const paths = setup();
    await ensureApprovalFolder(paths.dir);
    fs.writeFileSync(paths.secretPath, 'not a secret', { mode: 0o600 });
    const secret = await ensureApprovalSecret(paths.secretPath);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(paths.secretPath, 'utf8').trim()).toBe(secret);
  });

  posixOnly('replaces a secret others could read, and tightens the folder', async () => {
    const paths = setup();
    fs.mkdirSync(paths.dir, { mode: 0o755 });
    fs.chmodSync(paths.dir, 0o755);
    await ensureApprovalFolder(paths.dir);
    expect(fs.statSync(paths.dir).mode & 0o777).toBe(0o700);
    const leaked = 'e'.repeat(64);
    fs.writeFileSync(paths.secretPath, leaked, { mode: 0o644 });
    fs.chmodSync(paths.secretPath, 0o644);
    const secret = await ensureApprovalSecret(paths.secretPath);
    expect(secret).not.toBe(leaked);
    expect(fs.statSync(paths.secretPath).mode & 0o777).toBe(0o600);
  });

  posixOnly('refuses a folder that is a symbolic link', async () => {
    const paths = setup();
    const elsewhere = `${paths.dir}-elsewhere`;
    fs.mkdirSync(elsewhere, { mode: 0o700 });
    fs.symlinkSync(elsewhere, paths.dir);
    await expect(ensureApprovalFolder(paths.dir)).rejects.toThrow(/not a folder/);
  });
});
