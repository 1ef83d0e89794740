// The floors hold: a wrong import planted in each folder fails lint (through ESLint itself, with
// the project's config), the right ones pass, and no source file takes part in an import circle.
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { ALIASES as ALIAS_TABLE, LAYERS, layerProblem } from './layers.js';

const ALIASES = ALIAS_TABLE as Record<string, string>;

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The layer rule's messages for `code` as if it were the file `rel`. */
async function layerErrors(rel: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, rel) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'foldergate/layers')
    .map((m) => m.message);
}

describe('a planted wrong import fails lint', () => {
  const wrong: [string, string][] = [
    ['shared/planted.ts', "import { appDataDir } from '#appdata/paths.js';"],
    ['shared/planted.ts', "import fs from 'node:fs';"],
    ['shared/tools/planted.ts', "import path from 'path';"],
    ['appdata/planted.ts', "import { createCore } from '#core/core.js';"],
    ['appdata/planted.ts', "import { createServer } from '#server/protocol/server.js';"],
    ['mcp-server/src/planted.ts', "import { createCore } from '#core/core.js';"],
    ['mcp-server/src/planted.ts', "import { app } from 'electron';"],
    ['main/core/planted.ts', "import { searchByTime } from '#server/search/search-by-time.js';"],
    [
      'main/core/planted.ts',
      "import { searchByTime } from '../../mcp-server/src/search/search-by-time.js';",
    ],
    ['main/core/planted.ts', "import { app } from 'electron';"],
    ['main/electron/planted.ts', "import { startHttpHost } from '#web-host/http-host.js';"],
    ['main/web-host/planted.ts', "import { createMainWindow } from '#electron/main-window.js';"],
    ['renderer/src/planted.ts', "import { appDataDir } from '#appdata/paths.js';"],
    ['renderer/src/planted.ts', "import { ipcRenderer } from 'electron';"],
    ['renderer/src/planted.ts', "import fs from 'node:fs';"],
    ['main/core/planted.ts', "import { makeTempDir } from '#testing/temp-dirs.js';"],
    ['shared/planted.ts', "export { x } from '#core/core.js';"],
    ['shared/planted.ts', "const m = await import('#appdata/paths.js');"],
  ];
  it.each(wrong)('%s: %s', async (rel, code) => {
    expect(await layerErrors(rel, code)).toHaveLength(1);
  });

  it('passes the arrows the house has', async () => {
    const right: [string, string][] = [
      ['appdata/planted.ts', "import { SETTINGS_VERSION } from '#shared/settings/settings.js';"],
      [
        'mcp-server/src/planted.ts',
        "import { createAuditWriter } from '#appdata/activity/activity-writer.js';",
      ],
      [
        'main/electron/planted.ts',
        "import { createCore } from '#core/core.js';\nimport { app } from 'electron';",
      ],
      ['main/cli/planted.ts', "import { startHttpHost } from '#web-host/http-host.js';"],
      ['renderer/src/planted.ts', "import type { Settings } from '#shared/settings/settings.js';"],
      ['main/core/planted.test.ts', "import { makeTempDir } from '#testing/temp-dirs.js';"],
    ];
    for (const [rel, code] of right) expect(await layerErrors(rel, code), rel).toEqual([]);
  });

  it('names the problem in words', () => {
    expect(layerProblem('shared/x.ts', '#core/core.js')).toBe(
      'shared/ may not import main/core/ (the arrows are in tools/lint/layers.js)',
    );
    expect(layerProblem('main/core/x.ts', '../../mcp-server/src/y.js')).toBe(
      'import mcp-server/src/ through its alias, not a relative path',
    );
  });
});

describe('no import circles', () => {
  it('has none among the source files', () => {
    const files = sourceFiles();
    const graph = new Map(files.map((file) => [file, importsOf(file, new Set(files))]));
    // The reading finds the imports (aliases and relative): hundreds of arrows.
    expect([...graph.values()].flat().length).toBeGreaterThan(400);
    expect(circles(graph)).toEqual([]);
    // And would see one: a file importing its own importer.
    const [a, [b]] = [...graph].find(([, to]) => to.length > 0)!;
    expect(circles(new Map([...graph, [b!, [...graph.get(b!)!, a]]]))).not.toEqual([]);
  });
});

const SOURCE_DIRS = (LAYERS as [string, string][])
  .map(([dir]) => dir)
  .filter((d) => !/^(e2e|bench|tools)\//.test(d));

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, rel), { withFileTypes: true })) {
      const child = `${rel}${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'dist' && entry.name !== 'node_modules') walk(`${child}/`);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name))
        out.push(child);
    }
  };
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(REPO_ROOT, dir))) walk(dir);
  return out;
}

const PACKAGE_IMPORTS = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    imports: Record<string, string>;
  }
).imports;

function importsOf(file: string, known: Set<string>): string[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
  const targets: string[] = [];
  for (const spec of specs) {
    let base: string | null = null;
    if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(file), spec);
    else {
      const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
      const target = alias && PACKAGE_IMPORTS[`${alias}*`];
      if (alias && target)
        base = path.posix.normalize(target.replace('*', spec.slice(alias.length)));
    }
    if (base === null) continue;
    const stem = base.replace(/\.js$/, '');
    const found = [`${stem}.ts`, `${stem}.tsx`].find((c) => known.has(c));
    if (found) targets.push(found);
  }
  return targets;
}

/** The strongly connected groups of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexes.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexes.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexes.get(w)!));
    }
    if (low.get(v) === indexes.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indexes.has(v)) visit(v);
  return found;
}
