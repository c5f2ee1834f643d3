import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CONSENT_ACCEPTED } from './support/consent';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Below 32768, where the kernel's ephemeral ports cannot collide with it.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh PGlite data directory per run (the server migrates and seeds it on first start), unless
// DATABASE_URL points at PostgreSQL. Kept in the environment so workers reuse the main process's.
if (!process.env.DATABASE_URL) process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ember-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // A journey signs in, buys or runs axe on several views against a full shop on two shared cores:
  // half a minute was close to what the longest of them took on a slow machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: path.join(root, 'playwright-report') }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    // A returning visitor: the soft age gate was answered before (e2e/age-verification.spec.ts opens it),
    // and every cookie group accepted (e2e/cookie-consent.spec.ts asks; support/consent.ts).
    storageState: {
      cookies: [
        { name: 'ember_age_gate', value: 'gb', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' },
        CONSENT_ACCEPTED,
      ],
      origins: [],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's chromium package; never a downloaded browser.
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/server.js',
    cwd: root,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every journey comes from 127.0.0.1: per-IP limits (registrations, logins) sized for one
      // person would stop the suite, so they get the headroom of a shared address.
      RATE_LIMIT_IP_FACTOR: '20',
      // Journeys leave orders unpaid with the demo customers and addresses, so they hold more at once than a shopper may.
      ORDERS_UNPAID_PER_BUYER: '1000',
      ORDERS_UNPAID_PER_ADDRESS: '1000',
      // The operator endpoints, for journeys that move an order on as the warehouse would (delivered).
      // Links in e-mails (password reset) lead back to this server.
      PUBLIC_BASE_URL: baseURL,
      ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? 'e2e-operator-token-0123456789abcdef0123',
      ...(process.env.DATABASE_URL ? {} : { DATA_DIR: process.env.E2E_DATA_DIR as string }),
    },
  },
});
