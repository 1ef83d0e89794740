// The renderer's floors: small components, a test beside each feature, and no zod in what the
// window loads (the renderer and the preload parse nothing; the main process checks every
// message against the contract's schemas).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';

const SRC = path.join(REPO_ROOT, 'renderer', 'src');

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => test(file))
    .sort();
}

/**
 * Each component of a TSX file with its length in lines, from its first line to its last, read
 * from the syntax tree: top-level function and class declarations, and functions (arrow or
 * expression) a top-level const holds or a default export gives, also inside a call such as
 * memo(...) or forwardRef(...).
 */
export function functionLengths(text: string): { name: string; lines: number }[] {
  const file = ts.createSourceFile(
    'component.tsx',
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line;
  const span = (node: ts.Node) => lineOf(node.getEnd()) - lineOf(node.getStart(file)) + 1;
  const out: { name: string; lines: number }[] = [];
  for (const statement of file.statements) {
    if ((ts.isFunctionDeclaration(statement) && statement.body) || ts.isClassDeclaration(statement))
      out.push({ name: statement.name?.text ?? 'default', lines: span(statement) });
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (declaration.initializer && holdsFunction(declaration.initializer))
          out.push({ name: declaration.name.getText(file), lines: span(declaration) });
    } else if (ts.isExportAssignment(statement) && holdsFunction(statement.expression))
      out.push({ name: 'default', lines: span(statement) });
  }
  return out;
}

/** True when `node` is a function, or a call (memo, forwardRef, …) given one, however wrapped. */
function holdsFunction(node: ts.Expression): boolean {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node))
    return true;
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node)
  )
    return holdsFunction(node.expression);
  if (ts.isCallExpression(node)) return node.arguments.some((arg) => holdsFunction(arg));
  return false;
}

/** A planted component of `lines` lines (its first and last line included) in the form `wrap` gives. */
function plantedComponent(lines: number, wrap: (body: string) => string): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  return wrap(body);
}

describe('renderer components stay small', () => {
  const files = filesUnder(SRC, (f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'));

  it('finds the components', () => {
    expect(files.length).toBeGreaterThan(30);
    expect(functionLengths('function A() {\n  return 1;\n}\n')).toEqual([{ name: 'A', lines: 3 }]);
    // Not functions: a top-level const of data, a type, an import.
    expect(
      functionLengths("import { memo } from 'react';\nconst N = 3;\ntype P = { a: 1 };\n"),
    ).toEqual([]);
  });

  it.each([
    ['an arrow function', (b: string) => `export const Big = () => {\n${b}\n};`],
    ['a function expression', (b: string) => `const Big = function () {\n${b}\n};`],
    ['memo(...)', (b: string) => `export const Big = memo(function Big() {\n${b}\n});`],
    ['forwardRef(...)', (b: string) => `export const Big = forwardRef((p, ref) => {\n${b}\n});`],
    [
      'memo(forwardRef(...))',
      (b: string) => `const Big = memo(forwardRef((p, ref) => {\n${b}\n}));`,
    ],
    ['a function declaration', (b: string) => `export default function Big() {\n${b}\n}`],
    ['a default export', (b: string) => `export default memo(() => {\n${b}\n});`],
  ])('measures a planted 250-line component written as %s', (_form, wrap) => {
    const text = `import { forwardRef, memo } from 'react';\n\n${plantedComponent(250, wrap)}\n`;
    const [found] = functionLengths(text);
    expect(found?.lines).toBe(250);
    expect(found!.lines).toBeGreaterThan(200);
  });

  it('no component (measured from the syntax tree) is over 200 lines, no file over 300', () => {
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
