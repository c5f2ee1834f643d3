import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// Browser error reporting with a DSN configured (docs/decisions/0071): a shop of its own, reporting
// to a stand-in for Sentry's ingestion on loopback.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100) + 1000;
const shop = `http://127.0.0.1:${port}`;

let ingestion: Server;
let ingestionPort = 0;
const envelopes: string[] = [];
let server: ChildProcess;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ingestion = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') envelopes.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingestion.listen(0, '127.0.0.1', resolve));
  ingestionPort = (ingestion.address() as { port: number }).port;
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: shop,
      SENTRY_BROWSER_DSN: `http://publickey@127.0.0.1:${ingestionPort}/1`,
      ...(process.env.DATABASE_URL ? {} : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ember-e2e-reporting-')) }),
    },
  });
  const until = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${shop}/readyz`)).ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > until) throw new Error('the reporting shop did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  ingestion?.close();
});

test('the Sentry browser SDK is in no page’s first scripts, and the DSN’s origin may be reached', async ({ request }) => {
  const response = await request.get(`${shop}/gb/p/ember-one`);
  const html = await response.text();
  expect(html).toContain(`"dsn":"http://publickey@127.0.0.1:${ingestionPort}/1"`);
  expect(response.headers()['content-security-policy']).toContain(`connect-src 'self' http://127.0.0.1:${ingestionPort}`);
  const urls = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g), ...html.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!);
  expect(urls.length).toBeGreaterThan(4);
  for (const url of urls) expect(await (await request.get(`${shop}${url}`)).text(), url).not.toContain('sentry.javascript');
});

test('after the page has loaded, an uncaught error reaches the error service without personal data', async ({ page }) => {
  const loadedBeforeLoad: string[] = [];
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  page.on('request', (r) => {
    if (!loaded && /\/assets\/browser-[\w-]+\.js$/.test(r.url())) loadedBeforeLoad.push(r.url());
  });
  const sdk = page.waitForResponse((r) => /\/assets\/browser-[\w-]+\.js$/.test(r.url()));
  await page.goto(`${shop}/gb/p/ember-one`);
  expect((await sdk).ok()).toBe(true);
  expect(loadedBeforeLoad).toEqual([]);
  await expect.poll(() => page.evaluate(() => Array.isArray((window as { __emberErrors?: unknown }).__emberErrors))).toBe(false);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('checkout failed for jane.doe@example.com');
    });
  });
  await expect.poll(() => envelopes.find((e) => e.includes('checkout failed for')), { timeout: 15_000 }).toBeTruthy();
  const envelope = envelopes.find((e) => e.includes('checkout failed for'))!;
  expect(envelope).toContain('checkout failed for [email]');
  expect(envelope).not.toContain('jane.doe@example.com');
});
