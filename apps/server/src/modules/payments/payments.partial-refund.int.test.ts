import { describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import { runPaymentJobs } from './payments.routes.js';
import { deliveredOrder, RETURNS_ENV } from '../returns/returns.fixtures.js';

/** Partial refunds (`refundPart`): idempotent per key, never more than was captured, the payment refunded only when all of it is. */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, RETURNS_ENV);

const refundPart = (entityId: string, amount: number, key: string) =>
  inTransaction(server.app.db, (tx) => server.app.services.payments.refundPart(tx, entityId, amount, key));

async function payment(entityId: string) {
  const { rows } = await db.query<{ uuid: string; status: string; amount: number; refunded_amount: number; refund_requested: number }>(
    'SELECT uuid::text AS uuid, status, amount, refunded_amount, refund_requested FROM payments_payment WHERE order_id = $1 AND paid_at IS NOT NULL', [entityId],
  );
  return rows[0]!;
}

async function commands(paymentUuid: string) {
  const { rows } = await db.query<{ kind: string; amount: number }>("SELECT kind, amount FROM payments_provider_command WHERE payment_uuid = $1::uuid AND kind <> 'void' ORDER BY id", [paymentUuid]);
  return rows;
}

async function settle() {
  // Commands run, then their notifications arrive.
  await runPaymentJobs(server.app);
  await runPaymentJobs(server.app);
}

describe('partial refunds', () => {
  it('refunds parts once per key, keeps the payment paid until all of it is given back, then marks it refunded', async () => {
    const o = await deliveredOrder(server, { paid: true, deliver: false });
    const total = o.grand_total;
    expect(await refundPart(o.entity_id, 1000, 'console:1')).toEqual({ refunded: 1000, remaining: total - 1000 });
    expect(await refundPart(o.entity_id, 1000, 'console:1')).toEqual({ refunded: 1000, remaining: total - 1000 });
    await expect(refundPart(o.entity_id, 999, 'console:1')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const p = await payment(o.entity_id);
    expect(await commands(p.uuid)).toEqual([{ kind: 'partial_refund', amount: 1000 }]);
    await settle();
    expect(await payment(o.entity_id)).toMatchObject({ status: 'paid', refunded_amount: 1000, refund_requested: 1000 });

    await expect(refundPart(o.entity_id, total - 999, 'console:2')).rejects.toMatchObject({ code: 'REFUND_NOT_POSSIBLE' });
    await expect(refundPart(o.entity_id, 0, 'console:3')).rejects.toBeInstanceOf(AppError);
    expect(await refundPart(o.entity_id, total - 1000, 'console:4')).toEqual({ refunded: total - 1000, remaining: 0 });
    expect(await payment(o.entity_id)).toMatchObject({ status: 'refund_pending', refund_requested: total });
    await expect(refundPart(o.entity_id, 1, 'console:5')).rejects.toMatchObject({ code: 'REFUND_NOT_POSSIBLE' });
    await settle();
    expect(await payment(o.entity_id)).toMatchObject({ status: 'refunded', refunded_amount: total });
    expect(await commands(p.uuid)).toEqual([{ kind: 'partial_refund', amount: 1000 }, { kind: 'partial_refund', amount: total - 1000 }]);
  });

  it('refuses in the database to ask back more than was captured', async () => {
    const o = await deliveredOrder(server, { paid: true, deliver: false });
    const p = await payment(o.entity_id);
    await expect(db.query('UPDATE payments_payment SET refund_requested = amount + 1 WHERE uuid = $1::uuid', [p.uuid])).rejects.toThrow();
  });

  it('refuses a refund of an order nothing was captured for', async () => {
    const o = await deliveredOrder(server, { paid: false, deliver: false });
    await expect(refundPart(o.entity_id, 100, 'console:x')).rejects.toMatchObject({ code: 'REFUND_NOT_POSSIBLE' });
  });

  it('refunds only what is left when an order partly refunded is cancelled', async () => {
    const o = await deliveredOrder(server, { paid: true, deliver: false });
    await refundPart(o.entity_id, 500, 'console:a');
    const result = await inTransaction(server.app.db, (tx) => server.app.services.payments.refundOrVoid(tx, o.entity_id));
    expect(result.action).toBe('refund');
    const p = await payment(o.entity_id);
    expect(await commands(p.uuid)).toEqual([{ kind: 'partial_refund', amount: 500 }, { kind: 'refund', amount: o.grand_total - 500 }]);
    await settle();
    expect(await payment(o.entity_id)).toMatchObject({ status: 'refunded', refunded_amount: o.grand_total });
  });
});
