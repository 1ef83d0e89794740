// Lint enforces the process boundaries: shared/ is pure (no electron, no node:, no DOM),
// renderer/ never imports electron or node:, mcp-server/ never imports electron.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const electron = { name: 'electron', message: 'Only main/ may import electron.' };
const nodeBuiltins = {
  group: ['node:*'],
  message: 'This folder runs outside Node: no node: imports.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.tree/**',
      'bench/.tree-1m/**',
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
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron],
          patterns: [
            nodeBuiltins,
            { group: ['fs', 'path', 'os', 'child_process'], message: 'shared/ is pure.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: [electron], patterns: [nodeBuiltins] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // IPC handlers are registered only by walking the contract in desktop/ipc-main.ts.
    files: ['main/**/*.ts'],
    ignores: ['desktop/ipc-main.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='ipcMain'][property.name=/^(handle|handleOnce|on|once)$/]",
          message:
            'Register IPC through registerIpcHandlers (desktop/ipc-main.ts), which checks the sender and validates the payload.',
        },
      ],
    },
  },
  {
    files: ['mcp-server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electron] }] },
  },
);
