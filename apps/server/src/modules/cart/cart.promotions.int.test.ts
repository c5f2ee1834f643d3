import { describe, expect, it } from 'vitest';
import { createProduct } from '@ember/test-support';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { giftOf, gqlAs, makePromotion, newGuestCart, place, PROMO_FIELDS, readyForCheckout } from './cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

interface Item {
  uid: string; quantity: number; is_gift: boolean; parent_gift_sku: string | null; product: { sku: string }; errors: { code: string; message: string }[];
  prices: { row_total_including_tax: { value: number } };
  free_gifts: { code: string; type: string; allowed_qty: number; remaining_qty: number; products: { sku: string; name: string | null; is_eligible: boolean; eligibility_description: string | null }[] }[];
  promotionalOffers: { code: string; limit_qty: number | null; eligible: boolean; type: string; skus: string[]; description: { title: string | null; hint: string | null; label: string | null } }[];
}

const ADD = `mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { ${PROMO_FIELDS} } user_errors { code message } } }`;
const READ = `query ($c: String!) { cart(cart_id: $c) { ${PROMO_FIELDS} } }`;
const UPDATE = `mutation ($c: String!, $u: ID!, $q: Float!) { updateCartItems(input: {cart_id: $c, cart_items: [{cart_item_uid: $u, quantity: $q}]}) { cart { ${PROMO_FIELDS} } } }`;

async function add(cartId: string, items: Record<string, unknown>[], store = 'gb') {
  const r = await gqlAs(server, ADD, { c: cartId, i: items }, { store });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.addProductsToCart as { cart: { total_quantity: number; prices: { grand_total: { value: number } }; itemsV2: { total_count: number; items: Item[] } }; user_errors: { code: string; message: string }[] };
}

async function read(cartId: string, store = 'gb') {
  const r = await gqlAs(server, READ, { c: cartId }, { store });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.cart as { itemsV2: { total_count: number; items: Item[] } };
}

const bySku = (items: Item[], sku: string, gift = false) => items.find((i) => i.product.sku === sku && i.is_gift === gift);

describe('promotions: free_gift_fixed', () => {
  it('offers the gift on its trigger line, adds it at no cost, refuses more than allowed_qty and orders it as a gift', async () => {
    const device = await createProduct(db, { price: 5000 });
    const pouch = await createProduct(db, { kind: 'gift', price: 900 });
    const code = await makePromotion(db, {
      type: 'free_gift_fixed', trigger: [device.sku], skus: [pouch.sku], allowed: 1,
      texts: { en: { title: 'Free pouch', hint: 'Buy the device', label: 'Gift' } },
    });
    const id = await newGuestCart(server);
    const first = await add(id, [{ sku: device.sku, quantity: 2 }]);
    const line = bySku(first.cart.itemsV2.items, device.sku)!;
    expect(line.free_gifts).toEqual([{ code, type: 'free_gift_fixed', allowed_qty: 1, remaining_qty: 1, products: [{ sku: pouch.sku, name: pouch.name, is_eligible: true, eligibility_description: null }] }]);
    expect(line.promotionalOffers).toEqual([{ code, limit_qty: 1, eligible: true, type: 'free_gift_fixed', skus: [pouch.sku], description: { title: 'Free pouch', description: null, hint: 'Buy the device', label: 'Gift' } }]);

    const gifted = await add(id, [giftOf(pouch.sku, device.sku)]);
    expect(gifted.user_errors).toEqual([]);
    const giftLine = bySku(gifted.cart.itemsV2.items, pouch.sku, true)!;
    expect(giftLine).toMatchObject({ quantity: 1, parent_gift_sku: device.sku, errors: [], prices: { row_total_including_tax: { value: 0 } } });
    expect(giftLine.promotionalOffers.map((o) => o.code)).toEqual([code]);
    expect(gifted.cart.prices.grand_total.value).toBe(100);
    expect(bySku(gifted.cart.itemsV2.items, device.sku)!.free_gifts[0]!.products[0]).toMatchObject({ is_eligible: false, eligibility_description: 'You already have all the gifts of this offer.' });

    const more = await add(id, [giftOf(pouch.sku, device.sku)]);
    expect(more.user_errors.map((e) => e.code)).toEqual(['GIFT_ERROR']);
    expect(bySku(more.cart.itemsV2.items, pouch.sku, true)!.quantity).toBe(1);

    await readyForCheckout(server, id);
    const placed = await place(server, id);
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    const { rows } = await db.query<{ sku: string; is_gift: boolean; parent_gift_sku: string | null; row_total_incl_tax_minor?: number }>(
      `SELECT i.sku, i.is_gift, i.parent_gift_sku FROM orders_item i JOIN orders_order o ON o.id = i.order_id WHERE o.order_number = $1 ORDER BY i.is_gift`,
      [placed.body.data.placeOrder.order.order_number],
    );
    expect(rows).toEqual([{ sku: device.sku, is_gift: false, parent_gift_sku: null }, { sku: pouch.sku, is_gift: true, parent_gift_sku: device.sku }]);
  });

  it('removes the gift with its trigger line', async () => {
    const device = await createProduct(db);
    const pouch = await createProduct(db, { kind: 'gift' });
    await makePromotion(db, { type: 'free_gift_fixed', trigger: [device.sku], skus: [pouch.sku] });
    const id = await newGuestCart(server);
    const added = await add(id, [{ sku: device.sku, quantity: 1 }, giftOf(pouch.sku, device.sku)]);
    expect(added.user_errors).toEqual([]);
    const r = await gqlAs(server, UPDATE, { c: id, u: bySku(added.cart.itemsV2.items, device.sku)!.uid, q: 0 });
    expect(r.body.data.updateCartItems.cart.itemsV2.total_count).toBe(0);
  });
  it('takes a configurable parent as trigger and removes its gift with the variant line', async () => {
    const pouch = await createProduct(db, { kind: 'gift' });
    const code = await makePromotion(db, { type: 'free_gift_fixed', trigger: ['EMBER-ONE'], skus: [pouch.sku] });
    const id = await newGuestCart(server);
    const r = await gqlAs(server, `mutation ($c: String!) { addConfigurableProductsToCart(input: {cart_id: $c, cart_items: [{parent_sku: "EMBER-ONE", data: {sku: "EMBER-ONE-SLATE", quantity: 1}}]}) { cart { id } } }`, { c: id });
    expect(r.body.errors).toBeUndefined();
    const added = await add(id, [giftOf(pouch.sku, 'EMBER-ONE')]);
    expect(added.user_errors).toEqual([]);
    const device = bySku(added.cart.itemsV2.items, 'EMBER-ONE')!;
    expect(device.free_gifts.map((o) => o.code)).toContain(code);
    const removed = await gqlAs(server, `mutation ($c: String!, $u: ID!) { removeItemFromCart(input: {cart_id: $c, cart_item_uid: $u}) { cart { ${PROMO_FIELDS} } } }`, { c: id, u: device.uid });
    expect(removed.body.data.removeItemFromCart.cart.itemsV2.total_count).toBe(0);
  });
});

describe('promotions: free_gift_flexible', () => {
  it('lets the shopper choose up to allowed_qty gifts among the offered ones and refuses one more', async () => {
    const device = await createProduct(db);
    const [a, b] = [await createProduct(db, { kind: 'gift' }), await createProduct(db, { kind: 'gift' })];
    const code = await makePromotion(db, { type: 'free_gift_flexible', trigger: [device.sku], skus: [a.sku, b.sku], allowed: 1 });
    const id = await newGuestCart(server);
    const chosen = await add(id, [{ sku: device.sku, quantity: 1 }, giftOf(b.sku, device.sku)]);
    expect(chosen.user_errors).toEqual([]);
    const offer = bySku(chosen.cart.itemsV2.items, device.sku)!.free_gifts[0]!;
    expect(offer).toMatchObject({ code, type: 'free_gift_flexible', allowed_qty: 1, remaining_qty: 0 });
    expect(offer.products.map((p) => p.is_eligible)).toEqual([false, false]);
    const other = await add(id, [giftOf(a.sku, device.sku)]);
    expect(other.user_errors).toEqual([{ code: 'GIFT_ERROR', message: expect.stringContaining(code) }]);
    expect(other.cart.itemsV2.items.map((i) => i.product.sku).sort()).toEqual([device.sku, b.sku].sort());
  });

  it('skips a gift entry whose quantity is 0', async () => {
    const device = await createProduct(db);
    const a = await createProduct(db, { kind: 'gift' });
    await makePromotion(db, { type: 'free_gift_flexible', trigger: [device.sku], skus: [a.sku], allowed: 2 });
    const id = await newGuestCart(server);
    const r = await add(id, [{ sku: device.sku, quantity: 1 }, giftOf(a.sku, device.sku, 0)]);
    expect(r.user_errors).toEqual([]);
    expect(r.cart.itemsV2.total_count).toBe(1);
  });
});

describe('promotions: conditional_purchase', () => {
  it('refuses the product without its condition, with the hint, and sells it once the device is in the cart', async () => {
    const device = await createProduct(db);
    const caseP = await createProduct(db);
    const code = await makePromotion(db, { type: 'conditional_purchase', trigger: [device.sku], skus: [caseP.sku], texts: { en: { hint: 'Add the device first.' } } });
    const id = await newGuestCart(server);
    const alone = await add(id, [{ sku: caseP.sku, quantity: 1 }]);
    expect(alone.user_errors).toEqual([{ code: 'PERMISSION_DENIED', message: 'Add the device first.' }]);
    expect(alone.cart.itemsV2.total_count).toBe(0);
    const both = await add(id, [{ sku: device.sku, quantity: 1 }, { sku: caseP.sku, quantity: 1 }]);
    expect(both.user_errors).toEqual([]);
    const offer = bySku(both.cart.itemsV2.items, caseP.sku)!.promotionalOffers;
    expect(offer).toMatchObject([{ code, eligible: true, type: 'conditional_purchase', skus: [caseP.sku], limit_qty: null }]);
  });

  it('flags the product when the device leaves the cart and placeOrder refuses it', async () => {
    const device = await createProduct(db);
    const caseP = await createProduct(db);
    await makePromotion(db, { type: 'conditional_purchase', trigger: [device.sku], skus: [caseP.sku] });
    const id = await newGuestCart(server);
    const both = await add(id, [{ sku: device.sku, quantity: 1 }, { sku: caseP.sku, quantity: 1 }]);
    await readyForCheckout(server, id);
    await gqlAs(server, UPDATE, { c: id, u: bySku(both.cart.itemsV2.items, device.sku)!.uid, q: 0 });
    const line = bySku((await read(id)).itemsV2.items, caseP.sku)!;
    expect(line.errors.map((e) => e.code)).toEqual(['PERMISSION_DENIED']);
    expect(line.promotionalOffers[0]!.eligible).toBe(false);
    const placed = await place(server, id);
    expect(placed.body.data.placeOrder.errors[0].code).toBe('UNABLE_TO_PLACE_ORDER');
    expect(placed.body.data.placeOrder.order).toBeNull();
  });
});

describe('promotions: refusals', () => {
  it('refuses a gift line for a sku that is not a gift of the trigger (tampered is_gift) and adds nothing', async () => {
    const device = await createProduct(db, { price: 5000 });
    const pouch = await createProduct(db, { kind: 'gift' });
    const dear = await createProduct(db, { price: 9000 });
    await makePromotion(db, { type: 'free_gift_fixed', trigger: [device.sku], skus: [pouch.sku] });
    const id = await newGuestCart(server);
    await add(id, [{ sku: device.sku, quantity: 1 }]);
    const tampered = await add(id, [giftOf(dear.sku, device.sku), giftOf(device.sku, device.sku), giftOf(pouch.sku, dear.sku)]);
    expect(tampered.user_errors.map((e) => e.code)).toEqual(['GIFT_ERROR', 'GIFT_ERROR', 'GIFT_ERROR']);
    expect(tampered.cart.itemsV2.items.map((i) => [i.product.sku, i.is_gift])).toEqual([[device.sku, false]]);
    expect(tampered.cart.prices.grand_total.value).toBe(50);
  });

  it('refuses gifts beyond the store\'s gift basket limit', async () => {
    const device = await createProduct(db);
    const gifts = [await createProduct(db, { kind: 'gift' }), await createProduct(db, { kind: 'gift' }), await createProduct(db, { kind: 'gift' })];
    await makePromotion(db, { type: 'free_gift_fixed', trigger: [device.sku], skus: gifts.map((g) => g.sku), allowed: 1 });
    const id = await newGuestCart(server);
    const r = await add(id, [{ sku: device.sku, quantity: 1 }, ...gifts.map((g) => giftOf(g.sku, device.sku))]);
    // gb allows 2 free gifts per basket.
    expect(r.user_errors).toEqual([{ code: 'GIFT_ERROR', message: 'A basket may hold at most 2 free gifts.' }]);
    expect(r.cart.itemsV2.items.filter((i) => i.is_gift)).toHaveLength(2);
  });

  it('refuses gift lines where the store has free gifts switched off', async () => {
    const device = await createProduct(db);
    const pouch = await createProduct(db, { kind: 'gift' });
    await db.query(`INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor) VALUES ($1, 'ch', 'CHF', 1000), ($2, 'ch', 'CHF', 500)`, [device.id, pouch.id]);
    await makePromotion(db, { type: 'free_gift_fixed', trigger: [device.sku], skus: [pouch.sku], store: 'ch' });
    const id = await newGuestCart(server, 'ch');
    const r = await add(id, [{ sku: device.sku, quantity: 1 }, giftOf(pouch.sku, device.sku)], 'ch');
    expect(r.user_errors.map((e) => e.code)).toEqual(['GIFT_ERROR']);
    expect(r.cart.itemsV2.items.map((i) => i.product.sku)).toEqual([device.sku]);
    expect(r.cart.itemsV2.items[0]!.free_gifts[0]!.products[0]).toMatchObject({ is_eligible: false, eligibility_description: expect.stringMatching(/nicht verfügbar|not available/) });
  });

  it('flags a gift whose offer ended and placeOrder refuses the cart in its transaction', async () => {
    const device = await createProduct(db);
    const pouch = await createProduct(db, { kind: 'gift' });
    const code = await makePromotion(db, { type: 'free_gift_fixed', trigger: [device.sku], skus: [pouch.sku] });
    const id = await newGuestCart(server);
    expect((await add(id, [{ sku: device.sku, quantity: 1 }, giftOf(pouch.sku, device.sku)])).user_errors).toEqual([]);
    await readyForCheckout(server, id);
    await db.query('UPDATE cart_promotion SET is_active = false WHERE code = $1', [code]);
    const gift = bySku((await read(id)).itemsV2.items, pouch.sku, true)!;
    expect(gift.errors.map((e) => e.code)).toEqual(['GIFT_ERROR']);
    const placed = await place(server, id);
    expect(placed.body.data.placeOrder.errors[0].code).toBe('UNABLE_TO_PLACE_ORDER');
    const { rows } = await db.query<{ status: string }>(`SELECT status FROM cart_cart WHERE masked_id = $1`, [id]);
    expect(rows[0]!.status).toBe('active');
  });
});

describe('promotions in the checkout fields, from what the process keeps of the store view', () => {
  const SET_EMAIL = `mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: $e}) { cart { ${PROMO_FIELDS} } } }`;
  async function setEmail(cartId: string) {
    const r = await gqlAs(server, SET_EMAIL, { c: cartId, e: 'promo-fields@example.com' }, { store: 'gb' });
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data.setGuestEmailOnCart.cart as { itemsV2: { items: Item[] } };
  }
  const offersOn = async (cartId: string, sku: string) => bySku((await setEmail(cartId)).itemsV2.items, sku)!.promotionalOffers.map((o) => o.code);

  it('shows a promotion started after the store view was kept, once the change is announced', async () => {
    const device = await createProduct(db, { price: 4000 });
    const pouch = await createProduct(db, { kind: 'gift', price: 500 });
    const id = await newGuestCart(server);
    await add(id, [{ sku: device.sku, quantity: 1 }]);
    // The store view's promotions are kept by this call.
    expect(await offersOn(id, device.sku)).toEqual([]);
    const code = await makePromotion(db, { type: 'free_gift_fixed', trigger: [device.sku], skus: [pouch.sku] });
    // The announcement reaches the process within moments; the time bound alone would take a minute.
    let offers: string[] = [];
    for (let i = 0; i < 100 && !offers.includes(code); i++) {
      offers = await offersOn(id, device.sku);
      if (!offers.includes(code)) await new Promise((r) => setTimeout(r, 20));
    }
    expect(offers).toEqual([code]);
    // The gift's sale facts came with the promotion: it is offered as eligible.
    const line = bySku((await setEmail(id)).itemsV2.items, device.sku)!;
    expect(line.free_gifts[0]!.products).toEqual([expect.objectContaining({ sku: pouch.sku, is_eligible: true })]);
  });

  it('stops showing a kept promotion when its end passes, with no change announced', async () => {
    const device = await createProduct(db, { price: 4000 });
    const pouch = await createProduct(db, { kind: 'gift', price: 500 });
    const code = await makePromotion(db, { type: 'free_gift_fixed', trigger: [device.sku], skus: [pouch.sku] });
    await db.query(`UPDATE cart_promotion SET to_at = now() + interval '1500 milliseconds' WHERE code = $1`, [code]);
    const id = await newGuestCart(server);
    await add(id, [{ sku: device.sku, quantity: 1 }]);
    let offers: string[] = [];
    for (let i = 0; i < 50 && !offers.includes(code); i++) {
      offers = await offersOn(id, device.sku);
      if (!offers.includes(code)) await new Promise((r) => setTimeout(r, 20));
    }
    expect(offers).toEqual([code]);
    await new Promise((r) => setTimeout(r, 1_600));
    expect(await offersOn(id, device.sku)).toEqual([]);
  });
});
