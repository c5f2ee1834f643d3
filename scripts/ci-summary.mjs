// Sums the JSON reports of every runner in a CI run and prints the failed tests by name, then one
// closing line: "N passed, N failed, N skipped". Exits non-zero when a report is missing, ran no
// test or holds a failure.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0, reports = 0;
const failures = [];

/** The first lines of a failure message, without terminal colours. */
function firstLines(text, lines = 6) {
  return String(text ?? '').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').split('\n').slice(0, lines).join('\n    ');
}

function playwrightFailures(suite, run, trail = []) {
  const names = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.[test.results.length - 1];
      failures.push(`${run} playwright: ${[...names, spec.title].join(' › ')} (${spec.file}:${spec.line})\n    ${firstLines(last?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, run, names);
}

for (const run of readdirSync(dir)) {
  const vitest = path.join(dir, run, 'vitest.json');
  const playwright = path.join(dir, run, 'playwright.json');
  if (existsSync(vitest)) {
    const r = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    reports++;
    console.log(`${run} vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    for (const file of r.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        failures.push(`${run} vitest: ${test.fullName} (${path.relative(process.cwd(), file.name)})\n    ${firstLines(test.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`${run} vitest: ${path.relative(process.cwd(), file.name)} failed to run\n    ${firstLines(file.message)}`);
      }
    }
  }
  if (existsSync(playwright)) {
    const report = JSON.parse(readFileSync(playwright, 'utf8'));
    const s = report.stats;
    passed += s.expected + s.flaky; failed += s.unexpected; skipped += s.skipped;
    reports++;
    console.log(`${run} playwright: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
    for (const suite of report.suites ?? []) playwrightFailures(suite, run);
  }
}
if (failures.length > 0) console.log(`Failed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (reports < 4 || passed === 0 || failed > 0) process.exit(1);
