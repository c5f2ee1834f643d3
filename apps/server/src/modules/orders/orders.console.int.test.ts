import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOperator, createProduct, type TestCustomer, type TestOperator } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { runPaymentJobs } from '../payments/payments.routes.js';

const ADMIN_TOKEN = `console-orders-${randomUUID()}`;
const GRAND = 2 * 1250 - 100 + 399;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_TOKEN, PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', PAYMENTS_MERCHANT_ACCOUNT: `console_${process.pid}` });
});
afterAll(async () => {
  await server.close();
});

const admin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  restCall(server, method, path, body, { token: ADMIN_TOKEN, headers });

/** A customer's order of 2 × 12.50 GBP (27.99), billed to a name of its own; `paid` by card through the sandbox. */
async function order(opts: { paid?: boolean; lastname?: string; customer?: TestCustomer; email?: string } = {}) {
  const customer = opts.customer ?? (await createCustomer(server));
  const product = await createProduct(server.app.db, { stock: 10 });
  const base = draftFor({ product, customerUuid: customer.uuid, email: opts.email ?? customer.email });
  const billing = { ...base.billing_address, lastname: opts.lastname ?? 'Order' };
  const draft = { ...base, billing_address: billing, payment_method_code: opts.paid ? 'ember_card' : 'checkmo' };
  const placed = await placeOrder(server.app, draft);
  if (opts.paid) await pay(customer, placed.entity_id);
  return { customer, placed, number: placed.order_number };
}

async function pay(customer: TestCustomer, entityId: string): Promise<void> {
  const opened = await restCall(server, 'PUT', '/api/payments/generate-token', { customer_uuid: customer.uuid, order_id: entityId, tokenize: false }, {
    token: customer.token, headers: { 'idempotency-key': `attempt-${entityId}` },
  });
  expect(opened.status).toBe(200);
  const res = await fetch(`${server.url}${opened.body.redirect_url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4111111111111111', exp_month: '10', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '321' }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  await runPaymentJobs(server.app);
}

async function auditOf(number: string) {
  const { rows } = await server.app.db.query<{ action: string; actor_kind: string; actor_label: string; operator_uuid: string | null; before: any; after: any; request_id: string | null }>(
    `SELECT action, actor_kind, actor_label, operator_uuid::text AS operator_uuid, before, after, request_id FROM operator_audit WHERE entity_type = 'order' AND entity_id = $1 ORDER BY id`,
    [number],
  );
  return rows;
}

describe('who may use the console order endpoints', () => {
  let roles: Record<'marketing' | 'fulfilment' | 'support' | 'compliance', TestOperator>;
  beforeAll(async () => {
    const [marketing, fulfilment, support, compliance] = await Promise.all(
      (['marketing', 'fulfilment', 'support', 'compliance'] as const).map((r) => createOperator(server, ADMIN_TOKEN, r)),
    );
    roles = { marketing: marketing!, fulfilment: fulfilment!, support: support!, compliance: compliance! };
  });

  it('answers 401 without a credential and for a customer token, whatever the route', async () => {
    const { number, customer } = await order();
    for (const [method, path, body] of [
      ['GET', '/admin/orders', undefined], ['GET', `/admin/orders/${number}/detail`, undefined], ['POST', `/admin/orders/${number}/cancel`, {}],
      ['POST', `/admin/orders/${number}/refunds`, { amount: 100 }], ['POST', `/admin/orders/${number}/emails`, { kind: 'confirmation' }],
      ['POST', `/admin/orders/${number}/status`, { status: 'processing' }],
    ] as const) {
      expect((await restCall(server, method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await restCall(server, method, path, body, { token: customer.token })).status, `${method} ${path} as a customer`).toBe(401);
    }
    expect(await auditOf(number)).toEqual([]);
  });

  it('refuses each role what its permissions lack (403) and lets it do the rest', async () => {
    const { number } = await order();
    // marketing: no orders:read, no orders:write
    expect((await roles.marketing.call('GET', '/admin/orders')).status).toBe(403);
    expect((await roles.marketing.call('POST', `/admin/orders/${number}/cancel`, {})).status).toBe(403);
    expect((await roles.marketing.call('POST', `/admin/orders/${number}/status`, { status: 'on_hold' })).status).toBe(403);
    // compliance reads orders but changes none
    expect((await roles.compliance.call('GET', `/admin/orders/${number}/detail`)).status).toBe(200);
    expect((await roles.compliance.call('POST', `/admin/orders/${number}/emails`, { kind: 'confirmation' })).status).toBe(403);
    // fulfilment changes orders but refunds none
    expect((await roles.fulfilment.call('POST', `/admin/orders/${number}/refunds`, { amount: 100 })).status).toBe(403);
    expect((await roles.fulfilment.call('POST', `/admin/orders/${number}/status`, { status: 'on_hold' })).status).toBe(200);
    expect(await auditOf(number)).toMatchObject([{ action: 'order.status', actor_kind: 'operator', actor_label: roles.fulfilment.email, operator_uuid: roles.fulfilment.uuid }]);
  });

  it('lets support refund part of a paid order, audited under the operator', async () => {
    const { number } = await order({ paid: true });
    const r = await roles.support.call('POST', `/admin/orders/${number}/refunds`, { amount: 500 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ number, refunded: 500, refunded_total: 500, remaining: GRAND - 500, currency: 'GBP' });
    expect(await auditOf(number)).toMatchObject([{ action: 'order.refund', actor_kind: 'operator', operator_uuid: roles.support.uuid }]);
  });
});

describe('GET /admin/orders', () => {
  // Letters only: a name search skips text with digits.
  const tag = [...randomUUID().replace(/-/g, '').slice(0, 8)].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
  const name = `Quillfeather${tag}`;
  let placed: Awaited<ReturnType<typeof order>>[];
  beforeAll(async () => {
    const customer = await createCustomer(server, { email: `console-${tag}@example.com` });
    placed = [];
    for (let i = 0; i < 5; i++) placed.push(await order({ customer, lastname: name, email: `console-${tag}@example.com`, paid: i === 0 }));
    await admin('POST', `/admin/orders/${placed[1]!.number}/cancel`, { comment: 'test' });
  });

  const list = async (query: string) => {
    const r = await admin('GET', `/admin/orders?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { items: any[]; page_info: { page: number; page_size: number; total: number } };
  };

  it('finds orders by e-mail (exact and prefix), by billing name and by number prefix', async () => {
    const numbers = placed.map((p) => p.number).sort().reverse();
    expect((await list(`q=console-${tag}@example.com&page_size=10`)).items.map((i) => i.number)).toEqual(numbers);
    expect((await list(`q=CONSOLE-${tag.toUpperCase()}`)).page_info.total).toBe(5);
    expect((await list(`q=${encodeURIComponent(`quillfeather${tag}`)}`)).page_info.total).toBe(5);
    const one = await list(`q=${placed[2]!.number}`);
    expect(one.items.map((i) => i.number)).toEqual([placed[2]!.number]);
    expect(one.items[0]).toMatchObject({
      number: placed[2]!.number, store_code: 'gb', email: `console-${tag}@example.com`, customer_name: `Olga ${name}`, status: 'pending_payment',
      grand_total: { amount: GRAND, currency: 'GBP' }, payment_status: 'unpaid', items_count: 2,
    });
    expect((await list(`q=nobody-${tag}@example.com`)).page_info.total).toBe(0);
  });

  it('filters by status, payment status, store view and dates, and pages with the total', async () => {
    const q = `q=console-${tag}@example.com`;
    expect((await list(`${q}&status=canceled`)).items.map((i) => i.number)).toEqual([placed[1]!.number]);
    expect((await list(`${q}&status=canceled,payment_completed`)).page_info.total).toBe(2);
    expect((await list(`${q}&status=canceled&status=pending_payment`)).page_info.total).toBe(4);
    expect((await list(`${q}&payment_status=paid`)).items.map((i) => i.number)).toEqual([placed[0]!.number]);
    expect((await list(`${q}&store=de`)).page_info.total).toBe(0);
    expect((await list(`${q}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).page_info.total).toBe(0);
    expect((await list(`${q}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).page_info.total).toBe(5);
    const first = await list(`${q}&page_size=2&page=1&sort=number&direction=asc`);
    const third = await list(`${q}&page_size=2&page=3&sort=number&direction=asc`);
    expect(first.page_info).toEqual({ page: 1, page_size: 2, total: 5, total_capped: false });
    expect(first.items.map((i) => i.number)).toEqual(placed.map((p) => p.number).sort().slice(0, 2));
    expect(third.items.map((i) => i.number)).toEqual([placed.map((p) => p.number).sort()[4]]);
  });

  it('answers 400 for bad query parameters', async () => {
    for (const query of ['page_size=1000', 'page=0', 'status=BAD!', 'payment_status=owed', 'from=yesterday', 'sort=email', 'q=', `q=${'x'.repeat(300)}`, 'unknown=1']) {
      const r = await admin('GET', `/admin/orders?${query}`);
      expect(r.status, query).toBe(400);
    }
  });
});

describe('an order in the console', () => {
  it('shows everything an operator acts on', async () => {
    const { number, customer, placed } = await order({ lastname: 'Detail' });
    const r = await admin('GET', `/admin/orders/${number}/detail`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      number, entity_id: placed.entity_id, status: 'pending_payment', customer: { uuid: customer.uuid, email: customer.email },
      totals: { currency: 'GBP', grand_total: GRAND, refunded_total: 0, discount_total: 100, shipping_incl_tax: 399 },
      payment: { method_code: 'checkmo', status: 'unpaid', amount_paid: null, refundable: 0 },
      can_cancel: true, can_refund: false, device_serials: [], coupon_codes: ['WELCOME'],
      history: [{ from_status: null, to_status: 'pending_payment', actor: 'checkout' }],
    });
    expect(r.body.next_statuses).toEqual(['payment_failed', 'payment_completed', 'on_hold', 'canceled']);
    expect(r.body.items).toMatchObject([{ qty_ordered: 2, unit_price_incl_tax: 1250, row_total_incl_tax: 2500 }]);
    expect(r.body.addresses.map((a: any) => a.kind).sort()).toEqual(['billing', 'shipping']);
    expect((await admin('GET', '/admin/orders/ZZ-000000000/detail')).status).toBe(404);
  });

  it('cancels through the cancellation path once, audited with the statuses', async () => {
    const { number } = await order();
    const r = await admin('POST', `/admin/orders/${number}/cancel`, { reason_code: 'fraud_suspected', comment: 'Test cancel' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'canceled', can_cancel: false, next_statuses: [] });
    expect(r.body.history.at(-1)).toMatchObject({ from_status: 'pending_payment', to_status: 'canceled', actor: 'operator', reason_code: 'fraud_suspected' });
    expect((await admin('POST', `/admin/orders/${number}/cancel`, {})).status).toBe(409);
    const audit = await auditOf(number);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.cancel', actor_kind: 'token', actor_label: 'ADMIN_TOKEN', operator_uuid: null,
      before: { status: 'pending_payment', grand_total: GRAND, refunded_total: 0 }, after: { status: 'canceled' },
    });
    expect(audit[0]!.request_id).toBeTruthy();
    expect(JSON.stringify(audit[0])).not.toMatch(/Olga|Baker|London/);
  });

  it('refunds part and then the rest of a paid order, once per key, never more than remains', async () => {
    const { number } = await order({ paid: true });
    const key = `refund-${randomUUID()}`;
    const first = await admin('POST', `/admin/orders/${number}/refunds`, { amount: 1000 }, { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ number, refunded: 1000, refunded_total: 1000, remaining: GRAND - 1000, currency: 'GBP' });
    const again = await admin('POST', `/admin/orders/${number}/refunds`, { amount: 1000 }, { 'idempotency-key': key });
    expect(again.body).toEqual(first.body);
    const bodyKey = await admin('POST', `/admin/orders/${number}/refunds`, { amount: 1000, idempotency_key: key });
    expect(bodyKey.body).toEqual(first.body);
    const tooMuch = await admin('POST', `/admin/orders/${number}/refunds`, { amount: GRAND - 999 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code ?? tooMuch.body.error?.code ?? JSON.stringify(tooMuch.body)).toMatch(/REFUND_NOT_POSSIBLE/);
    const detail = await admin('GET', `/admin/orders/${number}/detail`);
    expect(detail.body.payment).toMatchObject({ status: 'partially_refunded', refunded_total: 1000, refundable: GRAND - 1000 });
    const rest = await admin('POST', `/admin/orders/${number}/refunds`, { amount: GRAND - 1000 });
    expect(rest.body).toMatchObject({ refunded: GRAND - 1000, refunded_total: GRAND, remaining: 0 });
    expect((await admin('POST', `/admin/orders/${number}/refunds`, { amount: 1 })).status).toBe(409);
    expect((await admin('GET', `/admin/orders/${number}/detail`)).body).toMatchObject({ can_refund: false, payment: { status: 'refunded' } });
    const audit = await auditOf(number);
    expect(audit.map((a) => [a.action, a.before.refunded_total, a.after.refunded_total, a.after.amount])).toEqual([
      ['order.refund', 0, 1000, 1000], ['order.refund', 1000, GRAND, GRAND - 1000],
    ]);
  });

  it('refuses a refund of an unpaid order and bad refund input', async () => {
    const { number } = await order();
    expect((await admin('POST', `/admin/orders/${number}/refunds`, { amount: 100 })).status).toBe(409);
    for (const body of [{ amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: '100' }, {}, { amount: 100, extra: 1 }, { amount: 100, idempotency_key: 'short' }]) {
      expect((await admin('POST', `/admin/orders/${number}/refunds`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin('POST', `/admin/orders/${number}/refunds`, { amount: 100, idempotency_key: 'abcdefgh1' }, { 'idempotency-key': 'abcdefgh2' })).status).toBe(400);
    expect(await auditOf(number)).toEqual([]);
  });

  it('ships with tracking through the status route and e-mails the shipment again, each audited once', async () => {
    const { number, customer } = await order({ paid: true });
    expect((await admin('POST', `/admin/orders/${number}/status`, { status: 'processing' })).status).toBe(200);
    const shipped = await admin('POST', `/admin/orders/${number}/status`, { status: 'shipped', tracking: { carrier: 'Royal Mail', number: 'RM123456789GB' } });
    expect(shipped.status).toBe(200);
    const outbox = async () => (await server.app.db.query<{ template: string }>(`SELECT template FROM messaging_outbox WHERE recipient = $1 ORDER BY id`, [customer.email])).rows.map((r) => r.template);
    const before = await outbox();
    const again = await admin('POST', `/admin/orders/${number}/emails`, { kind: 'shipment' });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ number, template: 'order_shipped', queued: true });
    const confirmation = await admin('POST', `/admin/orders/${number}/emails`, { kind: 'confirmation' });
    expect(confirmation.body).toMatchObject({ template: 'order_confirmed' });
    expect((await outbox()).slice(before.length)).toEqual(['order_shipped', 'order_confirmed']);
    expect((await admin('POST', `/admin/orders/${number}/emails`, { kind: 'invoice' })).status).toBe(400);
    const audit = await auditOf(number);
    expect(audit.map((a) => [a.action, a.before?.status ?? null, a.after.status])).toEqual([
      ['order.status', 'payment_completed', 'processing'], ['order.status', 'processing', 'shipped'], ['order.email', null, 'shipped'], ['order.email', null, 'shipped'],
    ]);
    expect(audit[1]!.after).toMatchObject({ carrier: 'Royal Mail' });
  });

  it('refuses to e-mail a shipment an order does not have', async () => {
    const { number } = await order();
    expect((await admin('POST', `/admin/orders/${number}/emails`, { kind: 'shipment' })).status).toBe(409);
    expect(await auditOf(number)).toEqual([]);
  });
});
