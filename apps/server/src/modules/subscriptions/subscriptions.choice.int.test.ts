import { randomUUID } from 'node:crypto';
import { addToCart, createCustomer, createProduct, customerCart, gql, gqlData, placeCart, readyForCheckout, restCall, type TestCustomer } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { ADDRESSES, payAndSaveCard, settleJobs } from './subscriptions.fixtures.js';

/**
 * The subscription choice of product pages (docs/decisions/0059): what a product page offers, and the
 * delivery frequency a shopper chooses there, carried by the cart line into the subscription its order starts.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', PAYMENTS_MERCHANT_ACCOUNT: `sub_choice_${process.pid}` });

const shop = () => ({ url: server.url, app: server.app });
const today = () => new Date().toISOString().slice(0, 10);
const daysFrom = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const every = (weeks: string) => [{ uid: 'subscription_frequency_weeks', value: weeks }];

const LINE = 'itemsV2 { items { uid quantity subscription subscription_format subscription_frequency_weeks subscription_frequencies_weeks product { sku } } } total_quantity';
const OFFER = `subscription_offer {
  plan_code frequencies_weeks default_frequency_weeks minimum_deliveries
  subscription { sku url_key price { value currency } } one_time { sku url_key price { value currency } }
}`;

async function offerOf(urlKey: string, store: string) {
  const data = await gqlData<{ products: { items: { sku: string; price_range: { minimum_price: { final_price: { value: number } } }; subscription_offer: any }[] } }>(
    server, `query ($k: String!) { products(filter: { url_key: { eq: $k } }) { items { sku price_range { minimum_price { final_price { value } } } ${OFFER} } } }`,
    { k: urlKey }, { store, method: 'GET' },
  );
  return data.products.items[0]!;
}

/** A customer's cart with `items` added: the add's user errors and the cart as it answered. */
async function add(customer: TestCustomer, items: Record<string, unknown>[], store = 'gb') {
  const cartId = await customerCart(server, customer.token, { store });
  const r = await addToCart(server, cartId, items, { store, token: customer.token }, LINE);
  expect(r.body.errors).toBeUndefined();
  return { cartId, errors: r.body.data.addProductsToCart.user_errors as { code: string; message: string }[], cart: r.body.data.addProductsToCart.cart };
}

/** The cart's lines as the customer's cart query answers them. */
async function lines(customer: TestCustomer, cartId: string, store = 'gb') {
  const data = await gqlData<{ cart: { itemsV2: { items: { subscription_frequency_weeks: number | null; subscription_format: string | null }[] } } }>(
    server, `query ($c: String!) { cart(cart_id: $c) { ${LINE} } }`, { c: cartId }, { token: customer.token, store },
  );
  return data.cart.itemsV2.items;
}

/** updateCartItems with the subscription's customizable option (and no quantity): the cart, or the error. */
async function changeFrequency(customer: TestCustomer, cartId: string, uid: string, weeks: string) {
  return gql(server, `mutation ($c: String!, $u: ID!, $w: String!) {
    updateCartItems(input: { cart_id: $c, cart_items: [{ cart_item_uid: $u, customizable_options: [{ uid: "subscription_frequency_weeks", value_string: $w }] }] }) { cart { ${LINE} } }
  }`, { c: cartId, u: uid, w: weeks }, { token: customer.token });
}

/** Places the customer's cart as the checkout does, pays with a card they agree to save, and answers their subscription. */
async function order(customer: TestCustomer, cartId: string) {
  await readyForCheckout(server, cartId, { token: customer.token, address: ADDRESSES.gb });
  const placed = await placeCart(server, cartId, { token: customer.token, idempotencyKey: true });
  const entity = placed.body.data.placeOrder.order.entity_id as string;
  await payAndSaveCard(shop(), customer.token, entity, '4111111111111111');
  await settleJobs(server.app, [entity]);
  const mine = await restCall(server, 'GET', '/api/subscriptions/user', undefined, { token: customer.token });
  return mine.body.subscriptions[0] as { frequency_weeks: number; next_delivery_date: string; history: { kind: string }[] };
}

describe('a product page\'s subscription offer', () => {
  it('offers the plan on a subscription carton and on the one-time carton of its blend, with the frequencies, the commitment and both prices', async () => {
    for (const [store, currency, minimum] of [['gb', 'GBP', 2], ['de', 'EUR', 2], ['ch', 'CHF', 3]] as const) {
      const subscription = await offerOf('ember-sticks-amber-subscription', store);
      const carton = await offerOf('ember-sticks-amber-carton', store);
      const expected = {
        plan_code: 'sticks', frequencies_weeks: [2, 4, 6, 8], default_frequency_weeks: 4, minimum_deliveries: minimum,
        subscription: { sku: 'SUB-AMBER-CARTON', url_key: 'ember-sticks-amber-subscription', price: { value: subscription.price_range.minimum_price.final_price.value, currency } },
        one_time: { sku: 'STK-AMBER-CARTON', url_key: 'ember-sticks-amber-carton', price: { value: carton.price_range.minimum_price.final_price.value, currency } },
      };
      // The same choice on both pages: each links the other.
      expect([store, subscription.subscription_offer]).toEqual([store, expected]);
      expect([store, carton.subscription_offer]).toEqual([store, expected]);
      expect(subscription.subscription_offer.subscription.price.value).toBeLessThan(carton.subscription_offer.one_time.price.value);
    }
    // A carton of a blend no plan delivers, and a device, offer none.
    expect((await offerOf('ember-sticks-sienna-carton', 'gb')).subscription_offer).toBeNull();
    expect((await offerOf('ember-one', 'gb')).subscription_offer).toBeNull();
  });

  it('offers a subscription product without a one-time choice when its plan names none, and none for a product no plan offers', async () => {
    const own = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], price: 4100 });
    expect((await offerOf(own.sku.toLowerCase(), 'gb')).subscription_offer).toMatchObject({
      plan_code: 'sticks', one_time: null, subscription: { sku: own.sku, price: { value: 41, currency: 'GBP' } },
    });
    const outside = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], plan: null });
    expect((await offerOf(outside.sku.toLowerCase(), 'gb')).subscription_offer).toBeNull();
  });
});

describe('the delivery frequency a shopper chooses', () => {
  it('travels with the cart line into the subscription its order starts', async () => {
    const product = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb', 'de'], price: 4500, stock: 20 });
    const customer = await createCustomer(shop());
    const { cartId, errors, cart } = await add(customer, [{ sku: product.sku, quantity: 1, entered_options: every('6') }]);
    expect(errors).toEqual([]);
    expect(cart.itemsV2.items).toMatchObject([{
      subscription: true, subscription_frequency_weeks: 6, subscription_frequencies_weeks: [2, 4, 6, 8], subscription_format: 'Every 6 weeks', product: { sku: product.sku },
    }]);
    // The same choice in a German store view.
    const german = await add(await createCustomer(shop(), { store: 'de' }), [{ sku: product.sku, quantity: 1, entered_options: every('6') }], 'de');
    expect(german.cart.itemsV2.items).toMatchObject([{ subscription_frequency_weeks: 6, subscription_format: 'Alle 6 Wochen' }]);

    const sub = await order(customer, cartId);
    expect(sub).toMatchObject({ frequency_weeks: 6, next_delivery_date: daysFrom(today(), 42) });
    expect(sub.history.map((h) => h.kind)).toEqual(['created']);
  });

  it('is the plan\'s default when none is chosen, on the line and in the subscription', async () => {
    const product = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], price: 4500, stock: 20 });
    const customer = await createCustomer(shop());
    const { cartId, cart } = await add(customer, [{ sku: product.sku, quantity: 1 }]);
    expect(cart.itemsV2.items).toMatchObject([{ subscription_frequency_weeks: 4, subscription_format: 'Every 4 weeks' }]);
    const { rows } = await db.query<{ weeks: number | null }>('SELECT i.subscription_frequency_weeks AS weeks FROM cart_item i JOIN cart_cart c ON c.id = i.cart_id WHERE c.masked_id = $1', [cartId]);
    expect(rows).toEqual([{ weeks: null }]);
    expect(await order(customer, cartId)).toMatchObject({ frequency_weeks: 4, next_delivery_date: daysFrom(today(), 28) });
  });

  it('refuses a frequency the plan does not offer, one for a product that is no subscription and one for a subscription no plan offers, in the shopper\'s words', async () => {
    const product = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb', 'de'], stock: 20 });
    const oneTime = await createProduct(db, { stores: ['gb', 'de'] });
    const outside = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], plan: null });
    const customer = await createCustomer(shop());
    const refused = await add(customer, [
      { sku: product.sku, quantity: 1, entered_options: every('3') },
      { sku: product.sku, quantity: 1, entered_options: every('four') },
      { sku: oneTime.sku, quantity: 1, entered_options: every('4') },
      { sku: outside.sku, quantity: 1, entered_options: every('4') },
    ]);
    expect(refused.errors).toEqual([
      { code: 'UNDEFINED', message: `${product.name} comes every 2, 4, 6, 8 weeks: choose one of these.` },
      { code: 'UNDEFINED', message: `${product.name} comes every 2, 4, 6, 8 weeks: choose one of these.` },
      { code: 'UNDEFINED', message: `${oneTime.name} is not a subscription: it has no delivery frequency.` },
      { code: 'UNDEFINED', message: 'This subscription is not offered at the moment.' },
    ]);
    expect(refused.cart.total_quantity).toBe(0);
    const german = await createCustomer(shop(), { store: 'de' });
    expect((await add(german, [{ sku: product.sku, quantity: 1, entered_options: every('10') }], 'de')).errors).toEqual([
      { code: 'UNDEFINED', message: `${product.name} kommt alle 2, 4, 6, 8 Wochen: Bitte wählen Sie einen dieser Rhythmen.` },
    ]);
    // The option's uid may come base64-encoded, as Magento's uids do.
    const encoded = await add(customer, [{ sku: product.sku, quantity: 1, entered_options: [{ uid: Buffer.from('subscription_frequency_weeks').toString('base64'), value: '8' }] }]);
    expect(encoded.errors).toEqual([]);
    expect(encoded.cart.itemsV2.items).toMatchObject([{ subscription_frequency_weeks: 8 }]);
  });

  it('changes in the cart to another the plan offers, keeps the line\'s when one it does not offer is asked for, and follows the plan when it stops offering the chosen one', async () => {
    const plan = `choice_${randomUUID().slice(0, 8)}`;
    await db.query(
      `INSERT INTO subscription_plan (store_code, code, frequencies_weeks, default_frequency_weeks, minimum_deliveries, carrier_code, method_code)
       VALUES ('gb', $1, ARRAY[2, 4, 6], 4, 1, 'tablerate', 'standard')`,
      [plan],
    );
    const product = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], stock: 20, plan });
    const customer = await createCustomer(shop());
    const { cartId, cart } = await add(customer, [{ sku: product.sku, quantity: 1, entered_options: every('2') }]);
    const uid = cart.itemsV2.items[0].uid as string;

    const changed = await changeFrequency(customer, cartId, uid, '6');
    expect(changed.body.data.updateCartItems.cart.itemsV2.items).toMatchObject([{ uid, quantity: 1, subscription_frequency_weeks: 6, subscription_format: 'Every 6 weeks' }]);
    const refused = await changeFrequency(customer, cartId, uid, '8');
    expect(refused.body.errors?.[0]).toMatchObject({ message: `${product.name} comes every 2, 4, 6 weeks: choose one of these.`, extensions: { code: 'UNDEFINED' } });
    expect((await lines(customer, cartId))[0]!.subscription_frequency_weeks).toBe(6);
    // Adding the product again with a frequency makes it the line's: a cart holds one subscription line.
    const again = await add(customer, [{ sku: product.sku, quantity: 1, entered_options: every('4') }]);
    expect(again.cart.itemsV2.items).toMatchObject([{ uid, quantity: 2, subscription_frequency_weeks: 4 }]);
    await changeFrequency(customer, cartId, uid, '6');

    // The plan no longer delivers every 6 weeks: the line shows its default, and the subscription starts with it.
    await db.query('UPDATE subscription_plan SET frequencies_weeks = ARRAY[2, 4] WHERE store_code = $1 AND code = $2', ['gb', plan]);
    expect(await lines(customer, cartId)).toMatchObject([{ subscription_frequency_weeks: 4, subscription_frequencies_weeks: [2, 4], subscription_format: 'Every 4 weeks' }]);
    expect(await order(customer, cartId)).toMatchObject({ frequency_weeks: 4, next_delivery_date: daysFrom(today(), 28) });
  });
});
