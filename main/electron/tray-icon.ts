// The tray icon, drawn in code (no binary assets): a folder, blue while AI access is on, grey with
// a pause sign cut out while it is paused. On macOS a black template image (the menu bar tints
// it); the pause sign shows there too. Encoded as PNG so the pixel order is unambiguous.
import { deflateSync } from 'node:zlib';

/** How the icon looks. */
export interface TrayIconStyle {
  paused: boolean;
  /** macOS template image: black + alpha only. */
  template: boolean;
}

type Rect = [x0: number, y0: number, x1: number, y1: number];
const TAB: Rect = [0.06, 0.16, 0.46, 0.32];
const BODY: Rect = [0.06, 0.27, 0.94, 0.84];
const PAUSE_BARS: Rect[] = [
  [0.36, 0.42, 0.45, 0.74],
  [0.55, 0.42, 0.64, 0.74],
];

const inside = ([x0, y0, x1, y1]: Rect, x: number, y: number): boolean =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

/** RGBA pixels of a `size`×`size` icon (4×4 supersampled edges). */
export function drawTrayIcon(size: number, style: TrayIconStyle): Uint8Array {
  const color = style.template ? [0, 0, 0] : style.paused ? [128, 134, 145] : [37, 99, 235];
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          const inFolder = inside(TAB, x, y) || inside(BODY, x, y);
          const cut = style.paused && PAUSE_BARS.some((bar) => inside(bar, x, y));
          if (inFolder && !cut) covered++;
        }
      }
      const offset = (py * size + px) * 4;
      pixels[offset] = color[0] ?? 0;
      pixels[offset + 1] = color[1] ?? 0;
      pixels[offset + 2] = color[2] ?? 0;
      pixels[offset + 3] = Math.round((255 * covered) / (samples * samples));
    }
  }
  return pixels;
}

/** A PNG file of RGBA pixels (8-bit, no interlace). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(
      raw,
      y * (width * 4 + 1) + 1,
    );
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit, RGBA, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

let crcTable: Uint32Array | null = null;
function crc32(data: Buffer): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** PNGs of the icon at 1× (16 px) and 2× (32 px). */
export function trayIconPngs(style: TrayIconStyle): Array<{ scaleFactor: number; png: Buffer }> {
  return [1, 2].map((scaleFactor) => {
    const size = 16 * scaleFactor;
    return { scaleFactor, png: encodePng(size, size, drawTrayIcon(size, style)) };
  });
}
