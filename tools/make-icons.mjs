// `npm run icons`: every icon file of the app, generated from the SVG sources in build/ and
// committed, so neither `npm test` nor a packaging run needs to rasterize anything.
//   build/icon.svg              → build/icons/NxN.png (Linux set, 16–1024), build/icon.ico (Windows),
//                                 build/icon.icns (macOS), renderer/public/{icon,favicon}.svg
//   build/tray-icon.svg         → main/electron/resources/icons/tray/on-<theme>[@Nx].png
//   build/tray-icon-paused.svg  → main/electron/resources/icons/tray/paused-<theme>[@Nx].png
//   build/tray-icon-waiting.svg → main/electron/resources/icons/tray/waiting-<theme>[@Nx].png
// `--check` renders everything in memory and exits 1 naming the files that differ (a source
// edited without running `npm run icons`).
// SVG → PNG is @resvg/resvg-js (prebuilt binaries shipped as npm packages), PNG → ICO is
// png-to-ico. No well-kept pure-npm ICNS writer exists, and ICNS since macOS 10.7 is only a
// container of PNGs, so it is written here (the same bytes `iconutil -c icns` accepts).
import { Resvg } from '@resvg/resvg-js';
import pngToIco from 'png-to-ico';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => path.join(root, ...parts);

const APP_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
// Windows picks per DPI from these; 256 is the largest an .ico entry may be.
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS element types holding PNG data, with their pixel size (Apple's icns format).
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['icp6', 64],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
];
// Tray themes name the bar they sit on: `light` for a light menu bar or taskbar (a dark, saturated
// glyph), `dark` for a dark one (a lighter glyph), `template` for macOS (black + alpha; the menu
// bar tints it). Paused is grey in colour and has a pause sign instead of the shield in every theme.
// Waiting (an AI app waits for the person's answer) is the "on" glyph with an orange dot.
const TRAY_COLORS = {
  light: { on: '#1d4ed8', paused: '#4b5563', waiting: '#1d4ed8', dot: '#c2410c' },
  dark: { on: '#60a5fa', paused: '#d1d5db', waiting: '#60a5fa', dot: '#fb923c' },
  template: { on: '#000000', paused: '#000000', waiting: '#000000', dot: '#000000' },
};
const TRAY_SOURCES = {
  on: 'tray-icon.svg',
  paused: 'tray-icon-paused.svg',
  waiting: 'tray-icon-waiting.svg',
};
const TRAY_SCALES = [
  ['', 1],
  ['@1.5x', 1.5],
  ['@2x', 2],
];

function renderPng(svg, size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

function icns(pngBySize) {
  const elements = ICNS_TYPES.map(([type, size]) => {
    const png = pngBySize.get(size);
    const header = Buffer.alloc(8);
    header.write(type, 0, 'ascii');
    header.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([header, png]);
  });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'ascii');
  header.writeUInt32BE(8 + elements.reduce((sum, e) => sum + e.length, 0), 4);
  return Buffer.concat([header, ...elements]);
}

/** Every generated file: repo-relative path → contents. */
async function iconFiles() {
  const files = new Map();
  const appSvg = await readFile(at('build', 'icon.svg'));
  const pngBySize = new Map(APP_SIZES.map((size) => [size, renderPng(appSvg, size)]));
  for (const [size, png] of pngBySize) files.set(`build/icons/${size}x${size}.png`, png);
  files.set('build/icon.ico', await pngToIco(ICO_SIZES.map((size) => pngBySize.get(size))));
  files.set('build/icon.icns', icns(pngBySize));
  files.set('renderer/public/icon.svg', appSvg);
  files.set('renderer/public/favicon.svg', appSvg);
  for (const [state, name] of Object.entries(TRAY_SOURCES)) {
    const source = await readFile(at('build', name), 'utf8');
    for (const [theme, colors] of Object.entries(TRAY_COLORS)) {
      const svg = source.replaceAll('#000"', `${colors[state]}"`).replaceAll('#f00', colors.dot);
      for (const [suffix, scale] of TRAY_SCALES) {
        const file = `main/electron/resources/icons/tray/${state}-${theme}${suffix}.png`;
        files.set(file, renderPng(svg, 16 * scale));
      }
    }
  }
  return files;
}

const check = process.argv.includes('--check');
const stale = [];
for (const [file, contents] of await iconFiles()) {
  if (check) {
    const current = await readFile(at(file)).catch(() => null);
    if (!current?.equals(contents)) stale.push(file);
  } else {
    await mkdir(path.dirname(at(file)), { recursive: true });
    await writeFile(at(file), contents);
  }
}
if (stale.length > 0) {
  console.error(`icons: out of date, run \`npm run icons\`: ${stale.join(', ')}`);
  process.exit(1);
}
