import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-app.js';
import { DOCS_PREFIX, registeredRoutes } from './openapi.js';

/**
 * Routes that are not REST services described by the contracts package, named one by one: a new
 * route outside this list without a schema fails the build.
 */
const NOT_REST: { url: string | RegExp; why: string }[] = [
  { url: '/graphql', why: 'GraphQL, described by its own schema' },
  { url: '/*', why: 'storefront catch-all (React Router)' },
  { url: '/healthz', why: 'health' },
  { url: '/readyz', why: 'health' },
  { url: '/media/*', why: 'static catalogue images' },
  { url: '/openapi.json', why: 'the document itself' },
  { url: new RegExp(`^${DOCS_PREFIX}(/|$)`), why: 'the API reference pages and their static assets' },
  { url: '/dev/mailbox', why: 'TEST mailbox HTML page (its JSON twin is described)' },
  { url: /^\/payments-sandbox\//, why: 'the sandbox PSP’s hosted HTML pages, not the shop’s API' },
  { url: '/robots.txt', why: 'for crawlers: plain text (docs/decisions/0064)' },
  { url: '/sitemap.xml', why: 'for crawlers: the sitemap index (XML)' },
  { url: '/:store/sitemap.xml', why: 'for crawlers: a market’s sitemap (XML)' },
  { url: /^\/console(\/|$)/, why: 'the operator console: its page and static assets (its API is /admin, described)' },
];

const excepted = (url: string) => NOT_REST.some((n) => (typeof n.url === 'string' ? n.url === url : n.url.test(url)));
const methodsOf = (m: string | string[]) => (Array.isArray(m) ? m : [m]).filter((x) => x !== 'HEAD');
/** Fastify's `/a/:b` as OpenAPI's `/a/{b}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the REST contracts', () => {
  let server: TestServer;
  let doc: { openapi: string; paths: Record<string, Record<string, { responses?: unknown; requestBody?: unknown; parameters?: unknown[] }>> };
  beforeAll(async () => {
    server = await startTestServer({ STORE_MODE: 'TEST', ADMIN_TOKEN: 'openapi-suite-admin-token-0123456789' });
    doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as typeof doc;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are one OpenAPI 3.1 document listing every REST service', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const prefixes = ['/account/', '/account-legacy/', '/profile', '/consent/', '/api/action-verifications/', '/verification-legacy/', '/age-verification/', '/api/payments/', '/payments-legacy/', '/api/loyalty/', '/loyalty-legacy/', '/referral/', '/api/devices', '/api/messaging/forms', '/admin/orders/', '/admin/stock/', '/api/orders/', '/dev/mailbox/messages'];
    const paths = Object.keys(doc.paths);
    for (const prefix of prefixes) expect(paths.some((p) => p.startsWith(prefix)), prefix).toBe(true);
  });

  it('describe every registered route: a schema, in the document, with its path parameters', () => {
    const routes = registeredRoutes(server.app);
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const route of routes) {
      if (excepted(route.url)) continue;
      for (const method of methodsOf(route.method)) {
        const name = `${method} ${route.url}`;
        const schema = route.schema;
        if (!schema) { problems.push(`${name}: no schema`); continue; }
        if (schema.hide) { problems.push(`${name}: hidden from the document`); continue; }
        if (/:[A-Za-z]/.test(route.url) && !schema.params) problems.push(`${name}: path parameters without a params schema`);
        const path = openApiPath(route.url);
        const described = [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`].some((p) => doc.paths[p]?.[method.toLowerCase()]);
        if (!described) problems.push(`${name}: missing from /openapi.json`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('serve the API reference at /docs in TEST mode, from local assets under the shop’s CSP', async () => {
    const page = await fetch(`${server.url}${DOCS_PREFIX}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    // Every script and style is served by the shop: nothing from another host, no inline script.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-initializer.js']) {
      const res = await fetch(`${server.url}${DOCS_PREFIX}/static/${asset}`);
      expect(res.status, asset).toBe(200);
    }
    const json = await fetch(`${server.url}${DOCS_PREFIX}/json`);
    expect(((await json.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });
});

describe('the API reference in LIVE mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      STORE_MODE: 'LIVE', SERVICES: 'messaging', PUBLIC_BASE_URL: 'https://shop.example',
      ADMIN_TOKEN: 'openapi-suite-admin-token-0123456789', AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40),
      // The suite's database is handed in; LIVE mode only insists that one is named.
      DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/unused',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is not served', async () => {
    expect((await fetch(`${server.url}${DOCS_PREFIX}/`)).status).toBe(404);
    expect((await fetch(`${server.url}${DOCS_PREFIX}/static/swagger-ui-bundle.js`)).status).toBe(404);
  });
});
