// `npm test`: installs what is missing, then runs every test: unit and integration (Vitest, on
// PGlite, or on the PostgreSQL server named by DATABASE_URL), then the browser journeys (Playwright
// in Debian's Chromium) against the built shop. With TEST_REPORT_DIR set, each runner also writes a
// JSON report there. It builds first: some tests start the built server as a process. `npm test -- --no-e2e` skips the browser part.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

execSync(`node ${JSON.stringify(path.join(root, 'scripts/ensure-install.mjs'))}`, { cwd: root, stdio: 'inherit' });
const reportDir = process.env.TEST_REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const failures = [];
// The server-process tests and the browser tests run the built shop.
if (run('npm', ['run', 'build']) !== 0) {
  console.error('Build failed');
  process.exit(1);
}
const vitestArgs = ['vitest', 'run'];
if (reportDir) vitestArgs.push('--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportDir, 'vitest.json')}`);
if (run('npx', vitestArgs) !== 0) failures.push('unit and integration tests');

if (!process.argv.includes('--no-e2e')) {
  if (!existsSync('/usr/bin/chromium')) {
    const isRoot = process.getuid?.() === 0;
    if (isRoot) {
      console.log('Installing Debian chromium for the browser tests');
      run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
    }
  }
  if (!existsSync('/usr/bin/chromium')) {
    console.error('Browser tests need Debian chromium: apt-get install -y chromium');
    failures.push('browser tests (no chromium)');
  } else {
    const env = reportDir ? { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, 'playwright.json') } : {};
    const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts'];
    if (reportDir) args.push('--reporter=list,json');
    if (run('npx', args, env) !== 0) failures.push('browser tests');
  }
}

if (failures.length) {
  console.error(`Failed: ${failures.join(', ')}`);
  process.exit(1);
}
