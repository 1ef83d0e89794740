// The committed icon files: generated from the current SVG sources (`make-icons.mjs --check`
// renders them again and compares bytes), in every size each platform needs, in valid formats.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pixelAt, readPng } from '#testing/png-file.js';
import { REPO_ROOT } from '#testing/repo.js';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file));
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('icons', () => {
  it('match their SVG sources (npm run icons has been run)', async () => {
    const check = promisify(execFile)(
      process.execPath,
      [path.join(REPO_ROOT, 'tools/make-icons.mjs'), '--check'],
      { cwd: REPO_ROOT },
    );
    await expect(check).resolves.toBeDefined();
  });

  it('has the Linux PNG set from 16 to 1024 px, legible at 16 px', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const image = readPng(read(`build/icons/${size}x${size}.png`));
      expect([image.width, image.height]).toEqual([size, size]);
    }
    const small = readPng(read('build/icons/16x16.png'));
    // A blue tile, a white folder on it, the blue shield on the folder; clear corners.
    expect(pixelAt(small, 0, 0)[3]).toBeLessThan(64);
    const [r, , b, a] = pixelAt(small, 8, 2);
    expect([a, b! - r! > 100]).toEqual([255, true]);
    expect(pixelAt(small, 4, 10).slice(0, 3)).toEqual([255, 255, 255]);
    expect(pixelAt(small, 8, 8)[2]! - pixelAt(small, 8, 8)[0]!).toBeGreaterThan(100);
  });

  it('has a Windows .ico with 16 to 256 px entries', () => {
    const ico = read('build/icon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256);
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('has a macOS .icns of PNG elements from 16 to 1024 px', () => {
    const icns = read('build/icon.icns');
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const elements: Record<string, number> = {};
    for (let offset = 8; offset < icns.length;) {
      const type = icns.toString('ascii', offset, offset + 4);
      const length = icns.readUInt32BE(offset + 4);
      const [width, height] = pngSize(icns.subarray(offset + 8, offset + length));
      expect(width, type).toBe(height);
      elements[type] = width!;
      offset += length;
    }
    expect(elements).toEqual({
      icp4: 16,
      icp5: 32,
      ic11: 32,
      icp6: 64,
      ic12: 64,
      ic07: 128,
      ic08: 256,
      ic13: 256,
      ic09: 512,
      ic14: 512,
      ic10: 1024,
    });
  });

  it('gives the renderer the same mark as favicon and brand image', () => {
    const source = read('build/icon.svg');
    expect(read('renderer/public/icon.svg')).toEqual(source);
    expect(read('renderer/public/favicon.svg')).toEqual(source);
  });
});
