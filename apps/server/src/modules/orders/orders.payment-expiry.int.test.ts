import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, stockOf } from '@ember/test-support';
import { startTestServer, testDb, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { runPaymentJobs } from '../payments/payments.routes.js';
import { runOrderJobs } from './orders.jobs.js';
import type { UnpaidExpiryReport } from './orders.service.js';
import { inTransaction } from '../../platform/transaction.js';
import { transactionsOn } from '../../platform/transaction.js';

/** Orders left waiting for payment are cancelled by the expiry sweep (docs/decisions/0019). */

let server: TestServer;
// The sandbox delivers only this account's notifications, so test apps sharing a database keep theirs apart.
const ACCOUNT = `test_${randomBytes(6).toString('hex')}`;
const STOCK = 10;
// Shorter than the default: apps of other suites that run their jobs (30 minutes) never reach these orders.
const EXPIRY_MINUTES = 5;

beforeAll(async () => {
  server = await startTestServer({ PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', PAYMENTS_MERCHANT_ACCOUNT: ACCOUNT, ORDERS_PAYMENT_EXPIRY_MINUTES: String(EXPIRY_MINUTES) });
  // Orders other suites left unpaid long ago are due too: sweep them now, so each test's sweep reaches its own.
  for (let i = 0; i < 100; i++) if (!(await sweep()).canceled.length) break;
});
afterAll(async () => {
  await server.close();
});

const sweep = (on: TestServer = server): Promise<UnpaidExpiryReport> => on.app.services.orders.expireUnpaidOrders(transactionsOn(on.app.db), { olderThanMinutes: EXPIRY_MINUTES });

/** A guest order of two units paid by card through the provider, placed as checkout does (stock 10 → 8). */
async function newOrder() {
  const db = await testDb();
  const product = await createProduct(db, { stock: STOCK });
  const draft = { ...draftFor({ product, customerUuid: null }), payment_method_code: 'ember_card' };
  const placed = await placeOrder(server.app, draft);
  return { ...placed, product, cartId: draft.cart_id, email: draft.email!, total: draft.totals.grand_total };
}

/** As if the order's last change happened `minutes` ago. */
async function age(entityId: string, minutes = EXPIRY_MINUTES + 1) {
  await (await testDb()).query(`UPDATE orders_order SET updated_at = now() - $2 * interval '1 minute' WHERE entity_id = $1`, [entityId, minutes]);
}

/** Opens the provider's payment page for a guest order, as the storefront does; answers the payment. */
async function openPayment(order: { entity_id: string; cartId: string }) {
  const res = await fetch(`${server.url}/api/payments/generate-token`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-cart-id': order.cartId },
    body: JSON.stringify({ tokenize: false, order_id: order.entity_id }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { uuid: string; redirect_url: string };
}

async function payByCard(redirectUrl: string) {
  const res = await fetch(`${server.url}${redirectUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4111111111111111', exp_month: '10', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '321' }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

async function orderState(entityId: string) {
  const db = await testDb();
  const row = (await server.app.services.orders.findByRef(db, entityId))!;
  const [view] = await server.app.services.orders.views(db, [row]);
  return { status: row.status, history: view!.history.map((h) => ({ from: h.from_status, to: h.to_status, actor: h.actor, reason: h.reason_code })) };
}

async function paymentOf(uuid: string) {
  const db = await testDb();
  const payment = await db.query<{ status: string }>('SELECT status FROM payments_payment WHERE uuid = $1', [uuid]);
  const commands = await db.query<{ kind: string }>('SELECT kind FROM payments_provider_command WHERE payment_uuid = $1 ORDER BY id', [uuid]);
  return { status: payment.rows[0]!.status, commands: commands.rows.map((c) => c.kind) };
}

async function cancellationMails(email: string): Promise<number> {
  const { rows } = await (await testDb()).query<{ n: number }>(`SELECT count(*)::int AS n FROM messaging_outbox WHERE recipient = $1 AND template = 'order_canceled'`, [email]);
  return rows[0]!.n;
}

const PLACED = { from: null, to: 'pending_payment', actor: 'checkout', reason: null };
const EXPIRED = { from: 'pending_payment', to: 'canceled', actor: 'system', reason: 'payment_expired' };

describe('unpaid order expiry', () => {
  it('cancels an order left unpaid past the expiry: stock back, open payment voided, history and e-mail', async () => {
    const order = await newOrder();
    const payment = await openPayment(order);
    expect(await stockOf(await testDb(), order.product.id)).toBe(STOCK - 2);
    await age(order.entity_id);
    // Through the job, with the expiry from the configuration.
    await runOrderJobs(server.app);
    expect(await orderState(order.entity_id)).toEqual({ status: 'canceled', history: [PLACED, EXPIRED] });
    expect(await stockOf(await testDb(), order.product.id)).toBe(STOCK);
    expect(await paymentOf(payment.uuid)).toEqual({ status: 'voided', commands: ['void'] });
    expect(await cancellationMails(order.email)).toBe(1);
    // The provider is told, and the shopper can no longer pay on its page. Another suite's payments job
    // sharing the database may hold the command for a moment, so look a few times.
    const session = async () =>
      (await (await testDb()).query<{ status: string }>('SELECT status FROM payments_sandbox_session WHERE merchant_reference = $1', [payment.uuid])).rows[0]!.status;
    for (let i = 0; i < 20 && (await session()) !== 'cancelled'; i++) {
      await runPaymentJobs(server.app);
      if ((await session()) !== 'cancelled') await new Promise((r) => setTimeout(r, 250));
    }
    expect(await session()).toBe('cancelled');
  });

  it('also expires an order whose payment failed and was not retried, counting from the failure', async () => {
    const order = await newOrder();
    await inTransaction((await testDb()), (tx) => server.app.services.orders.markPaymentFailed(tx, order.entity_id, { code: 'insufficient_funds', message: 'Declined' }));
    await age(order.entity_id);
    expect((await sweep()).canceled).toContain(order.entity_id);
    expect((await orderState(order.entity_id)).history.at(-1)).toEqual({ ...EXPIRED, from: 'payment_failed' });
    expect(await stockOf(await testDb(), order.product.id)).toBe(STOCK);
  });

  it('leaves an order alone while it is younger than the expiry', async () => {
    const order = await newOrder();
    const payment = await openPayment(order);
    await age(order.entity_id, EXPIRY_MINUTES - 1);
    const report = await sweep();
    expect([...report.canceled, ...report.kept]).not.toContain(order.entity_id);
    expect(await orderState(order.entity_id)).toEqual({ status: 'pending_payment', history: [PLACED] });
    expect(await stockOf(await testDb(), order.product.id)).toBe(STOCK - 2);
    expect(await paymentOf(payment.uuid)).toEqual({ status: 'created', commands: [] });
  });

  it('never touches a paid order, however old', async () => {
    const order = await newOrder();
    const payment = await openPayment(order);
    await payByCard(payment.redirect_url);
    await runPaymentJobs(server.app);
    await age(order.entity_id, 24 * 60);
    await sweep();
    expect((await orderState(order.entity_id)).status).toBe('payment_completed');
    expect(await stockOf(await testDb(), order.product.id)).toBe(STOCK - 2);
    expect(await paymentOf(payment.uuid)).toEqual({ status: 'paid', commands: [] });
    expect(await cancellationMails(order.email)).toBe(0);
  });

  it('leaves an order whose payment is confirmed while the sweep runs', async () => {
    const db = await testDb();
    const order = await newOrder();
    await age(order.entity_id);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The provider's notification: the order row is locked and paid, but not yet committed.
    const paying = inTransaction(db, async (tx) => {
      await server.app.services.orders.markPaid(tx, order.entity_id, { payment_uuid: randomUUID(), provider_reference: `psp_${randomUUID()}`, amount: order.total, currency: 'GBP' });
      locked();
      await released;
    });
    await isLocked;
    const sweeping = sweep();
    if (db.kind === 'postgres') {
      // The locked order is passed over, not waited for.
      expect((await sweeping).canceled).not.toContain(order.entity_id);
      release();
    } else {
      // The embedded database runs one transaction at a time: the sweep starts once the payment commits.
      release();
      expect((await sweeping).canceled).not.toContain(order.entity_id);
    }
    await paying;
    await sweep();
    expect(await orderState(order.entity_id)).toMatchObject({ status: 'payment_completed' });
    expect(await stockOf(db, order.product.id)).toBe(STOCK - 2);
  });

  it('keeps an unpaid order the provider took money for, for a person to resolve', async () => {
    const db = await testDb();
    const order = await newOrder();
    const payment = await openPayment(order);
    // The provider captured, but its notification named another amount: the payment waits for review.
    await db.query(`UPDATE payments_payment SET status = 'suspicious', review_reason = 'amount' WHERE uuid = $1`, [payment.uuid]);
    await age(order.entity_id);
    expect((await sweep()).kept).toContain(order.entity_id);
    expect(await orderState(order.entity_id)).toEqual({ status: 'pending_payment', history: [PLACED] });
    expect(await stockOf(db, order.product.id)).toBe(STOCK - 2);
    expect(await paymentOf(payment.uuid)).toEqual({ status: 'suspicious', commands: [] });
    // The operator decides; then no later sweep meets it again.
    await inTransaction(db, (tx) => server.app.services.orders.changeStatus(tx, order.entity_id, { to: 'canceled', actor: 'operator' }));
  });

  it('cancels an expired order exactly once when two instances sweep at the same time', async () => {
    const other = await startTestServer({ PAYMENTS_MERCHANT_ACCOUNT: ACCOUNT });
    try {
      for (let round = 0; round < 10; round++) {
        const orders = [await newOrder(), await newOrder()];
        const payments = [await openPayment(orders[0]!), await openPayment(orders[1]!)];
        for (const o of orders) await age(o.entity_id);
        const reports = await Promise.all([sweep(server), sweep(other)]);
        for (const [i, o] of orders.entries()) {
          const claims = reports.flatMap((r) => [...r.canceled, ...r.kept, ...r.failed.map((f) => f.entity_id)]).filter((id) => id === o.entity_id);
          expect(claims, `round ${round}`).toHaveLength(1);
          expect(await orderState(o.entity_id)).toEqual({ status: 'canceled', history: [PLACED, EXPIRED] });
          expect(await stockOf(await testDb(), o.product.id)).toBe(STOCK);
          expect(await paymentOf(payments[i]!.uuid)).toEqual({ status: 'voided', commands: ['void'] });
          expect(await cancellationMails(o.email)).toBe(1);
        }
      }
    } finally {
      await other.close();
    }
  });

  it('rolls back only the order whose cancellation failed, and the next sweep cancels it', async () => {
    const other = await startTestServer({ PAYMENTS_MERCHANT_ACCOUNT: ACCOUNT });
    try {
      const [broken, fine] = [await newOrder(), await newOrder()];
      const payment = await openPayment(broken);
      for (const o of [broken, fine]) await age(o.entity_id);
      const payments = other.app.services.payments;
      other.app.services.orders.usePayments({
        refunds: {
          holdsCapturedMoney: (tx, id) => payments.holdsCapturedMoney(tx, id),
          supersedeOpenPayment: (tx, id) => payments.supersedeOpenPayment(tx, id),
          refundOrVoid: async (tx, id) => {
            if (id === broken.entity_id) throw new Error('provider unreachable');
            return payments.refundOrVoid(tx, id);
          },
        },
      });
      const report = await sweep(other);
      expect(report.failed.map((f) => f.entity_id)).toEqual([broken.entity_id]);
      expect(report.canceled).toContain(fine.entity_id);
      expect(await orderState(broken.entity_id)).toEqual({ status: 'pending_payment', history: [PLACED] });
      expect(await stockOf(await testDb(), broken.product.id)).toBe(STOCK - 2);
      expect(await stockOf(await testDb(), fine.product.id)).toBe(STOCK);
      expect((await sweep()).canceled).toContain(broken.entity_id);
      expect(await stockOf(await testDb(), broken.product.id)).toBe(STOCK);
      expect(await paymentOf(payment.uuid)).toEqual({ status: 'voided', commands: ['void'] });
    } finally {
      await other.close();
    }
  });

  it('runs on its timer when the orders jobs are on, and not at all with an expiry of 0', async () => {
    const never = await startTestServer({ ORDERS_PAYMENT_EXPIRY_MINUTES: '0' });
    const order = await newOrder();
    await age(order.entity_id);
    try {
      await runOrderJobs(never.app);
      expect((await orderState(order.entity_id)).status).toBe('pending_payment');
    } finally {
      await never.close();
    }
    const timed = await startTestServer({ ORDERS_JOBS: 'true', ORDERS_PAYMENT_EXPIRY_MINUTES: String(EXPIRY_MINUTES) });
    try {
      const deadline = Date.now() + 20_000;
      while ((await orderState(order.entity_id)).status !== 'canceled' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(await orderState(order.entity_id)).toEqual({ status: 'canceled', history: [PLACED, EXPIRED] });
    } finally {
      await timed.close();
    }
  });
});
