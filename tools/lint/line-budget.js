// The line budget outside the renderer (whose components and files tools/lint/renderer-floors
// .test.ts measures): a source file that needs more than LINE_BUDGET lines of code is two files.
// ESLint's max-lines counts them, blank lines and comments left out (a comment saying why never
// costs a split). The files that were over the budget when it came keep a ceiling of their own;
// tools/lint/line-budget.test.ts plants a file over it and holds the list.
/** The most lines of code (not blank, not only comment) a source file may have. */
export const LINE_BUDGET = 300;

/** The source the budget holds: the Node processes and layers, and the tools. */
export const BUDGET_FILES = [
  'shared/**/*.{ts,mts,cts,js,mjs,cjs}',
  'appdata/**/*.{ts,mts,cts,js,mjs,cjs}',
  'search/**/*.{ts,mts,cts,js,mjs,cjs}',
  'engine/src/**/*.{ts,mts,cts,js,mjs,cjs}',
  'mcp-server/src/**/*.{ts,mts,cts,js,mjs,cjs}',
  'main/**/*.{ts,mts,cts,js,mjs,cjs}',
  'tools/**/*.{ts,mts,cts,js,mjs,cjs}',
];

/** Tests are not held: a test file is as long as the behaviour it walks through. */
export const TEST_FILES = ['**/*.test.*', '**/*.spec.*'];

/**
 * The files over the budget when it came, with the lines of code they had then, rounded up to
 * the next ten. They may shrink but not grow: a change that needs more lines here splits the
 * file instead, and a file that comes down to the budget leaves the list (the test says so).
 */
export const CEILINGS = {
  'engine/src/index-walk.ts': 350,
  'shared/contract/ipc.ts': 430,
  'engine/src/search-engine.ts': 340,
  'main/core/ai-apps/client-service.ts': 400,
  'engine/src/folder-index.ts': 370,
  'mcp-server/src/scan/parallel-scan.ts': 370,
  'shared/tools/logic.ts': 340,
};

/** How max-lines counts, the same for the budget and for every ceiling. */
const COUNTING = { skipBlankLines: true, skipComments: true };

/** The config blocks eslint.config.js spreads: the budget, then one block per ceiling. */
export const lineBudgetConfig = [
  {
    files: BUDGET_FILES,
    ignores: TEST_FILES,
    rules: { 'max-lines': ['error', { max: LINE_BUDGET, ...COUNTING }] },
  },
  ...Object.entries(CEILINGS).map(([file, max]) => ({
    files: [file],
    rules: { 'max-lines': ['error', { max, ...COUNTING }] },
  })),
];
