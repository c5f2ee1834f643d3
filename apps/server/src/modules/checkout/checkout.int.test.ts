import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, GB_ADDRESS, type GuestJar, stockOf } from '@ember/test-support';
import { serveForSuite, restCall, type TestServer } from '../../test/test-app.js';
import { RACE_WIDTH, raceRounds, raceTimeout } from '../../test/race.js';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { findCart, insertItem } from '../cart/cart.store.js';
import { acceptTermsAndPay, addProducts, CART_FIELDS, getCart, gqlAs, makeCoupon, newGuestCart, place, readyForCheckout } from '../cart/cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const SET_SHIPPING = `mutation ($c: String!, $a: CartAddressInput, $id: Int, $pickup: String) {
  setShippingAddressesOnCart(input: {cart_id: $c, shipping_addresses: [{address: $a, customer_address_id: $id, pickup_location_code: $pickup}]}) { cart { ${CART_FIELDS} } } }`;
const SET_BILLING = `mutation ($c: String!, $a: CartAddressInput, $id: Int) {
  setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a, customer_address_id: $id}}) { cart { ${CART_FIELDS} } } }`;
const SET_METHOD = `mutation ($c: String!, $ca: String!, $m: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: $ca, method_code: $m}]}) { cart { ${CART_FIELDS} } } }`;
const SET_PAYMENT = `mutation ($c: String!, $p: String!) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: $p}}) { cart { selected_payment_method { code title } } } }`;
const SET_EMAIL = `mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: $e}) { cart { email } } }`;
const APPLY = `mutation ($c: String!, $code: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: $code}) { cart { applied_coupons { code } } } }`;

async function cartWith(sku: string, quantity = 1, opts: { store?: string; token?: string; cartId?: string } = {}) {
  const id = opts.cartId ?? (opts.token
    ? (await gqlAs(server, 'query { customerCart { id } }', {}, { token: opts.token, store: opts.store })).body.data.customerCart.id
    : await newGuestCart(server, opts.store));
  const r = await addProducts(server, id, [{ sku, quantity }], opts);
  expect(r.body.data.addProductsToCart.user_errors).toEqual([]);
  return id as string;
}

describe('checkout: addresses', () => {
  it('applies the store postcode rules: required, length and pattern', async () => {
    const p = await createProduct(db);
    const id = await cartWith(p.sku);
    const missing = await gqlAs(server, SET_SHIPPING, { c: id, a: { ...GB_ADDRESS, postcode: '' } });
    expect(missing.body.errors![0]).toMatchObject({ message: '"postcode" is required. Enter and try again.', extensions: { code: 'VALIDATION_FAILED' } });
    const pattern = await gqlAs(server, SET_SHIPPING, { c: id, a: { ...GB_ADDRESS, postcode: '12345' } });
    expect(pattern.body.errors![0].message).toBe('The postcode is not valid for this store.');
    const ok = await gqlAs(server, SET_SHIPPING, { c: id, a: GB_ADDRESS });
    expect(ok.body.data.setShippingAddressesOnCart.cart.shipping_addresses[0]).toMatchObject({ postcode: 'NW1 6XE', country: { code: 'GB' }, is_pickup_address: false });
  });

  it('refuses a control character in any field of an address, for a guest and a customer alike, and writes nothing', async () => {
    const p = await createProduct(db);
    const guestCart = await cartWith(p.sku);
    const customer = await createCustomer(server);
    const customerCart = await cartWith(p.sku, 1, { token: customer.token });
    for (const a of [{ ...GB_ADDRESS, firstname: 'A\u0007da' }, { ...GB_ADDRESS, city: 'Lon\u001bdon' }, { ...GB_ADDRESS, street: ['1 Road\u007f'] }]) {
      const guest = await gqlAs(server, SET_SHIPPING, { c: guestCart, a });
      expect(guest.body.errors![0].extensions.code).toBe('VALIDATION_FAILED');
      const theirs = await gqlAs(server, SET_SHIPPING, { c: customerCart, a }, { token: customer.token });
      expect(theirs.body.errors![0].extensions.code).toBe('VALIDATION_FAILED');
    }
    const kept = await db.query('SELECT count(*)::int AS n FROM cart_address a JOIN cart_cart c ON c.id = a.cart_id WHERE c.masked_id = ANY($1)', [[guestCart, customerCart]]);
    expect(kept.rows[0]).toEqual({ n: 0 });
    // The address book keeps the same rule.
    const book = await restCall(server, 'POST', `/account/users/${customer.uuid}/addresses`, { ...GB_ADDRESS, city: 'Lon\u0007don' }, { token: customer.token });
    expect(book.status).toBe(400);
  });

  it('refuses a country the store does not ship to and an empty first name unless the store allows it', async () => {
    const p = await createProduct(db);
    const id = await cartWith(p.sku);
    const fr = await gqlAs(server, SET_SHIPPING, { c: id, a: { ...GB_ADDRESS, country_code: 'FR' } });
    expect(fr.body.errors![0].extensions.code).toBe('VALIDATION_FAILED');
    const noName = await gqlAs(server, SET_SHIPPING, { c: id, a: { ...GB_ADDRESS, firstname: '' } });
    expect(noName.body.errors![0].message).toMatch(/firstname/);
    const ch = await newGuestCart(server, 'ch');
    const chAddress = { ...GB_ADDRESS, firstname: '', country_code: 'CH', postcode: '8001', city: 'Zürich' };
    const allowed = await gqlAs(server, SET_SHIPPING, { c: ch, a: chAddress }, { store: 'ch' });
    expect(allowed.body.data.setShippingAddressesOnCart.cart.shipping_addresses[0]).toMatchObject({ firstname: '', postcode: '8001' });
    expect((await getCart(server, id)).body.data.cart.shipping_addresses).toEqual([]);
  });

  it('lists delivery methods by ascending amount, free standard delivery from £30, and no express for subscriptions', async () => {
    const cheap = await createProduct(db, { price: 1000 });
    const id = await cartWith(cheap.sku);
    const set = await gqlAs(server, SET_SHIPPING, { c: id, a: GB_ADDRESS });
    const methods = set.body.data.setShippingAddressesOnCart.cart.shipping_addresses[0].available_shipping_methods;
    expect(methods.map((m: { method_code: string; amount: { value: number } }) => [m.method_code, m.amount.value])).toEqual([['standard', 3.95], ['next_day', 7.95]]);
    await addProducts(server, id, [{ sku: cheap.sku, quantity: 2 }]);
    const after = (await getCart(server, id)).body.data.cart.shipping_addresses[0].available_shipping_methods;
    expect(after.map((m: { method_code: string; amount: { value: number } }) => [m.method_code, m.amount.value])).toEqual([['standard', 0], ['next_day', 7.95]]);
    // A guest may not add a subscription (it needs an account); the delivery rule holds however the line got there.
    const sub = await createProduct(db, { kind: 'subscription', subscription: true });
    const row = (await findCart(db, id, false))!;
    await inTransaction(db, (tx) => insertItem(tx, row.id, { product_id: sub.id, parent_product_id: null, sku: sub.sku, quantity: 1, is_gift: false, parent_gift_sku: null, bundle_selections: [] }));
    const express = await gqlAs(server, SET_METHOD, { c: id, ca: 'express', m: 'next_day' });
    expect(express.body.errors![0].message).toMatch(/not available for subscriptions/);
    const standard = await gqlAs(server, SET_METHOD, { c: id, ca: 'tablerate', m: 'standard' });
    expect(standard.body.data.setShippingMethodsOnCart.cart.shipping_addresses[0].selected_shipping_method).toMatchObject({ carrier_code: 'tablerate', method_code: 'standard' });
  });

  it('sends the parcel to a pick-up store with its information and only the pick-up method', async () => {
    const p = await createProduct(db);
    const id = await cartWith(p.sku);
    const r = await gqlAs(server, SET_SHIPPING, { c: id, a: { ...GB_ADDRESS, postcode: null }, pickup: 'gb-manchester' });
    const address = r.body.data.setShippingAddressesOnCart.cart.shipping_addresses[0];
    expect(address).toMatchObject({ is_pickup_address: true, pickup_information: { store_id: 'gb-manchester', name: 'Ember Store Manchester' }, city: 'Manchester', firstname: 'Carla' });
    expect(address.available_shipping_methods.map((m: { carrier_code: string }) => m.carrier_code)).toEqual(['pickup']);
    const otherMarket = await gqlAs(server, SET_SHIPPING, { c: id, a: GB_ADDRESS, pickup: 'de-berlin' });
    expect(otherMarket.body.errors![0].extensions.code).toBe('VALIDATION_FAILED');
  });

  it('lists the store view\'s pick-up locations with Magento\'s pickupLocations, filtered and paged', async () => {
    const all = await gqlAs(server, '{ pickupLocations { total_count items { pickup_location_code name city country_id postcode street latitude } } }');
    expect(all.body.data.pickupLocations.total_count).toBeGreaterThanOrEqual(2);
    expect(all.body.data.pickupLocations.items.every((l: { country_id: string }) => l.country_id === 'GB')).toBe(true);
    const one = await gqlAs(server, '{ pickupLocations(filters: {city: {like: "manch%"}}) { total_count items { pickup_location_code name } } }');
    expect(one.body.data.pickupLocations).toEqual({ total_count: 1, items: [{ pickup_location_code: 'gb-manchester', name: 'Ember Store Manchester' }] });
    const de = await gqlAs(server, '{ pickupLocations(pageSize: 1) { total_count items { pickup_location_code } page_info { total_pages } } }', {}, { store: 'de' });
    expect(de.body.data.pickupLocations.items).toHaveLength(1);
    expect(de.body.data.pickupLocations.page_info.total_pages).toBe(de.body.data.pickupLocations.total_count);
  });

  it('takes an address from the customer\'s own book by id and refuses another customer\'s address', async () => {
    const owner = await createCustomer(server);
    const other = await createCustomer(server);
    const created = await restCall(server, 'POST', `/account/users/${other.uuid}/addresses`, { ...GB_ADDRESS, street: ['Other Road 1'] }, { token: other.token, store: 'gb' });
    expect(created.status).toBe(201);
    const mine = await restCall(server, 'POST', `/account/users/${owner.uuid}/addresses`, { ...GB_ADDRESS, street: ['Owner Lane 5'] }, { token: owner.token, store: 'gb' });
    const p = await createProduct(db);
    const id = await cartWith(p.sku, 1, { token: owner.token });
    const foreign = await gqlAs(server, SET_BILLING, { c: id, id: created.body.id }, { token: owner.token });
    expect(foreign.body.errors![0].extensions.code).toBe('ENTITY_NOT_FOUND');
    const own = await gqlAs(server, SET_BILLING, { c: id, id: mine.body.id }, { token: owner.token });
    expect(own.body.data.setBillingAddressOnCart.cart.billing_address).toMatchObject({ firstname: 'Carla', city: 'London' });
    const guest = await newGuestCart(server);
    const guestById = await gqlAs(server, SET_BILLING, { c: guest, id: mine.body.id });
    expect(guestById.body.errors![0].extensions.code).toBe('UNAUTHORISED');
  });

  it('accepts only offered payment methods and a valid guest e-mail', async () => {
    const p = await createProduct(db);
    const id = await cartWith(p.sku);
    const bad = await gqlAs(server, SET_PAYMENT, { c: id, p: 'checkmo' });
    expect(bad.body.errors![0].extensions.code).toBe('VALIDATION_FAILED');
    const ok = await gqlAs(server, SET_PAYMENT, { c: id, p: 'ember_card' });
    expect(ok.body.data.setPaymentMethodOnCart.cart.selected_payment_method).toMatchObject({ code: 'ember_card', title: expect.any(String) });
    for (const e of ['not-an-email', 'a\u0007b@example.com', 'ab@exam\u001bple.com', `${'a'.repeat(250)}@example.com`]) {
      const email = await gqlAs(server, SET_EMAIL, { c: id, e });
      expect(email.body.errors![0].extensions.code, JSON.stringify(e)).toBe('VALIDATION_FAILED');
    }
    expect((await db.query('SELECT email FROM cart_cart WHERE masked_id = $1', [id])).rows[0]).toEqual({ email: null });
    const customer = await createCustomer(server);
    const theirs = await cartWith(p.sku, 1, { token: customer.token });
    const onCustomer = await gqlAs(server, SET_EMAIL, { c: theirs, e: 'x@example.com' }, { token: customer.token });
    expect(onCustomer.body.errors![0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

describe('checkout: placeOrder', () => {
  it('places a guest order with server-side totals, takes the stock and retires the cart; a retry without its key is refused', async () => {
    const p = await createProduct(db, { price: 1250, stock: 10 });
    const id = await cartWith(p.sku, 2);
    await readyForCheckout(server, id);
    const before = (await getCart(server, id)).body.data.cart;
    expect(before.prices.grand_total.value).toBe(28.95);
    const placed = await gqlAs(server, `mutation ($c: String!) { placeOrder(input: {cart_id: $c, additional_attributes: [{attribute_code: "delivery_note", value: "Ring twice"}]}) { order { order_number entity_id } errors { code message } } }`, { c: id });
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    const order = placed.body.data.placeOrder.order;
    expect(order.order_number).toBeTruthy();
    expect(order.entity_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stockOf(db, p.id)).toBe(8);
    const row = await db.query<{ grand_total: string; status: string; tax_total: string }>('SELECT grand_total, status, tax_total FROM orders_order WHERE entity_id = $1', [order.entity_id]);
    expect(row.rows[0]).toMatchObject({ status: 'pending_payment' });
    expect(Number(row.rows[0]!.grand_total)).toBe(2895);
    expect(Number(row.rows[0]!.tax_total)).toBe(Math.round(2500 / 6) + Math.round(395 / 6));
    // A retry must carry the first call's Idempotency-Key to get its answer (decision 0034).
    const retry = await place(server, id);
    expect(retry.status).toBe(400);
    expect(retry.body.errors![0].extensions.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await stockOf(db, p.id)).toBe(8);
    const read = await getCart(server, id);
    expect(read.body.errors![0].extensions.code).toBe('CART_NOT_ACTIVE');
    const add = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    expect(add.body.errors![0].extensions.code).toBe('CART_NOT_ACTIVE');
  });

  it('leaves out a line whose product is no longer sold, as the cart already shows it', async () => {
    const kept = await createProduct(db, { price: 1000 });
    const gone = await createProduct(db, { price: 2000 });
    const id = await cartWith(kept.sku);
    await addProducts(server, id, [{ sku: gone.sku, quantity: 1 }]);
    await db.query(`DELETE FROM catalog_product_price WHERE product_id = $1 AND store_code = 'gb'`, [gone.id]);
    const cart = (await getCart(server, id)).body.data.cart;
    expect(cart.itemsV2.items.map((i: { product: { sku: string } }) => i.product.sku)).toEqual([kept.sku]);
    expect(cart.prices.subtotal_including_tax.value).toBe(10);
    await readyForCheckout(server, id);
    const placed = await place(server, id);
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    const items = await db.query<{ sku: string }>(
      'SELECT i.sku FROM orders_item i JOIN orders_order o ON o.id = i.order_id WHERE o.entity_id = $1', [placed.body.data.placeOrder.order.entity_id],
    );
    expect(items.rows.map((r) => r.sku)).toEqual([kept.sku]);
    expect(await stockOf(db, gone.id)).toBe(100);
  });

  it('refuses a guest order without an e-mail (GUEST_EMAIL_MISSING) and an unready cart, writing nothing', async () => {
    const p = await createProduct(db, { stock: 5 });
    const id = await cartWith(p.sku);
    const noEmail = await place(server, id);
    expect(noEmail.body.data.placeOrder).toEqual({ order: null, errors: [{ code: 'GUEST_EMAIL_MISSING', message: 'Guest email for cart is missing.' }] });
    await gqlAs(server, SET_EMAIL, { c: id, e: 'guest@example.com' });
    const noAddress = await place(server, id);
    expect(noAddress.body.data.placeOrder.errors[0].code).toBe('UNABLE_TO_PLACE_ORDER');
    const empty = await newGuestCart(server);
    const emptyPlaced = await place(server, empty);
    expect(emptyPlaced.body.data.placeOrder.errors[0].code).toMatch(/GUEST_EMAIL_MISSING|UNABLE_TO_PLACE_ORDER/);
    expect(await stockOf(db, p.id)).toBe(5);
    expect((await getCart(server, id)).body.data.cart.total_quantity).toBe(1);
  });

  it('keeps only defined order attributes, in their order, and refuses missing required or invalid values', async () => {
    const code = `t_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    await db.query(
      `INSERT INTO orders_attribute (store_code, code, label, input_type, is_required, max_length, validate_regex, placement, sort_order)
       VALUES ('de', $1, 'Test attribute', 'text', true, 6, '^[a-z]+$', 'buttonPlaceOrder_before', 1)`,
      [code],
    );
    try {
      const p = await createProduct(db);
      const id = await cartWith(p.sku, 1, { store: 'de' });
      const o = { store: 'de' };
      await gqlAs(server, SET_EMAIL, { c: id, e: 'de-guest@example.com' }, o);
      const address = { ...GB_ADDRESS, country_code: 'DE', postcode: '10117', city: 'Berlin' };
      await gqlAs(server, `mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a, use_for_shipping: true}}) { cart { id } } }`, { c: id, a: address }, o);
      await gqlAs(server, SET_METHOD, { c: id, ca: 'tablerate', m: 'standard' }, o);
      await acceptTermsAndPay(server, id, o);
      const PLACE = `mutation ($c: String!, $a: [AttributeValueInput!]) { placeOrder(input: {cart_id: $c, additional_attributes: $a}) { order { entity_id } errors { code message } } }`;
      const missing = await gqlAs(server, PLACE, { c: id, a: [] }, o);
      // The de store view says it in German (docs/decisions/0026).
      expect(missing.body.data.placeOrder.errors).toEqual([{ code: 'UNABLE_TO_PLACE_ORDER', message: '„Test attribute“ ist erforderlich.' }]);
      const invalid = await gqlAs(server, PLACE, { c: id, a: [{ attribute_code: code, value: 'Not OK!' }] }, o);
      expect(invalid.body.data.placeOrder.errors[0].code).toBe('UNABLE_TO_PLACE_ORDER');
      const ok = await gqlAs(server, PLACE, { c: id, a: [{ attribute_code: 'unknown_thing', value: 'x' }, { attribute_code: code, value: 'fine' }] }, o);
      expect(ok.body.data.placeOrder.errors).toEqual([]);
      const stored = await db.query<{ code: string; value: string }>(
        `SELECT v.code, v.value FROM orders_attribute_value v JOIN orders_order o ON o.id = v.order_id WHERE o.entity_id = $1`,
        [ok.body.data.placeOrder.order.entity_id],
      );
      expect(stored.rows.find((r) => r.code === code)).toEqual({ code, value: 'fine' });
      expect(stored.rows.some((r) => r.code === 'unknown_thing')).toBe(false);
    } finally {
      await db.query(`UPDATE orders_attribute SET is_active = false WHERE code = $1`, [code]);
    }
  });

  it('answers CART_NOT_FOUND for another customer\'s cart and an unknown cart', async () => {
    const a = await createCustomer(server);
    const b = await createCustomer(server);
    const p = await createProduct(db);
    const id = await cartWith(p.sku, 1, { token: a.token });
    const stolen = await place(server, id, { token: b.token });
    expect(stolen.body.data.placeOrder.errors[0].code).toBe('CART_NOT_FOUND');
    const anonymous = await place(server, id);
    expect(anonymous.body.data.placeOrder.errors[0].code).toBe('CART_NOT_FOUND');
    const unknown = await place(server, 'x'.repeat(32));
    expect(unknown.body.data.placeOrder.errors[0].code).toBe('CART_NOT_FOUND');
  });

  it('places a customer order with the account e-mail and saves a new address in the book', async () => {
    const c = await createCustomer(server);
    const p = await createProduct(db);
    const id = await cartWith(p.sku, 1, { token: c.token });
    const address = { ...GB_ADDRESS, street: [`Saved Street ${randomUUID().slice(0, 6)}`], save_in_address_book: true };
    const billing = await gqlAs(server, `mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a, use_for_shipping: true}}) { cart { id } } }`, { c: id, a: address }, { token: c.token });
    expect(billing.body.errors).toBeUndefined();
    await gqlAs(server, SET_METHOD, { c: id, ca: 'tablerate', m: 'standard' }, { token: c.token });
    await acceptTermsAndPay(server, id, { token: c.token });
    const placed = await place(server, id, { token: c.token });
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    const row = await db.query<{ email: string; customer_uuid: string }>('SELECT email, customer_uuid::text AS customer_uuid FROM orders_order WHERE entity_id = $1', [placed.body.data.placeOrder.order.entity_id]);
    expect(row.rows[0]).toEqual({ email: c.email, customer_uuid: c.uuid });
    const book = await restCall(server, 'GET', `/account/users/${c.uuid}/addresses`, undefined, { token: c.token });
    expect(book.body.map((a: { street: string[] }) => a.street[0])).toContain(address.street[0]);
    const next = await gqlAs(server, 'query { customerCart { id total_quantity } }', {}, { token: c.token });
    expect(next.body.data.customerCart.id).not.toBe(id);
    expect(next.body.data.customerCart.total_quantity).toBe(0);
  });

  it('counts a coupon use per customer at placeOrder and refuses a second use', async () => {
    const p = await createProduct(db, { price: 5000 });
    const code = await makeCoupon(db, { usesPerCustomer: 1 });
    const email = `once+${randomUUID().slice(0, 8)}@example.com`;
    const first = await cartWith(p.sku);
    await readyForCheckout(server, first, { email });
    await gqlAs(server, APPLY, { c: first, code });
    const placed = await place(server, first);
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    const row = await db.query<{ coupon_codes: string[]; discount_total: string }>('SELECT coupon_codes, discount_total FROM orders_order WHERE entity_id = $1', [placed.body.data.placeOrder.order.entity_id]);
    expect(row.rows[0]!.coupon_codes).toEqual([code]);
    expect(Number(row.rows[0]!.discount_total)).toBe(500);
    const second = await cartWith(p.sku);
    await readyForCheckout(server, second, { email });
    const again = await gqlAs(server, APPLY, { c: second, code });
    expect(again.body.errors![0].message).toMatch(/already been used/);
  });
});

describe('checkout: races', () => {
  const rounds = raceRounds();

  /** RACE_WIDTH guest carts, each in a browser of its own, ready to order `quantity` of `sku`, set up side by side. */
  async function readyCarts(sku: string, quantity: number, opts: { email?: string; coupon?: string } = {}) {
    return Promise.all(Array.from({ length: RACE_WIDTH }, async () => {
      const jar: GuestJar = {};
      const id = await newGuestCart(server, 'gb', jar);
      expect((await addProducts(server, id, [{ sku, quantity }], { jar })).body.data.addProductsToCart.user_errors).toEqual([]);
      await readyForCheckout(server, id, { email: opts.email, jar });
      if (opts.coupon) {
        const applied = await gqlAs(server, APPLY, { c: id, code: opts.coupon }, { jar });
        expect(applied.body.data.applyCouponToCart.cart.applied_coupons).toEqual([{ code: opts.coupon }]);
      }
      return { id, jar };
    }));
  }

  /** Invariant I1: no stock row below zero, and what the product's orders took is what left its stock. */
  async function expectStockInvariant(productId: number, stock: number) {
    const negative = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory_stock WHERE quantity < 0');
    expect(negative.rows[0]!.n).toBe(0);
    const sold = await db.query<{ qty: number }>('SELECT COALESCE(sum(qty_ordered), 0)::int AS qty FROM orders_item WHERE product_id = $1', [productId]);
    expect(await stockOf(db, productId)).toBe(stock - sold.rows[0]!.qty);
    expect(await stockOf(db, productId)).toBeGreaterThanOrEqual(0);
  }

  /** Invariant I3: a coupon's uses stay within its limits, and each counted use is one discounted order. */
  async function expectCouponInvariant(code: string) {
    const rule = await db.query<{ id: number; times_used: number; uses_per_coupon: number | null; uses_per_customer: number | null }>(
      'SELECT id, times_used, uses_per_coupon, uses_per_customer FROM cart_rule WHERE code = $1', [code],
    );
    const r = rule.rows[0]!;
    if (r.uses_per_coupon !== null) expect(r.times_used).toBeLessThanOrEqual(r.uses_per_coupon);
    const perCustomer = await db.query<{ times_used: number }>('SELECT times_used FROM cart_rule_usage WHERE rule_id = $1', [r.id]);
    if (r.uses_per_customer !== null) for (const u of perCustomer.rows) expect(u.times_used).toBeLessThanOrEqual(r.uses_per_customer);
    const orders = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders_order WHERE $1 = ANY(coupon_codes)', [code]);
    expect(orders.rows[0]!.n).toBe(r.times_used);
  }

  it(`sells the last units only as far as they go to ${RACE_WIDTH} parallel orders, in each of ${rounds} rounds; the others get INSUFFICIENT_STOCK`, async () => {
    // Stock 3 with one unit each: three orders; stock 5 with three units each: one order.
    const cases = [{ stock: 3, quantity: 1, orders: 3 }, { stock: 5, quantity: 3, orders: 1 }];
    for (let round = 0; round < rounds; round++) {
      const c = cases[round % cases.length]!;
      const p = await createProduct(db, { stock: c.stock });
      const carts = await readyCarts(p.sku, c.quantity);
      const results = await Promise.all(carts.map((c) => place(server, c.id, { jar: c.jar })));
      const ok = results.filter((r) => r.body.data.placeOrder.order);
      const refused = results.filter((r) => !r.body.data.placeOrder.order);
      expect({ round, placed: ok.length }).toEqual({ round, placed: c.orders });
      expect(refused.every((r) => r.body.data.placeOrder.errors[0].code === 'INSUFFICIENT_STOCK')).toBe(true);
      expect(await stockOf(db, p.id)).toBe(c.stock - c.orders * c.quantity);
      await expectStockInvariant(p.id, c.stock);
    }
  }, raceTimeout(rounds));

  it(`gives a one-use coupon to exactly one of ${RACE_WIDTH} parallel orders, in each of ${rounds} rounds`, async () => {
    const p = await createProduct(db, { price: 2000, stock: 100_000 });
    for (let round = 0; round < rounds; round++) {
      const code = await makeCoupon(db, { usesPerCoupon: 1, usesPerCustomer: 1, value: 5000 });
      const carts = await readyCarts(p.sku, 1, { coupon: code });
      const results = await Promise.all(carts.map((c) => place(server, c.id, { jar: c.jar })));
      const placed = results.filter((r) => r.body.data.placeOrder.order);
      expect({ round, placed: placed.length }).toEqual({ round, placed: 1 });
      const rule = await db.query<{ times_used: number }>('SELECT times_used FROM cart_rule WHERE code = $1', [code]);
      expect(rule.rows[0]!.times_used).toBe(1);
      const refused = results.filter((r) => !r.body.data.placeOrder.order);
      expect(refused.every((r) => r.body.data.placeOrder.errors[0].code === 'UNABLE_TO_PLACE_ORDER')).toBe(true);
      await expectCouponInvariant(code);
    }
  }, raceTimeout(rounds));

  it(`lets one buyer's ${RACE_WIDTH} parallel orders use a twice-per-customer coupon exactly twice, in each of ${rounds} rounds`, async () => {
    const p = await createProduct(db, { price: 2000, stock: 100_000 });
    for (let round = 0; round < rounds; round++) {
      const code = await makeCoupon(db, { usesPerCustomer: 2, value: 1000 });
      const email = `percustomer+${randomUUID().slice(0, 8)}@example.com`;
      const carts = await readyCarts(p.sku, 1, { email, coupon: code });
      const results = await Promise.all(carts.map((c) => place(server, c.id, { jar: c.jar })));
      const placed = results.filter((r) => r.body.data.placeOrder.order);
      expect({ round, placed: placed.length }).toEqual({ round, placed: 2 });
      const refused = results.filter((r) => !r.body.data.placeOrder.order).map((r) => r.body.data.placeOrder.errors[0]);
      expect(refused.every((e) => e.code === 'UNABLE_TO_PLACE_ORDER' && /already been used/.test(e.message))).toBe(true);
      const usage = await db.query<{ times_used: number }>(
        'SELECT u.times_used FROM cart_rule_usage u JOIN cart_rule r ON r.id = u.rule_id WHERE r.code = $1 AND u.customer_key = $2', [code, `email:${email}`],
      );
      expect(usage.rows).toEqual([{ times_used: 2 }]);
      await expectCouponInvariant(code);
    }
  }, raceTimeout(rounds));

  it('turns the same cart placed twice in parallel into one order, the later call without a key being told to send one', async () => {
    const p = await createProduct(db, { stock: 10 });
    const id = await cartWith(p.sku, 2);
    await readyForCheckout(server, id);
    const replies = await Promise.all([place(server, id), place(server, id)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)!.body.errors![0].extensions.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const orders = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders_order WHERE cart_id = $1', [id]);
    expect(orders.rows[0]!.n).toBe(1);
    expect(await stockOf(db, p.id)).toBe(8);
  });
});
