import { describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db, Queryable } from '../../platform/db.js';
import { createCustomer, createProduct } from '@ember/test-support';
import { addProducts, gqlAs, makeCoupon, newGuestCart, place, readyForCheckout } from './cart.fixtures.js';

let server: TestServer;
let db: Db;
// Counts assume warm caches: other suites' catalogue changes on a shared database must not drop them here.
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { CHANGES_LISTEN: 'false' });

/**
 * Counts the SQL statements the app runs while `fn` runs: on the database itself and in every
 * transaction it opens (BEGIN/COMMIT not counted).
 */
async function counted<T>(fn: () => Promise<T>): Promise<{ total: number; statements: string[]; result: T }> {
  const statements: string[] = [];
  const origQuery = db.query.bind(db);
  const origTx = db.attempt.bind(db);
  const target = db as unknown as { query: Queryable['query']; attempt: Db['attempt'] };
  // Background jobs of the test app (age verification's test provider) share the database; they are not the call's.
  const own = (sql: string) => !/age_verification_test_session/.test(sql);
  target.query = ((sql: string, params?: unknown[]) => {
    if (own(sql)) statements.push(sql);
    return origQuery(sql, params);
  }) as Queryable['query'];
  target.attempt = ((run: (tx: Queryable) => Promise<unknown>) => origTx((tx: Queryable) => run({
    query: ((sql: string, params?: unknown[]) => {
      if (own(sql)) statements.push(sql);
      return tx.query(sql, params);
    }) as Queryable['query'],
  }))) as Db['attempt'];
  let result: T;
  try {
    result = await fn();
  } finally {
    target.query = origQuery;
    target.attempt = origTx;
  }
  return { total: statements.length, statements, result };
}

/** The statements of readyForCheckout's calls (cart.fixtures.ts): two per call, the terms it ticks and the per-process reference data it warms. */
const READY_STATEMENTS = 13;

/** What one add-to-cart and one placeOrder read and write: the price of a cart is read once per request (decision 0036). */
describe('SQL statements of the hot paths', () => {
  it('one add-to-cart and one placeOrder run few statements', async () => {
    const a = await createProduct(db);
    const b = await createProduct(db);
    // The catalogue keeps product documents in memory: a first cart reads them, as a warm shop has.
    const warm = await newGuestCart(server);
    await addProducts(server, warm, [{ sku: a.sku, quantity: 1 }, { sku: b.sku, quantity: 1 }]);
    const cartId = await newGuestCart(server);
    await addProducts(server, cartId, [{ sku: a.sku, quantity: 1 }]);
    const add = await counted(() => addProducts(server, cartId, [{ sku: b.sku, quantity: 2 }]));
    expect(add.result.body.data.addProductsToCart.user_errors).toEqual([]);
    const ready = await counted(() => readyForCheckout(server, cartId));
    const order = await counted(() => place(server, cartId, { headers: { 'idempotency-key': `count-${cartId}` } }));
    expect(order.result.body.data.placeOrder.errors).toEqual([]);
    console.log(`add-to-cart: ${add.total} statements\n${add.statements.map((s) => '  ' + s.replace(/\s+/g, ' ').slice(0, 110)).join('\n')}`);
    console.log(`placeOrder: ${order.total} statements\n${order.statements.map((s) => '  ' + s.replace(/\s+/g, ' ').slice(0, 110)).join('\n')}`);
    console.log(`e-mail, addresses, shipping and payment: ${ready.total} statements\n${ready.statements.map((s) => '  ' + s.replace(/\s+/g, ' ').slice(0, 110)).join('\n')}`);
    // The locked cart with its lines, sale facts, coupons and promotions is one statement; the line is another.
    expect(add.total).toBeLessThanOrEqual(2);
    // Each checkout field is the locked cart with its state, and the write (decision 0041).
    expect(ready.total).toBeLessThanOrEqual(READY_STATEMENTS);
    expect(order.total).toBeLessThanOrEqual(12);
  });

  it('a customer add of two products with a limited coupon applied', async () => {
    const a = await createProduct(db);
    const b = await createProduct(db);
    const c = await createProduct(db);
    const warm = await newGuestCart(server);
    await addProducts(server, warm, [{ sku: a.sku, quantity: 1 }, { sku: b.sku, quantity: 1 }, { sku: c.sku, quantity: 1 }]);
    const buyer = await createCustomer(server);
    const cart = await gqlAs(server, 'query { customerCart { id } }', {}, { token: buyer.token });
    const cartId = cart.body.data.customerCart.id as string;
    await addProducts(server, cartId, [{ sku: a.sku, quantity: 1 }], { token: buyer.token });
    const code = await makeCoupon(db, { usesPerCustomer: 1 });
    const applied = await gqlAs(server, 'mutation ($c: String!, $k: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: $k}) { cart { id } } }', { c: cartId, k: code }, { token: buyer.token });
    expect(applied.body.errors).toBeUndefined();
    const add = await counted(() => addProducts(server, cartId, [{ sku: b.sku, quantity: 1 }, { sku: c.sku, quantity: 1 }], { token: buyer.token }));
    expect(add.result.body.data.addProductsToCart.user_errors).toEqual([]);
    await readyForCheckout(server, cartId, { token: buyer.token });
    const order = await counted(() => place(server, cartId, { token: buyer.token, headers: { 'idempotency-key': `count-${cartId}` } }));
    expect(order.result.body.data.placeOrder.errors).toEqual([]);
    console.log(`customer add-to-cart (2 products): ${add.total} statements\n${add.statements.map((s) => '  ' + s.replace(/\s+/g, ' ').slice(0, 110)).join('\n')}`);
    console.log(`customer placeOrder: ${order.total} statements`);
    // The cart's price is read once per request, whatever the number of entries: coupon uses and the campaign once each.
    expect(add.statements.filter((sql) => sql.includes('cart_rule_usage'))).toHaveLength(1);
    expect(add.total).toBeLessThanOrEqual(7);
  });
});
