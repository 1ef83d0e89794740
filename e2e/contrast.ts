// WCAG 2.x contrast of the design tokens, for e2e/design-tokens.spec.ts: reads the custom
// properties of styles.css (the light :root block and the dark one inside prefers-color-scheme)
// and computes contrast ratios, so a test can hold every pair the UI draws to its minimum.

/** The colour tokens of one theme: name (without `--`) → `#rrggbb`. */
export type Tokens = Record<string, string>;

/** The light and the dark theme's tokens (dark = light overridden by the dark block). */
export interface Themes {
  light: Tokens;
  dark: Tokens;
}

const DECLARATION = /--([a-z0-9-]+)\s*:\s*([^;]+);/gi;

function declarations(block: string): Tokens {
  const tokens: Tokens = {};
  for (const match of block.matchAll(DECLARATION)) {
    tokens[match[1] ?? ''] = (match[2] ?? '').trim();
  }
  return tokens;
}

/** The body of the first `{ … }` after `start` (no nested braces inside). */
function blockAfter(css: string, start: number): string {
  const open = css.indexOf('{', start);
  const close = css.indexOf('}', open);
  if (open < 0 || close < 0) throw new Error('no block found');
  return css.slice(open + 1, close);
}

/** Reads both themes' tokens from the stylesheet's text. */
export function readThemes(css: string): Themes {
  const light = declarations(blockAfter(css, css.indexOf(':root')));
  const media = css.indexOf('@media (prefers-color-scheme: dark)');
  if (media < 0) return { light, dark: light };
  const dark = { ...light, ...declarations(blockAfter(css, css.indexOf(':root', media))) };
  return { light, dark };
}

/** A token's colour as `#rrggbb`, following `var(--other)` references. */
export function colorOf(tokens: Tokens, name: string): string {
  let value = tokens[name];
  for (let hops = 0; value !== undefined && hops < 8; hops++) {
    const ref = /^var\(--([a-z0-9-]+)\)$/i.exec(value);
    if (!ref) break;
    value = tokens[ref[1] ?? ''];
  }
  if (value === undefined) throw new Error(`no token --${name}`);
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (!hex) throw new Error(`--${name} is not a #hex colour: ${value}`);
  const digits = hex[1] ?? '';
  return digits.length === 3
    ? `#${[...digits].map((d) => d + d).join('')}`.toLowerCase()
    : `#${digits}`.toLowerCase();
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
