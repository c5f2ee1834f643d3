import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { restCall, serveForSuite, type TestServer } from '../test/test-app.js';
import { addProducts, gqlAs, makeCoupon, makeProduct, newGuestCart, place, readyForCheckout, stockOf } from '../modules/cart/cart.fixtures.js';
import { registerCustomer, snapshotCustomer } from './security-fixtures.js';

/*
 * Checklist items 18 (SQL injection in search, filter and sort), 20 (markup in commerce fields),
 * 21 (mail-header injection), 35 (discounts re-checked at placeOrder) and 37 (client-sent prices,
 * totals and currencies).
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

describe('search, filter and sort input (checklist 18)', () => {
  it('matches SQL fragments and LIKE wildcards literally, refuses unknown sort keys and values, and never shows database text', async () => {
    const search = 'query ($q: String!) { products(search: $q, pageSize: 5) { total_count items { sku } } }';
    for (const q of ["' OR 1=1--", "'; DROP TABLE catalog_product; --", '%', '_', '%%%%', '\\', "x' UNION SELECT password_hash FROM identity_credential--"]) {
      const res = await gqlAs(server, search, { q });
      expect(res.status, q).toBeLessThan(500);
      expect(res.body.errors, q).toBeUndefined();
      expect(res.body.data.products.total_count, q).toBe(0);
    }
    const long = await gqlAs(server, search, { q: 'x'.repeat(100_000) });
    expect(long.status).toBeLessThan(500);
    for (const sort of ['{ price: "DESC; DROP TABLE x" }', '{ password_hash: ASC }', '{ "price;DROP": ASC }']) {
      const res = await gqlAs(server, `{ products(search: "ember", sort: ${sort}) { total_count } }`);
      expect(res.status, sort).toBeLessThan(500);
      expect(res.body.errors?.[0]?.extensions?.category, sort).toBe('graphql-input');
    }
    const filtered = await gqlAs(server, `{ products(filter: { sku: { eq: "' OR '1'='1" } }) { total_count } }`);
    expect(filtered.status).toBeLessThan(500);
    expect(JSON.stringify(filtered.body)).not.toMatch(/syntax error|relation|column|SELECT|pg_|sqlstate/i);
    const tables = await db.query("SELECT to_regclass('catalog_product') AS t");
    expect(tables.rows[0]).toEqual({ t: 'catalog_product' });
  });
});

describe('markup and header-bound fields (checklists 20 and 21)', () => {
  it('refuses markup and line breaks in names and address lines on every account path, and keeps the profile', async () => {
    const c = await registerCustomer(server);
    const before = await snapshotCustomer(db, c);
    const payloads = ['"><svg onload=alert(1)>', '<img src=x onerror=alert(1)>', 'Eve\r\nBcc: list@attacker.example'];
    for (const p of payloads) {
      for (const [method, path, body] of [
        ['PATCH', `/account/users/${c.uuid}/profile`, { firstname: p }],
        ['POST', `/account-legacy/update-profile/personal-details/${c.uuid}`, { lastname: p }],
        ['POST', `/account/users/${c.uuid}/addresses`, { firstname: 'A', lastname: 'B', street: [p], city: 'Leeds', country_code: 'GB' }],
        ['POST', `/account/users/${c.uuid}/addresses`, { firstname: 'A', lastname: 'B', street: ['1 Road'], city: p, country_code: 'GB' }],
      ] as const) {
        const res = await restCall(server, method, path, body, { token: c.token, store: 'gb' });
        expect(res.status, `${path} ${p}`).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
      }
    }
    expect(await snapshotCustomer(db, c)).toEqual(before);
  });

  it('refuses line breaks in the contact form sender and sends its acknowledgement to exactly one recipient with a fixed subject', async () => {
    const email = `contact+${Date.now()}@example.com`;
    for (const dataSubject of [
      { email: `${email}\r\nBcc: list@attacker.example` },
      { email, first_name: 'Eve\r\nBcc: list@attacker.example' },
      { email, last_name: 'x\nTo: list@attacker.example' },
    ]) {
      const res = await restCall(server, 'POST', '/api/messaging/forms', { payload: { message: 'Hello' }, data_subject: dataSubject }, { store: 'gb' });
      expect(res.status, JSON.stringify(dataSubject)).toBe(400);
    }
    expect((await db.query("SELECT id FROM messaging_outbox WHERE recipient LIKE '%attacker%'")).rows).toEqual([]);
    const sent = await restCall(server, 'POST', '/api/messaging/forms', { payload: { subject: 'Hi\r\nBcc: list@attacker.example', message: 'Hello' }, data_subject: { email } }, { store: 'gb' });
    expect(sent.status).toBe(201);
    const mails = await db.query<{ recipient: string; subject: string }>('SELECT recipient, subject FROM messaging_outbox WHERE recipient = $1', [email]);
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.subject).not.toMatch(/[\r\n]|attacker/);
    expect((await db.query("SELECT id FROM messaging_outbox WHERE recipient LIKE '%attacker%'")).rows).toEqual([]);
  });
});

describe('discounts re-checked at placeOrder (checklist 35)', () => {
  it('refuses placeOrder with a coupon switched off or expired after it was applied, naming the coupon, and takes neither stock nor a use', async () => {
    for (const change of ['UPDATE cart_rule SET is_active = false WHERE code = $1', "UPDATE cart_rule SET to_at = now() - interval '1 day' WHERE code = $1"]) {
      const product = await makeProduct(db, { price: 2000, stock: 5 });
      const code = await makeCoupon(db, { value: 5000 });
      const cart = await newGuestCart(server);
      await addProducts(server, cart, [{ sku: product.sku, quantity: 1 }]);
      const applied = await gqlAs(server, 'mutation ($c: String!, $k: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $k }) { cart { prices { grand_total { value } } } } }', { c: cart, k: code });
      expect(applied.body.errors).toBeUndefined();
      await readyForCheckout(server, cart);
      await db.query(change, [code]);
      const placed = await place(server, cart);
      expect(placed.body.data.placeOrder.order, change).toBeNull();
      expect(placed.body.data.placeOrder.errors[0], change).toEqual({ code: 'UNABLE_TO_PLACE_ORDER', message: `The coupon code "${code}" is not valid.` });
      expect((await db.query('SELECT id FROM orders_order WHERE cart_id = $1', [cart])).rows, change).toEqual([]);
      expect(await stockOf(db, product.id), change).toBe(5);
      expect((await db.query('SELECT count(*)::int AS n FROM cart_rule_usage u JOIN cart_rule r ON r.id = u.rule_id WHERE r.code = $1', [code])).rows[0]).toEqual({ n: 0 });
    }
  });
});

describe('client-sent prices, totals and currencies (checklist 37)', () => {
  it('refuses price, total and currency fields in cart and payment inputs as unknown input, and the cart keeps its server price', async () => {
    const product = await makeProduct(db, { price: 1500, stock: 5 });
    const cart = await newGuestCart(server);
    await addProducts(server, cart, [{ sku: product.sku, quantity: 1 }]);
    for (const doc of [
      `mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: "${product.sku}", quantity: 1, price: 0.01 }]) { cart { id } } }`,
      `mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: "${product.sku}", quantity: 1, custom_price: 0.01, currency: "JPY" }]) { cart { id } } }`,
      'mutation ($c: String!) { updateCartItems(input: { cart_id: $c, cart_items: [{ cart_item_uid: "MQ==", quantity: 1, price: 0.01 }] }) { cart { id } } }',
      'mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo", amount: 0.01, currency: "JPY" } }) { cart { id } } }',
      'mutation ($c: String!) { placeOrder(input: { cart_id: $c, grand_total: 0.01, currency: "JPY" }) { order { order_number } } }',
    ]) {
      const res = await gqlAs(server, doc, { c: cart });
      expect(res.body.errors?.[0]?.extensions?.category, doc).toBe('graphql-input');
    }
    const read = await gqlAs(server, 'query ($c: String!) { cart(cart_id: $c) { total_quantity prices { grand_total { value currency } } } }', { c: cart });
    expect(read.body.data.cart.total_quantity).toBe(1);
    expect(read.body.data.cart.prices.grand_total).toEqual({ value: 15, currency: 'GBP' });
  });
});
