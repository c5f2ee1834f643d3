import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type GuestJar, stockOf } from '@ember/test-support';
import { addProducts, gqlAs, newGuestCart, readyForCheckout } from '../cart/cart.fixtures.js';
import type { TestServer } from '../../test/test-app.js';
import { childServers, type Child } from '../../test/child-server.js';
import type { Db } from '../../platform/db.js';
import { holdKeysOf } from '../../workflows/unpaid-holds.js';

/**
 * kill -9 in the payment steps: the built server runs as a child process with a fault point armed
 * (EMBER_FAULT, TEST store mode only), which SIGKILLs it there; it is started again on the same
 * database, and the client retries with the same Idempotency-Key.
 */

const databaseUrl = process.env.DATABASE_URL;
const { start, stop, withDb, cleanUp } = childServers({
  databaseUrl,
  portBase: 25000,
  env: {
    RATE_LIMIT_IP_FACTOR: '20',
    // The database is shared with other suites, whose unpaid orders use the same delivery address and connection.
    ORDERS_UNPAID_PER_BUYER: '1000',
    ORDERS_UNPAID_PER_ADDRESS: '1000',
    ORDERS_UNPAID_PER_CLIENT: '1000',
    PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0',
    IDEMPOTENCY_LEASE_MS: '1000',
    PAYMENTS_RECONCILE_AFTER_S: '2',
    PAYMENTS_MERCHANT_ACCOUNT: `crash_${process.pid}`,
  },
});

afterAll(cleanUp);

const PLACE = `mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number entity_id } errors { code message } } }`;

/**
 * The shopper's browser: it keeps the guest cart credential cookie across the restarts, which a
 * guest cart holding an e-mail and address requires (each restart listens on another port, so the
 * per-server jar of the fixtures would lose it).
 */
const browser: GuestJar = {};

async function placeWithKey(server: TestServer, cartId: string, key: string) {
  return gqlAs(server, PLACE, { c: cartId }, { jar: browser, headers: { 'idempotency-key': key } });
}

async function generate(server: TestServer, cartId: string, orderId: string, key: string) {
  const res = await fetch(`${server.url}/api/payments/generate-token`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-cart-id': cartId, 'idempotency-key': key },
    body: JSON.stringify({ order_id: orderId, tokenize: false }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Retries a call that finds its key still held by the killed process (409) until the lease lets it take over. */
async function retryUntilAnswered<T extends { status: number }>(call: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    const r = await call();
    if (r.status !== 409 || i >= 20) return r;
    await new Promise((res) => setTimeout(res, 300));
  }
}

/** The killed process's request: the connection drops without an answer. */
async function dies<T>(c: Child, call: () => Promise<T>): Promise<void> {
  await expect(call()).rejects.toThrow();
  expect(await c.exited).toBe(-9);
}

describe('kill -9 in the payment steps', { timeout: 300_000 }, () => {
  // A first start migrates and seeds the database; each test then adds products of its own.
  beforeAll(async () => stop(await start()), 120_000);

  it('loses nothing: after each crash and restart the order, the payment and the stock agree, and the retried key gives one order', async () => {
    const product = await withDb((db) => createProduct(db, { stock: 10 }));

    // (1) placeOrder commits, and the process dies before answering.
    let child = await start({ EMBER_FAULT: 'checkout.after-commit' });
    const cartId = await newGuestCart(child.server, 'gb', browser);
    expect((await addProducts(child.server, cartId, [{ sku: product.sku, quantity: 2 }], { jar: browser })).body.errors).toBeUndefined();
    await readyForCheckout(child.server, cartId, { jar: browser });
    await dies(child, () => placeWithKey(child.server, cartId, 'crash-place-key-0001'));
    const afterCommit = await withDb(async (db) => ({
      orders: (await db.query<{ entity_id: string; status: string }>('SELECT entity_id, status FROM orders_order WHERE cart_id = $1', [cartId])).rows,
      stock: await stockOf(db, product.id),
    }));
    expect(afterCommit.orders).toHaveLength(1);
    expect(afterCommit.stock).toBe(8);
    const entityId = afterCommit.orders[0]!.entity_id;

    // (2) The retry with the same key gets the order; the provider opens the payment session and the process dies before recording it.
    child = await start({ EMBER_FAULT: 'payments.after-provider' });
    const retried = await retryUntilAnswered(() => placeWithKey(child.server, cartId, 'crash-place-key-0001'));
    expect(retried.status).toBe(200);
    expect(retried.body.data.placeOrder.order.entity_id).toBe(entityId);
    await dies(child, () => generate(child.server, cartId, entityId, 'crash-pay-key-00001'));
    await withDb(async (db) => {
      const { rows } = await db.query<{ provider_reference: string | null }>('SELECT provider_reference FROM payments_payment WHERE order_id = $1', [entityId]);
      expect(rows).toEqual([{ provider_reference: null }]);
    });

    // (3) The retried payment call shares the provider's session; the card is captured and the process dies applying the capture.
    child = await start({ EMBER_FAULT: 'payments.before-order-update' });
    const opened = await retryUntilAnswered(() => generate(child.server, cartId, entityId, 'crash-pay-key-00001'));
    expect(opened.status).toBe(200);
    expect(opened.body.redirect_url).toMatch(/^\/payments-sandbox\/pay\//);
    const paid = await fetch(`${child.server.url}${opened.body.redirect_url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4111111111111111', exp_month: '10', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '321' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // The payments job delivers the capture notification a moment later, and the fault kills the process there.
    expect(await Promise.race([child.exited, new Promise((r) => setTimeout(() => r('alive'), 30_000))])).toBe(-9);
    await withDb(async (db) => {
      const { rows } = await db.query<{ status: string }>('SELECT status FROM payments_payment WHERE order_id = $1', [entityId]);
      expect(rows).toEqual([{ status: 'created' }]);
    });

    // (4) Restarted without a fault: the redelivered notification or reconciliation completes the order within a bounded time.
    child = await start();
    const until = Date.now() + 60_000;
    let status = '';
    while (Date.now() < until) {
      const res = await fetch(`${child.server.url}/api/payments/${opened.body.uuid}`, { headers: { 'x-cart-id': cartId } });
      status = ((await res.json()) as any).status;
      if (status === 'paid') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe('paid');
    const again = await placeWithKey(child.server, cartId, 'crash-place-key-0001');
    expect(again.body.data.placeOrder.order.entity_id).toBe(entityId);
    await stop(child);

    await withDb(async (db) => {
      const orders = (await db.query<{ entity_id: string; status: string }>('SELECT entity_id, status FROM orders_order WHERE cart_id = $1', [cartId])).rows;
      expect(orders).toEqual([{ entity_id: entityId, status: 'payment_completed' }]);
      const payments = (await db.query<{ status: string; amount: number }>('SELECT status, amount FROM payments_payment WHERE order_id = $1', [entityId])).rows;
      expect(payments.map((p) => p.status)).toEqual(['paid']);
      const sessions = (await db.query<{ status: string }>('SELECT status FROM payments_sandbox_session WHERE order_reference = $1', [entityId])).rows;
      expect(sessions).toEqual([{ status: 'captured' }]);
      expect(await stockOf(db, product.id)).toBe(8);
      // The order's messages and events were written in the transactions that changed it: once each, whatever was killed.
      const email = (await db.query<{ email: string }>('SELECT email FROM orders_order WHERE entity_id = $1', [entityId])).rows[0]!.email;
      const mails = (await db.query<{ template: string }>('SELECT template FROM messaging_outbox WHERE recipient = $1 ORDER BY id', [email])).rows;
      expect(mails.map((m) => m.template)).toEqual(['order_received', 'order_confirmed']);
      const events = (await db.query<{ type: string; status: string }>('SELECT type, status FROM orders_event WHERE order_id = $1 ORDER BY id', [entityId])).rows;
      expect(events.filter((e) => e.type === 'placed')).toHaveLength(1);
      expect(events.filter((e) => e.status === 'payment_completed')).toHaveLength(1);
    });
  });

  it('leaves no order, stock, hold or message behind when killed inside the placeOrder transaction, and the retried key then places the order once', async () => {
    // One cart per fault point, each of a product of its own, in the order the transaction reaches them:
    // (a) stock taken, (e) order written and its e-mail not queued, (c) every step done and COMMIT next.
    const faults = ['checkout.after-stock', 'checkout.before-confirmation', 'checkout.before-commit'] as const;
    const products = await withDb((db) => Promise.all(faults.map(() => createProduct(db, { stock: 10 }))));
    const carts: { fault: (typeof faults)[number]; cartId: string; email: string; key: string; productId: number }[] = [];

    /** What the placement left in the database for a cart: orders, its product's stock, the buyer's holds and messages. */
    const leftFor = (db: Db, c: (typeof carts)[number]) => Promise.all([
      db.query<{ entity_id: string }>('SELECT entity_id FROM orders_order WHERE cart_id = $1', [c.cartId]).then((r) => r.rows),
      stockOf(db, c.productId),
      db.query<{ entity_id: string }>('SELECT entity_id FROM orders_order WHERE hold_keys && $1::text[]', [[...holdKeysOf({ email: c.email, shipping_address: null }, null).keys()]])
        .then((r) => r.rows),
      db.query<{ template: string }>('SELECT template FROM messaging_outbox WHERE recipient = $1 ORDER BY id', [c.email]).then((r) => r.rows.map((m) => m.template)),
    ]).then(([orders, stock, holds, mails]) => ({ orders, stock, holds, mails }));

    // Each restart arms the next fault point; the carts are made while the first server runs.
    for (const [i, fault] of faults.entries()) {
      const child = await start({ EMBER_FAULT: fault });
      if (i === 0) {
        for (const [j, f] of faults.entries()) {
          const cartId = await newGuestCart(child.server, 'gb', browser);
          expect((await addProducts(child.server, cartId, [{ sku: products[j]!.sku, quantity: 2 }], { jar: browser })).body.errors).toBeUndefined();
          const email = `guest+crash-${randomUUID().slice(0, 8)}@example.com`;
          await readyForCheckout(child.server, cartId, { jar: browser, email });
          carts.push({ fault: f, cartId, email, key: `crash-in-tx-key-${j}-${randomUUID().slice(0, 8)}`, productId: products[j]!.id });
        }
      }
      const cart = carts[i]!;
      await dies(child, () => placeWithKey(child.server, cart.cartId, cart.key));
      // The transaction never committed: no order, the stock untouched, no unpaid hold, no e-mail queued.
      expect({ fault, ...(await withDb((db) => leftFor(db, cart))) }).toEqual({ fault, orders: [], stock: 10, holds: [], mails: [] });
    }

    // Restarted without a fault: each retried key (once its dead holder's lease is over) places its cart's order.
    const child = await start();
    const placed = new Map<string, string>();
    for (const c of carts) {
      const retried = await retryUntilAnswered(() => placeWithKey(child.server, c.cartId, c.key));
      expect(retried.status).toBe(200);
      expect(retried.body.data.placeOrder.errors).toEqual([]);
      placed.set(c.cartId, retried.body.data.placeOrder.order.entity_id);
      // The key's answer is kept: another retry replays the same order.
      expect((await placeWithKey(child.server, c.cartId, c.key)).body.data.placeOrder.order.entity_id).toBe(placed.get(c.cartId));
    }
    await stop(child);

    await withDb(async (db) => {
      for (const c of carts) {
        const entityId = placed.get(c.cartId)!;
        expect({ fault: c.fault, ...(await leftFor(db, c)) }).toEqual({
          fault: c.fault, orders: [{ entity_id: entityId }], stock: 8, holds: [{ entity_id: entityId }], mails: ['order_received'],
        });
        const events = (await db.query<{ type: string }>('SELECT type FROM orders_event WHERE order_id = $1', [entityId])).rows;
        expect(events.filter((e) => e.type === 'placed')).toHaveLength(1);
      }
    });
  });
});
