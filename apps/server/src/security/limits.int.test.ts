import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createCustomer, PASSWORD } from '@ember/test-support';
import type { Db } from '../platform/db.js';
import { serveForSuite, testDb, type TestServer } from '../test/test-app.js';
import { expectInvariants } from './security-fixtures.js';

// The global invariants hold after everything this file did (checklist I1–I6).
afterAll(async () => {
  expect(await expectInvariants(await testDb())).toEqual([]);
});

describe('limits behind forged client addresses', () => {
  /*
   * Checklist items 10 and 47: password guessing is counted per account and per client address, and
   * the forwarding headers a client can set (X-Forwarded-For, X-Real-IP, Forwarded, True-Client-IP)
   * give it no fresh budget: without trusted proxy hops the address is the connection's.
   */

  let server: TestServer;
  let db: Db;
  // RATE_LIMIT_IP_FACTOR 1: the production per-address budgets (the suites share 127.0.0.1 and raise them).
  serveForSuite((s, d) => {
    server = s;
    db = d;
  }, { RATE_LIMIT_IP_FACTOR: '1' });

  async function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { store: 'gb', ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  }

  describe('password guessing behind forged client addresses (checklists 10 and 47)', () => {
    it("refuses the right password once the account's ten attempts are spent, with 429 and Retry-After, however the client address is forged", async () => {
      const c = await createCustomer(server);
      const forgeries = (i: number): Record<string, string> => ({
        'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}`, forwarded: `for=192.0.2.${i}`, 'true-client-ip': `192.0.2.${i}`, 'user-agent': `agent-${i}`,
      });
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await call('POST', '/account/users/authentication/sessions', { headers: forgeries(i), body: { strategy: 'email_password', strategy_data: { identifier: c.email, password: `Wrong-Guess-${i}` } } });
        answers.push(res.status);
      }
      // Ten sign-in attempts per account in 15 minutes (the registration's own sign-in is one of them).
      expect(answers.slice(0, 9)).toEqual(Array(9).fill(401));
      expect(answers.slice(9)).toEqual([429, 429, 429]);
      const right = await call('POST', '/account/users/authentication/sessions', { headers: forgeries(99), body: { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } } });
      expect(right.status).toBe(429);
      expect(right.body.error.code).toBe('RATE_LIMITED');
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(right.body.token).toBeUndefined();
      // The guesses opened no session.
      const sessions = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity_session WHERE user_uuid = $1', [c.uuid]);
      expect(sessions.rows[0]!.n).toBe(1);
    });

    it('counts one client address across many accounts, and forged forwarding headers do not give it a fresh budget', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const res = await call('POST', '/account/users/authentication/sessions', {
          headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
          body: { strategy: 'email_password', strategy_data: { identifier: `nobody+${randomUUID().slice(0, 8)}@example.com`, password: 'Wrong-Guess-1' } },
        });
        statuses.push(res.status);
      }
      // The production budget is 30 attempts per address in ten minutes (platform limits), minus what earlier tests in this file used.
      expect(statuses.slice(-2)).toEqual([429, 429]);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    });

  });
});

describe('limits while the counter store is down', () => {
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
});
