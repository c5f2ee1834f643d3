import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, stockOf } from '@ember/test-support';
import { serveForSuite, type TestServer } from '../test/test-app.js';
import type { Db } from '../platform/db.js';
import { addProducts, gqlAs, newGuestCart, readyForCheckout } from '../modules/cart/cart.fixtures.js';
import { idempotencyScope, requestHash } from '../modules/payments/payments.idempotency.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const PLACE = `mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number entity_id } errors { code message } } }`;

/**
 * placeOrder over HTTP with an optional Idempotency-Key header, as the storefront sends it: with the
 * suite's guest cart credential cookie, which a guest cart holding an e-mail and address requires.
 */
async function place(cartId: string, opts: { key?: string; token?: string } = {}) {
  const headers: Record<string, string> = opts.key ? { 'idempotency-key': opts.key } : {};
  const res = await gqlAs(server, PLACE, { c: cartId }, { token: opts.token, headers });
  return { status: res.status, body: res.body as any };
}

/** A guest cart with one product of its own (stock 10, two in the cart), ready to be placed. */
async function readyCart(opts: { token?: string } = {}) {
  const product = await createProduct(db, { stock: 10 });
  const cartId = opts.token ? await customerCart(opts.token) : await newGuestCart(server);
  const added = await addProducts(server, cartId, [{ sku: product.sku, quantity: 2 }], { token: opts.token });
  expect(added.body.errors).toBeUndefined();
  await readyForCheckout(server, cartId, { token: opts.token });
  return { cartId, product };
}

async function customerCart(token: string): Promise<string> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', store: 'gb', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ customerCart { id } }' }),
  });
  return ((await res.json()) as any).data.customerCart.id;
}

const ordersOf = async (cartId: string) => (await db.query('SELECT entity_id FROM orders_order WHERE cart_id = $1', [cartId])).rows;

describe('placeOrder with an Idempotency-Key', () => {
  it('replays the first answer to a retry with the same key: one order, stock taken once', async () => {
    const { cartId, product } = await readyCart();
    const first = await place(cartId, { key: 'place-order-key-0001' });
    expect(first.status).toBe(200);
    expect(first.body.data.placeOrder.order.order_number).toMatch(/\d+/);
    const again = await place(cartId, { key: 'place-order-key-0001' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await stockOf(db, product.id)).toBe(8);
  });

  it('makes exactly one order from 20 parallel calls with one key; the others are 409 or the replayed answer', async () => {
    const { cartId, product } = await readyCart();
    const replies = await Promise.all(Array.from({ length: 20 }, () => place(cartId, { key: 'parallel-place-key-01' })));
    const answered = replies.filter((r) => r.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    }
    expect(new Set(answered.map((r) => r.body.data.placeOrder.order.entity_id)).size).toBe(1);
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await stockOf(db, product.id)).toBe(8);
  });

  it('answers 409 while the first request with the key is still running, and 422 for other parameters under it', async () => {
    const { cartId } = await readyCart();
    // Another instance holds the key for this cart with these parameters and has not answered yet.
    await db.query(
      `INSERT INTO payments_idempotency_key (scope, operation, idempotency_key, request_hash, locked_at, lock_token, expires_at)
       VALUES ($1, 'placeOrder', 'held-elsewhere-0001', $2, now(), gen_random_uuid(), now() + interval '1 day')`,
      [idempotencyScope({ customerUuid: null, cartId }), requestHash({ store: 'gb', cart_id: cartId, additional_attributes: [] })],
    );
    const res = await place(cartId, { key: 'held-elsewhere-0001' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await ordersOf(cartId)).toHaveLength(0);
  });

  it('answers 422 to the same key with another cart, and places nothing for it', async () => {
    const a = await readyCart();
    const b = await readyCart();
    // A guest's key is scoped to the cart credential: the same key on another cart is another key.
    for (const cart of [a, b]) {
      const placed = await place(cart.cartId, { key: 'shared-key-0000001' });
      expect(placed.status).toBe(200);
      expect(placed.body.data.placeOrder.order).not.toBeNull();
      expect(await ordersOf(cart.cartId)).toHaveLength(1);
    }
    const customer = await createCustomer(server);
    const c1 = await readyCart({ token: customer.token });
    const placed = await place(c1.cartId, { key: 'customer-key-00001', token: customer.token });
    expect(placed.status).toBe(200);
    expect(placed.body.data.placeOrder.order).not.toBeNull();
    const c2 = await readyCart({ token: customer.token });
    const reused = await place(c2.cartId, { key: 'customer-key-00001', token: customer.token });
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.body.errors[0].message).toContain('Idempotency-Key');
    expect(await ordersOf(c2.cartId)).toHaveLength(0);
  });

  it('places a first order without a key, but answers 400 to a retry without one and replays nothing else', async () => {
    const { cartId, product } = await readyCart();
    const first = await place(cartId);
    expect(first.status).toBe(200);
    expect(first.body.data.placeOrder.order).not.toBeNull();
    const retry = await place(cartId);
    expect(retry.status).toBe(400);
    expect(retry.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(retry.body.errors[0].message).toContain('already been ordered');
    // With a key, the retry finds the order the cart already made.
    const keyed = await place(cartId, { key: 'late-key-00000001' });
    expect(keyed.body.data.placeOrder.order.entity_id).toBe(first.body.data.placeOrder.order.entity_id);
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await stockOf(db, product.id)).toBe(8);
  });

  it('refuses a malformed key with 400 before doing anything', async () => {
    const { cartId } = await readyCart();
    const res = await place(cartId, { key: 'no good' });
    expect(res.status).toBe(400);
    expect(await ordersOf(cartId)).toHaveLength(0);
  });

  it('takes over a key whose holder never answered (its process died) once the lease is over', async () => {
    const { cartId } = await readyCart();
    const hash = requestHash({ store: 'gb', cart_id: cartId, additional_attributes: [] });
    await db.query(
      `INSERT INTO payments_idempotency_key (scope, operation, idempotency_key, request_hash, locked_at, lock_token, expires_at)
       VALUES ($1, 'placeOrder', 'orphaned-key-00001', $2, now() - interval '10 minutes', gen_random_uuid(), now() + interval '1 day')`,
      [idempotencyScope({ customerUuid: null, cartId }), hash],
    );
    const res = await place(cartId, { key: 'orphaned-key-00001' });
    expect(res.status).toBe(200);
    expect(res.body.data.placeOrder.order).not.toBeNull();
    expect(await ordersOf(cartId)).toHaveLength(1);
  });
});
