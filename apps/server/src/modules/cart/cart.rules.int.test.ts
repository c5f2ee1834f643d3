import { createCustomer, createProduct, stockOf } from '@ember/test-support';
import { PHRASES } from '../../platform/messages.js';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { inTransaction, transactionsOn } from '../../platform/transaction.js';
import * as loyaltyStore from '../loyalty/loyalty.store.js';
import { findCart, insertItem } from './cart.store.js';
import { makeOffer, registeredDevice } from '../trade-in/trade-in.fixtures.js';
import { acceptTermsAndPay, cancelOrder, giftOf, gqlAs, makePromotion, newGuestCart, place, readyForCheckout } from './cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const ITEM_FIELDS = `
  total_quantity
  itemsV2 { items {
    uid quantity is_available is_gift product { sku } qty_increments tradeIn subscription subscription_format hasDevice points rules
    errors { code message }
  } }`;

interface Item {
  uid: string; quantity: number; is_available: boolean; product: { sku: string }; qty_increments: number; tradeIn: boolean;
  subscription: boolean; subscription_format: string | null; hasDevice: boolean; points: number | null; rules: string[] | null;
  errors: { code: string; message: string }[];
}
interface CartOut { total_quantity: number; itemsV2: { items: Item[] } }
type Opts = { store?: string; token?: string };

async function add(cartId: string, items: Record<string, unknown>[], opts: Opts = {}): Promise<{ cart: CartOut; user_errors: { code: string; message: string }[] }> {
  const r = await gqlAs(server, `mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { ${ITEM_FIELDS} } user_errors { code message } } }`, { c: cartId, i: items }, opts);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.addProductsToCart;
}

async function read(cartId: string, opts: Opts = {}): Promise<CartOut> {
  const r = await gqlAs(server, `query ($c: String!) { cart(cart_id: $c) { ${ITEM_FIELDS} } }`, { c: cartId }, opts);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.cart;
}

function update(cartId: string, uid: string, quantity: number, opts: Opts = {}) {
  return gqlAs(server, `mutation ($c: String!, $u: ID!, $q: Float!) { updateCartItems(input: {cart_id: $c, cart_items: [{cart_item_uid: $u, quantity: $q}]}) { cart { ${ITEM_FIELDS} } } }`, { c: cartId, u: uid, q: quantity }, opts);
}

function remove(cartId: string, uid: string, opts: Opts = {}) {
  return gqlAs(server, `mutation ($c: String!, $u: ID!) { removeItemFromCart(input: {cart_id: $c, cart_item_uid: $u}) { cart { total_quantity } } }`, { c: cartId, u: uid }, opts);
}

async function customerCartId(token: string, store = 'gb'): Promise<string> {
  return (await gqlAs(server, 'query { customerCart { id } }', {}, { token, store })).body.data.customerCart.id;
}

const line = (cart: CartOut, sku: string) => cart.itemsV2.items.find((i) => i.product.sku === sku)!;
const skus = (cart: CartOut) => cart.itemsV2.items.map((i) => i.product.sku);

describe('cart rules: sales steps (ITEM_INCREMENT)', () => {
  it('sells a product with a sales step only in multiples of it, and keeps ITEM_INCREMENTS for fractions', async () => {
    const p = await createProduct(db, { step: 3 });
    const id = await newGuestCart(server);
    const wrong = await add(id, [{ sku: p.sku, quantity: 2 }]);
    expect(wrong.user_errors).toEqual([{ code: 'ITEM_INCREMENT', message: `${p.name} is sold in steps of 3.` }]);
    expect(wrong.cart.total_quantity).toBe(0);
    expect((await add(id, [{ sku: p.sku, quantity: 1.5 }])).user_errors[0]!.code).toBe('ITEM_INCREMENTS');
    const ok = await add(id, [{ sku: p.sku, quantity: 3 }]);
    expect(ok.user_errors).toEqual([]);
    expect(line(ok.cart, p.sku)).toMatchObject({ quantity: 3, qty_increments: 3, errors: [], is_available: true });
    expect((await add(id, [{ sku: p.sku, quantity: 1 }])).user_errors[0]!.code).toBe('ITEM_INCREMENT');
    const uid = line(ok.cart, p.sku).uid;
    const four = await update(id, uid, 4);
    expect(four.body.errors![0]).toMatchObject({ message: `${p.name} is sold in steps of 3.`, extensions: { code: 'ITEM_INCREMENT' } });
    const six = await update(id, uid, 6);
    expect(line(six.body.data.updateCartItems.cart, p.sku).quantity).toBe(6);
    const legacy = await gqlAs(server, `mutation ($c: String!, $s: String!) { addSimpleProductsToCart(input: {cart_id: $c, cart_items: [{data: {sku: $s, quantity: 2}}]}) { cart { total_quantity } } }`, { c: id, s: p.sku });
    expect(legacy.body.errors![0].extensions.code).toBe('ITEM_INCREMENT');
    expect((await read(id)).total_quantity).toBe(6);
  });

  it('flags a line that no longer fits a changed step and refuses to place the order until it does', async () => {
    const p = await createProduct(db, { step: 2, stock: 50 });
    const id = await newGuestCart(server);
    const added = await add(id, [{ sku: p.sku, quantity: 2 }]);
    await db.query('UPDATE catalog_product SET qty_increments = 4 WHERE id = $1', [p.id]);
    server.app.services.catalog.invalidate();
    const flagged = line(await read(id), p.sku);
    expect(flagged).toMatchObject({ is_available: false, qty_increments: 4, errors: [{ code: 'ITEM_INCREMENT', message: `${p.name} is sold in steps of 4.` }] });
    await readyForCheckout(server, id);
    const refused = await place(server, id);
    expect(refused.body.data.placeOrder).toEqual({ order: null, errors: [{ code: 'UNABLE_TO_PLACE_ORDER', message: `${p.name} is sold in steps of 4.` }] });
    expect(await stockOf(db, p.id)).toBe(50);
    await update(id, line(added.cart, p.sku).uid, 4);
    const placed = await place(server, id);
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    expect(await stockOf(db, p.id)).toBe(46);
  });

  it('publishes the step on products (the seeded introductory packs come in twos) and keeps a product limit reachable in steps', async () => {
    const r = await gqlAs(server, '{ products(filter: {sku: {in: ["STK-CITRUS-PACK", "STK-AMBER-PACK"]}}) { items { sku qty_increments } } }');
    const bySku = Object.fromEntries(r.body.data.products.items.map((i: { sku: string; qty_increments: number }) => [i.sku, i.qty_increments]));
    expect(bySku).toEqual({ 'STK-CITRUS-PACK': 2, 'STK-AMBER-PACK': 1 });
    const p = await createProduct(db, { step: 2 });
    await expect(db.query('UPDATE catalog_product SET order_quantity_limit = 5 WHERE id = $1', [p.id])).rejects.toThrow(/catalog_product_limit_in_steps/);
    await expect(db.query('UPDATE catalog_product SET qty_increments = 0 WHERE id = $1', [p.id])).rejects.toThrow();
  });
});

describe('cart rules: trade-ins (TRADEIN_LIMIT)', () => {
  it('refuses a trade-in to a guest, whose trade-in eligibility needs a customer account', async () => {
    const device = await createProduct(db, { kind: 'device' });
    const tradeIn = await createProduct(db, { kind: 'trade_in', type: 'virtual' });
    const id = await newGuestCart(server);
    await add(id, [{ sku: device.sku, quantity: 1 }]);
    const refused = await add(id, [{ sku: tradeIn.sku, quantity: 1 }]);
    expect(refused.user_errors).toEqual([{ code: 'TRADEIN_LIMIT', message: 'Sign in to trade in a device.' }]);
    expect(skus(refused.cart)).toEqual([device.sku]);
  });

  /** A trade-in product with an offer the customer's registered Ember One qualifies for. */
  async function usableTradeIn(c: { uuid: string; token: string; email: string; password: string }) {
    const tradeIn = await createProduct(db, { kind: 'trade_in', type: 'virtual' });
    await makeOffer(db, { tradeInSku: tradeIn.sku });
    server.app.services.tradeIn.invalidate();
    await registeredDevice(db, server, c);
    return tradeIn;
  }

  it('lets a customer trade in one device alongside a new one, and refuses a trade-in alone or a second one', async () => {
    const device = await createProduct(db, { kind: 'device' });
    const c = await createCustomer(server);
    const tradeIn = await usableTradeIn(c);
    const another = await createProduct(db, { kind: 'trade_in', type: 'virtual' });
    await makeOffer(db, { tradeInSku: another.sku });
    server.app.services.tradeIn.invalidate();
    const id = await customerCartId(c.token);
    const alone = await add(id, [{ sku: tradeIn.sku, quantity: 1 }], { token: c.token });
    expect(alone.user_errors).toEqual([{ code: 'TRADEIN_LIMIT', message: 'A trade-in needs a new device in the same order.' }]);
    const both = await add(id, [{ sku: device.sku, quantity: 1 }, { sku: tradeIn.sku, quantity: 1 }], { token: c.token });
    expect(both.user_errors).toEqual([]);
    expect(line(both.cart, device.sku)).toMatchObject({ tradeIn: false, hasDevice: true, errors: [] });
    expect(line(both.cart, tradeIn.sku)).toMatchObject({ tradeIn: true, hasDevice: false, errors: [] });
    const second = await add(id, [{ sku: another.sku, quantity: 1 }], { token: c.token });
    expect(second.user_errors).toEqual([{ code: 'TRADEIN_LIMIT', message: 'A cart may hold one trade-in.' }]);
    const two = await update(id, line(both.cart, tradeIn.sku).uid, 2, { token: c.token });
    expect(two.body.errors![0].extensions.code).toBe('TRADEIN_LIMIT');
    expect(skus(await read(id, { token: c.token }))).toEqual([device.sku, tradeIn.sku]);
  });

  it('flags a trade-in left without its device and refuses to place the order until a device is back', async () => {
    const device = await createProduct(db, { kind: 'device' });
    const c = await createCustomer(server);
    const tradeIn = await usableTradeIn(c);
    const id = await customerCartId(c.token);
    const added = await add(id, [{ sku: device.sku, quantity: 1 }, { sku: tradeIn.sku, quantity: 1 }], { token: c.token });
    await remove(id, line(added.cart, device.sku).uid, { token: c.token });
    const left = line(await read(id, { token: c.token }), tradeIn.sku);
    expect(left).toMatchObject({ is_available: false, errors: [{ code: 'TRADEIN_LIMIT', message: 'A trade-in needs a new device in the same order.' }] });
    await readyForCheckout(server, id, { token: c.token });
    const refused = await place(server, id, { token: c.token });
    expect(refused.body.data.placeOrder).toEqual({ order: null, errors: [{ code: 'UNABLE_TO_PLACE_ORDER', message: 'A trade-in needs a new device in the same order.' }] });
    await add(id, [{ sku: device.sku, quantity: 1 }], { token: c.token });
    await readyForCheckout(server, id, { token: c.token });
    expect((await place(server, id, { token: c.token })).body.data.placeOrder.order.order_number).toMatch(/^GB-/);
  });

  it('refuses to place a guest order that holds a trade-in, however the line got there', async () => {
    const device = await createProduct(db, { kind: 'device' });
    const tradeIn = await createProduct(db, { kind: 'trade_in', type: 'virtual' });
    const id = await newGuestCart(server);
    await add(id, [{ sku: device.sku, quantity: 1 }]);
    const cart = (await findCart(db, id, false))!;
    await inTransaction(db, (tx) => insertItem(tx, cart.id, { product_id: tradeIn.id, parent_product_id: null, sku: tradeIn.sku, quantity: 1, is_gift: false, parent_gift_sku: null, bundle_selections: [] }));
    expect(line(await read(id), tradeIn.sku).errors).toEqual([{ code: 'TRADEIN_LIMIT', message: 'Sign in to trade in a device.' }]);
    await readyForCheckout(server, id);
    const refused = await place(server, id);
    expect(refused.body.data.placeOrder.errors).toEqual([{ code: 'UNABLE_TO_PLACE_ORDER', message: 'Sign in to trade in a device.' }]);
  });
});

describe('cart rules: subscriptions (ONGOING_SUBSCRIPTION)', () => {
  const DE_ADDRESS = { firstname: 'Carla', lastname: 'Cart', street: ['Friedrichstraße', '68'], city: 'Berlin', postcode: '10117', country_code: 'DE', telephone: '+4930000000' };

  async function readyInDe(cartId: string, token: string) {
    for (const [query, variables] of [
      ['mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a, use_for_shipping: true}}) { cart { id } } }', { c: cartId, a: DE_ADDRESS }],
      ['mutation ($c: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: "tablerate", method_code: "standard"}]}) { cart { id } } }', { c: cartId }],
    ] as const) {
      const r = await gqlAs(server, query, variables, { token, store: 'de' });
      if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    }
    await acceptTermsAndPay(server, cartId, { token, store: 'de' });
  }

  it('shows a subscription line with its plan, allows one per cart, and none while the customer has an ongoing one until it is cancelled', async () => {
    const sub = await createProduct(db, { kind: 'subscription', subscription: true, subscriptionFormat: 'Every 4 weeks' });
    const other = await createProduct(db, { kind: 'subscription', subscription: true });
    const plain = await createProduct(db);
    const c = await createCustomer(server);
    const id = await customerCartId(c.token);
    const first = await add(id, [{ sku: sub.sku, quantity: 1 }, { sku: other.sku, quantity: 1 }, { sku: plain.sku, quantity: 1 }], { token: c.token });
    expect(first.user_errors).toEqual([{ code: 'ONGOING_SUBSCRIPTION', message: 'A cart may hold one subscription.' }]);
    expect(line(first.cart, sub.sku)).toMatchObject({ subscription: true, subscription_format: 'Every 4 weeks', errors: [] });
    expect(line(first.cart, plain.sku)).toMatchObject({ subscription: false, subscription_format: null });
    await readyForCheckout(server, id, { token: c.token });
    const placed = (await place(server, id, { token: c.token })).body.data.placeOrder;
    expect(placed.errors).toEqual([]);

    const next = await customerCartId(c.token);
    expect(next).not.toBe(id);
    const again = await add(next, [{ sku: other.sku, quantity: 1 }, { sku: plain.sku, quantity: 1 }], { token: c.token });
    expect(again.user_errors).toEqual([{ code: 'ONGOING_SUBSCRIPTION', message: 'You already have an ongoing subscription.' }]);
    expect(skus(again.cart)).toEqual([plain.sku]);

    const cancelled = await cancelOrder(server, placed.order.entity_id, c.token);
    expect(cancelled.body.data.cancelOrder).toEqual({ error: null, order: { status_code: 'canceled' } });
    // The subscription ends with its first order, as the order event reaches it.
    await server.app.services.orders.deliverEvents(transactionsOn(db), 100, [placed.order.entity_id]);
    const free = await add(next, [{ sku: other.sku, quantity: 1 }], { token: c.token });
    expect(free.user_errors).toEqual([]);
  });

  it('refuses to place a second subscription of a customer from a cart in another store view', async () => {
    const sub = await createProduct(db, { kind: 'subscription', subscription: true });
    const c = await createCustomer(server);
    const gb = await customerCartId(c.token);
    const de = await customerCartId(c.token, 'de');
    await add(gb, [{ sku: sub.sku, quantity: 1 }], { token: c.token });
    expect((await add(de, [{ sku: sub.sku, quantity: 1 }], { token: c.token, store: 'de' })).user_errors).toEqual([]);
    await readyForCheckout(server, gb, { token: c.token });
    expect((await place(server, gb, { token: c.token })).body.data.placeOrder.errors).toEqual([]);

    // The de store view says it in German (docs/decisions/0026).
    expect(line(await read(de, { token: c.token, store: 'de' }), sub.sku).errors).toEqual([{ code: 'ONGOING_SUBSCRIPTION', message: PHRASES['cart.ongoingSubscription'].de }]);
    await readyInDe(de, c.token);
    const refused = await gqlAs(server, 'mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number } errors { code message } } }', { c: de }, { token: c.token, store: 'de' });
    expect(refused.body.data.placeOrder).toEqual({ order: null, errors: [{ code: 'UNABLE_TO_PLACE_ORDER', message: PHRASES['cart.ongoingSubscription'].de }] });
  });

  it('asks a guest to sign in to subscribe, and refuses to place a guest\'s subscription however the line got there', async () => {
    const sub = await createProduct(db, { kind: 'subscription', subscription: true });
    const id = await newGuestCart(server);
    const signIn = { code: 'PERMISSION_DENIED', message: PHRASES['cart.subscriptionSignIn'].en };
    const refusedAdd = await add(id, [{ sku: sub.sku, quantity: 1 }]);
    expect(refusedAdd.user_errors).toEqual([signIn]);
    expect(skus(refusedAdd.cart)).toEqual([]);
    const cart = (await findCart(db, id, false))!;
    await inTransaction(db, (tx) => insertItem(tx, cart.id, { product_id: sub.id, parent_product_id: null, sku: sub.sku, quantity: 1, is_gift: false, parent_gift_sku: null, bundle_selections: [] }));
    expect(line(await read(id), sub.sku).errors).toEqual([signIn]);
    await readyForCheckout(server, id, { email: `sub+${randomUUID().slice(0, 8)}@example.com` });
    const refused = (await place(server, id)).body.data.placeOrder;
    expect(refused).toEqual({ order: null, errors: [{ code: 'UNABLE_TO_PLACE_ORDER', message: signIn.message }] });
  });

  it('starts only one of two subscriptions one customer places in parallel from two store views', async () => {
    const sub = await createProduct(db, { kind: 'subscription', subscription: true });
    const c = await createCustomer(server);
    const gb = await customerCartId(c.token);
    const de = await customerCartId(c.token, 'de');
    await add(gb, [{ sku: sub.sku, quantity: 1 }], { token: c.token });
    await add(de, [{ sku: sub.sku, quantity: 1 }], { token: c.token, store: 'de' });
    await readyForCheckout(server, gb, { token: c.token });
    await readyInDe(de, c.token);
    const results = await Promise.all([
      place(server, gb, { token: c.token }),
      gqlAs(server, 'mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number } errors { code message } } }', { c: de }, { token: c.token, store: 'de' }),
    ]);
    const outcomes = results.map((r) => r.body.data.placeOrder);
    expect(outcomes.filter((o) => o.order !== null)).toHaveLength(1);
    expect(outcomes.filter((o) => o.order === null).map((o) => o.errors[0].code)).toEqual(['UNABLE_TO_PLACE_ORDER']);
    const live = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM subscription_subscription WHERE customer_uuid = $1`, [c.uuid]);
    expect(live.rows[0]!.n).toBe(1);
  });
});

describe('cart rules: item facts (hasDevice, points, rules)', () => {
  it('marks device lines and shows the points one unit earns with their rules, nothing for gifts, and null where the store has no club', async () => {
    const p = await createProduct(db);
    const gift = await createProduct(db, { kind: 'gift', price: 0 });
    await makePromotion(db, { type: 'free_gift_fixed', trigger: [p.sku], skus: [gift.sku], allowed: 1 });
    await loyaltyStore.upsertProductPoints(db, { sku: p.sku, store_code: 'gb', points: 25, rules: ['Launch bonus'], time_to: null });
    await loyaltyStore.upsertProductPoints(db, { sku: gift.sku, store_code: 'gb', points: 40, rules: ['Not for gifts'], time_to: null });
    const id = await newGuestCart(server);
    const r = await gqlAs(server, `mutation ($c: String!) { addConfigurableProductsToCart(input: {cart_id: $c, cart_items: [{parent_sku: "EMBER-ONE", data: {sku: "EMBER-ONE-SLATE", quantity: 1}}]}) { cart { id } } }`, { c: id });
    expect(r.body.errors).toBeUndefined();
    const cart = await add(id, [{ sku: p.sku, quantity: 2 }, giftOf(gift.sku, p.sku)]);
    expect(cart.user_errors).toEqual([]);
    const [device, paid, free] = cart.cart.itemsV2.items;
    expect(device).toMatchObject({ product: { sku: 'EMBER-ONE' }, hasDevice: true, tradeIn: false, subscription: false, qty_increments: 1, points: 60 });
    expect(device!.rules!.length).toBeGreaterThan(0);
    expect(paid).toMatchObject({ product: { sku: p.sku }, hasDevice: false, points: 25, rules: ['Launch bonus'] });
    expect(free).toMatchObject({ is_gift: true, product: { sku: gift.sku }, points: 0, rules: [] });

    // The trial store view has no loyalty club: its kit (a customer's: a trial needs an account) earns nothing.
    const shopper = await createCustomer(server, { store: 'gb' });
    const trial = await customerCartId(shopper.token, 'gb_trial');
    const kit = await add(trial, [{ sku: 'TRIAL-ONE-KIT', quantity: 1 }], { store: 'gb_trial', token: shopper.token });
    expect(kit.cart.itemsV2.items[0]).toMatchObject({ points: null, rules: null });
  });
});
