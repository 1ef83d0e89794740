import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawTrayIcon, encodePng, trayIconPngs } from './tray-icon.js';
import { trayMenuTemplate, trayTooltip } from './tray-menu.js';

function decodePng(png: Buffer): { width: number; height: number; rgba: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    raw.copy(rgba, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  return { width, height, rgba };
}

const alphaAt = (rgba: Uint8Array, size: number, x: number, y: number) =>
  rgba[(y * size + x) * 4 + 3];

describe('tray icon', () => {
  it('encodes the drawn pixels as a valid PNG at 1x and 2x', () => {
    const pngs = trayIconPngs({ paused: false, template: false });
    expect(pngs.map((p) => p.scaleFactor)).toEqual([1, 2]);
    const decoded = decodePng(pngs[1]!.png);
    expect([decoded.width, decoded.height]).toEqual([32, 32]);
    expect(decoded.rgba).toEqual(Buffer.from(drawTrayIcon(32, { paused: false, template: false })));
    expect(decodePng(encodePng(1, 1, new Uint8Array([1, 2, 3, 4]))).rgba).toEqual(
      Buffer.from([1, 2, 3, 4]),
    );
  });

  it('cuts a pause sign out of the folder while paused, and changes colour', () => {
    const size = 32;
    const on = drawTrayIcon(size, { paused: false, template: false });
    const paused = drawTrayIcon(size, { paused: true, template: false });
    // The middle of the left pause bar: solid folder when on, transparent when paused.
    expect(alphaAt(on, size, 13, 18)).toBe(255);
    expect(alphaAt(paused, size, 13, 18)).toBe(0);
    // Outside the folder: transparent either way.
    expect(alphaAt(on, size, 0, 0)).toBe(0);
    expect([on[(18 * size + 4) * 4], on[(18 * size + 4) * 4 + 2]]).not.toEqual([
      paused[(18 * size + 4) * 4],
      paused[(18 * size + 4) * 4 + 2],
    ]);
  });

  it('draws macOS template images in black', () => {
    const template = drawTrayIcon(16, { paused: false, template: true });
    for (let i = 0; i < template.length; i += 4)
      expect([template[i], template[i + 1], template[i + 2]]).toEqual([0, 0, 0]);
  });
});

describe('tray menu', () => {
  it('offers Open, a Pause checkbox reflecting the settings, and Quit', () => {
    const calls: string[] = [];
    const actions = {
      open: () => calls.push('open'),
      setPaused: (p: boolean) => calls.push(`paused=${p}`),
      quit: () => calls.push('quit'),
    };
    const menu = trayMenuTemplate(true, actions).filter((item) => item.type !== 'separator');
    expect(menu.map((item) => item.label)).toEqual(['Open FolderGate', 'Pause AI access', 'Quit']);
    expect(menu[1]).toMatchObject({ type: 'checkbox', checked: true });
    expect(trayMenuTemplate(false, actions).find((item) => item.id === 'pause')?.checked).toBe(
      false,
    );
    const click = (index: number, checked = false) =>
      (menu[index]!.click as (item: { checked: boolean }) => void)({ checked });
    click(0);
    click(1, false);
    click(2);
    expect(calls).toEqual(['open', 'paused=false', 'quit']);
  });

  it('says when AI access is paused', () => {
    expect(trayTooltip(true)).toMatch(/paused/);
    expect(trayTooltip(false)).not.toMatch(/paused/);
  });
});
