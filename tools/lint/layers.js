// The house's floors as a lint rule: which folder (process or layer) may import which. A folder
// imports another only through its alias (#shared/…, #appdata/…), never by climbing with ../, and
// only along an arrow of ARROWS; electron only in desktop/, Node's modules never in shared/ or the
// renderer. docs/architecture.md draws the same arrows; tools/lint/layers.test.ts plants wrong
// imports and checks that each one fails.
import path from 'node:path';
import { builtinModules } from 'node:module';

/** Folders (from the repository root) and the name they are known by in ARROWS. */
export const LAYERS = [
  ['shared/', 'shared'],
  ['appdata/', 'appdata'],
  ['mcp-server/src/', 'server'],
  ['mcp-server/test/', 'server-tests'],
  ['app-core/', 'core'],
  ['desktop/', 'desktop'],
  ['web-host/', 'web-host'],
  ['cli/', 'cli'],
  ['renderer/', 'renderer'],
  ['testing/', 'testing'],
  ['tools/', 'tools'],
  ['bench/', 'bench'],
  ['e2e/', 'e2e'],
];

/** The alias of each layer that others may import (package.json "imports"). */
export const ALIASES = {
  '#shared/': 'shared',
  '#appdata/': 'appdata',
  '#server/': 'server',
  '#core/': 'core',
  '#desktop/': 'desktop',
  '#web-host/': 'web-host',
  '#cli/': 'cli',
  '#testing/': 'testing',
};

const ALL = ['shared', 'appdata', 'server', 'core', 'desktop', 'web-host', 'cli', 'testing'];

/** What each layer's source may import (a layer may always import itself). */
export const ARROWS = {
  shared: [],
  appdata: ['shared'],
  server: ['shared', 'appdata'],
  'server-tests': ['shared', 'appdata', 'server', 'testing'],
  core: ['shared', 'appdata'],
  desktop: ['shared', 'appdata', 'core'],
  'web-host': ['shared', 'appdata', 'core'],
  cli: ['shared', 'appdata', 'core', 'web-host'],
  renderer: ['shared'],
  testing: ['shared', 'appdata', 'server', 'core', 'desktop', 'web-host', 'cli'],
  tools: ALL,
  bench: ALL,
  e2e: ALL,
};

/**
 * Test files check processes together (an app that adds a folder, a server that searches it):
 * they may import any layer, through its alias, and run under Node wherever they sit.
 */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

const NODE = new Set(builtinModules);
const isNodeModule = (spec) => spec.startsWith('node:') || NODE.has(spec.split('/')[0]);

function layerOf(rel) {
  const found = LAYERS.find(([dir]) => rel.startsWith(dir));
  return found ? found[1] : null;
}

/** Why importing `spec` from `rel` (a file, from the root) breaks a floor; null when it does not. */
export function layerProblem(rel, spec) {
  const from = layerOf(rel);
  if (from === null) return null;
  const test = TEST_FILE.test(rel);
  if (spec === 'electron' && from !== 'desktop' && from !== 'e2e' && from !== 'tools')
    return 'only desktop/ may import electron';
  if (isNodeModule(spec) && !test && (from === 'shared' || from === 'renderer'))
    return `${from}/ runs outside Node (or must stay pure): no Node modules`;
  let to;
  if (spec.startsWith('#')) {
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    if (!alias) return `unknown alias ${spec.split('/')[0]}/ (see package.json "imports")`;
    to = ALIASES[alias];
  } else if (spec.startsWith('.')) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
    to = layerOf(target);
    if (to !== null && to !== from)
      return `import ${to === 'server' ? 'mcp-server/src' : to}/ through its alias, not a relative path`;
  } else return null;
  if (to === null || to === from || test) return null;
  const may = ARROWS[from];
  if (to === 'testing' && !may.includes('testing'))
    return 'testing/ is for tests only: source files may not import it';
  return may.includes(to)
    ? null
    : `${from}/ may not import ${to}/ (the arrows are in tools/lint/layers.js)`;
}

/** The ESLint rule: reports every import, export-from and dynamic import that breaks a floor. */
export const layersRule = {
  meta: { type: 'problem', schema: [], messages: { wrong: '{{why}}: {{spec}}' } },
  create(context) {
    const rel = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const why = layerProblem(rel, source.value);
      if (why) context.report({ node, messageId: 'wrong', data: { why, spec: source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/** The plugin eslint.config.js registers. */
export default { rules: { layers: layersRule } };
