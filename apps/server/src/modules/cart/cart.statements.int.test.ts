import { describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db, Queryable, TxQueryable } from '../../platform/db.js';
import { createCustomer, createProduct, newJar } from '@ember/test-support';
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
 * transaction it opens (BEGIN/COMMIT not counted), and the round trips they cost on PostgreSQL: each
 * statement but a deferred one (it travels with the next), and each COMMIT (BEGIN goes with the first).
 */
async function counted<T>(fn: () => Promise<T>): Promise<{ total: number; trips: number; statements: string[]; result: T }> {
  const statements: string[] = [];
  let trips = 0;
  const origQuery = db.query.bind(db);
  const origTx = db.attempt.bind(db);
  const target = db as unknown as { query: Queryable['query']; attempt: Db['attempt'] };
  // Background jobs of the test app (age verification's test provider) share the database; they are not the call's.
  const own = (sql: string) => !/age_verification_test_session/.test(sql);
  target.query = ((sql: string, params?: unknown[]) => {
    if (own(sql)) {
      statements.push(sql);
      trips++;
    }
    return origQuery(sql, params);
  }) as Queryable['query'];
  target.attempt = ((run: (tx: TxQueryable) => Promise<unknown>) => origTx((tx: TxQueryable) => {
    let mine = false;
    const note = (sql: string, deferred: boolean) => {
      if (!own(sql)) return;
      statements.push(sql);
      mine = true;
      if (!deferred) trips++;
    };
    return run({
      query: ((sql: string, params?: unknown[]) => {
        note(sql, false);
        return tx.query(sql, params);
      }) as Queryable['query'],
      defer: (sql: string, params?: unknown[]) => {
        note(sql, true);
        tx.defer(sql, params);
      },
    }).finally(() => {
      if (mine) trips++;
    });
  })) as Db['attempt'];
  let result: T;
  try {
    result = await fn();
  } finally {
    target.query = origQuery;
    target.attempt = origTx;
  }
  return { total: statements.length, trips, statements, result };
}

/**
 * The statements of readyForCheckout's calls (cart.fixtures.ts): two per call (the locked cart with
 * its state, the write), and what a process reads once and keeps: countries, shipping methods, the
 * agreements the storefront lists, the current terms versions, and the store view's promotions, gifts
 * and tax rate (the checkout fields take them from memory).
 */
const READY_STATEMENTS = 14;
/**
 * Their round trips: per call the locked cart with its state (BEGIN with it), and the write with the
 * COMMIT (8 for four calls), and those reads once. Without deferred writes: 4 more; with the terms
 * read in each call that needs them: 2 more.
 */
const READY_TRIPS = 13;

const SET_EMAIL = `mutation ($c: String!, $e: String!) {
  setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { email total_quantity prices { grand_total { value } } } }
}`;

/** A guest's e-mail with the cart's credential is one statement with no transaction around it (decision 0053). */
describe('a guest e-mail in one statement', () => {
  it('writes the e-mail and answers the priced cart in one round trip, with no transaction', async () => {
    const product = await createProduct(db, { price: 1250 });
    const warm = await newGuestCart(server);
    await addProducts(server, warm, [{ sku: product.sku, quantity: 1 }]);
    await gqlAs(server, SET_EMAIL, { c: warm, e: 'warm@example.com' });
    const cartId = await newGuestCart(server);
    await addProducts(server, cartId, [{ sku: product.sku, quantity: 2 }]);
    const write = await counted(() => gqlAs(server, SET_EMAIL, { c: cartId, e: ' Ada@Example.com ' }));
    expect(write.result.body.errors).toBeUndefined();
    expect(write.result.body.data.setGuestEmailOnCart.cart).toMatchObject({ email: 'ada@example.com', total_quantity: 2, prices: { grand_total: { value: 25 } } });
    expect(write.trips).toBe(1);
    expect(write.total).toBe(1);
    expect(write.statements[0]).toMatch(/^WITH touched AS \(UPDATE cart_cart t SET email/);
    const kept = await db.query<{ email: string }>('SELECT email FROM cart_cart WHERE masked_id = $1', [cartId]);
    expect(kept.rows[0]!.email).toBe('ada@example.com');
  });

  it('takes the locking path, which refuses, for another browser, another store view and an ordered cart, and writes nothing', async () => {
    const product = await createProduct(db);
    const cartId = await newGuestCart(server);
    await addProducts(server, cartId, [{ sku: product.sku, quantity: 1 }]);
    await gqlAs(server, SET_EMAIL, { c: cartId, e: 'owner@example.com' });
    const email = async () => (await db.query<{ email: string }>('SELECT email FROM cart_cart WHERE masked_id = $1', [cartId])).rows[0]!.email;

    const thief = await counted(() => gqlAs(server, SET_EMAIL, { c: cartId, e: 'thief@example.com' }, { jar: newJar() }));
    expect(thief.result.body.errors?.[0]?.extensions?.code).toBe('CART_NOT_FOUND');
    // The one statement wrote nothing; the locking path then looked and refused.
    expect(thief.statements[0]).toMatch(/^WITH touched AS/);
    expect(thief.total).toBeGreaterThan(1);
    const elsewhere = await gqlAs(server, SET_EMAIL, { c: cartId, e: 'thief@example.com' }, { store: 'de' });
    expect(elsewhere.body.errors?.[0]?.extensions?.code).toBe('CART_NOT_FOUND');
    expect(await email()).toBe('owner@example.com');

    await db.query(`UPDATE cart_cart SET status = 'ordered', ordered_at = now() WHERE masked_id = $1`, [cartId]);
    const ordered = await gqlAs(server, SET_EMAIL, { c: cartId, e: 'late@example.com' });
    expect(ordered.body.errors?.[0]?.extensions?.code).toBe('CART_NOT_ACTIVE');
    expect(await email()).toBe('owner@example.com');
  });
});

const SET_SHIPPING = `mutation ($c: String!, $a: CartAddressInput, $p: String) {
  setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a, pickup_location_code: $p }] }) {
    cart { shipping_addresses { firstname street postcode } prices { grand_total { value } } }
  }
}`;
const SET_BILLING = `mutation ($c: String!, $b: BillingAddressInput!) {
  setBillingAddressOnCart(input: { cart_id: $c, billing_address: $b }) { cart { billing_address { firstname street } shipping_addresses { firstname } } }
}`;
const LONDON = { firstname: 'Ada', lastname: 'Lovelace', street: ['12 Baker Street'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000' };
const rowsOf = async (cartId: string) =>
  (await db.query<{ kind: string; firstname: string; street: string[] }>(
    'SELECT kind, firstname, street FROM cart_address WHERE cart_id = (SELECT id FROM cart_cart WHERE masked_id = $1) ORDER BY kind', [cartId],
  )).rows.map((r) => `${r.kind} ${r.firstname} ${r.street[0]}`);

/** A guest's addresses with the cart's credential are one statement each with no transaction around it (decision 0054). */
describe('a guest address in one statement', () => {
  it('writes the delivery address, the billing address as the delivery address, and a typed billing address used for delivery, one round trip each', async () => {
    const product = await createProduct(db, { price: 1250 });
    // The store view's countries and shares are read once per process, so a first cart warms them.
    const warm = await newGuestCart(server);
    await addProducts(server, warm, [{ sku: product.sku, quantity: 1 }]);
    await gqlAs(server, SET_SHIPPING, { c: warm, a: LONDON });
    const cartId = await newGuestCart(server);
    await addProducts(server, cartId, [{ sku: product.sku, quantity: 2 }]);
    const shipping = await counted(() => gqlAs(server, SET_SHIPPING, { c: cartId, a: LONDON }));
    expect(shipping.result.body.errors).toBeUndefined();
    expect(shipping.result.body.data.setShippingAddressesOnCart.cart.shipping_addresses).toEqual([{ firstname: 'Ada', street: ['12 Baker Street'], postcode: 'NW1 6XE' }]);
    expect([shipping.trips, shipping.total]).toEqual([1, 1]);
    expect(shipping.statements[0]).toMatch(/^WITH touched AS \(SELECT t\.id FROM cart_cart t[\s\S]*FOR UPDATE OF t[\s\S]*INSERT INTO cart_address/);

    const same = await counted(() => gqlAs(server, SET_BILLING, { c: cartId, b: { same_as_shipping: true } }));
    expect(same.result.body.errors).toBeUndefined();
    expect(same.result.body.data.setBillingAddressOnCart.cart.billing_address).toEqual({ firstname: 'Ada', street: ['12 Baker Street'] });
    expect([same.trips, same.total]).toEqual([1, 1]);
    expect(await rowsOf(cartId)).toEqual(['billing Ada 12 Baker Street', 'shipping Ada 12 Baker Street']);

    const both = await counted(() => gqlAs(server, SET_BILLING, { c: cartId, b: { address: { ...LONDON, firstname: 'Grace', street: ['1 Fleet Street'] }, use_for_shipping: true } }));
    expect(both.result.body.errors).toBeUndefined();
    expect(both.result.body.data.setBillingAddressOnCart.cart).toEqual({ billing_address: { firstname: 'Grace', street: ['1 Fleet Street'] }, shipping_addresses: [{ firstname: 'Grace' }] });
    expect([both.trips, both.total]).toEqual([1, 1]);
    expect(await rowsOf(cartId)).toEqual(['billing Grace 1 Fleet Street', 'shipping Grace 1 Fleet Street']);
  });

  it('leaves to the locking path a wrong postcode, another browser, a pick-up store and a copy of a missing delivery address, which answer as before', async () => {
    const product = await createProduct(db);
    const cartId = await newGuestCart(server);
    await addProducts(server, cartId, [{ sku: product.sku, quantity: 1 }]);

    const noDelivery = await counted(() => gqlAs(server, SET_BILLING, { c: cartId, b: { same_as_shipping: true } }));
    expect(noDelivery.result.body.errors?.[0]?.message).toMatch(/shipping address has not been set/);
    expect(noDelivery.statements[0]).toMatch(/^WITH touched AS/);
    expect(noDelivery.total).toBeGreaterThan(1);

    const wrong = await counted(() => gqlAs(server, SET_SHIPPING, { c: cartId, a: { ...LONDON, postcode: 'not a postcode' } }));
    expect(wrong.result.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(wrong.statements.some((q) => /^WITH touched AS/.test(q))).toBe(false);
    expect(await rowsOf(cartId)).toEqual([]);

    await gqlAs(server, SET_SHIPPING, { c: cartId, a: LONDON });
    const thief = await counted(() => gqlAs(server, SET_SHIPPING, { c: cartId, a: { ...LONDON, firstname: 'Thief' } }, { jar: newJar() }));
    expect(thief.result.body.errors?.[0]?.extensions?.code).toBe('CART_NOT_FOUND');
    expect(await rowsOf(cartId)).toEqual(['shipping Ada 12 Baker Street']);

    const pickup = await counted(() => gqlAs(server, SET_SHIPPING, { c: cartId, a: LONDON, p: 'gb-manchester' }));
    expect(pickup.result.body.errors).toBeUndefined();
    expect(pickup.statements.some((q) => /^WITH touched AS/.test(q))).toBe(false);
    expect(pickup.result.body.data.setShippingAddressesOnCart.cart.shipping_addresses[0].firstname).toBe('Ada');
  });
});

const SET_PAYMENT = `mutation ($c: String!, $code: String!, $ids: [Int!]) {
  setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: $code, agreement_ids: $ids } }) { cart { selected_payment_method { code } } }
}`;

/** A guest's payment method with the cart's credential is one statement with no transaction around it (decision 0054). */
describe('a guest payment method in one statement', () => {
  it('writes the method with the current agreements in one round trip, and leaves a stale agreement or an unknown method to the locking path', async () => {
    const product = await createProduct(db);
    const agreements = await gqlAs(server, '{ checkoutAgreements { agreement_id } }', {});
    const ids: number[] = agreements.body.data.checkoutAgreements.map((a: { agreement_id: number }) => a.agreement_id);
    const warm = await newGuestCart(server);
    await gqlAs(server, SET_PAYMENT, { c: warm, code: 'ember_card', ids });
    const cartId = await newGuestCart(server);
    await addProducts(server, cartId, [{ sku: product.sku, quantity: 1 }]);
    const kept = async () => (await db.query('SELECT payment_method_code, agreement_ids FROM cart_cart WHERE masked_id = $1', [cartId])).rows[0];

    const stale = await counted(() => gqlAs(server, SET_PAYMENT, { c: cartId, code: 'ember_card', ids: [...ids, 999_999] }));
    expect(stale.result.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(stale.statements.some((q) => /^WITH touched AS/.test(q))).toBe(false);
    const unknown = await gqlAs(server, SET_PAYMENT, { c: cartId, code: 'no_such_method', ids });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(await kept()).toEqual({ payment_method_code: null, agreement_ids: [] });

    const paid = await counted(() => gqlAs(server, SET_PAYMENT, { c: cartId, code: 'ember_card', ids: [...ids, ...ids] }));
    expect(paid.result.body.errors).toBeUndefined();
    expect(paid.result.body.data.setPaymentMethodOnCart.cart.selected_payment_method).toEqual({ code: 'ember_card' });
    expect([paid.trips, paid.total]).toEqual([1, 1]);
    expect(paid.statements[0]).toMatch(/^WITH touched AS \(UPDATE cart_cart t SET payment_method_code/);
    expect(await kept()).toEqual({ payment_method_code: 'ember_card', agreement_ids: ids });

    // With an e-mail on it, the cart answers only to its own browser.
    await gqlAs(server, SET_EMAIL, { c: cartId, e: 'payer@example.com' });
    const thief = await gqlAs(server, SET_PAYMENT, { c: cartId, code: 'ember_card', ids: [] }, { jar: newJar() });
    expect(thief.body.errors?.[0]?.extensions?.code).toBe('CART_NOT_FOUND');
    expect(await kept()).toEqual({ payment_method_code: 'ember_card', agreement_ids: ids });
  });
});

describe('a customer’s checkout fields', () => {
  it('look the session up once per call, though the one-statement path is asked first', async () => {
    const product = await createProduct(db);
    const buyer = await createCustomer(server);
    const cartId = (await gqlAs(server, 'query { customerCart { id } }', {}, { token: buyer.token })).body.data.customerCart.id as string;
    await addProducts(server, cartId, [{ sku: product.sku, quantity: 1 }], { token: buyer.token });
    const sessionLookups = (statements: string[]) => statements.filter((q) => /FROM identity_session s JOIN identity_user/.test(q)).length;
    const shipping = await counted(() => gqlAs(server, SET_SHIPPING, { c: cartId, a: LONDON }, { token: buyer.token }));
    expect(shipping.result.body.errors).toBeUndefined();
    const billing = await counted(() => gqlAs(server, SET_BILLING, { c: cartId, b: { same_as_shipping: true } }, { token: buyer.token }));
    expect(billing.result.body.errors).toBeUndefined();
    const payment = await counted(() => gqlAs(server, SET_PAYMENT, { c: cartId, code: 'ember_card' }, { token: buyer.token }));
    expect(payment.result.body.errors).toBeUndefined();
    expect([shipping, billing, payment].map((call) => sessionLookups(call.statements))).toEqual([1, 1, 1]);
  });
});

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
    // The writes no one reads back (the cart's fields and addresses, the order e-mail, the cart
    // marked ordered) travel with the next statement or the COMMIT (Tx.defer).
    console.log(`round trips: add-to-cart ${add.trips}, checkout fields ${ready.trips}, placeOrder ${order.trips}`);
    expect(ready.trips).toBeLessThanOrEqual(READY_TRIPS);
    // The new line's id is taken with the cart's lock, so its insert goes with the COMMIT: the locked
    // read (BEGIN with it) and the insert with the COMMIT. Waiting for the insert's id made it three.
    expect(add.trips).toBeLessThanOrEqual(2);
    expect(order.trips).toBeLessThanOrEqual(10);
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
    console.log(`customer placeOrder: ${order.total} statements\n${order.statements.map((s) => '  ' + s.replace(/\s+/g, ' ').slice(0, 110)).join('\n')}`);
    // The cart's price is read once per request, whatever the number of entries: coupon uses and the campaign once each.
    expect(add.statements.filter((sql) => sql.includes('cart_rule_usage'))).toHaveLength(1);
    expect(add.total).toBeLessThanOrEqual(7);
    // Three products' stock is taken in one statement (catalog.inventory.ts), not one per product.
    expect(order.statements.filter((sql) => sql.includes('inventory_stock'))).toHaveLength(1);
    // The first order saves its address as both defaults: one round trip each, with the old default
    // unset in the same write (26 statements before the stock and default changes).
    expect(order.statements.filter((sql) => sql.includes('FOR UPDATE') && sql.includes('identity_address'))).toEqual([]);
    expect(order.total).toBeLessThanOrEqual(22);
  });
});
