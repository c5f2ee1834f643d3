import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { restCall, serveForSuite, type TestServer } from '../test/test-app.js';
import { draftFor, makeProduct, placeOrder, stockOf } from '../test/orders-fixtures.js';
import { login, PASSWORD, registerCustomer, snapshotCustomer, type Customer } from './security-fixtures.js';

/*
 * Checklist items 8 (operator routes and trusted headers), 10 (no sign-in through GraphQL), 12 and 13 (session tokens on login, logout and account end).
 */

const ADMIN_TOKEN = 'operator-token-for-the-security-suite-0123456789';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN });

async function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { store: 'gb', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('operator routes, non-public paths and identity headers (checklist 8)', () => {
  let customer: Customer;
  let victim: Customer;
  let product: { id: number; sku: string };
  let orderNumber: string;

  beforeAll(async () => {
    [customer, victim] = await Promise.all([registerCustomer(server), registerCustomer(server)]);
    product = await makeProduct(db, 7);
    orderNumber = (await placeOrder(server.app, draftFor({ product, customerUuid: victim.uuid, email: victim.email }))).order_number;
  });

  it("answers the operator's order and stock routes with 401 for a customer's token, an anonymous caller and forged identity headers, and the order is unchanged", async () => {
    const before = await db.query('SELECT status, updated_at FROM orders_order WHERE order_number = $1', [orderNumber]);
    const stock = await stockOf(db, product.id);
    const forged = { 'x-user-id': victim.uuid, 'x-forwarded-user': 'admin', 'x-customer-group': 'staff', 'x-admin': 'true', 'x-role': 'admin' };
    for (const headers of [bearer(customer.token), {}, forged, { ...forged, ...bearer(customer.token) }, { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }]) {
      const read = await call('GET', `/admin/orders/${orderNumber}`, { headers });
      const write = await call('POST', `/admin/orders/${orderNumber}/status`, { headers, body: { status: 'processing' } });
      const stockRead = await call('GET', `/admin/stock/${product.sku}`, { headers });
      for (const res of [read, write, stockRead]) {
        expect(res.status, JSON.stringify(headers)).toBe(401);
        expect(res.body.error.code).toBe('UNAUTHORISED');
        expect(JSON.stringify(res.body)).not.toContain(victim.email);
      }
    }
    expect((await db.query('SELECT status, updated_at FROM orders_order WHERE order_number = $1', [orderNumber])).rows).toEqual(before.rows);
    expect(await stockOf(db, product.id)).toBe(stock);
    // The operator's own token does reach it, so the refusals above are about the caller.
    expect((await call('GET', `/admin/orders/${orderNumber}`, { headers: bearer(ADMIN_TOKEN) })).status).toBe(200);
  });

  it('takes the customer only from the session: identity headers naming another customer read nothing of theirs', async () => {
    const before = await snapshotCustomer(db, victim);
    const headers = { 'x-user-id': victim.uuid, 'x-forwarded-user': victim.email, 'x-customer-uuid': victim.uuid };
    const anonymous = await call('GET', `/account/users/${victim.uuid}/profile`, { headers });
    expect(anonymous.status).toBe(401);
    const asCustomer = await call('GET', `/account/users/${victim.uuid}/profile`, { headers: { ...headers, ...bearer(customer.token) } });
    expect(asCustomer.status).toBe(404);
    const gql = await call('POST', '/graphql', { headers, body: { query: '{ customer { email } }' } });
    expect(gql.body.data?.customer ?? null).toBeNull();
    expect(JSON.stringify(gql.body)).not.toContain(victim.email);
    const gqlAsCustomer = await call('POST', '/graphql', { headers: { ...headers, ...bearer(customer.token) }, body: { query: '{ customer { email } }' } });
    expect(gqlAsCustomer.body.data.customer.email).toBe(customer.email);
    expect(await snapshotCustomer(db, victim)).toEqual(before);
  });

  it('serves no older API version, internal, debug or metrics path', async () => {
    for (const path of ['/v1/account/users/configuration', '/internal/orders', '/debug', '/debug/vars', '/metrics', '/admin', '/admin/customers', '/admin/graphql', '/graphql/admin', '/.env', '/.git/HEAD']) {
      const res = await call('GET', path, { headers: bearer(customer.token) });
      expect(res.status, path).toBe(404);
    }
  });
});

describe('password guessing through GraphQL (checklist 10)', () => {
  it('offers no way to sign in through GraphQL, so aliases cannot multiply guesses, and refuses batched operations', async () => {
    const aliased = await call('POST', '/graphql', { body: { query: `mutation { ${Array.from({ length: 5 }, (_, i) => `g${i}: generateCustomerToken(email: "x@example.com", password: "p${i}") { token }`).join(' ')} }` } });
    expect(aliased.status).toBeGreaterThanOrEqual(400);
    expect(aliased.body.errors?.[0]?.message).toMatch(/generateCustomerToken/);
    const batch = await call('POST', '/graphql', { body: [{ query: '{ storeConfig { store_code } }' }, { query: '{ storeConfig { store_code } }' }] });
    expect(batch.status).toBe(400);
  });
});

describe('session tokens on sign-in, sign-out and account end (checklists 12 and 13)', () => {
  it('gives every sign-in a new 256-bit token and keeps no session id the client brought along', async () => {
    const c = await registerCustomer(server);
    const planted = 'planted-session-value-chosen-by-an-attacker-000000';
    const res = await fetch(`${server.url}/account/users/authentication/sessions`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: `ember_session=${planted}` },
      body: JSON.stringify({ strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } }),
    });
    const token = ((await res.json()) as { token: string }).token;
    expect(token).not.toBe(planted);
    expect(res.headers.get('set-cookie')).toContain(`ember_session=${token}`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const again = await login(server, c.email);
    expect(new Set([c.token, token, again]).size).toBe(3);
    expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: { cookie: `ember_session=${planted}` } })).status).toBe(401);
  });

  it('refuses a token after logout, deactivation and cancellation, by bearer and by cookie, on REST and GraphQL', async () => {
    const ends: [string, (c: Customer) => Promise<number>][] = [
      ['logout', async (c) => (await call('DELETE', '/account/users/authentication/sessions', { headers: bearer(c.token) })).status],
      ['deactivation', async (c) => (await call('POST', `/account/users/${c.uuid}/deactivate`, { headers: bearer(c.token), body: { reason: 'Taking a break' } })).status],
      ['cancellation', async (c) => (await call('POST', `/account/users/${c.uuid}/cancel`, { headers: bearer(c.token) })).status],
    ];
    for (const [name, end] of ends) {
      const c = await registerCustomer(server);
      const second = await login(server, c.email);
      expect(await end(c), name).toBe(204);
      for (const token of [c.token, second]) {
        expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: bearer(token) })).status, name).toBe(name === 'logout' && token === second ? 200 : 401);
        if (name !== 'logout' || token === c.token) {
          expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: { cookie: `ember_session=${token}` } })).status, name).toBe(401);
          const gql = await call('POST', '/graphql', { headers: bearer(token), body: { query: '{ customer { email } }' } });
          expect(gql.body.errors?.[0]?.extensions?.category, name).toBe('graphql-authorization');
        }
      }
      const live = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM identity_session WHERE user_uuid = $1 AND revoked_at IS NULL AND expires_at > now()`, [c.uuid]);
      expect(live.rows[0]!.n, name).toBe(name === 'logout' ? 1 : 0);
    }
  });
});
