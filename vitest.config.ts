import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{shared,appdata,mcp-server,app-core,desktop,web-host,cli,tools,renderer,bench}/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests spawn real servers; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
    // .ci/run sets FOLDERGATE_REPORT_DIR and sums the JSON report into its closing line.
    reporters: process.env.FOLDERGATE_REPORT_DIR
      ? ['default', ['json', { outputFile: `${process.env.FOLDERGATE_REPORT_DIR}/vitest.json` }]]
      : ['default'],
  },
});
