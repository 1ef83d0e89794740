// The floors hold: a wrong import planted in each folder fails lint (through ESLint itself, with
// the project's config), the right ones pass, and no source file takes part in an import circle.
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { ALIASES as ALIAS_TABLE, ARROWS, LAYERS, layerProblem } from './layers.js';

const ALIASES = ALIAS_TABLE as Record<string, string>;

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The layer rule's messages for `code` as if it were the file `rel`. */
async function layerErrors(rel: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, rel) });
  // A planted text that does not parse would pass every rule: it is a broken test.
  expect(result?.messages.filter((m) => m.fatal) ?? [], code).toEqual([]);
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'foldergate/layers')
    .map((m) => m.message);
}

/** The layer a planted file belongs to (the first folder of LAYERS its path starts with). */
function layerOf(rel: string): string | undefined {
  return (LAYERS as [string, string][]).find(([dir]) => rel.startsWith(dir))?.[1];
}

/**
 * Wrong imports as a person would write them, at least one in every layer of ARROWS (a test
 * below fails when a layer is added without one): each must fail lint with one message.
 */
const WRONG: [string, string][] = [
  ['shared/planted.ts', "import { appDataDir } from '#appdata/paths.js';"],
  ['shared/planted.ts', "import fs from 'node:fs';"],
  ['shared/tools/planted.ts', "import path from 'path';"],
  ['shared/planted.ts', "export { x } from '#core/core.js';"],
  ['shared/planted.ts', "const m = await import('#appdata/paths.js');"],
  ['shared/planted.ts', "import { app } from 'electron';"],
  ['appdata/planted.ts', "import { createCore } from '#core/core.js';"],
  ['appdata/planted.ts', "import { createServer } from '#server/protocol/server.js';"],
  ['appdata/planted.ts', "import { walk } from '#search/walker.js';"],
  ['appdata/planted.ts', "import { app } from 'electron';"],
  ['search/planted.ts', "import { createServer } from '#server/protocol/server.js';"],
  ['search/planted.ts', "import { startEngine } from '#engine/engine-entry.js';"],
  ['search/planted.ts', "import { createCore } from '#core/core.js';"],
  ['search/planted.ts', "import { app } from 'electron';"],
  ['search/scan/planted.ts', "import { listing } from '../../engine/src/crawl.js';"],
  ['engine/src/planted.ts', "import { createServer } from '#server/protocol/server.js';"],
  ['engine/src/planted.ts', "import { createCore } from '#core/core.js';"],
  ['engine/src/planted.ts', "import { app } from 'electron';"],
  ['engine/src/planted.ts', "import { makeTempDir } from '#testing/temp-dirs.js';"],
  ['engine/src/planted.ts', "import { walk } from '../../search/walker.js';"],
  ['engine/test/planted.ts', "import { createServer } from '#server/protocol/server.js';"],
  ['mcp-server/src/planted.ts', "import { startEngine } from '#engine/engine-entry.js';"],
  ['mcp-server/src/planted.ts', "import { createCore } from '#core/core.js';"],
  ['mcp-server/src/planted.ts', "import { app } from 'electron';"],
  ['mcp-server/src/planted.ts', "import { makeTempDir } from '#testing/temp-dirs.js';"],
  ['mcp-server/test/planted.ts', "import { startEngine } from '#engine/engine-entry.js';"],
  ['main/core/planted.ts', "import { walk } from '#search/walker.js';"],
  ['main/core/planted.ts', "import { startEngine } from '#engine/engine-entry.js';"],
  ['main/core/planted.ts', "import { createServer } from '#server/protocol/server.js';"],
  [
    'main/core/planted.ts',
    "import { createServer } from '../../mcp-server/src/protocol/server.js';",
  ],
  ['main/core/planted.ts', "import { app } from 'electron';"],
  ['main/core/planted.ts', "import { makeTempDir } from '#testing/temp-dirs.js';"],
  ['main/core/planted.ts', "import { startHttpHost } from '#web-host/http-host.js';"],
  ['main/electron/planted.ts', "import { startHttpHost } from '#web-host/http-host.js';"],
  ['main/electron/planted.ts', "import { walk } from '#search/walker.js';"],
  ['main/electron/planted.ts', "import { run } from '#cli/cli.js';"],
  ['main/web-host/planted.ts', "import { createMainWindow } from '#electron/main-window.js';"],
  ['main/web-host/planted.ts', "import { app } from 'electron';"],
  ['main/web-host/planted.ts', "import { createServer } from '#server/protocol/server.js';"],
  ['main/cli/planted.ts', "import { createMainWindow } from '#electron/main-window.js';"],
  ['main/cli/planted.ts', "import { app } from 'electron';"],
  ['main/cli/planted.ts', "import { startEngine } from '#engine/engine-entry.js';"],
  ['renderer/src/planted.ts', "import { appDataDir } from '#appdata/paths.js';"],
  ['renderer/src/planted.ts', "import { ipcRenderer } from 'electron';"],
  ['renderer/src/planted.ts', "import fs from 'node:fs';"],
  ['renderer/src/planted.ts', "import { createCore } from '#core/core.js';"],
  ['renderer/src/planted.ts', "import type { Settings } from '../../shared/settings/settings.js';"],
  ['testing/planted.ts', "import { app } from 'electron';"],
  ['testing/planted.ts', "import { walk } from '../search/walker.js';"],
  ['tools/planted.ts', "import { appDataDir } from '../appdata/paths.js';"],
  ['tools/planted.ts', "import { x } from '#nowhere/x.js';"],
  ['bench/planted.ts', "import { walk } from '../search/walker.js';"],
  ['bench/planted.ts', "import { app } from 'electron';"],
  ['e2e/planted.ts', "import { REPO_ROOT } from '../testing/repo.js';"],
];

describe('a planted wrong import fails lint', () => {
  it.each(WRONG)('%s: %s', async (rel, code) => {
    expect(await layerErrors(rel, code)).toHaveLength(1);
  });

  it('has a planted wrong import in every layer of ARROWS', () => {
    const planted = new Set(WRONG.map(([rel]) => layerOf(rel)));
    expect(Object.keys(ARROWS).filter((layer) => !planted.has(layer))).toEqual([]);
    // Every layer of ARROWS has its folder, and every folder its arrows.
    expect(Object.keys(ARROWS).sort()).toEqual(
      (LAYERS as [string, string][]).map(([, n]) => n).sort(),
    );
  });

  it('holds the ARROWS table for every layer and every alias', async () => {
    const arrows = ARROWS as Record<string, string[]>;
    const wrongly: string[] = [];
    for (const [dir, from] of LAYERS as [string, string][]) {
      for (const [alias, to] of Object.entries(ALIASES)) {
        const allowed = to === from || arrows[from]!.includes(to);
        const errors = await layerErrors(
          `${dir}planted.ts`,
          `import { x } from '${alias}planted.js';`,
        );
        if (errors.length !== (allowed ? 0 : 1))
          wrongly.push(`${from} → ${to}: ${errors.length} errors`);
      }
    }
    expect(wrongly).toEqual([]);
  });

  it('lets test files import any layer, but never electron outside main/electron/, e2e/, tools/', async () => {
    expect(
      await layerErrors(
        'search/planted.test.ts',
        "import { createServer } from '#server/protocol/server.js';",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'engine/test/planted.int.test.ts',
        "import { createCore } from '#core/core.js';",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('main/core/planted.test.ts', "import { app } from 'electron';"),
    ).toHaveLength(1);
    expect(
      await layerErrors('e2e/planted.spec.ts', "import electronPath from 'electron';"),
    ).toEqual([]);
  });

  it('passes the arrows the house has', async () => {
    const right: [string, string][] = [
      ['appdata/planted.ts', "import { SETTINGS_VERSION } from '#shared/settings/settings.js';"],
      [
        'mcp-server/src/planted.ts',
        "import { createAuditWriter } from '#appdata/activity/activity-writer.js';",
      ],
      ['mcp-server/src/planted.ts', "import { walk } from '#search/walker.js';"],
      ['engine/src/planted.ts', "import { walk } from '#search/walker.js';"],
      ['search/planted.ts', "import { appDataDir } from '#appdata/paths.js';"],
      [
        'main/electron/planted.ts',
        "import { createCore } from '#core/core.js';\nimport { app } from 'electron';",
      ],
      ['main/cli/planted.ts', "import { startHttpHost } from '#web-host/http-host.js';"],
      ['renderer/src/planted.ts', "import type { Settings } from '#shared/settings/settings.js';"],
      ['main/core/planted.test.ts', "import { makeTempDir } from '#testing/temp-dirs.js';"],
      ['tools/planted.ts', "import { appDataDir } from '#appdata/paths.js';"],
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
    expect(layerProblem('search/x.ts', 'electron')).toBe('only main/electron/ may import electron');
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
