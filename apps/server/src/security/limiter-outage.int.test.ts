import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { serveForSuite, type TestServer } from '../test/test-app.js';

/*
 * Checklist item 50: with the shared counter store (Redis) unreachable, every endpoint that counts
 * attempts answers 503 and does nothing, while browsing keeps working. Port 1 on the loopback
 * interface refuses connections, which is what a Redis that is down looks like.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { REDIS_URL: 'redis://127.0.0.1:1' });

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method, headers: { store: 'gb', ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('rate-limit store outage (checklist 50)', () => {
  it('answers 503 on registration, sign-in, password reset and code sending while the counter store is down, and writes nothing', async () => {
    const email = `outage+${Date.now()}@example.com`;
    for (const [method, path, body] of [
      ['POST', '/account/users/register', { terms_accepted: true, firstname: 'O', lastname: 'U', date_of_birth: '1980-01-01', strategy: 'email_password', strategy_data: { identifier: email, password: 'Outage-Pass-2026' } }],
      ['POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: 'Outage-Pass-2026' } }],
      ['POST', '/account/users/authentication/password/forget', { email }],
      ['POST', '/api/action-verifications/items', { channel: 'email', identifier: email }],
      ['POST', '/account-legacy/login', { email, password: 'Outage-Pass-2026' }],
    ] as const) {
      const res = await call(method, path, body);
      expect(res.status, path).toBe(503);
      expect(res.body.error.code, path).toBe('SERVICE_UNAVAILABLE');
    }
    expect((await db.query('SELECT uuid FROM identity_user WHERE email = $1', [email])).rows).toEqual([]);
    expect((await db.query('SELECT id FROM messaging_outbox WHERE recipient = $1', [email])).rows).toEqual([]);
  });

  it('refuses a new guest cart with 503 rather than handing out carts uncounted', async () => {
    const res = await call('POST', '/graphql', { query: 'mutation { createEmptyCart }' });
    expect(res.body.data?.createEmptyCart ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('keeps serving the catalogue while the counter store is down', async () => {
    const res = await call('POST', '/graphql', { query: '{ storeConfig { store_code } products(search: "ember", pageSize: 2) { total_count } }' });
    expect(res.status).toBe(200);
    expect(res.body.data.storeConfig.store_code).toBe('gb');
    expect((await call('GET', '/healthz')).status).toBe(200);
  });
});
