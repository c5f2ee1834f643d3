import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../platform/db.js';
import { testConfig, testDb } from '../test/test-app.js';

// The footer's newsletter sign-up (docs/decisions/0070): a plain form posted to /{store}/newsletter,
// answered by the route's action, which calls the marketing service in process.

const here = path.dirname(fileURLToPath(import.meta.url));
const BUILD_DIR = path.resolve(here, '../../../storefront/build');

describe('the footer\'s newsletter form post', () => {
  let app: FastifyInstance;
  let base: string;
  let db: Db;

  beforeAll(async () => {
    if (!existsSync(path.join(BUILD_DIR, 'server/index.js'))) throw new Error('build the storefront first: npm run build');
    db = await testDb();
    app = await buildApp({ config: testConfig({ STOREFRONT_BUILD_DIR: BUILD_DIR, RATE_LIMIT_IP_FACTOR: '1', TRUST_PROXY: '1' }), db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  const form = (email: string, over: Record<string, string> = {}) =>
    new URLSearchParams({ email, ageConfirmed: 'yes', consentVersion: '1', language: 'de', ...over }).toString();
  // Each answer is read whole: a page left unread keeps its connection busy, and closing the server waits for it.
  const post = async (body: string, headers: Record<string, string> = {}, store = 'de') => {
    const r = await fetch(`${base}/${store}/newsletter`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'ember_age_gate=gb', ...headers }, body, redirect: 'manual' });
    const text = await r.text();
    return { status: r.status, text: async () => text };
  };
  const statusOf = async (email: string) =>
    (await db.query<{ status: string; preferred_language: string }>('SELECT status, preferred_language FROM marketing_subscriber WHERE email = $1', [email])).rows[0];

  it('signs up and answers the page in the store\'s language, for a browser\'s form sent with Origin null', async () => {
    const email = `footer-${randomUUID().slice(0, 8)}@example.com`;
    const r = await post(form(email), { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('Vielen Dank! Bitte sehen Sie in Ihr Postfach');
    expect(await statusOf(email)).toEqual({ status: 'UNCONFIRMED', preferred_language: 'de' });
  });

  it('says what is missing without storing anything, and refuses a post from another site', async () => {
    const email = `footer-${randomUUID().slice(0, 8)}@example.com`;
    const noAge = await post(form(email, { ageConfirmed: '' }), { origin: base });
    expect(noAge.status).toBe(400);
    expect(await noAge.text()).toContain('Bitte bestätigen Sie, dass Sie mindestens 18 Jahre alt sind.');
    const stale = await post(form(email, { consentVersion: '7' }), { origin: base });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('Der Einwilligungstext hat sich geändert.');
    const crossSite = await post(form(email), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const masked = await post(form(email), { origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(masked.status).toBe(403);
    expect(await statusOf(email)).toBeUndefined();
  });

  it('counts the sign-ups of the visitor\'s address, not of the server itself', async () => {
    // Behind one proxy hop the visitor is the X-Forwarded-For address; the action's call must carry it.
    const from = (ip: string) => ({ origin: base, 'x-forwarded-for': ip });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post(form(`count-${i}-${randomUUID().slice(0, 8)}@example.com`), from('203.0.113.7'))).status);
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
    const refused = await post(form(`count-x-${randomUUID().slice(0, 8)}@example.com`), from('203.0.113.7'));
    expect(await refused.text()).toContain('Zu viele Versuche.');
    expect((await post(form(`count-y-${randomUUID().slice(0, 8)}@example.com`), from('203.0.113.8'))).status).toBe(200);
  });
});
