// A small PNG reader for the icon tests (8-bit RGBA, the only kind `npm run icons` writes), so
// they check the committed pixels themselves rather than trusting the file names.
import { inflateSync } from 'node:zlib';

/** Decoded pixels, 4 bytes (RGBA) per pixel, rows top to bottom. */
export interface PngPixels {
  width: number;
  height: number;
  rgba: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Decodes an 8-bit RGBA, non-interlaced PNG; throws on anything else. */
export function readPng(png: Buffer): PngPixels {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
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
      const [depth, colorType, , , interlace] = data.subarray(8);
      if (depth !== 8 || colorType !== 6 || interlace !== 0)
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colorType}`);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, rgba: unfilter(inflateSync(Buffer.concat(idat)), width, height) };
}

// Reverses the per-row filters of the PNG spec (section 9), 4 bytes per pixel.
function unfilter(raw: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const a = x >= 4 ? (out[y * stride + x - 4] ?? 0) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= 4 && y > 0 ? (out[(y - 1) * stride + x - 4] ?? 0) : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter ?? 0] ?? 0;
      out[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The RGBA of one pixel. */
export function pixelAt(image: PngPixels, x: number, y: number): number[] {
  const offset = (y * image.width + x) * 4;
  return [...image.rgba.subarray(offset, offset + 4)];
}
