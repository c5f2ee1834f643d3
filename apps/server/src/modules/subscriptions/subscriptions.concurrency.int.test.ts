import { createProduct, stockOf } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { runRenewals } from '../../workflows/subscription-renewal.js';
import { cloneDue, subscribe } from './subscriptions.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', PAYMENTS_MERCHANT_ACCOUNT: `sub_bulk_${process.pid}` });

const DUE = 1_000;

describe('the renewal job on several instances', () => {
  it(`renews ${DUE} due subscriptions from two job runs at once: exactly one order and one charge each`, async () => {
    const product = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], price: 4500, stock: DUE + 20 });
    const model = await subscribe({ url: server.url, app: server.app }, db, { product });
    const ids = await cloneDue(db, model, DUE, `c${process.pid}`);
    const stock = await stockOf(db, product.id);

    // Two instances' job runs over the same queue (on PostgreSQL each on its own connections).
    const reports = await Promise.all([runRenewals(db, server.app.services, { limit: DUE, only: ids }), runRenewals(db, server.app.services, { limit: DUE, only: ids })]);
    expect(reports.flatMap((r) => r.failed)).toEqual([]);
    expect(reports.reduce((n, r) => n + r.placed, 0)).toBe(DUE);

    const counts = (await db.query<{ renewals: number; paid: number; orders: number; charges: number; provider_charges: number; delivered: number }>(
      `SELECT (SELECT count(*) FROM subscription_renewal WHERE subscription_id = ANY($1::uuid[]))::int AS renewals,
              (SELECT count(*) FROM subscription_renewal WHERE subscription_id = ANY($1::uuid[]) AND status = 'paid')::int AS paid,
              (SELECT count(DISTINCT o.entity_id) FROM orders_order o JOIN subscription_renewal r ON r.order_id = o.entity_id WHERE r.subscription_id = ANY($1::uuid[]) AND o.status = 'payment_completed')::int AS orders,
              (SELECT count(*) FROM payments_payment p JOIN subscription_renewal r ON p.order_id = r.order_id::text WHERE r.subscription_id = ANY($1::uuid[]) AND p.status = 'paid')::int AS charges,
              (SELECT count(*) FROM payments_sandbox_session x JOIN payments_payment p ON x.merchant_reference = p.uuid::text JOIN subscription_renewal r ON p.order_id = r.order_id::text
                WHERE r.subscription_id = ANY($1::uuid[]) AND x.status = 'captured')::int AS provider_charges,
              (SELECT count(*) FROM subscription_subscription WHERE id = ANY($1::uuid[]) AND deliveries = 2 AND next_delivery_date = current_date + 28)::int AS delivered`,
      [ids],
    )).rows[0]!;
    expect(counts).toEqual({ renewals: DUE, paid: DUE, orders: DUE, charges: DUE, provider_charges: DUE, delivered: DUE });
    expect(await stockOf(db, product.id)).toBe(stock - DUE);

    // A third run finds nothing left to do.
    const again = await runRenewals(db, server.app.services, { limit: DUE, only: ids });
    expect(again.placed).toBe(0);
    // The renewal orders' e-mails to these made-up customers leave the shared outbox to other suites.
    await db.query(`DELETE FROM messaging_outbox WHERE recipient LIKE $1`, [`bulk-c${process.pid}-%`]);
  }, 600_000);
});
