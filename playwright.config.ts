// Playwright: end-to-end tests of the built app (e2e/). They drive Debian's chromium against the
// real headless host (`foldergate web`), and Electron through `_electron` when its binary exists.
// Build first: `npm run build` (the specs use main/cli/dist, main/electron/dist, mcp-server/dist and renderer/dist).
import { defineConfig } from '@playwright/test';
import type { ReporterDescription } from '@playwright/test';
import { scaled } from '#testing/time.js';

const reportDir = process.env.FOLDERGATE_REPORT_DIR;
const reporter: ReporterDescription[] = [['list']];
// .ci/run sets FOLDERGATE_REPORT_DIR and sums this JSON report into its closing line.
if (reportDir) reporter.push(['json', { outputFile: `${reportDir}/playwright.json` }]);

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties outputDir at start, and test-results/ci holds the other
  // reports of the same `npm test` run.
  outputDir: 'test-results/playwright',
  // Each test starts a host, its MCP server child and a browser: two at a time on two cores
  // (measured: 3.0 min with one worker, 2.3 min with two, no gain and a load flake with three).
  workers: 2,
  fullyParallel: true,
  retries: 0,
  // Every budget on the tests' one time scale (testing/time.ts): a busy machine passes too.
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  forbidOnly: !!process.env.CI,
  reporter,
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 860 },
    launchOptions: {
      // Debian's chromium: Playwright's own browser download does not work here.
      executablePath: process.env.FOLDERGATE_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: scaled(15_000),
    navigationTimeout: scaled(20_000),
  },
});
