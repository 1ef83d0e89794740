// The renderer's floors: small components, a test beside each feature, and no zod in what the
// window loads (the renderer and the preload parse nothing; the main process checks every
// message against the contract's schemas).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';

const SRC = path.join(REPO_ROOT, 'renderer', 'src');

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => test(file))
    .sort();
}

/** Top-level functions of a TSX file with their length in lines (declaration to closing brace). */
export function functionLengths(text: string): { name: string; lines: number }[] {
  const lines = text.split('\n');
  const out: { name: string; lines: number }[] = [];
  lines.forEach((line, start) => {
    const m = /^(?:export )?function ([A-Za-z0-9_]+)/.exec(line);
    if (!m) return;
    const end = lines.findIndex((l, i) => i > start && l === '}');
    out.push({ name: m[1]!, lines: end - start + 1 });
  });
  return out;
}

describe('renderer components stay small', () => {
  const files = filesUnder(SRC, (f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'));

  it('finds the components', () => {
    expect(files.length).toBeGreaterThan(30);
    expect(functionLengths('function A() {\n  return 1;\n}\n')).toEqual([{ name: 'A', lines: 3 }]);
  });

  it('no component (top-level function) is over 200 lines, no file over 300', () => {
    const problems: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(SRC, file), 'utf8');
      const count = text.split('\n').length;
      if (count > 300) problems.push(`${file}: ${count} lines`);
      for (const fn of functionLengths(text))
        if (fn.lines > 200) problems.push(`${file}: ${fn.name} is ${fn.lines} lines`);
    }
    expect(problems).toEqual([]);
  });

  it('every feature has component tests beside it', () => {
    const features = fs
      .readdirSync(path.join(SRC, 'features'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(features.length).toBeGreaterThan(6);
    const without = features.filter(
      (feature) =>
        filesUnder(path.join(SRC, 'features', feature), (f) => f.endsWith('.test.tsx')).length ===
        0,
    );
    expect(without).toEqual([]);
  });
});

/** The files a module loads at run time: `import type` and `export type` lines do not count. */
function valueImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gms))
    if (!m[2]) specs.push(m[3]!);
  for (const m of text.matchAll(/^import\s+'([^']+)'/gm)) specs.push(m[1]!);
  for (const m of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) specs.push(m[1]!);
  return specs;
}

const PACKAGE_IMPORTS = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    imports: Record<string, string>;
  }
).imports;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = path.join(path.dirname(from), spec);
  else if (spec.startsWith('#')) {
    const alias = Object.keys(PACKAGE_IMPORTS).find((a) => spec.startsWith(a.replace('*', '')));
    if (!alias) return null;
    base = path.join(REPO_ROOT, PACKAGE_IMPORTS[alias]!.replace('*', spec.slice(alias.length - 1)));
  } else return null;
  const stem = base.replace(/\.js$/, '');
  return (
    [`${stem}.ts`, `${stem}.tsx`, base].find((c) => fs.existsSync(c) && /\.tsx?$/.test(c)) ?? null
  );
}

/** Every package a program loads from its entry, through our own modules. */
function packagesReached(entry: string): { packages: Set<string>; files: number } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of valueImports(file)) {
      const target = resolve(file, spec);
      if (target) visit(target);
      else if (!spec.startsWith('.') && !spec.startsWith('#')) packages.add(spec);
    }
  };
  visit(entry);
  return { packages, files: seen.size };
}

describe('no zod in the window', () => {
  it.each([
    ['the renderer', 'renderer/src/main.tsx'],
    ['the preload', 'main/electron/preload.ts'],
  ])('%s loads no zod', (_name, entry) => {
    const { packages, files } = packagesReached(path.join(REPO_ROOT, entry));
    expect(files).toBeGreaterThan(3);
    expect([...packages].filter((p) => p === 'zod' || p.startsWith('zod/'))).toEqual([]);
  });

  it('would see it: the main process loads zod', () => {
    const { packages } = packagesReached(path.join(REPO_ROOT, 'main/core/core.ts'));
    expect(packages.has('zod')).toBe(true);
  });
});
