// Lint enforces the floors of the house (tools/lint/layers.js): which folder may import which,
// through aliases only; electron only in main/electron/; no Node modules in shared/ or the renderer.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './tools/lint/layers.js';
import { lineBudgetConfig } from './tools/lint/line-budget.js';
import i18next from 'eslint-plugin-i18next';

/**
 * A word a person reads, somewhere in a text: a capitalised word standing alone ('Add', but not
 * 'RootReplaced' nor the 'Over' of 'settings:startOver', which are names), a word beside a space
 * ('add a folder'), a letter of another script ('폴더'). Class names, test ids, channel names,
 * keys, error codes, MIME types, CSS values, selectors and punctuation have none; one lowercase
 * word alone ('folders') has none either, as a key or a name does (the one kind of text this
 * lets through).
 */
const LETTERS_ELSEWHERE =
  '\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0370-\\u052F\\u3040-\\u30FF\\u3130-\\u318F\\u4E00-\\u9FFF\\uAC00-\\uD7AF';
const WORD = `(?:^|[^A-Za-z0-9_])[A-Z][a-z]+(?![A-Za-z0-9_])|[A-Za-z]{2,}\\s|\\s[A-Za-z]{2,}|[${LETTERS_ELSEWHERE}]`;
/** Text with no WORD in it: what i18next/no-literal-string leaves alone. */
const NO_WORDS = `(?![\\s\\S]*(?:${WORD}))[\\s\\S]*`;

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
    // Every word a person reads comes from the catalog (shared/i18n/): no literal text anywhere in
    // a component (JSX, a const, a ternary, a template), nor in the attributes a person or a
    // screen reader meets. What is left alone is text with no word in it (see NO_WORDS).
    files: ['renderer/src/**/*.tsx'],
    ignores: ['renderer/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'all',
          'should-validate-template': true,
          'jsx-attributes': {
            include: ['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label'],
          },
          // Calls whose strings are keys, names or patterns, never shown as they are.
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
          // The product's name is the same in every language ('Search — FolderGate').
          words: { exclude: [NO_WORDS, '[\\s·×—–…]*FolderGate'] },
        },
      ],
      // What no-literal-string skips on purpose, closed here: text in an UPPER_CASE const and a
      // parameter's default.
      'no-restricted-syntax': [
        'error',
        ...['VariableDeclarator[id.name=/^[A-Z][A-Z0-9_]*$/]', 'AssignmentPattern'].flatMap(
          (holder) =>
            [
              `${holder} Literal[value=/${WORD}/]`,
              `${holder} TemplateElement[value.raw=/${WORD}/]`,
            ].map((selector) => ({
              selector,
              message: 'Words a person reads come from the catalog (shared/i18n/), through t().',
            })),
        ),
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
