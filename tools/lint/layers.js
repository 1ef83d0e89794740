// The house's floors as a lint rule: which folder (process or layer) may import which. A folder
// imports another only through its alias (#shared/…, #appdata/…), never by climbing with ../, and
// only along an arrow of ARROWS; electron only in main/electron/, Node's modules never in shared/ or the
// renderer. docs/architecture.md draws the same arrows; tools/lint/layers.test.ts plants wrong
// imports and checks that each one fails.
import path from 'node:path';
import { builtinModules } from 'node:module';

/**
 * Folders (from the repository root) and the name they are known by in ARROWS; the first that a
 * path starts with names its layer, so a folder inside another comes first.
 */
export const LAYERS = [
  ['shared/', 'shared'],
  ['appdata/', 'appdata'],
  ['search/', 'search'],
  ['engine/src/', 'engine'],
  ['engine/test/', 'engine-tests'],
  ['mcp-server/src/', 'server'],
  ['mcp-server/test/', 'server-tests'],
  ['main/core/', 'core'],
  ['main/electron/', 'electron'],
  ['main/web-host/', 'web-host'],
  ['main/cli/', 'cli'],
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
  '#search/': 'search',
  '#engine/': 'engine',
  '#server/': 'server',
  '#core/': 'core',
  '#electron/': 'electron',
  '#web-host/': 'web-host',
  '#cli/': 'cli',
  '#testing/': 'testing',
};

const ALL = Object.values(ALIASES);

/**
 * What each layer's source may import (a layer may always import itself). The search layer is
 * below both processes that search (the server an AI app starts and the app's engine), which
 * never import each other: they meet on the engine channel (appdata/engine/).
 */
export const ARROWS = {
  shared: [],
  appdata: ['shared'],
  search: ['shared', 'appdata'],
  engine: ['shared', 'appdata', 'search'],
  'engine-tests': ['shared', 'appdata', 'search', 'engine', 'testing'],
  server: ['shared', 'appdata', 'search'],
  'server-tests': ['shared', 'appdata', 'search', 'server', 'testing'],
  core: ['shared', 'appdata'],
  electron: ['shared', 'appdata', 'core'],
  'web-host': ['shared', 'appdata', 'core'],
  cli: ['shared', 'appdata', 'core', 'web-host'],
  renderer: ['shared'],
  testing: ALL.filter((layer) => layer !== 'testing'),
  tools: ALL,
  bench: ALL,
  e2e: ALL,
};

/** Where a layer's files are, for messages ('server' is mcp-server/src/). */
const FOLDER_OF = Object.fromEntries(LAYERS.map(([dir, name]) => [name, dir.slice(0, -1)]));

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
  if (spec === 'electron' && from !== 'electron' && from !== 'e2e' && from !== 'tools')
    return 'only main/electron/ may import electron';
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
      return `import ${FOLDER_OF[to]}/ through its alias, not a relative path`;
  } else return null;
  if (to === null || to === from || test) return null;
  const may = ARROWS[from];
  if (to === 'testing' && !may.includes('testing'))
    return 'testing/ is for tests only: source files may not import it';
  return may.includes(to)
    ? null
    : `${FOLDER_OF[from]}/ may not import ${FOLDER_OF[to]}/ (the arrows are in tools/lint/layers.js)`;
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
