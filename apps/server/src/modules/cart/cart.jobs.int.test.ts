import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '@ember/test-support';
import { serveForSuite, startTestServer, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { transactionsOn } from '../../platform/transaction.js';
import { addProducts, getCart, gqlAs, newGuestCart } from './cart.fixtures.js';
import { runCartJobs } from './cart.jobs.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

/** Moves a cart's last change `days` into the past, as if nobody had touched it since. */
async function age(maskedId: string, days: number): Promise<void> {
  await db.query(`UPDATE cart_cart SET updated_at = now() - make_interval(days => $2) WHERE masked_id = $1`, [maskedId, days]);
}

async function exists(maskedId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM cart_cart WHERE masked_id = $1', [maskedId]);
  return rows.length === 1;
}

describe('abandoned guest carts', () => {
  it('deletes guest carts untouched past the lifetime with their lines, and keeps recent, customer and ordered carts', async () => {
    const product = await createProduct(db);
    const stale = await newGuestCart(server);
    expect((await addProducts(server, stale, [{ sku: product.sku, quantity: 2 }])).body.data.addProductsToCart.user_errors).toEqual([]);
    const recent = await newGuestCart(server);
    const merged = await newGuestCart(server);
    const ordered = await newGuestCart(server);
    const customer = await createCustomer(server);
    const customerCart = (await gqlAs(server, '{ customerCart { id } }', {}, { token: customer.token })).body.data.customerCart.id as string;
    await db.query(`UPDATE cart_cart SET status = 'merged' WHERE masked_id = $1`, [merged]);
    await db.query(`UPDATE cart_cart SET status = 'ordered', ordered_at = now() WHERE masked_id = $1`, [ordered]);
    for (const id of [stale, merged, ordered, customerCart]) await age(id, 31);
    await age(recent, 29);
    const { rows: [staleRow] } = await db.query<{ id: string }>('SELECT id::text AS id FROM cart_cart WHERE masked_id = $1', [stale]);
    const lines = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_item WHERE cart_id = $1', [staleRow!.id])).rows[0]!.n;
    expect(await lines()).toBe(1);

    await runCartJobs(server.app);

    expect(await exists(stale)).toBe(false);
    expect(await exists(merged)).toBe(false);
    expect(await exists(recent)).toBe(true);
    expect(await exists(ordered)).toBe(true);
    expect(await exists(customerCart)).toBe(true);
    expect(await lines()).toBe(0);
    const gone = await getCart(server, stale);
    expect(gone.body.errors?.[0].extensions.code).toBe('CART_NOT_FOUND');
    expect((await getCart(server, recent)).body.data.cart.id).toBe(recent);
  });

  it('deletes in batches until none is left', async () => {
    const carts = [await newGuestCart(server), await newGuestCart(server), await newGuestCart(server)];
    for (const id of carts) await age(id, 40);
    const deleted = await server.app.services.cart.deleteUntouchedGuestCarts(transactionsOn(db), 30, 2);
    expect(deleted).toBeGreaterThanOrEqual(3);
    for (const id of carts) expect(await exists(id)).toBe(false);
  });

  it('keeps every cart when the lifetime is 0', async () => {
    const kept = await startTestServer({ CART_GUEST_LIFETIME_DAYS: '0' });
    try {
      const cart = await newGuestCart(kept);
      await age(cart, 400);
      await runCartJobs(kept.app);
      expect(await exists(cart)).toBe(true);
      await db.query('DELETE FROM cart_cart WHERE masked_id = $1', [cart]);
    } finally {
      await kept.close();
    }
  });
});

describe('creating guest carts', () => {
  it('limits new guest carts per client address and answers RATE_LIMITED past the limit; a customer still gets a cart', async () => {
    const limited = await startTestServer({ RATE_LIMIT_IP_FACTOR: '1' });
    try {
      for (let i = 0; i < 120; i++) await newGuestCart(limited);
      const refused = await gqlAs(limited, 'mutation { createEmptyCart }');
      expect(refused.body.errors?.[0].extensions.code).toBe('RATE_LIMITED');
      expect(refused.body.data?.createEmptyCart ?? null).toBeNull();
      const guest = await gqlAs(limited, 'mutation { createGuestCart { cart { id } } }');
      expect(guest.body.errors?.[0].extensions.code).toBe('RATE_LIMITED');
      const customer = await createCustomer(limited);
      const own = await gqlAs(limited, 'mutation { createEmptyCart }', {}, { token: customer.token });
      expect(own.body.data.createEmptyCart).toMatch(/^[A-Za-z0-9_-]{32}$/);
    } finally {
      await limited.close();
    }
  });
});
