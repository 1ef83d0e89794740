import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'mcp-server/**/*.test.ts', 'main/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests spawn real servers; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
  },
});
