import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOperator, createProduct, type TestCustomer, type TestOperator } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';

const ADMIN_TOKEN = `console-customers-${randomUUID()}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_TOKEN });
});
afterAll(async () => {
  await server.close();
});

const admin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  restCall(server, method, path, body, { token: ADMIN_TOKEN, headers });

async function auditOf(uuid: string) {
  const { rows } = await server.app.db.query<{ action: string; actor_kind: string; actor_label: string; operator_uuid: string | null; before: any; after: any }>(
    `SELECT action, actor_kind, actor_label, operator_uuid::text AS operator_uuid, before, after FROM operator_audit WHERE entity_type = 'customer' AND entity_id = $1 ORDER BY id`,
    [uuid],
  );
  return rows;
}

const balanceOf = async (uuid: string) =>
  (await server.app.db.query<{ balance: number }>(`SELECT balance FROM loyalty_account WHERE consumer_uuid = $1`, [uuid])).rows[0]?.balance ?? 0;

describe('who may use the console customer endpoints', () => {
  let roles: Record<'marketing' | 'fulfilment' | 'support' | 'compliance', TestOperator>;
  let customer: TestCustomer;
  beforeAll(async () => {
    const made = await Promise.all((['marketing', 'fulfilment', 'support', 'compliance'] as const).map((r) => createOperator(server, ADMIN_TOKEN, r)));
    roles = { marketing: made[0]!, fulfilment: made[1]!, support: made[2]!, compliance: made[3]! };
    customer = await createCustomer(server);
  });

  it('answers 401 without a credential and for the customer\'s own token', async () => {
    for (const [method, path, body] of [
      ['GET', '/admin/customers', undefined], ['GET', `/admin/customers/${customer.uuid}`, undefined],
      ['POST', `/admin/customers/${customer.uuid}/points`, { points: 10, reason: 'goodwill' }], ['GET', `/admin/customers/${customer.uuid}/export`, undefined],
      ['POST', `/admin/customers/${customer.uuid}/erasure`, { confirm: customer.uuid, reason: 'asked by phone' }],
      ['PUT', `/admin/customers/${customer.uuid}/status`, { status: 'deactivated', reason: 'test' }],
    ] as const) {
      expect((await restCall(server, method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await restCall(server, method, path, body, { token: customer.token })).status, `${method} ${path} as the customer`).toBe(401);
    }
    expect(await auditOf(customer.uuid)).toEqual([]);
    expect(await balanceOf(customer.uuid)).toBe(0);
  });

  it('refuses each role what its permissions lack (403)', async () => {
    expect((await roles.fulfilment.call('GET', '/admin/customers')).status).toBe(403);
    expect((await roles.marketing.call('GET', `/admin/customers/${customer.uuid}`)).status).toBe(200);
    expect((await roles.marketing.call('PUT', `/admin/customers/${customer.uuid}/status`, { status: 'deactivated', reason: 'test' })).status).toBe(403);
    expect((await roles.marketing.call('GET', `/admin/customers/${customer.uuid}/export`)).status).toBe(403);
    expect((await roles.fulfilment.call('POST', `/admin/customers/${customer.uuid}/points`, { points: 5, reason: 'goodwill' })).status).toBe(403);
    expect((await roles.compliance.call('POST', `/admin/customers/${customer.uuid}/points`, { points: 5, reason: 'goodwill' })).status).toBe(403);
    expect(await auditOf(customer.uuid)).toEqual([]);
    const points = await roles.marketing.call('POST', `/admin/customers/${customer.uuid}/points`, { points: 5, reason: 'goodwill' });
    expect(points.status).toBe(200);
    expect(await auditOf(customer.uuid)).toMatchObject([{ action: 'customer.points', actor_kind: 'operator', operator_uuid: roles.marketing.uuid, actor_label: roles.marketing.email }]);
    expect((await roles.compliance.call('GET', `/admin/customers/${customer.uuid}/export`)).status).toBe(200);
    expect((await roles.support.call('PUT', `/admin/customers/${customer.uuid}/status`, { status: 'deactivated', reason: 'test' })).status).toBe(200);
  });
});

describe('GET /admin/customers', () => {
  // Letters only: a name search skips text with digits.
  const tag = [...randomUUID().replace(/-/g, '').slice(0, 8)].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
  let made: TestCustomer[];
  beforeAll(async () => {
    made = [];
    for (let i = 0; i < 4; i++) made.push(await createCustomer(server, { email: `cc-${tag}-${i}@example.com`, firstname: 'Wendelin', lastname: `Brackwater${tag}` }));
    await server.app.db.query(`UPDATE identity_user SET telephone = $2 WHERE uuid = $1`, [made[0]!.uuid, `+4479${tag.replace(/\D/g, '').padEnd(8, '7').slice(0, 8)}`]);
    await admin('PUT', `/admin/customers/${made[3]!.uuid}/status`, { status: 'deactivated', reason: 'test' });
  });

  const list = async (query: string) => {
    const r = await admin('GET', `/admin/customers?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { items: any[]; page_info: { page: number; page_size: number; total: number } };
  };

  it('finds customers by e-mail, name, phone and uuid', async () => {
    expect((await list(`q=cc-${tag}-`)).items.map((c) => c.uuid)).toEqual([...made].reverse().map((c) => c.uuid));
    expect((await list(`q=cc-${tag}-2@example.com`)).items.map((c) => c.uuid)).toEqual([made[2]!.uuid]);
    expect((await list(`q=${encodeURIComponent(`wendelin brackwater${tag}`)}`)).page_info.total).toBe(4);
    expect((await list(`q=BRACKWATER${tag.toUpperCase()}`)).page_info.total).toBe(4);
    const phone = (await server.app.db.query<{ telephone: string }>(`SELECT telephone FROM identity_user WHERE uuid = $1`, [made[0]!.uuid])).rows[0]!.telephone;
    expect((await list(`q=${encodeURIComponent(phone)}`)).items.map((c) => c.uuid)).toEqual([made[0]!.uuid]);
    expect((await list(`q=${encodeURIComponent(`0044 ${phone.slice(3)}`)}`)).items.map((c) => c.uuid)).toEqual([made[0]!.uuid]);
    const byUuid = await list(`q=${made[1]!.uuid.toUpperCase()}`);
    expect(byUuid.items).toMatchObject([{ uuid: made[1]!.uuid, email: `cc-${tag}-1@example.com`, firstname: 'Wendelin', store_code: 'gb', website_code: 'uk', status: 'active' }]);
    expect((await list(`q=nobody-${tag}`)).page_info.total).toBe(0);
  });

  it('filters by status, store view, website and dates, and pages', async () => {
    const q = `q=cc-${tag}-`;
    expect((await list(`${q}&status=deactivated`)).items.map((c) => c.uuid)).toEqual([made[3]!.uuid]);
    expect((await list(`${q}&status=active`)).page_info.total).toBe(3);
    expect((await list(`${q}&store=gb`)).page_info.total).toBe(4);
    expect((await list(`${q}&store=de`)).page_info.total).toBe(0);
    expect((await list(`${q}&website=uk`)).page_info.total).toBe(4);
    expect((await list(`${q}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).page_info.total).toBe(0);
    const second = await list(`${q}&page=2&page_size=3`);
    expect(second.page_info).toEqual({ page: 2, page_size: 3, total: 4, total_capped: false });
    expect(second.items.map((c) => c.uuid)).toEqual([made[0]!.uuid]);
  });

  it('answers 400 for bad query parameters', async () => {
    for (const query of ['page_size=0', 'status=blocked', 'from=today', 'store=GB!', 'q=%00', 'extra=1']) {
      expect((await admin('GET', `/admin/customers?${query}`)).status, query).toBe(400);
    }
  });
});

describe('a customer in the console', () => {
  it('shows the profile with orders, loyalty, devices, subscriptions, consents and age state', async () => {
    const customer = await createCustomer(server);
    const product = await createProduct(server.app.db, { stock: 5 });
    const placed = await placeOrder(server.app, draftFor({ product, customerUuid: customer.uuid, email: customer.email }));
    await admin('POST', `/admin/customers/${customer.uuid}/points`, { points: 40, reason: 'welcome back' });
    const r = await admin('GET', `/admin/customers/${customer.uuid}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.profile).toMatchObject({ uuid: customer.uuid, email: customer.email, status: 'active', store_code: 'gb' });
    expect(r.body.orders).toMatchObject({ total: 1, recent: [{ number: placed.order_number, status: 'pending_payment', grand_total: { currency: 'GBP' }, payment_status: 'unpaid' }] });
    expect(r.body.loyalty).toMatchObject({ balance: 40, held: 0, recent: [{ type: 'adjustment', points: 40, event: 'welcome back' }] });
    expect(r.body.devices).toEqual([]);
    expect(r.body.subscriptions).toEqual([]);
    expect(r.body.consents.current.length).toBeGreaterThan(0);
    expect(r.body.age_verification).toMatchObject({ is_age_verified: false });
    expect((await admin('GET', `/admin/customers/${randomUUID()}`)).status).toBe(404);
    expect((await admin('GET', '/admin/customers/not-a-uuid')).status).toBe(400);
  });

  it('adjusts points through the ledger once per key, never below zero, each change audited once', async () => {
    const { uuid } = await createCustomer(server);
    const key = `adjust-${randomUUID()}`;
    const credit = await admin('POST', `/admin/customers/${uuid}/points`, { points: 100, reason: 'parcel lost' }, { 'idempotency-key': key });
    expect(credit.body).toEqual({ uuid, points: 100, applied: true, balance: 100 });
    const again = await admin('POST', `/admin/customers/${uuid}/points`, { points: 100, reason: 'parcel lost', idempotency_key: key });
    expect(again.body).toEqual({ uuid, points: 100, applied: false, balance: 100 });
    const tooMuch = await admin('POST', `/admin/customers/${uuid}/points`, { points: -150, reason: 'correction' });
    expect(tooMuch.status).toBe(409);
    expect(JSON.stringify(tooMuch.body)).toMatch(/INSUFFICIENT_POINTS/);
    expect(await balanceOf(uuid)).toBe(100);
    const debit = await admin('POST', `/admin/customers/${uuid}/points`, { points: -100, reason: 'correction' });
    expect(debit.body).toEqual({ uuid, points: -100, applied: true, balance: 0 });
    expect(await balanceOf(uuid)).toBe(0);
    for (const body of [{ points: 0, reason: 'nothing' }, { points: 10 }, { points: 1.5, reason: 'half' }, { points: 10, reason: 'x' }, { points: 10, reason: 'ok reason', extra: true }]) {
      expect((await admin('POST', `/admin/customers/${uuid}/points`, body)).status, JSON.stringify(body)).toBe(400);
    }
    const audit = await auditOf(uuid);
    expect(audit.map((a) => [a.action, a.actor_label, a.before.balance, a.after.balance, a.after.points])).toEqual([
      ['customer.points', 'ADMIN_TOKEN', 0, 100, 100], ['customer.points', 'ADMIN_TOKEN', 100, 0, -100],
    ]);
    expect((await server.app.db.query(`SELECT 1 FROM loyalty_ledger WHERE consumer_uuid = $1 AND source_type = 'adjustment'`, [uuid])).rows).toHaveLength(2);
  });

  it('blocks and unblocks an account through the status route, audited with the statuses', async () => {
    const customer = await createCustomer(server);
    const blocked = await admin('PUT', `/admin/customers/${customer.uuid}/status`, { status: 'deactivated', reason: 'chargebacks' });
    expect(blocked.body).toEqual({ uuid: customer.uuid, status: 'deactivated' });
    const live = await server.app.db.query(`SELECT 1 FROM identity_session WHERE user_uuid = $1 AND revoked_at IS NULL`, [customer.uuid]);
    expect(live.rows).toEqual([]);
    expect((await admin('PUT', `/admin/customers/${customer.uuid}/status`, { status: 'active', reason: 'resolved' })).body.status).toBe('active');
    expect((await admin('PUT', `/admin/customers/${randomUUID()}/status`, { status: 'active', reason: 'resolved' })).status).toBe(404);
    expect((await auditOf(customer.uuid)).map((a) => [a.action, a.before.status, a.after.status])).toEqual([
      ['customer.status', 'active', 'deactivated'], ['customer.status', 'deactivated', 'active'],
    ]);
  });

  it('exports a customer\'s data and erases the account over the privacy registry, both audited', async () => {
    const customer = await createCustomer(server);
    const exported = await admin('GET', `/admin/customers/${customer.uuid}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ user_uuid: customer.uuid });
    expect(JSON.stringify(exported.body)).toContain(customer.email);
    expect((await admin('POST', `/admin/customers/${customer.uuid}/erasure`, { confirm: randomUUID(), reason: 'asked by letter' })).status).toBe(400);
    const erased = await admin('POST', `/admin/customers/${customer.uuid}/erasure`, { confirm: customer.uuid, reason: 'asked by letter' });
    expect(erased.body).toEqual({ uuid: customer.uuid, status: 'cancelled' });
    const row = (await server.app.db.query<{ status: string; email: string }>(`SELECT status, email FROM identity_user WHERE uuid = $1`, [customer.uuid])).rows[0]!;
    expect(row.status).toBe('cancelled');
    expect(row.email).not.toBe(customer.email);
    expect((await admin('POST', `/admin/customers/${customer.uuid}/erasure`, { confirm: customer.uuid, reason: 'asked by letter' })).status).toBe(409);
    const audit = await auditOf(customer.uuid);
    expect(audit.map((a) => a.action)).toEqual(['customer.export', 'customer.erasure']);
    expect(audit[1]).toMatchObject({ before: { status: 'active' }, after: { status: 'cancelled' } });
    expect(JSON.stringify(audit)).not.toContain(customer.email);
  });
});
