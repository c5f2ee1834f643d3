// Sums the JSON reports of every runner in a CI run and prints one closing line:
// "N passed, N failed, N skipped". Exits non-zero when a report is missing or ran no test.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0, reports = 0;
for (const run of readdirSync(dir)) {
  const vitest = path.join(dir, run, 'vitest.json');
  const playwright = path.join(dir, run, 'playwright.json');
  if (existsSync(vitest)) {
    const r = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    reports++;
    console.log(`${run} vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  }
  if (existsSync(playwright)) {
    const s = JSON.parse(readFileSync(playwright, 'utf8')).stats;
    passed += s.expected + s.flaky; failed += s.unexpected; skipped += s.skipped;
    reports++;
    console.log(`${run} playwright: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (reports < 4 || passed === 0 || failed > 0) process.exit(1);
