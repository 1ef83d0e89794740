import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findElectron } from './electron-binary.js';

describe('findElectron', () => {
  let pkg: string;
  const desktop = { DISPLAY: ':0' };
  beforeAll(() => {
    pkg = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-electron-'));
  });
  afterAll(() => fs.rmSync(pkg, { recursive: true, force: true }));

  it('explains each reason to run headless', () => {
    expect(
      findElectron({
        packageDir: pkg,
        env: { ...desktop, FOLDERGATE_HEADLESS: '1' },
        platform: 'linux',
      }),
    ).toEqual({ ok: false, reason: 'FOLDERGATE_HEADLESS=1 is set' });
    expect(findElectron({ packageDir: pkg, env: {}, platform: 'linux' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no desktop session'),
    });
    expect(findElectron({ packageDir: null, env: desktop, platform: 'linux' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not installed'),
    });
    expect(findElectron({ packageDir: pkg, env: desktop, platform: 'linux' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not downloaded'),
    });
    fs.writeFileSync(path.join(pkg, 'path.txt'), 'electron');
    expect(findElectron({ packageDir: pkg, env: desktop, platform: 'linux' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('missing'),
    });
  });

  it('finds the downloaded binary (and needs no display outside Linux)', () => {
    fs.writeFileSync(path.join(pkg, 'path.txt'), 'electron');
    fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(pkg, 'dist', 'electron'), '');
    expect(findElectron({ packageDir: pkg, env: desktop, platform: 'linux' })).toEqual({
      ok: true,
      binary: path.join(pkg, 'dist', 'electron'),
    });
    expect(
      findElectron({ packageDir: pkg, env: { WAYLAND_DISPLAY: 'wayland-0' }, platform: 'linux' })
        .ok,
    ).toBe(true);
    expect(findElectron({ packageDir: pkg, env: {}, platform: 'darwin' }).ok).toBe(true);
  });
});
