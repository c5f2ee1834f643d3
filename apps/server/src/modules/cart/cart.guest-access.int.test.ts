import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, GB_ADDRESS, type GuestJar, login } from '@ember/test-support';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { newMaskedId } from './cart.service.js';
import { addProducts, getCart, gqlAs, makeCoupon, newGuestCart, place, readyForCheckout } from './cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const SET_EMAIL = 'mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: $e}) { cart { email } } }';
const READ = 'query ($c: String!) { cart(cart_id: $c) { id email total_quantity shipping_addresses { firstname street } billing_address { firstname telephone } } }';

/** A guest's cart, made in the browser `jar`, with a line, an e-mail, addresses and a phone number. */
async function personalCart(jar: GuestJar) {
  const p = await createProduct(db, { price: 3000 });
  const id = await newGuestCart(server, 'gb', jar);
  expect((await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], { jar })).body.data.addProductsToCart.user_errors).toEqual([]);
  const email = `owner+${randomUUID().slice(0, 8)}@example.com`;
  await readyForCheckout(server, id, { jar, email });
  return { id, email, product: p };
}

/** What a cart id nobody ever made answers: the shape every refusal here must have. */
async function randomIdAnswer() {
  const r = await gqlAs(server, READ, { c: newMaskedId() }, { jar: {} });
  return r.body.errors![0].extensions.code as string;
}

const MUTATIONS: [string, string, (c: string) => Record<string, unknown>][] = [
  ['addProductsToCart', 'mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{sku: "ACC-CHARGER", quantity: 1}]) { cart { id } } }', (c) => ({ c })],
  ['updateCartItems', 'mutation ($c: String!) { updateCartItems(input: {cart_id: $c, cart_items: [{cart_item_id: 1, quantity: 2}]}) { cart { id } } }', (c) => ({ c })],
  ['removeItemFromCart', 'mutation ($c: String!) { removeItemFromCart(input: {cart_id: $c, cart_item_id: 1}) { cart { id } } }', (c) => ({ c })],
  ['applyCouponToCart', 'mutation ($c: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: "WELCOME10"}) { cart { id } } }', (c) => ({ c })],
  ['removeCouponFromCart', 'mutation ($c: String!) { removeCouponFromCart(input: {cart_id: $c}) { cart { id } } }', (c) => ({ c })],
  ['setGuestEmailOnCart', SET_EMAIL, (c) => ({ c, e: 'thief@example.com' })],
  ['setShippingAddressesOnCart', 'mutation ($c: String!, $a: CartAddressInput) { setShippingAddressesOnCart(input: {cart_id: $c, shipping_addresses: [{address: $a}]}) { cart { id } } }', (c) => ({ c, a: { ...GB_ADDRESS, firstname: 'Thief' } })],
  ['setBillingAddressOnCart', 'mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a}}) { cart { id } } }', (c) => ({ c, a: { ...GB_ADDRESS, firstname: 'Thief' } })],
  ['setShippingMethodsOnCart', 'mutation ($c: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: "tablerate", method_code: "express"}]}) { cart { id } } }', (c) => ({ c })],
  ['setPaymentMethodOnCart', 'mutation ($c: String!) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: "ember_card"}}) { cart { id } } }', (c) => ({ c })],
];

describe('guest carts holding personal data answer only to the browser that made them', () => {
  it('answers another browser, a bare API client and a signed-in customer with "cart not found", as for a random id, and the owner with the cart', async () => {
    const owner: GuestJar = {};
    const { id, email } = await personalCart(owner);
    const customer = await createCustomer(server);
    const notFound = await randomIdAnswer();
    expect(notFound).toBe('CART_NOT_FOUND');
    for (const opts of [{ jar: {} }, { jar: null }, { jar: {}, token: customer.token }, { jar: null, token: customer.token }]) {
      const r = await gqlAs(server, READ, { c: id }, opts);
      expect(r.body.data?.cart ?? null).toBeNull();
      expect(r.body.errors![0].extensions.code).toBe(notFound);
      expect(r.body.errors![0].message).toBe(`Could not find a cart with ID "${id}"`);
      expect(JSON.stringify(r.body)).not.toContain(email);
      expect(JSON.stringify(r.body)).not.toContain('Baker Street');
    }
    const mine = await gqlAs(server, READ, { c: id }, { jar: owner });
    expect(mine.body.data.cart).toMatchObject({ id, email, shipping_addresses: [{ firstname: 'Carla' }], billing_address: { telephone: GB_ADDRESS.telephone } });
  });

  it('refuses every cart mutation and placeOrder on such a cart to anyone else, changing nothing', async () => {
    const owner: GuestJar = {};
    const { id, email } = await personalCart(owner);
    const customer = await createCustomer(server);
    for (const [name, doc, vars] of MUTATIONS) {
      for (const opts of [{ jar: {} }, { jar: {}, token: customer.token }]) {
        const r = await gqlAs(server, doc, vars(id), opts);
        expect({ name, code: r.body.errors?.[0]?.extensions.code }).toEqual({ name, code: 'CART_NOT_FOUND' });
      }
    }
    const placed = await place(server, id, { jar: {} });
    expect(placed.body.data.placeOrder.errors[0].code).toBe('CART_NOT_FOUND');
    const merged = await gqlAs(server, 'mutation ($s: String!) { mergeCarts(source_cart_id: $s) { id } }', { s: id }, { token: customer.token, jar: {} });
    expect(merged.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    const after = await gqlAs(server, READ, { c: id }, { jar: owner });
    expect(after.body.data.cart).toMatchObject({ email, total_quantity: 1, shipping_addresses: [{ firstname: 'Carla' }] });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders_order WHERE cart_id = $1', [id])).rows[0]!.n).toBe(0);
  });

  it('lets a bare API client use a cart without personal data by its id, and give it personal data only with the credential cookie createEmptyCart set', async () => {
    const p = await createProduct(db);
    const created = await gqlAs(server, 'mutation { createEmptyCart }', {}, { jar: null });
    const id = created.body.data.createEmptyCart as string;
    const setCookie = created.headers.getSetCookie().find((c) => c.startsWith('ember_cart_key='))!;
    expect(setCookie).toMatch(/^ember_cart_key=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect((await addProducts(server, id, [{ sku: p.sku, quantity: 2 }], { jar: null })).body.data.addProductsToCart.user_errors).toEqual([]);
    expect((await getCart(server, id, { jar: null })).body.data.cart.total_quantity).toBe(2);
    const bare = await gqlAs(server, SET_EMAIL, { c: id, e: 'api@example.com' }, { jar: null });
    expect(bare.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    const withKey: GuestJar = { cookie: setCookie.split(';')[0] };
    const keyed = await gqlAs(server, SET_EMAIL, { c: id, e: 'api@example.com' }, { jar: withKey });
    expect(keyed.body.data.setGuestEmailOnCart.cart.email).toBe('api@example.com');
    expect((await getCart(server, id, { jar: null })).body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    expect((await getCart(server, id, { jar: withKey })).body.data.cart.total_quantity).toBe(2);
  });

  it('keeps one credential per browser, so its guest carts in two store views are both its own', async () => {
    const jar: GuestJar = {};
    const gb = await personalCart(jar);
    const first = jar.cookie;
    const de = await newGuestCart(server, 'de', jar);
    expect(jar.cookie).toBe(first);
    expect((await gqlAs(server, SET_EMAIL, { c: de, e: gb.email }, { jar, store: 'de' })).body.data.setGuestEmailOnCart.cart.email).toBe(gb.email);
    expect((await gqlAs(server, READ, { c: gb.id }, { jar })).body.data.cart.email).toBe(gb.email);
  });

  it('merges a guest cart only for the browser that made it, once its owner signs in; the merged id then answers as a missing cart', async () => {
    const owner: GuestJar = {};
    const { id, product } = await personalCart(owner);
    const other = await createCustomer(server);
    const stolen = await gqlAs(server, 'mutation ($s: String!) { mergeCarts(source_cart_id: $s) { total_quantity } }', { s: id }, { token: other.token, jar: {} });
    expect(stolen.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    expect((await gqlAs(server, 'query { customerCart { total_quantity } }', {}, { token: other.token })).body.data.customerCart.total_quantity).toBe(0);
    // The owner signs in in the same browser.
    const me = await createCustomer(server);
    const token = await login(server, me.email);
    const merged = await gqlAs(server, 'mutation ($s: String!) { mergeCarts(source_cart_id: $s) { total_quantity itemsV2 { items { product { sku } } } } }', { s: id }, { token, jar: owner });
    expect(merged.body.data.mergeCarts).toMatchObject({ total_quantity: 1, itemsV2: { items: [{ product: { sku: product.sku } }] } });
    for (const opts of [{ jar: owner }, { jar: owner, token }]) {
      expect((await gqlAs(server, READ, { c: id }, opts)).body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    }
    const again = await gqlAs(server, 'mutation ($s: String!) { mergeCarts(source_cart_id: $s) { total_quantity } }', { s: id }, { token, jar: owner });
    expect(again.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
  });

  it('binds a guest cart made before credentials existed to the first browser that gives it personal data', async () => {
    const p = await createProduct(db);
    const code = await makeCoupon(db);
    const id = await newGuestCart(server, 'gb', {});
    await db.query('UPDATE cart_cart SET guest_key_hash = NULL WHERE masked_id = $1', [id]);
    await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], { jar: null });
    expect((await gqlAs(server, 'mutation ($c: String!, $k: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: $k}) { cart { id } } }', { c: id, k: code }, { jar: null })).body.errors).toBeUndefined();
    const first: GuestJar = {};
    expect((await gqlAs(server, SET_EMAIL, { c: id, e: 'first@example.com' }, { jar: first })).body.data.setGuestEmailOnCart.cart.email).toBe('first@example.com');
    expect(first.cookie).toMatch(/^ember_cart_key=/);
    expect((await gqlAs(server, READ, { c: id }, { jar: {} })).body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    expect((await gqlAs(server, READ, { c: id }, { jar: first })).body.data.cart.email).toBe('first@example.com');
  });
});
