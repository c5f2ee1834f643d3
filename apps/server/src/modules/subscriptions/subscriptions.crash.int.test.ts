import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder, restCall } from '@ember/test-support';
import { openDb, type Db } from '../../platform/db.js';
import { childServers } from '../../test/child-server.js';
import { ADDRESSES, payAndSaveCard } from './subscriptions.fixtures.js';

/**
 * kill -9 in the middle of a renewal: the built server runs as a child process with its renewal job
 * on and a fault point armed (EMBER_FAULT, TEST store mode only) that SIGKILLs it there; started
 * again on the same database, its job finishes what was left, and the period has one order and one charge.
 */

const ACCOUNT = `renewal_crash_${process.pid}`;
/**
 * On PostgreSQL a database of its own: the child's renewal job takes every due subscription, and
 * other suites' must stay theirs.
 */
const sharedUrl = process.env.DATABASE_URL;
const ownName = `ember_renewal_crash_${process.pid}`;
const databaseUrl = sharedUrl ? Object.assign(new URL(sharedUrl), { pathname: `/${ownName}` }).toString() : undefined;
const { start, stop, withDb, cleanUp } = childServers({
  databaseUrl,
  portBase: 27000,
  env: {
    RATE_LIMIT_IP_FACTOR: '20',
    ORDERS_UNPAID_PER_BUYER: '1000', ORDERS_UNPAID_PER_ADDRESS: '1000', ORDERS_UNPAID_PER_CLIENT: '1000',
    PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0',
    PAYMENTS_MERCHANT_ACCOUNT: ACCOUNT,
    // The job runs often here; a charge left without its outcome is finished after a second.
    SUBSCRIPTIONS_JOBS: 'false',
    SUBSCRIPTIONS_JOB_INTERVAL_MS: '300',
    SUBSCRIPTIONS_UNSETTLED_AFTER_S: '1',
    LOYALTY_JOBS: 'true',
  },
});

beforeAll(async () => {
  if (!sharedUrl) return;
  const admin = await openDb({ url: sharedUrl });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${ownName}`);
    await admin.query(`CREATE DATABASE ${ownName}`);
  } finally {
    await admin.close();
  }
});

afterAll(async () => {
  cleanUp();
  if (!sharedUrl) return;
  const admin = await openDb({ url: sharedUrl });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${ownName} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
});

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function counts(db: Db, subscriptionId: string) {
  const { rows } = await db.query<{ renewals: number; live: number; orders: number; paid_orders: number; payments: number; captured: number; deliveries: number }>(
    `SELECT (SELECT count(*) FROM subscription_renewal WHERE subscription_id = $1)::int AS renewals,
            (SELECT count(*) FROM subscription_renewal WHERE subscription_id = $1 AND status IN ('charging', 'awaiting_customer', 'paid'))::int AS live,
            (SELECT count(*) FROM orders_order o JOIN subscription_renewal r ON r.order_id = o.entity_id WHERE r.subscription_id = $1)::int AS orders,
            (SELECT count(*) FROM orders_order o JOIN subscription_renewal r ON r.order_id = o.entity_id WHERE r.subscription_id = $1 AND o.status = 'payment_completed')::int AS paid_orders,
            (SELECT count(*) FROM payments_payment p JOIN subscription_renewal r ON p.order_id = r.order_id::text WHERE r.subscription_id = $1)::int AS payments,
            (SELECT count(*) FROM payments_sandbox_session x JOIN payments_payment p ON x.merchant_reference = p.uuid::text
               JOIN subscription_renewal r ON p.order_id = r.order_id::text WHERE r.subscription_id = $1 AND x.status = 'captured')::int AS captured,
            (SELECT deliveries FROM subscription_subscription WHERE id = $1) AS deliveries`,
    [subscriptionId],
  );
  return rows[0]!;
}

describe('kill -9 during a renewal', () => {
  it('never places two orders or charges twice for a period, wherever the process dies', { timeout: 240_000 }, async () => {
    // A customer subscribes through the child, as a shopper would; the first delivery is paid.
    let child = await start();
    const shop = { url: child.server.url };
    const customer = await createCustomer(shop);
    const verified = await restCall(shop, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: customer.token });
    expect(verified.body.status).toBe('verified');
    const order = await createOrder(shop, { customer, items: [{ sku: 'SUB-AMBER-CARTON', quantity: 1 }], address: ADDRESSES.gb as never });
    await payAndSaveCard(shop, customer.token, order.entity_id, '4111111111111111');
    // The child's jobs deliver the capture and the order events: the subscription gets its card.
    const sub = await until('the subscription with its card', async () => {
      const r = await restCall(shop, 'GET', '/api/subscriptions/user', undefined, { token: customer.token });
      return r.body.subscriptions?.[0]?.card ? r.body.subscriptions[0] : null;
    });
    await stop(child);
    const today = new Date().toISOString().slice(0, 10);
    await withDb((db) => db.query(`UPDATE subscription_subscription SET next_delivery_date = $2::date WHERE id = $1`, [sub.id, today]));

    // 1. Killed with the renewal's order written, before COMMIT: nothing of it stays.
    child = await start({ SUBSCRIPTIONS_JOBS: 'true', EMBER_FAULT: 'subscriptions.after-order' });
    expect(await child.exited).toBe(-9);
    expect(await withDb((db) => counts(db, sub.id))).toMatchObject({ renewals: 0, orders: 0, payments: 0, captured: 0, deliveries: 1 });

    // 2. Killed after the provider charged the card, before the shop recorded it.
    child = await start({ SUBSCRIPTIONS_JOBS: 'true', EMBER_FAULT: 'payments.after-provider' });
    expect(await child.exited).toBe(-9);
    expect(await withDb((db) => counts(db, sub.id))).toMatchObject({ renewals: 1, live: 1, orders: 1, payments: 1, captured: 1, deliveries: 1 });

    // 3. Started again: the job finishes that charge (the provider answers the same key with the same charge).
    child = await start({ SUBSCRIPTIONS_JOBS: 'true' });
    await until('the renewal paid', async () => {
      // Each start listens on a port of its own.
      const r = await restCall(child.server, 'GET', '/api/subscriptions/user', undefined, { token: customer.token }).catch(() => null);
      return r?.body.subscriptions?.[0]?.deliveries === 2;
    });
    // 4. Another instance's run afterwards finds nothing left to do for the period.
    await stop(child);
    child = await start({ SUBSCRIPTIONS_JOBS: 'true' });
    await new Promise((r) => setTimeout(r, 1_500));
    await stop(child);
    const final = await withDb((db) => counts(db, sub.id));
    expect(final).toEqual({ renewals: 1, live: 1, orders: 1, paid_orders: 1, payments: 1, captured: 1, deliveries: 2 });
    const next = await withDb((db) => db.query<{ next: string }>(`SELECT to_char(next_delivery_date, 'YYYY-MM-DD') AS next FROM subscription_subscription WHERE id = $1`, [sub.id]));
    expect(next.rows[0]!.next).toBe(new Date(Date.parse(`${today}T00:00:00Z`) + 28 * 86_400_000).toISOString().slice(0, 10));
  });
});
