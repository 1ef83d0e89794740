import { defineConfig } from 'vitest/config';
import { scaled } from '#testing/time.js';

const ALL = '{shared,appdata,search,engine,mcp-server,main,tools,renderer,bench}/**';

export default defineConfig({
  test: {
    // Budgets of processes that must answer, on the tests' one time scale (testing/time.ts).
    testTimeout: scaled(30_000),
    hookTimeout: scaled(60_000),
    // .ci/run sets FOLDERGATE_REPORT_DIR and sums the JSON report into its closing line.
    reporters: process.env.FOLDERGATE_REPORT_DIR
      ? ['default', ['json', { outputFile: `${process.env.FOLDERGATE_REPORT_DIR}/vitest.json` }]]
      : ['default'],
    projects: [
      {
        // No processes, no bundles: `npx vitest run --project unit` answers in seconds.
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // One process per worker for all its files: no start-up cost per file.
          isolate: false,
          include: [`${ALL}/*.test.ts`],
          exclude: [`${ALL}/*.int.test.ts`, '**/node_modules/**', '**/dist/**'],
        },
      },
      {
        // The renderer's components in a DOM (happy-dom) against the real app core in the same
        // process: Testing Library, no browser, no processes.
        extends: true,
        test: {
          name: 'components',
          sequence: { groupOrder: 0 },
          environment: 'happy-dom',
          include: ['renderer/src/**/*.test.tsx'],
          setupFiles: ['testing/components/setup.ts'],
        },
      },
      {
        // Real processes over stdio, sockets and the CLI, against the bundles one globalSetup
        // builds. They wait on processes much of the time: three workers on two cores (measured:
        // 122 s with two, 99 s with three).
        extends: true,
        test: {
          name: 'integration',
          // After the unit project (groupOrder), so a quick failure shows first.
          sequence: { groupOrder: 1 },
          include: [`${ALL}/*.int.test.ts`],
          globalSetup: ['testing/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 3,
        },
      },
    ],
  },
});
