import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, GB_ADDRESS } from '@ember/test-support';
import { serveForSuite, restCall, type TestServer } from '../test/test-app.js';
import type { Db } from '../platform/db.js';
import { acceptTermsAndPay, addProducts, CART_FIELDS, gqlAs, newGuestCart, place } from '../modules/cart/cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

interface BookAddress {
  id: number;
  firstname: string;
  street: string[];
  postcode?: string;
  telephone?: string;
  is_default_billing: boolean;
  is_default_shipping: boolean;
}

const SET_SHIPPING = `mutation ($c: String!, $a: CartAddressInput, $id: Int, $pickup: String) {
  setShippingAddressesOnCart(input: {cart_id: $c, shipping_addresses: [{address: $a, customer_address_id: $id, pickup_location_code: $pickup}]}) { cart { ${CART_FIELDS} } } }`;
const SET_BILLING = `mutation ($c: String!, $a: CartAddressInput, $id: Int, $same: Boolean) {
  setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a, customer_address_id: $id, same_as_shipping: $same}}) { cart { ${CART_FIELDS} } } }`;

async function book(customer: { uuid: string; token: string }): Promise<BookAddress[]> {
  const res = await restCall(server, 'GET', `/account/users/${customer.uuid}/addresses`, undefined, { token: customer.token });
  expect(res.status).toBe(200);
  return res.body as BookAddress[];
}

/** A customer's cart with one product, its addresses set by `addresses`, standard delivery and the card: ready to place. */
async function customerCartReady(
  customer: { token: string }, addresses: (cartId: string) => Promise<void>, product?: { sku: string }, method: [string, string] = ['tablerate', 'standard'],
): Promise<string> {
  const o = { token: customer.token };
  const p = product ?? await createProduct(db);
  const id = (await gqlAs(server, 'query { customerCart { id } }', {}, o)).body.data.customerCart.id as string;
  expect((await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], o)).body.data.addProductsToCart.user_errors).toEqual([]);
  await addresses(id);
  const s = await gqlAs(server, 'mutation ($c: String!, $ca: String!, $m: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: $ca, method_code: $m}]}) { cart { id } } }', { c: id, ca: method[0], m: method[1] }, o);
  expect(s.body.errors).toBeUndefined();
  await acceptTermsAndPay(server, id, o);
  return id;
}

async function setBoth(customer: { token: string }, cartId: string, address: Record<string, unknown>) {
  const o = { token: customer.token };
  const s = await gqlAs(server, SET_SHIPPING, { c: cartId, a: address }, o);
  expect(s.body.errors).toBeUndefined();
  const b = await gqlAs(server, SET_BILLING, { c: cartId, same: true }, o);
  expect(b.body.errors).toBeUndefined();
}

const street = () => [`${Math.floor(Math.random() * 900) + 10} Saved Street ${randomUUID().slice(0, 6)}`, ''];

describe('placeOrder saves a customer’s checkout address in their address book', () => {
  it('saves the typed address with the order by default, once for delivery and billing, as the default of both kinds', async () => {
    const c = await createCustomer(server);
    const address = { ...GB_ADDRESS, street: street() };
    const id = await customerCartReady(c, (cart) => setBoth(c, cart, address));
    expect(await book(c)).toEqual([]);

    const placed = await place(server, id, { token: c.token });
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    const saved = await book(c);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ street: [address.street[0]], postcode: 'NW1 6XE', telephone: '+447900000000', is_default_billing: true, is_default_shipping: true });
  });

  it('does not save an address the shopper asked not to save, nor a pick-up store', async () => {
    const c = await createCustomer(server);
    const unticked = await customerCartReady(c, (cart) => setBoth(c, cart, { ...GB_ADDRESS, street: street(), save_in_address_book: false }));
    expect((await place(server, unticked, { token: c.token })).body.data.placeOrder.errors).toEqual([]);
    expect(await book(c)).toEqual([]);

    const pickup = await customerCartReady(c, async (cart) => {
      const s = await gqlAs(server, SET_SHIPPING, { c: cart, a: { ...GB_ADDRESS, postcode: null }, pickup: 'gb-manchester' }, { token: c.token });
      expect(s.body.errors).toBeUndefined();
      const b = await gqlAs(server, SET_BILLING, { c: cart, a: { ...GB_ADDRESS, street: street(), save_in_address_book: false } }, { token: c.token });
      expect(b.body.errors).toBeUndefined();
    }, undefined, ['pickup', 'store']);
    expect((await place(server, pickup, { token: c.token })).body.data.placeOrder.errors).toEqual([]);
    expect(await book(c)).toEqual([]);
  });

  it('keeps one entry for an address already in the book, however its case and spaces were typed', async () => {
    const c = await createCustomer(server);
    const lines = street();
    const first = await customerCartReady(c, (cart) => setBoth(c, cart, { ...GB_ADDRESS, street: lines }));
    expect((await place(server, first, { token: c.token })).body.data.placeOrder.errors).toEqual([]);
    const again = { ...GB_ADDRESS, street: [`  ${lines[0]!.toUpperCase()} `], city: 'LONDON', postcode: 'nw16xe' };
    const second = await customerCartReady(c, (cart) => setBoth(c, cart, again));
    expect((await place(server, second, { token: c.token })).body.data.placeOrder.errors).toEqual([]);
    expect(await book(c)).toHaveLength(1);

    // A different address is a second entry; the defaults stay with the first.
    const other = await customerCartReady(c, (cart) => setBoth(c, cart, { ...GB_ADDRESS, street: street() }));
    expect((await place(server, other, { token: c.token })).body.data.placeOrder.errors).toEqual([]);
    const saved = await book(c);
    expect(saved).toHaveLength(2);
    expect(saved.filter((a) => a.is_default_shipping).map((a) => a.street[0])).toEqual([lines[0]]);
  });

  it('saves nothing when the order fails, since the address is written in the order’s transaction', async () => {
    const c = await createCustomer(server);
    const p = await createProduct(db, { stock: 1 });
    const id = await customerCartReady(c, (cart) => setBoth(c, cart, { ...GB_ADDRESS, street: street() }), p);
    await db.query('UPDATE inventory_stock SET quantity = 0 WHERE product_id = $1', [p.id]);
    const failed = await place(server, id, { token: c.token });
    expect(failed.body.data.placeOrder.order).toBeNull();
    expect(failed.body.data.placeOrder.errors[0].code).toBe('INSUFFICIENT_STOCK');
    expect(await book(c)).toEqual([]);
  });

  it('leaves out of the book an address without a first name, which the book does not take although the Swiss checkout does', async () => {
    const c = await createCustomer(server);
    const o = { token: c.token, store: 'ch' };
    const p = await createProduct(db);
    await db.query(`INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor) VALUES ($1, 'ch', 'CHF', 1500)`, [p.id]);
    const id = (await gqlAs(server, 'query { customerCart { id } }', {}, o)).body.data.customerCart.id as string;
    expect((await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], o)).body.data.addProductsToCart.user_errors).toEqual([]);
    const address = { ...GB_ADDRESS, firstname: '', street: street(), country_code: 'CH', postcode: '8001', city: 'Zürich', telephone: '+41449460000' };
    expect((await gqlAs(server, SET_SHIPPING, { c: id, a: address }, o)).body.errors).toBeUndefined();
    expect((await gqlAs(server, SET_BILLING, { c: id, same: true }, o)).body.errors).toBeUndefined();
    expect((await gqlAs(server, 'mutation ($c: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: "tablerate", method_code: "standard"}]}) { cart { id } } }', { c: id }, o)).body.errors).toBeUndefined();
    await acceptTermsAndPay(server, id, o);
    expect((await place(server, id, o)).body.data.placeOrder.errors).toEqual([]);
    expect(await book(c)).toEqual([]);
  });

  it('takes a saved address by customer_address_id for delivery and billing without saving it again', async () => {
    const c = await createCustomer(server);
    const address = { ...GB_ADDRESS, street: street() };
    const first = await customerCartReady(c, (cart) => setBoth(c, cart, address));
    expect((await place(server, first, { token: c.token })).body.data.placeOrder.errors).toEqual([]);
    const [saved] = await book(c);

    const next = await customerCartReady(c, async (cart) => {
      const s = await gqlAs(server, SET_SHIPPING, { c: cart, id: saved!.id }, { token: c.token });
      expect(s.body.errors).toBeUndefined();
      expect(s.body.data.setShippingAddressesOnCart.cart.shipping_addresses[0]).toMatchObject({ street: [address.street[0]], postcode: 'NW1 6XE' });
      const b = await gqlAs(server, SET_BILLING, { c: cart, id: saved!.id }, { token: c.token });
      expect(b.body.errors).toBeUndefined();
      expect(b.body.data.setBillingAddressOnCart.cart.billing_address).toMatchObject({ firstname: address.firstname, postcode: 'NW1 6XE' });
    });
    expect((await place(server, next, { token: c.token })).body.data.placeOrder.errors).toEqual([]);
    expect(await book(c)).toHaveLength(1);
  });

  it('refuses another customer’s address id as unknown, and a guest’s as unauthorised', async () => {
    const owner = await createCustomer(server);
    const first = await customerCartReady(owner, (cart) => setBoth(owner, cart, { ...GB_ADDRESS, street: street() }));
    expect((await place(server, first, { token: owner.token })).body.data.placeOrder.errors).toEqual([]);
    const [saved] = await book(owner);

    const other = await createCustomer(server);
    const cart = (await gqlAs(server, 'query { customerCart { id } }', {}, { token: other.token })).body.data.customerCart.id;
    const foreign = await gqlAs(server, SET_SHIPPING, { c: cart, id: saved!.id }, { token: other.token });
    expect(foreign.body.errors![0].extensions.code).toBe('ENTITY_NOT_FOUND');

    const guest = await newGuestCart(server);
    const anonymous = await gqlAs(server, SET_SHIPPING, { c: guest, id: saved!.id });
    expect(anonymous.body.errors![0].extensions.code).toBe('UNAUTHORISED');
  });
});

describe('guest checkout follows the store view’s setting', () => {
  it('refuses a guest’s e-mail and order where the store view sells only to customers, in the store view’s language', async () => {
    const p = await createProduct(db);
    await db.query(`INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor) VALUES ($1, 'ch', 'CHF', 1500)`, [p.id]);
    const id = await newGuestCart(server, 'ch');
    expect((await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], { store: 'ch' })).body.data.addProductsToCart.user_errors).toEqual([]);
    const email = await gqlAs(server, 'mutation ($c: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: "guest@example.com"}) { cart { email } } }', { c: id }, { store: 'ch' });
    expect(email.body.errors![0]).toMatchObject({ message: expect.stringMatching(/^In diesem Shop bestellen nur Kundinnen und Kunden/), extensions: { code: 'PERMISSION_DENIED' } });
    const placed = await gqlAs(server, 'mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number } errors { code message } } }', { c: id }, { store: 'ch' });
    expect(placed.body.data.placeOrder.order).toBeNull();
    expect(placed.body.data.placeOrder.errors[0]).toMatchObject({ code: 'PERMISSION_DENIED', message: expect.stringMatching(/^In diesem Shop bestellen nur Kundinnen und Kunden/) });
  });

  it('takes a guest’s e-mail where the store view allows guests', async () => {
    const p = await createProduct(db);
    const id = await newGuestCart(server, 'de');
    expect((await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], { store: 'de' })).body.data.addProductsToCart.user_errors).toEqual([]);
    const email = await gqlAs(server, 'mutation ($c: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: "gast@example.com"}) { cart { email } } }', { c: id }, { store: 'de' });
    expect(email.body.errors).toBeUndefined();
    expect(email.body.data.setGuestEmailOnCart.cart.email).toBe('gast@example.com');
  });
});
