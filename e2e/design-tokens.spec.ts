// The design tokens keep WCAG 2.2 AA contrast in both themes: every text colour the UI puts on
// a background reaches 4.5:1, every control boundary, focus ring and chart mark 3:1. Lowering a
// token below its pair's minimum fails here, before axe-core ever sees a screen. No browser: it
// reads the stylesheets as text (Playwright runs it with the other specs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { colorOf, contrastRatio, readThemes } from './contrast.js';
import { REPO_ROOT } from './fixtures.js';

const SRC = path.join(REPO_ROOT, 'renderer', 'src');
const css = readFileSync(path.join(SRC, 'styles', 'tokens.css'), 'utf8');

/** Every stylesheet of the renderer, as paths relative to renderer/src. */
function stylesheets(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.css'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** [foreground token, background tokens]: text, at least 4.5:1. */
const TEXT: [string, string[]][] = [
  [
    'text',
    [
      'bg',
      'surface',
      'surface-2',
      'surface-3',
      'accent-soft',
      'warning-soft',
      'danger-soft',
      'success-soft',
    ],
  ],
  [
    'text-muted',
    [
      'bg',
      'surface',
      'surface-2',
      'surface-3',
      'accent-soft',
      'warning-soft',
      'danger-soft',
      'success-soft',
    ],
  ],
  ['text-faint', ['bg', 'surface', 'surface-2']],
  ['accent-text', ['bg', 'surface', 'surface-2', 'accent-soft']],
  ['success', ['surface', 'surface-2', 'success-soft']],
  ['warning', ['surface', 'surface-2', 'warning-soft']],
  ['danger', ['surface', 'surface-2', 'danger-soft']],
  ['on-accent', ['accent', 'accent-hover']],
  ['on-danger', ['danger-fill']],
];

/** [foreground token, background tokens]: focus rings, control boundaries, marks; 3:1. */
const GRAPHICS: [string, string[]][] = [
  [
    'focus-ring',
    [
      'bg',
      'surface',
      'surface-2',
      'surface-3',
      'accent-soft',
      'warning-soft',
      'danger-soft',
      'success-soft',
    ],
  ],
  ['border-control', ['bg', 'surface', 'surface-2']],
  ['switch-thumb', ['border-control', 'accent', 'warning']],
  ['accent', ['surface', 'surface-2']],
  ['danger-fill', ['surface']],
];

const themes = readThemes(css);

for (const theme of ['light', 'dark'] as const) {
  test(`the ${theme} theme: text 4.5:1, focus rings, controls and marks 3:1`, () => {
    const tokens = themes[theme];
    const failures: string[] = [];
    const check = (list: [string, string[]][], minimum: number): void => {
      for (const [fg, backgrounds] of list) {
        for (const bg of backgrounds) {
          const ratio = contrastRatio(colorOf(tokens, fg), colorOf(tokens, bg));
          if (ratio < minimum) {
            failures.push(`--${fg} on --${bg}: ${ratio.toFixed(2)}:1 (needs ${minimum}:1)`);
          }
        }
      }
    };
    check(TEXT, 4.5);
    check(GRAPHICS, 3);
    expect(failures).toEqual([]);
  });
}

test.describe('the contrast reading itself', () => {
  test('matches the WCAG figures for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The audit's findings: the old faint grey on white, the old green on its soft background.
    expect(contrastRatio('#8a93a2', '#ffffff')).toBeCloseTo(3.09, 1);
    expect(contrastRatio('#1c7f4a', '#e6f5ec')).toBeCloseTo(4.45, 1);
  });

  test('reads both themes and follows var() references', () => {
    expect(themes.light.surface).not.toBe(themes.dark.surface);
    expect(colorOf({ a: 'var(--b)', b: '#FFF' }, 'a')).toBe('#ffffff');
    expect(() => colorOf({ a: 'rgba(0, 0, 0, 0.5)' }, 'a')).toThrow(/not a #hex/);
  });
});

test('every stylesheet takes its colours from the tokens (no raw colour outside them)', () => {
  const raw = /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(|:\s*(white|black)\s*;/i;
  const found: string[] = [];
  const files = stylesheets();
  expect(files.length).toBeGreaterThan(10);
  for (const name of files) {
    const lines = readFileSync(path.join(SRC, name), 'utf8').split('\n');
    lines.forEach((line, index) => {
      // Token definitions are where colours live.
      if (/^\s*--[a-z0-9-]+\s*:/i.test(line)) return;
      if (raw.test(line.replace(/\/\*.*?\*\//g, '')))
        found.push(`${name}:${index + 1}: ${line.trim()}`);
    });
  }
  expect(found).toEqual([]);
});

test('every rule sits in a cascade layer, named in public/layers.css (linked first)', () => {
  // An unlayered rule would win over every layer: the specificity fights would be back.
  const order = /@layer ([a-z, ]+);/.exec(
    readFileSync(path.join(SRC, '..', 'public', 'layers.css'), 'utf8'),
  );
  const layers = order![1]!.split(',').map((name) => name.trim());
  expect(layers).toEqual(['tokens', 'base', 'ui', 'features', 'responsive']);
  const problems: string[] = [];
  for (const name of stylesheets()) {
    const text = readFileSync(path.join(SRC, name), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim();
    const open = /^@layer ([a-z-]+) \{/.exec(text);
    if (!open) problems.push(`${name}: does not start with @layer <name> {`);
    else if (!layers.includes(open[1]!)) problems.push(`${name}: unknown layer ${open[1]}`);
    else if (name.startsWith('features/') !== (open[1] === 'features'))
      problems.push(`${name}: a feature's own file is in the features layer, only it`);
    // The layer's block closes at the very end: nothing after it is unlayered.
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0 && i !== text.length - 1)
        problems.push(`${name}: rules after the layer's block`);
    }
  }
  expect(problems).toEqual([]);
});
