import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createProduct, GB_ADDRESS, type GuestJar, stockOf } from '@ember/test-support';
import { startTestServer, testDb, type TestServer } from '../test/test-app.js';
import type { Db } from '../platform/db.js';
import { runOrderJobs } from '../modules/orders/orders.jobs.js';
import { draftFor, placeOrder as writeOrder } from '../test/orders-fixtures.js';
import { addProducts, cancelOrder, gqlAs, newGuestCart, place, readyForCheckout } from '../modules/cart/cart.fixtures.js';

/** Orders waiting for payment hold stock: a buyer, an address and a connection may keep only a few (docs/decisions/0033). */

let server: TestServer;
let db: Db;

beforeAll(async () => {
  // The shop's own limits, one connection counted as one. Suites sharing a database all come from
  // 127.0.0.1, so each test here is a client address of its own behind one trusted proxy.
  server = await startTestServer({
    ORDERS_UNPAID_PER_BUYER: '3', ORDERS_UNPAID_PER_ADDRESS: '3', ORDERS_UNPAID_PER_CLIENT: '10', RATE_LIMIT_IP_FACTOR: '1', TRUST_PROXY: '1',
    ORDERS_PAYMENT_EXPIRY_MINUTES: '30', ORDERS_PAYMENT_EXPIRY_GUEST_MINUTES: '15',
  });
  db = await testDb();
});
afterAll(async () => {
  await server.close();
});

/** An address of its own, so tests never share the address count. */
function ownAddress() {
  return { ...GB_ADDRESS, street: [`${randomUUID().slice(0, 8)} Road`, '1'] };
}

/** A guest cart ready to order `sku`, in its own browser. */
async function guestCart(sku: string, opts: { email?: string; address?: Record<string, unknown> } = {}) {
  const jar: GuestJar = {};
  const id = await newGuestCart(server, 'gb', jar);
  expect((await addProducts(server, id, [{ sku, quantity: 1 }], { jar })).body.data.addProductsToCart.user_errors).toEqual([]);
  await readyForCheckout(server, id, { jar, email: opts.email, address: opts.address ?? ownAddress() });
  return { id, jar };
}

async function customerCart(sku: string, token: string) {
  const id = (await gqlAs(server, 'query { customerCart { id } }', {}, { token })).body.data.customerCart.id as string;
  expect((await addProducts(server, id, [{ sku, quantity: 1 }], { token })).body.data.addProductsToCart.user_errors).toEqual([]);
  await readyForCheckout(server, id, { token, address: ownAddress() });
  return id;
}

/** The client address of the current test, as the trusted proxy reports it. */
let client: Record<string, string> = {};
beforeEach(() => {
  client = { 'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
});

describe('orders waiting for payment', () => {
  it('refuses scripted guest orders past the 3rd waiting for payment to one delivery address, leaving the stock to other shoppers', async () => {
    const p = await createProduct(db, { stock: 60, price: 2500 });
    const address = ownAddress();
    const carts = [];
    for (let i = 0; i < 12; i++) carts.push(await guestCart(p.sku, { address }));
    const results = [];
    for (const c of carts) results.push(await place(server, c.id, { jar: c.jar, headers: client }));
    const placed = results.filter((r) => r.body.data.placeOrder.order);
    expect(placed).toHaveLength(3);
    for (const r of results.filter((x) => !x.body.data.placeOrder.order)) {
      expect(r.body.data.placeOrder.errors[0]).toMatchObject({ code: 'UNABLE_TO_PLACE_ORDER', message: expect.stringMatching(/orders waiting for payment/) });
    }
    expect(await stockOf(db, p.id)).toBe(57);
    // Another shopper, elsewhere, still buys.
    const other = await guestCart(p.sku);
    expect((await place(server, other.id, { jar: other.jar, headers: client })).body.data.placeOrder.errors).toEqual([]);
    expect(await stockOf(db, p.id)).toBe(56);
  });

  it('lets exactly 3 of 20 parallel unpaid orders to one address through', async () => {
    const p = await createProduct(db, { stock: 100, price: 2500 });
    const address = ownAddress();
    const carts = [];
    for (let i = 0; i < 20; i++) carts.push(await guestCart(p.sku, { address }));
    const results = await Promise.all(carts.map((c) => place(server, c.id, { jar: c.jar, headers: client })));
    expect(results.filter((r) => r.body.data.placeOrder.order)).toHaveLength(3);
    expect(await stockOf(db, p.id)).toBe(97);
  });

  it('counts a buyer e-mail across addresses and guest or account, and takes the buyer again once a waiting order is cancelled', async () => {
    const p = await createProduct(db, { stock: 20, price: 2500 });
    const c = await createCustomer(server);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await place(server, await customerCart(p.sku, c.token), { token: c.token, headers: client });
      expect(r.body.data.placeOrder.errors).toEqual([]);
      numbers.push(r.body.data.placeOrder.order.entity_id);
    }
    const fourth = await customerCart(p.sku, c.token);
    const refused = await place(server, fourth, { token: c.token, headers: client });
    expect(refused.body.data.placeOrder.errors[0]).toMatchObject({ code: 'UNABLE_TO_PLACE_ORDER', message: expect.stringMatching(/You have orders waiting for payment/) });
    expect((await cancelOrder(server, numbers[0]!, c.token)).body.data.cancelOrder.error).toBeNull();
    expect((await place(server, fourth, { token: c.token, headers: client })).body.data.placeOrder.errors).toEqual([]);
    // A guest using the same e-mail is the same buyer.
    const guest = await guestCart(p.sku, { email: c.email });
    expect((await place(server, guest.id, { jar: guest.jar, headers: client })).body.data.placeOrder.errors[0].code).toBe('UNABLE_TO_PLACE_ORDER');
  });

  it('refuses the 11th unpaid order from one connection, whatever the e-mails and addresses', async () => {
    const p = await createProduct(db, { stock: 50, price: 2500 });
    const results = [];
    for (let i = 0; i < 11; i++) {
      const c = await guestCart(p.sku);
      results.push(await place(server, c.id, { jar: c.jar, headers: client }));
    }
    expect(results.slice(0, 10).every((r) => r.body.data.placeOrder.errors.length === 0)).toBe(true);
    expect(results[10]!.body.data.placeOrder.errors[0]).toMatchObject({ code: 'UNABLE_TO_PLACE_ORDER', message: expect.stringMatching(/from this connection/) });
    expect(await stockOf(db, p.id)).toBe(40);
  });

  it('cancels a guest’s unpaid order after 15 minutes and keeps a customer’s until 30', async () => {
    const p = await createProduct(db, { stock: 10 });
    const c = await createCustomer(server);
    const guest = await writeOrder(server.app, { ...draftFor({ product: p, customerUuid: null }), payment_method_code: 'ember_card' });
    const mine = await writeOrder(server.app, { ...draftFor({ product: p, customerUuid: c.uuid, email: c.email }), payment_method_code: 'ember_card' });
    await db.query(`UPDATE orders_order SET updated_at = now() - interval '16 minutes' WHERE entity_id = ANY($1::uuid[])`, [[guest.entity_id, mine.entity_id]]);
    const statusOf = async (id: string) => (await db.query<{ status: string; status_reason_message: string | null }>('SELECT status, status_reason_message FROM orders_order WHERE entity_id = $1', [id])).rows[0]!;
    for (let i = 0; i < 20 && (await statusOf(guest.entity_id)).status !== 'canceled'; i++) await runOrderJobs(server.app);
    expect(await statusOf(guest.entity_id)).toMatchObject({ status: 'canceled' });
    expect((await statusOf(mine.entity_id)).status).toBe('pending_payment');
    const history = await db.query<{ comment: string }>(
      `SELECT h.comment FROM orders_status_history h JOIN orders_order o ON o.id = h.order_id WHERE o.entity_id = $1 AND h.actor = 'system'`, [guest.entity_id],
    );
    expect(history.rows.map((r) => r.comment)).toContain('Not paid within 15 minutes');
  });
});
