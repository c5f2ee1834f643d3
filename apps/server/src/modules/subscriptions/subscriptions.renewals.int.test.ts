import { createOrder, createProduct, restCall, stockOf } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { runRenewals } from '../../workflows/subscription-renewal.js';
import { approveChallenge, makeDue, makeRetryDue, settleJobs, subscribe } from './subscriptions.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', PAYMENTS_MERCHANT_ACCOUNT: `sub_renewals_${process.pid}` });

const shop = () => ({ url: server.url, app: server.app });
const today = () => new Date().toISOString().slice(0, 10);
const daysFrom = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The job's run over this suite's subscriptions (other suites share the database on PostgreSQL). */
const mineOnly: string[] = [];
const renew = () => runRenewals(db, server.app.services, { only: mineOnly });
async function subscribed(opts: Parameters<typeof subscribe>[2] = {}) {
  const s = await subscribe(shop(), db, opts);
  mineOnly.push(s.subscriptionId);
  return s;
}

async function state(subscriptionId: string) {
  const sub = (await db.query<{ status: string; deliveries: number; next: string; pause_reason: string | null; customer_uuid: string }>(
    `SELECT status, deliveries, to_char(next_delivery_date, 'YYYY-MM-DD') AS next, pause_reason, customer_uuid::text AS customer_uuid FROM subscription_subscription WHERE id = $1`, [subscriptionId],
  )).rows[0]!;
  const renewals = (await db.query<{ attempt: number; status: string; order_id: string | null; reason: string | null; retry: boolean }>(
    `SELECT attempt, status, order_id::text AS order_id, reason, retry_at IS NOT NULL AS retry FROM subscription_renewal WHERE subscription_id = $1 ORDER BY period, attempt`, [subscriptionId],
  )).rows;
  const orders = (await db.query<{ status: string; entity_id: string }>(
    `SELECT o.status, o.entity_id::text AS entity_id FROM orders_order o WHERE o.entity_id IN (SELECT order_id FROM subscription_renewal WHERE subscription_id = $1) ORDER BY o.created_at`, [subscriptionId],
  )).rows;
  const charges = (await db.query<{ status: string; failure_code: string | null }>(
    `SELECT p.status, p.failure_code FROM payments_payment p WHERE p.off_session AND p.order_id IN (SELECT order_id::text FROM subscription_renewal WHERE subscription_id = $1) ORDER BY p.created_at`, [subscriptionId],
  )).rows;
  return { ...sub, renewals, orders, charges };
}

async function mailsTo(email: string, template: string): Promise<string[]> {
  const { rows } = await db.query<{ body: string }>(`SELECT body FROM messaging_outbox WHERE recipient = $1 AND template = $2 ORDER BY id`, [email, template]);
  return rows.map((r) => r.body);
}

describe('renewing a subscription', () => {
  it('places the due delivery as an order under the checkout\'s rules, charges the saved card once, moves the next date on, and earns points', async () => {
    const s = await subscribed();
    const stock = await stockOf(db, s.product.id);
    await makeDue(db, s.subscriptionId);
    const report = await renew();
    expect(report.failed).toEqual([]);
    const after = await state(s.subscriptionId);
    expect(after).toMatchObject({ status: 'active', deliveries: 2, next: daysFrom(today(), 28) });
    expect(after.renewals).toEqual([{ attempt: 1, status: 'paid', order_id: expect.any(String), reason: null, retry: false }]);
    expect(after.orders).toEqual([{ status: 'payment_completed', entity_id: after.renewals[0]!.order_id }]);
    expect(after.charges).toEqual([{ status: 'paid', failure_code: null }]);
    expect(await stockOf(db, s.product.id)).toBe(stock - 1);
    // The renewal is the customer's order like any other: in their orders, priced by the cart's pricer (£45 + free delivery over £30).
    const order = (await db.query<{ grand_total: number; customer_uuid: string; email: string }>(`SELECT grand_total, customer_uuid::text AS customer_uuid, email FROM orders_order WHERE entity_id = $1`, [after.renewals[0]!.order_id])).rows[0]!;
    expect({ ...order, grand_total: Number(order.grand_total) }).toEqual({ grand_total: 4500, customer_uuid: s.customer.uuid, email: s.customer.email });
    await settleJobs(server.app, [after.renewals[0]!.order_id!]);
    const points = await db.query(`SELECT points FROM loyalty_order_points WHERE order_id = $1`, [after.renewals[0]!.order_id]);
    expect(points.rows).toHaveLength(1);

    // Nothing is due any more: a second run, here or on another instance, places nothing and charges nothing.
    const again = await renew();
    expect(await state(s.subscriptionId)).toMatchObject({ deliveries: 2, renewals: [{ status: 'paid' }], charges: [{ status: 'paid' }] });
    expect(again.placed).toBe(0);
  });

  it('refuses a renewal for a customer whose age verification is no longer valid: no order, no charge, paused, told why', async () => {
    const product = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], price: 4500, ageRestricted: true });
    const s = await subscribed({ product, ageVerified: true });
    await db.query(`UPDATE identity_user SET is_age_verified = false WHERE uuid = $1`, [s.customer.uuid]);
    await makeDue(db, s.subscriptionId);
    const report = await renew();
    expect(report.refused).toBeGreaterThanOrEqual(1);
    const after = await state(s.subscriptionId);
    expect(after).toMatchObject({ status: 'paused', pause_reason: 'age_verification', deliveries: 1, orders: [], charges: [] });
    expect(after.renewals).toEqual([{ attempt: 1, status: 'refused', order_id: null, reason: expect.stringMatching(/^age_verification/), retry: false }]);
    const [mail] = await mailsTo(s.customer.email, 'subscription_renewal_refused');
    expect(mail).toMatch(/age verification is no longer valid/);
    expect(mail).toMatch(/Nothing was charged/);
  });

  it('refuses a renewal of a flavour out of stock: no order, no charge, the delivery skipped and the customer told', async () => {
    const s = await subscribed();
    await db.query(`UPDATE inventory_stock SET quantity = 0 WHERE product_id = $1`, [s.product.id]);
    const due = today();
    await makeDue(db, s.subscriptionId, due);
    await renew();
    const after = await state(s.subscriptionId);
    expect(after).toMatchObject({ status: 'active', next: daysFrom(due, 28), orders: [], charges: [] });
    expect(after.renewals).toEqual([{ attempt: 1, status: 'refused', order_id: null, reason: expect.stringMatching(/^out_of_stock/), retry: false }]);
    expect(await mailsTo(s.customer.email, 'subscription_renewal_refused')).toEqual([expect.stringMatching(/out of stock/)]);
    expect(await stockOf(db, s.product.id)).toBe(0);
  });

  it('refuses a renewal over the market\'s order limit for age-restricted items, with an e-mail and no charge', async () => {
    const product = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], price: 4500, ageRestricted: true });
    const s = await subscribed({ product, ageVerified: true });
    // gb sells at most 20 age-restricted units per customer and day: the one-off order takes the rest.
    const device = await createProduct(db, { kind: 'device', stores: ['gb'], ageRestricted: true, price: 100 });
    await createOrder(shop(), { customer: s.customer, items: [{ sku: device.sku, quantity: 19 }] });
    await makeDue(db, s.subscriptionId);
    await renew();
    const after = await state(s.subscriptionId);
    expect(after).toMatchObject({ status: 'active', orders: [], charges: [] });
    expect(after.renewals[0]).toMatchObject({ status: 'refused', reason: expect.stringMatching(/^limit/) });
    expect(await mailsTo(s.customer.email, 'subscription_renewal_refused')).toEqual([expect.stringMatching(/quantity limit of your market/)]);
  });

  it('follows a declined card through dunning: each attempt\'s order cancelled with its stock back, retried after 1 and 3 days, then paused, with e-mails', async () => {
    const s = await subscribed({ card: '4000000000000341' });
    const stock = await stockOf(db, s.product.id);
    await makeDue(db, s.subscriptionId);
    await renew();
    let after = await state(s.subscriptionId);
    expect(after).toMatchObject({ status: 'past_due', deliveries: 1 });
    expect(after.renewals).toEqual([{ attempt: 1, status: 'declined', order_id: expect.any(String), reason: 'card_declined', retry: true }]);
    expect(after.orders.map((o) => o.status)).toEqual(['canceled']);
    expect(after.charges).toEqual([{ status: 'failed', failure_code: 'card_declined' }]);
    expect(await stockOf(db, s.product.id)).toBe(stock);
    const retryAt = (await db.query<{ days: number }>(`SELECT round(extract(epoch FROM retry_at - now()) / 86400)::int AS days FROM subscription_renewal WHERE subscription_id = $1`, [s.subscriptionId])).rows[0]!.days;
    expect(retryAt).toBe(1);
    expect(await mailsTo(s.customer.email, 'subscription_payment_failed')).toEqual([expect.stringMatching(/We will try again on \d{4}-\d{2}-\d{2}/)]);

    // Not yet due: nothing happens.
    await renew();
    expect((await state(s.subscriptionId)).renewals).toHaveLength(1);

    await makeRetryDue(db, s.subscriptionId);
    await renew();
    after = await state(s.subscriptionId);
    expect(after.renewals.map((r) => [r.attempt, r.status, r.retry])).toEqual([[1, 'declined', false], [2, 'declined', true]]);
    expect(after.status).toBe('past_due');

    await makeRetryDue(db, s.subscriptionId);
    await renew();
    after = await state(s.subscriptionId);
    expect(after.renewals.map((r) => [r.attempt, r.status, r.retry])).toEqual([[1, 'declined', false], [2, 'declined', false], [3, 'declined', false]]);
    expect(after).toMatchObject({ status: 'paused', pause_reason: 'payment_failed', deliveries: 1 });
    expect(after.orders.map((o) => o.status)).toEqual(['canceled', 'canceled', 'canceled']);
    expect(after.charges.map((c) => c.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await stockOf(db, s.product.id)).toBe(stock);
    expect(await mailsTo(s.customer.email, 'subscription_payment_failed')).toHaveLength(2);
    expect(await mailsTo(s.customer.email, 'subscription_paused')).toEqual([expect.stringMatching(/could not charge your card after several tries/)]);

    // Paused: nothing more is tried, however often the job runs.
    await makeRetryDue(db, s.subscriptionId);
    await renew();
    expect((await state(s.subscriptionId)).renewals).toHaveLength(3);
  });

  it('charges a card whose bank exempts the renewal, and e-mails a link when the bank asks the customer to authenticate; paid once they do', async () => {
    const exempt = await subscribed({ card: '4000002500003155' });
    const always = await subscribed({ card: '4000002760003184' });
    await makeDue(db, exempt.subscriptionId);
    await makeDue(db, always.subscriptionId);
    await renew();
    expect(await state(exempt.subscriptionId)).toMatchObject({ deliveries: 2, renewals: [{ status: 'paid' }] });
    const waiting = await state(always.subscriptionId);
    expect(waiting).toMatchObject({ status: 'active', deliveries: 1, renewals: [{ status: 'awaiting_customer' }], orders: [{ status: 'pending_payment' }], charges: [{ status: 'created' }] });
    const [mail] = await mailsTo(always.customer.email, 'subscription_action_required');
    const link = /(https?:\/\/\S+\/payments-sandbox\/challenge\/\S+)/.exec(mail!)![1]!;
    // The unpaid-order expiry leaves it: the customer has days, not minutes.
    await db.query(`UPDATE orders_order SET updated_at = now() - interval '2 hours' WHERE entity_id = $1`, [waiting.orders[0]!.entity_id]);
    await server.app.services.orders.expireUnpaidOrders((fn) => inTransaction(db, fn), { olderThanMinutes: 30 });
    expect((await state(always.subscriptionId)).orders).toMatchObject([{ status: 'pending_payment' }]);

    await approveChallenge(shop(), link);
    await settleJobs(server.app, [waiting.orders[0]!.entity_id]);
    expect(await state(always.subscriptionId)).toMatchObject({ deliveries: 2, renewals: [{ status: 'paid' }], orders: [{ status: 'payment_completed' }], charges: [{ status: 'paid' }] });
  });

  it('asks for authentication when the store view wants strong authentication always, even of an exempt card', async () => {
    const s = await subscribed({ card: '4000002500003155' });
    await inTransaction(db, (tx) => server.app.services.payments.setScaMode(tx, 'gb', 'SCA_ALWAYS'));
    try {
      await makeDue(db, s.subscriptionId);
      await renew();
      expect(await state(s.subscriptionId)).toMatchObject({ renewals: [{ status: 'awaiting_customer' }] });
    } finally {
      await inTransaction(db, (tx) => server.app.services.payments.setScaMode(tx, 'gb', 'SCA_WHEN_REQUIRED'));
    }
  });

  it('ends a subscription whose first order is cancelled, and resumes a pause on its end date', async () => {
    const s = await subscribed();
    const until = daysFrom(today(), 7);
    expect((await restCall(server, 'PUT', `/api/subscriptions/${s.subscriptionId}/pause`, { until }, { token: s.customer.token })).body.status).toBe('paused');
    await runRenewals(db, server.app.services, { today: until, only: mineOnly });
    expect(await state(s.subscriptionId)).toMatchObject({ status: 'active', next: daysFrom(today(), 28) });

    const other = await subscribed();
    await inTransaction(db, (tx) => server.app.services.orders.changeStatus(tx, other.order.entity_id, { to: 'canceled', actor: 'operator', reason_code: 'customer_request' }));
    await settleJobs(server.app, [other.order.entity_id]);
    expect((await state(other.subscriptionId)).status).toBe('cancelled');
  });
});
