// Which tray icon files to show: a folder with a shield while AI access is on, with an orange dot
// while an AI app waits for the person's answer, grey with a pause sign while it is paused, in a variant for the bar it sits on. The PNGs are generated from
// build/tray-icon*.svg by `npm run icons` and packed into app.asar (electron-builder.yml `files`).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The bar the icon sits on: light or dark colours, or a macOS template image (black + alpha). */
export type TrayTheme = 'light' | 'dark' | 'template';

/** How the icon looks. */
export interface TrayIconStyle {
  paused: boolean;
  theme: TrayTheme;
  /** An AI app waits for the person's answer: the icon carries a dot (not while paused). */
  waiting?: boolean;
}

/** The pixel densities each icon is drawn at (16 px at 1×); Electron picks one per display. */
export const TRAY_SCALE_FACTORS = [1, 1.5, 2] as const;

/**
 * The theme for a platform. macOS tints template images for light and dark menu bars itself;
 * elsewhere the app's dark-mode setting is the best guess Electron offers for the taskbar's.
 */
export function trayTheme(platform: NodeJS.Platform, darkColors: boolean): TrayTheme {
  if (platform === 'darwin') return 'template';
  return darkColors ? 'dark' : 'light';
}

/** The folder of tray icons, from the folder of the main bundle (main/electron/dist, in app.asar too). */
export function trayIconDir(bundleDir: string): string {
  return path.join(bundleDir, '..', 'resources', 'icons', 'tray');
}

/** The icon's files, one per scale factor (named as Electron's `@2x` convention expects). */
export function trayIconFiles(
  dir: string,
  style: TrayIconStyle,
): Array<{ scaleFactor: number; file: string }> {
  const state = style.paused ? 'paused' : style.waiting ? 'waiting' : 'on';
  const base = `${state}-${style.theme}`;
  return TRAY_SCALE_FACTORS.map((scaleFactor) => ({
    scaleFactor,
    file: path.join(dir, scaleFactor === 1 ? `${base}.png` : `${base}@${scaleFactor}x.png`),
  }));
}

/** The icon's PNGs, read (Electron's fs reads inside app.asar). */
export function trayIconPngs(
  dir: string,
  style: TrayIconStyle,
): Array<{ scaleFactor: number; png: Buffer }> {
  return trayIconFiles(dir, style).map(({ scaleFactor, file }) => ({
    scaleFactor,
    png: readFileSync(file),
  }));
}
