// Lint enforces the floors of the house (tools/lint/layers.js): which folder may import which,
// through aliases only; electron only in main/electron/; no Node modules in shared/ or the renderer.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './tools/lint/layers.js';
import { lineBudgetConfig } from './tools/lint/line-budget.js';
import i18next from 'eslint-plugin-i18next';

/** The methods that register an IPC listener (ipcMain's own and EventEmitter's). */
const IPC_REGISTERS =
  '/^(handle|handleOnce|on|once|addListener|prependListener|prependOnceListener)$/';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '.tsc/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.tree/**',
      'bench/.tree-1m/**',
      'bench/.build/**',
      'tmp-scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs,cjs,js}'],
    plugins: { foldergate: layers },
    rules: { 'foldergate/layers': 'error' },
  },
  // At most 300 lines of code in a source file outside the renderer; today's larger files keep
  // their ceilings (tools/lint/line-budget.js).
  ...lineBudgetConfig,
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    languageOptions: { globals: {} },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Every word a person reads comes from the catalog (shared/i18n/): no literal text in JSX,
    // nor in the attributes a person or a screen reader meets.
    files: ['renderer/src/**/*.tsx'],
    ignores: ['renderer/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label'],
          },
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'translate',
              'useT',
              'require',
              'addEventListener',
              'removeEventListener',
              'getElementById',
              'querySelector(All)?',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
              'join',
              'split',
              'replace',
            ],
          },
          // Class names, test ids, channel names: one lowercase token, never a sentence.
          words: {
            exclude: [
              '[0-9!-/:-@[-`{-~]+',
              '[A-Z_-]+',
              '[a-z0-9]+(?:[-:.][a-z0-9]+)*',
              '[\\s·×—–…]+',
            ],
          },
        },
      ],
    },
  },
  {
    // IPC handlers are registered only by walking the contract in main/electron/ipc-main.ts. The
    // selectors follow ipcMain under its own name: a method that registers (EventEmitter's too),
    // by dot or by string, on ipcMain or on electron.ipcMain or a window's webContents.ipc; and
    // they refuse every way of giving ipcMain another name (an import alias, a variable, a
    // destructuring) or handing it to a function other than registerIpcHandlers. Not caught: an
    // `ipc` reached through names built at run time (electron['ipc' + 'Main']), or the electron
    // module itself handed to a helper; tools/lint/ipc-main-rule.test.ts plants the rest.
    files: ['main/**/*.{ts,mts,cts,js,mjs,cjs}'],
    ignores: ['main/electron/ipc-main.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `MemberExpression[object.name='ipcMain'][property.name=${IPC_REGISTERS}]`,
          `MemberExpression[object.name='ipcMain'][property.value=${IPC_REGISTERS}]`,
          `MemberExpression[object.property.name=/^(ipcMain|ipc)$/][property.name=${IPC_REGISTERS}]`,
          "ImportSpecifier[imported.name='ipcMain'][local.name!='ipcMain']",
          "VariableDeclarator[init.name='ipcMain']",
          "AssignmentExpression[right.name='ipcMain']",
          "ObjectPattern > Property[key.name='ipcMain'][value.name!='ipcMain']",
          "CallExpression[callee.name!='registerIpcHandlers'] > Identifier.arguments[name='ipcMain']",
        ].map((selector) => ({
          selector,
          message:
            'Register IPC through registerIpcHandlers (main/electron/ipc-main.ts), which checks the sender and validates the payload.',
        })),
      ],
    },
  },
);
