// Adds up the JSON reports that vitest (and Playwright) wrote during `npm test` and prints the
// one plain closing line CI reads: "N passed, N failed[, N skipped]".
import fs from 'node:fs';
import path from 'node:path';

const [dir = '.', statusText = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let reports = 0;

const vitest = path.join(dir, 'vitest.json');
if (fs.existsSync(vitest)) {
  const r = JSON.parse(fs.readFileSync(vitest, 'utf8'));
  reports++;
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A suite that failed to load has no tests of its own: count it as a failure.
  for (const suite of r.testResults ?? []) {
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failed++;
  }
}

const playwright = path.join(dir, 'playwright.json');
if (fs.existsSync(playwright)) {
  const r = JSON.parse(fs.readFileSync(playwright, 'utf8'));
  reports++;
  const s = r.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}

if (reports === 0 || (Number(statusText) !== 0 && failed === 0)) failed++; // the run broke before reporting
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
