import { createCustomer, createProduct, restCall } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { drainOrderEvents } from '../../test/loyalty-fixtures.js';
import { cancelOrder, gqlAs, place, readyForCheckout } from '../cart/cart.fixtures.js';
import { makeOffer, registeredDevice } from './trade-in.fixtures.js';
import * as store from './trade-in.store.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const CART = `id itemsV2 { items { uid quantity product { sku } tradeIn errors { code message } prices { price_including_tax { value } } } }
  prices { discounts { label amount { value } } grand_total { value currency } }`;

interface CartOut {
  id: string;
  itemsV2: { items: { uid: string; quantity: number; product: { sku: string }; tradeIn: boolean; errors: { code: string; message: string }[]; prices: { price_including_tax: { value: number } } }[] };
  prices: { discounts: { label: string; amount: { value: number } }[] | null; grand_total: { value: number; currency: string } };
}

async function customerCart(token: string, store = 'gb'): Promise<string> {
  return (await gqlAs(server, 'query { customerCart { id } }', {}, { token, store })).body.data.customerCart.id;
}

async function add(cartId: string, skus: string[], token: string, store = 'gb') {
  const r = await gqlAs(server, `mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { ${CART} } user_errors { code message } } }`,
    { c: cartId, i: skus.map((sku) => ({ sku, quantity: 1 })) }, { token, store });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.addProductsToCart as { cart: CartOut; user_errors: { code: string; message: string }[] };
}

const eligibility = (uuid: string, token?: string, store = 'gb') => restCall(server, 'GET', `/api/trade-in/is-eligible/${uuid}`, undefined, { token, store });

/** A trade-in product with an offer of its own (Ember One qualifies), and a new device to buy with it. */
async function offer(opts: Omit<Parameters<typeof makeOffer>[1], 'tradeInSku'> = {}) {
  const tradeIn = await createProduct(db, { kind: 'trade_in', type: 'virtual', price: 2500 });
  const device = await createProduct(db, { kind: 'device', price: 9000 });
  await makeOffer(db, { tradeInSku: tradeIn.sku, ...opts });
  // The process keeps the store view's offers; the change announcement (or a minute) would drop them.
  server.app.services.tradeIn.invalidate();
  return { tradeIn, device };
}

/** A new customer's order of `sku` (no trade-in): its entity id and its buyer, for claims made by hand. */
async function someoneElsesOrder(sku: string): Promise<{ entityId: string; buyer: string }> {
  const buyer = await createCustomer(server);
  const cartId = await customerCart(buyer.token);
  await add(cartId, [sku], buyer.token);
  await readyForCheckout(server, cartId, { token: buyer.token });
  const number = (await place(server, cartId, { token: buyer.token })).body.data.placeOrder.order.order_number;
  const { rows } = await db.query<{ entity_id: string }>('SELECT entity_id::text AS entity_id FROM orders_order WHERE order_number = $1', [number]);
  return { entityId: rows[0]!.entity_id, buyer: buyer.uuid };
}

describe('GET /api/trade-in/configuration', () => {
  it('answers the store view\'s running offers with the credit from the trade-in product\'s price, the qualifying models and the terms in its language', async () => {
    const gb = await restCall(server, 'GET', '/api/trade-in/configuration', undefined, { store: 'gb' });
    expect(gb.status).toBe(200);
    const seeded = gb.body.offers.find((o: { sku: string }) => o.sku === 'TRADEIN-EMBER-ONE');
    expect(seeded).toMatchObject({
      name: 'Ember One Trade-in', credit: { value: 29, currency: 'GBP' }, qualifying_models: [{ sku: 'EMBER-ONE', name: 'Ember One' }],
      window: { ends_at: null }, min_device_age_days: 0, terms: expect.stringContaining('Trade in one registered Ember One'),
    });
    const de = await restCall(server, 'GET', '/api/trade-in/configuration', undefined, { store: 'de' });
    expect(de.body.offers.find((o: { sku: string }) => o.sku === 'TRADEIN-EMBER-ONE')).toMatchObject({
      credit: { value: 33, currency: 'EUR' }, terms: expect.stringContaining('Pro neuem Gerät'),
    });
  });

  it('leaves out an offer that has ended or not begun', async () => {
    const ended = await offer({ startsAt: '2020-01-01T00:00:00Z', endsAt: '2021-01-01T00:00:00Z' });
    const later = await offer({ startsAt: '2099-01-01T00:00:00Z' });
    const skus = (await restCall(server, 'GET', '/api/trade-in/configuration', undefined, { store: 'gb' })).body.offers.map((o: { sku: string }) => o.sku);
    expect(skus).toContain('TRADEIN-EMBER-ONE');
    expect(skus).not.toContain(ended.tradeIn.sku);
    expect(skus).not.toContain(later.tradeIn.sku);
  });
});

describe('GET /api/trade-in/is-eligible/{consumer_id}', () => {
  it('refuses a missing user id in the spec\'s words, a malformed one, no session, and another customer\'s id like an unknown one', async () => {
    const c = await createCustomer(server);
    const other = await createCustomer(server);
    for (const path of ['/api/trade-in/is-eligible/', '/api/trade-in/is-eligible']) {
      const r = await restCall(server, 'GET', path, undefined, { token: c.token, store: 'gb' });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('user id not defined');
    }
    expect((await restCall(server, 'GET', '/api/trade-in/is-eligible/not-a-uuid', undefined, { token: c.token, store: 'gb' })).status).toBe(400);
    expect((await eligibility(c.uuid)).status).toBe(401);
    const foreign = await eligibility(other.uuid, c.token);
    const unknown = await eligibility('00000000-0000-4000-8000-000000000000', c.token);
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    const { request_id: _a, ...foreignError } = foreign.body.error;
    const { request_id: _b, ...unknownError } = unknown.body.error;
    expect(foreignError).toEqual(unknownError);
  });

  it('is true only with a registered device of a qualifying model (any colour of it), naming the device', async () => {
    const c = await createCustomer(server);
    expect((await eligibility(c.uuid, c.token)).body).toEqual({ consumer_id: c.uuid, is_eligible: false, offers: [] });
    await registeredDevice(db, server, c, 'EMBER-NOVA-ROSE');
    expect((await eligibility(c.uuid, c.token)).body.is_eligible).toBe(false);
    const serial = await registeredDevice(db, server, c, 'EMBER-ONE-COPPER');
    const yes = await eligibility(c.uuid, c.token);
    expect(yes.status).toBe(200);
    expect(yes.body.is_eligible).toBe(true);
    expect(yes.body.offers).toContainEqual({ sku: 'TRADEIN-EMBER-ONE', device_id: serial });
  });

  it('honours the offer\'s window and the device\'s minimum registration age', async () => {
    const c = await createCustomer(server);
    await registeredDevice(db, server, c);
    const young = await offer({ minDeviceAgeDays: 30 });
    const ended = await offer({ endsAt: '2021-01-01T00:00:00Z' });
    const skus = (await eligibility(c.uuid, c.token)).body.offers.map((o: { sku: string }) => o.sku);
    expect(skus).toContain('TRADEIN-EMBER-ONE');
    expect(skus).not.toContain(young.tradeIn.sku);
    expect(skus).not.toContain(ended.tradeIn.sku);
    // Registered 31 days ago, the device is old enough.
    await db.query(`UPDATE devices_device SET registered_at = now() - interval '31 days' WHERE consumer_uuid = $1`, [c.uuid]);
    expect((await eligibility(c.uuid, c.token)).body.offers.map((o: { sku: string }) => o.sku)).toContain(young.tradeIn.sku);
  });
});

describe('trade-in in the cart and at placeOrder', () => {
  it('credits an eligible customer\'s trade-in against the new device, and refuses one whose devices do not qualify', async () => {
    const { tradeIn, device } = await offer();
    const without = await createCustomer(server);
    const refused = await add(await customerCart(without.token), [device.sku, tradeIn.sku], without.token);
    expect(refused.user_errors).toEqual([{ code: 'TRADEIN_LIMIT', message: 'None of your registered devices can be traded in for this offer.' }]);
    expect(refused.cart.itemsV2.items.map((i) => i.product.sku)).toEqual([device.sku]);

    const c = await createCustomer(server);
    await registeredDevice(db, server, c);
    const added = await add(await customerCart(c.token), [device.sku, tradeIn.sku], c.token);
    expect(added.user_errors).toEqual([]);
    const line = added.cart.itemsV2.items.find((i) => i.product.sku === tradeIn.sku)!;
    expect(line).toMatchObject({ tradeIn: true, errors: [], prices: { price_including_tax: { value: 0 } } });
    expect(added.cart.prices.discounts).toEqual([{ label: 'Trade-in credit', amount: { value: 25 } }]);
    expect(added.cart.prices.grand_total).toEqual({ value: 65, currency: 'GBP' });
  });

  it('takes the device with the order once: no second trade-in with it, until the order is cancelled', async () => {
    const { tradeIn, device } = await offer();
    const c = await createCustomer(server);
    const serial = await registeredDevice(db, server, c);
    const cartId = await customerCart(c.token);
    await add(cartId, [device.sku, tradeIn.sku], c.token);
    await readyForCheckout(server, cartId, { token: c.token });
    const placed = (await place(server, cartId, { token: c.token })).body.data.placeOrder;
    expect(placed.errors).toEqual([]);
    const order = (await gqlAs(server, 'query { customer { orders { items { id number total { grand_total { value } discounts { label amount { value } } } } } } }', {}, { token: c.token }))
      .body.data.customer.orders.items.find((o: { number: string }) => o.number === placed.order.order_number);
    expect(order.total.grand_total.value).toBe(65);
    expect(order.total.discounts).toEqual([{ label: 'Trade-in credit', amount: { value: 25 } }]);
    const claims = await store.claimsOf(db, c.uuid);
    expect(claims).toMatchObject([{ device_id: serial, credit_minor: 2500, currency: 'GBP', released_at: null }]);
    expect((await eligibility(c.uuid, c.token)).body.offers.map((o: { device_id: string }) => o.device_id)).not.toContain(serial);

    // The next cart cannot use the same device.
    const next = await customerCart(c.token);
    const again = await add(next, [device.sku, tradeIn.sku], c.token);
    expect(again.user_errors.map((e) => e.code)).toEqual(['TRADEIN_LIMIT']);

    // Cancelled, the order gives the device back.
    expect((await cancelOrder(server, order.id, c.token)).body.data.cancelOrder.error).toBeNull();
    await drainOrderEvents(server.app);
    expect((await store.claimsOf(db, c.uuid))[0]!.released_at).not.toBeNull();
    expect((await eligibility(c.uuid, c.token)).body.offers).toContainEqual({ sku: tradeIn.sku, device_id: serial });
  });

  it('refuses the order when the device was traded in elsewhere after it went into the cart', async () => {
    const { tradeIn, device } = await offer();
    const c = await createCustomer(server);
    const serial = await registeredDevice(db, server, c);
    const first = await customerCart(c.token);
    await add(first, [device.sku, tradeIn.sku], c.token);
    await readyForCheckout(server, first, { token: c.token });
    // Another order (placed meanwhile) holds a claim on the same device.
    const otherOrder = await someoneElsesOrder(device.sku);
    await inTransaction(db, (tx) => store.insertClaim(tx, {
      device_id: serial, customer_uuid: otherOrder.buyer, offer_id: 1, order_entity_id: otherOrder.entityId, credit_minor: 2500, currency: 'GBP',
    }));
    const refused = (await place(server, first, { token: c.token })).body.data.placeOrder;
    expect(refused).toEqual({ order: null, errors: [{ code: 'UNABLE_TO_PLACE_ORDER', message: 'None of your registered devices can be traded in for this offer.' }] });
  });

  it('lets exactly one of two parallel claims on one device stand (the database refuses the second)', async () => {
    const c = await createCustomer(server);
    const serial = await registeredDevice(db, server, c);
    const { device } = await offer();
    const orders = [(await someoneElsesOrder(device.sku)).entityId, (await someoneElsesOrder(device.sku)).entityId];
    const claimed = await Promise.all(orders.map((order) => inTransaction(db, (tx) => store.insertClaim(tx, {
      device_id: serial, customer_uuid: c.uuid, offer_id: 1, order_entity_id: order, credit_minor: 2500, currency: 'GBP',
    }))));
    expect(claimed.filter(Boolean)).toHaveLength(1);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM trade_in_claim WHERE device_id = $1', [serial]);
    expect(rows[0]!.n).toBe(1);
  });
});
