import { describe, expect, it } from 'vitest';
import { stockOf } from '@ember/test-support';
import { restCall, serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { drainOrderEvents } from '../../test/loyalty-fixtures.js';
import { runPaymentJobs } from '../payments/payments.routes.js';
import { deliveredOrder, operator, requestReturn, RETURNS_ENV, type DeliveredOrder } from './returns.fixtures.js';

/**
 * What an approval does: the approved items' share refunded through the payment provider once,
 * resellable items restocked once, the order's points taken back in proportion once, and the order
 * `returned` when all of it came back.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, RETURNS_ENV);

/** A return of `quantity` units of the order's line, authorized and received. */
async function received(o: DeliveredOrder, quantity: number) {
  const r = await requestReturn(server, o.customer.token, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity }] });
  expect(r.status).toBe(201);
  const number = r.body.number as string;
  const itemUid = r.body.items[0].uid as string;
  expect((await operator(server, number, 'authorize')).status).toBe(200);
  expect((await operator(server, number, 'receive', { items: [{ uid: itemUid, quantity }] })).status).toBe(200);
  return { number, itemUid };
}

async function payment(entityId: string) {
  const { rows } = await db.query<{ uuid: string; status: string; amount: number; refunded_amount: number; refund_requested: number }>(
    'SELECT uuid::text AS uuid, status, amount, refunded_amount, refund_requested FROM payments_payment WHERE order_id = $1 AND paid_at IS NOT NULL', [entityId],
  );
  return rows[0]!;
}

async function refundCommands(paymentUuid: string) {
  const { rows } = await db.query<{ kind: string; amount: number }>('SELECT kind, amount FROM payments_provider_command WHERE payment_uuid = $1::uuid AND kind <> \'void\' ORDER BY id', [paymentUuid]);
  return rows;
}

async function orderPoints(entityId: string) {
  const { rows } = await db.query<{ points: number; reversed_points: number; status: string }>('SELECT points, reversed_points, status FROM loyalty_order_points WHERE order_id = $1', [entityId]);
  return rows[0]!;
}

const orderStatus = async (entityId: string) => (await db.query<{ status: string }>('SELECT status FROM orders_order WHERE entity_id = $1::uuid', [entityId])).rows[0]!.status;

describe('approving a return', () => {
  it('refunds the approved items’ share once, restocks only resellable items and takes back points in proportion once', async () => {
    const o = await deliveredOrder(server, { paid: true });
    const pointsBefore = await orderPoints(o.entity_id);
    expect(pointsBefore).toMatchObject({ status: 'credited', reversed_points: 0 });
    expect(pointsBefore.points).toBeGreaterThan(0);
    const stock0 = await stockOf(db, o.product.id);

    // One unit of 2 × 12.50 with a 1.00 line discount: 24.00 / 2 = 12.00.
    const first = await received(o, 1);
    const approved = await operator(server, first.number, 'approve', { items: [{ uid: first.itemUid, condition: 'resellable' }] });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', refunded_total: 1200, items: [{ status: 'APPROVED', approved_quantity: 1, condition: 'resellable', refund_amount: 1200 }] });
    const paid = await payment(o.entity_id);
    expect(paid).toMatchObject({ status: 'paid', refund_requested: 1200 });
    expect(await refundCommands(paid.uuid)).toEqual([{ kind: 'partial_refund', amount: 1200 }]);
    // The order itself shows what went back (its invoice, the console's payment state).
    expect((await db.query<{ r: number }>('SELECT refunded_total::int AS r FROM orders_order WHERE entity_id = $1', [o.entity_id])).rows[0]!.r).toBe(1200);
    expect(await stockOf(db, o.product.id)).toBe(stock0 + 1);
    const movement = await db.query<{ delta: number; source: string; reason: string }>(
      'SELECT delta, source, reason FROM inventory_stock_movement WHERE product_id = $1 ORDER BY id DESC LIMIT 1', [o.product.id],
    );
    expect(movement.rows).toEqual([{ delta: 1, source: 'return', reason: `Return ${first.number}` }]);
    const expectedReversed = Math.round(pointsBefore.points * (1200 / o.grand_total));
    expect((await orderPoints(o.entity_id)).reversed_points).toBe(expectedReversed);
    const refundedMail = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM messaging_outbox WHERE recipient = $1 AND template = 'return_refunded'", [o.customer.email]);
    expect(refundedMail.rows[0]!.n).toBe(1);

    // A retry changes nothing: no second refund, restock or reversal.
    const again = await operator(server, first.number, 'approve', { items: [{ uid: first.itemUid, condition: 'resellable' }] });
    expect([again.status, again.body.error.code]).toEqual([409, 'RETURN_NOT_CHANGEABLE']);
    expect(await refundCommands(paid.uuid)).toHaveLength(1);
    expect(await stockOf(db, o.product.id)).toBe(stock0 + 1);
    expect((await orderPoints(o.entity_id)).reversed_points).toBe(expectedReversed);

    // The provider gives the 12.00 back; the payment is not refunded in full.
    await runPaymentJobs(server.app);
    await runPaymentJobs(server.app);
    expect(await payment(o.entity_id)).toMatchObject({ status: 'paid', refunded_amount: 1200 });
    expect(await orderStatus(o.entity_id)).toBe('delivered');

    // The second unit comes back damaged: refunded, not restocked; now all of it is returned.
    const second = await received(o, 1);
    const last = await operator(server, second.number, 'approve', { items: [{ uid: second.itemUid, condition: 'not_resellable' }] });
    expect(last.body).toMatchObject({ status: 'APPROVED', refunded_total: 1200 });
    expect(await stockOf(db, o.product.id)).toBe(stock0 + 1);
    expect(await refundCommands(paid.uuid)).toEqual([{ kind: 'partial_refund', amount: 1200 }, { kind: 'partial_refund', amount: 1200 }]);
    expect((await orderPoints(o.entity_id)).reversed_points).toBe(Math.round(pointsBefore.points * (2400 / o.grand_total)));
    expect(await orderStatus(o.entity_id)).toBe('returned');
    await runPaymentJobs(server.app);
    await runPaymentJobs(server.app);
    expect(await payment(o.entity_id)).toMatchObject({ status: 'paid', refunded_amount: 2400 });
    await drainOrderEvents(server.app);

    // Closing after a refund is PROCESSED_AND_CLOSED.
    expect((await operator(server, first.number, 'close')).body.status).toBe('PROCESSED_AND_CLOSED');
    const requestAgain = await requestReturn(server, o.customer.token, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 1 }] });
    expect(requestAgain.status).toBe(409);
  });

  it('approves and rejects items of one return and refunds only the approved one', async () => {
    const o = await deliveredOrder(server, { paid: true });
    const r = await received(o, 2);
    // Receiving counts units, approval decides per returned line: one line here, so reject the line.
    const rejected = await operator(server, r.number, 'reject', { items: [{ uid: r.itemUid }] });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', refunded_total: 0 });
    expect((await operator(server, r.number, 'approve', { items: [{ uid: r.itemUid, condition: 'resellable' }] })).status).toBe(409);
    expect(await refundCommands((await payment(o.entity_id)).uuid)).toEqual([]);
    expect((await operator(server, r.number, 'close')).body.status).toBe('CLOSED');
  });

  it('approves a return of an order paid outside the provider without a refund call, and still restocks', async () => {
    const o = await deliveredOrder(server, { paid: false });
    const stock0 = await stockOf(db, o.product.id);
    const r = await received(o, 2);
    const res = await operator(server, r.number, 'approve', { items: [{ uid: r.itemUid, condition: 'resellable' }] });
    expect(res.body).toMatchObject({ status: 'APPROVED', refunded_total: 0, items: [{ refund_amount: 2400 }] });
    expect(await stockOf(db, o.product.id)).toBe(stock0 + 2);
    expect(await orderStatus(o.entity_id)).toBe('returned');
    const history = await restCall(server, 'GET', `/api/returns/${r.number}`, undefined, { token: o.customer.token });
    expect(history.body.history.map((h: { status: string }) => h.status)).toEqual(['PENDING', 'AUTHORIZED', 'RECEIVED', 'APPROVED']);
  });
});
