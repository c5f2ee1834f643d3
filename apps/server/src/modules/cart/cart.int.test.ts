import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, PASSWORD, suiteJar } from '@ember/test-support';
import { serveForSuite, restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { CODE_SENTENCES } from '../../platform/messages.js';
import { addProducts, CART_FIELDS, getCart, giftOf, gqlAs, makeCoupon, makePromotion, newGuestCart } from './cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const UPDATE = `mutation ($c: String!, $u: ID!, $q: Float!) { updateCartItems(input: {cart_id: $c, cart_items: [{cart_item_uid: $u, quantity: $q}]}) { cart { ${CART_FIELDS} } } }`;
const REMOVE = `mutation ($c: String!, $u: ID!) { removeItemFromCart(input: {cart_id: $c, cart_item_uid: $u}) { cart { ${CART_FIELDS} } } }`;
const APPLY = `mutation ($c: String!, $code: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: $code}) { cart { ${CART_FIELDS} } } }`;

describe('carts: creation and access', () => {
  it('creates a guest cart with an unguessable 32-character id and reads it back empty', async () => {
    const a = await newGuestCart(server);
    const b = await newGuestCart(server);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
    const cart = await getCart(server, a);
    expect(cart.body.data.cart).toMatchObject({ id: a, total_quantity: 0, itemsV2: { total_count: 0, items: [] }, can_apply_coupons: false });
    expect(cart.body.data.cart.available_payment_methods.map((m: { code: string }) => m.code)).toContain('ember_card');
  });

  it('answers CART_NOT_FOUND for an unknown id and for a cart of another store view', async () => {
    const unknown = await getCart(server, 'A'.repeat(32));
    expect(unknown.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    const id = await newGuestCart(server, 'de');
    const wrongStore = await getCart(server, id, { store: 'gb' });
    expect(wrongStore.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
  });

  it('creates the customer cart once and shows it only to its owner', async () => {
    const owner = await createCustomer(server);
    const other = await createCustomer(server);
    const first = await gqlAs(server, 'query { customerCart { id total_quantity email } }', {}, { token: owner.token });
    expect(first.body.data.customerCart.email).toBe(owner.email);
    const again = await gqlAs(server, 'query { customerCart { id } }', {}, { token: owner.token });
    expect(first.body.data.customerCart.id).toBe(again.body.data.customerCart.id);
    const id = first.body.data.customerCart.id;
    const foreign = await getCart(server, id, { token: other.token });
    expect(foreign.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    const anonymous = await getCart(server, id);
    expect(anonymous.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    const p = await createProduct(db);
    const foreignAdd = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], { token: other.token });
    expect(foreignAdd.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    expect((await getCart(server, id, { token: owner.token })).body.data.cart.total_quantity).toBe(0);
  });

  it('refuses customerCart without a valid bearer token', async () => {
    const none = await gqlAs(server, 'query { customerCart { id } }');
    expect(none.body.errors![0].extensions.code).toBe('UNAUTHORISED');
    const bad = await gqlAs(server, 'query { customerCart { id } }', {}, { token: 'not-a-token' });
    expect(bad.body.errors![0].extensions.code).toBe('UNAUTHORISED');
  });
});

describe('carts: items', () => {
  it('adds a simple product, merges a second addition into the same line, prices it with tax and removes it', async () => {
    const p = await createProduct(db, { price: 1200 });
    const id = await newGuestCart(server);
    const add = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    expect(add.body.data.addProductsToCart.user_errors).toEqual([]);
    const again = await addProducts(server, id, [{ sku: p.sku, quantity: 2 }]);
    const cart = again.body.data.addProductsToCart.cart;
    expect(cart.itemsV2.total_count).toBe(1);
    const item = cart.itemsV2.items[0];
    expect(item).toMatchObject({ __typename: 'SimpleCartItem', quantity: 3, is_available: true, status: 'IN_STOCK', is_gift: false, product: { sku: p.sku } });
    expect(item.prices).toMatchObject({ price: { value: 10 }, price_including_tax: { value: 12 }, row_total_including_tax: { value: 36 } });
    expect(cart.prices).toMatchObject({
      grand_total: { value: 36, currency: 'GBP' }, subtotal_including_tax: { value: 36 }, subtotal_excluding_tax: { value: 30 },
      applied_taxes: [{ label: 'VAT 20%', amount: { value: 6 } }], shipping: { value: 0 }, total_after_trial: { value: 0 },
    });
    const removed = await gqlAs(server, REMOVE, { c: id, u: item.uid });
    expect(removed.body.data.removeItemFromCart.cart.itemsV2.total_count).toBe(0);
  });

  it('uses the store view tax rate: 19 % in de', async () => {
    const p = await createProduct(db, { price: 1190 });
    const id = await newGuestCart(server, 'de');
    const add = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], { store: 'de' });
    expect(add.body.data.addProductsToCart.cart.prices).toMatchObject({
      grand_total: { value: 11.9, currency: 'EUR' }, subtotal_excluding_tax: { value: 10 }, applied_taxes: [{ label: 'MwSt. 19%', amount: { value: 1.9 } }],
    });
  });

  it('updates a quantity and removes the line when the quantity is 0', async () => {
    const p = await createProduct(db);
    const id = await newGuestCart(server);
    const add = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    const uid = add.body.data.addProductsToCart.cart.itemsV2.items[0].uid;
    const up = await gqlAs(server, UPDATE, { c: id, u: uid, q: 4 });
    expect(up.body.data.updateCartItems.cart.itemsV2.items[0].quantity).toBe(4);
    const zero = await gqlAs(server, UPDATE, { c: id, u: uid, q: 0 });
    expect(zero.body.data.updateCartItems.cart.itemsV2.total_count).toBe(0);
  });

  it('reports unknown, unsold and out-of-stock products as user errors and adds the rest', async () => {
    const ok = await createProduct(db);
    const empty = await createProduct(db, { stock: 0 });
    const few = await createProduct(db, { stock: 2 });
    const id = await newGuestCart(server);
    const r = await addProducts(server, id, [
      { sku: 'NO-SUCH-SKU', quantity: 1 },
      { sku: 'TRIAL-ONE-KIT', quantity: 1 },
      { sku: empty.sku, quantity: 1 },
      { sku: few.sku, quantity: 3 },
      { sku: ok.sku, quantity: 1.5 },
      { sku: ok.sku, quantity: 1 },
    ]);
    const out = r.body.data.addProductsToCart;
    expect(out.user_errors.map((e: { code: string }) => e.code)).toEqual(['PRODUCT_NOT_FOUND', 'PRODUCT_NOT_FOUND', 'NOT_SALABLE', 'INSUFFICIENT_STOCK', 'ITEM_INCREMENTS']);
    expect(out.cart.itemsV2.items.map((i: { product: { sku: string } }) => i.product.sku)).toEqual([ok.sku]);
  });

  it('refuses the legacy add mutation as a whole with the error code and writes nothing', async () => {
    const p = await createProduct(db, { stock: 1 });
    const id = await newGuestCart(server);
    const r = await gqlAs(server, `mutation ($c: String!, $s: String!) { addSimpleProductsToCart(input: {cart_id: $c, cart_items: [{data: {sku: $s, quantity: 2}}]}) { cart { total_quantity } } }`, { c: id, s: p.sku });
    expect(r.body.errors![0].extensions.code).toBe('INSUFFICIENT_STOCK');
    expect((await getCart(server, id)).body.data.cart.total_quantity).toBe(0);
  });

  it('adds a configurable product by parent and variant sku and by selected options', async () => {
    const id = await newGuestCart(server);
    const r = await gqlAs(server, `mutation ($c: String!) { addConfigurableProductsToCart(input: {cart_id: $c, cart_items: [{parent_sku: "EMBER-ONE", data: {sku: "EMBER-ONE-SLATE", quantity: 1}}]}) { cart { ${CART_FIELDS} } } }`, { c: id });
    const item = r.body.data.addConfigurableProductsToCart.cart.itemsV2.items[0];
    expect(item).toMatchObject({ __typename: 'ConfigurableCartItem', product: { sku: 'EMBER-ONE' }, configured_variant: { sku: 'EMBER-ONE-SLATE' }, order_quantity_limit: 2, enable_order_quantity_limit: true });
    expect(item.configurable_options[0]).toMatchObject({ option_label: 'Colour' });
    expect(item.categories.length).toBeGreaterThan(0);
    expect(Buffer.from(item.categories[0].uid, 'base64').toString()).toBe(String(item.categories[0].id));
    const products = await gqlAs(server, '{ products(filter: {sku: {eq: "EMBER-ONE"}}) { items { ... on ConfigurableProduct { configurable_options { values { uid label } } } } } }');
    const copper = products.body.data.products.items[0].configurable_options[0].values.find((v: { label: string }) => /copper/i.test(v.label));
    const byOption = await addProducts(server, id, [{ sku: 'EMBER-ONE', quantity: 1, selected_options: [copper.uid] }]);
    const skus = byOption.body.data.addProductsToCart.cart.itemsV2.items.map((i: { configured_variant: { sku: string } }) => i.configured_variant.sku);
    expect(skus).toEqual(['EMBER-ONE-SLATE', 'EMBER-ONE-COPPER']);
    const noOption = await addProducts(server, id, [{ sku: 'EMBER-ONE', quantity: 1 }]);
    expect(noOption.body.data.addProductsToCart.user_errors[0].code).toBe('UNDEFINED');
  });

  it('adds a bundle with its options and shows them on the line', async () => {
    const products = await gqlAs(server, '{ products(filter: {sku: {eq: "BUNDLE-ONE-STARTER"}}) { items { ... on BundleProduct { items { option_id required options { id quantity is_default } } } } } }');
    const options = products.body.data.products.items[0].items as { option_id: number; required: boolean; options: { id: number; quantity: number; is_default: boolean }[] }[];
    const chosen = options.filter((o) => o.required).map((o) => ({ id: o.option_id, quantity: o.options[0]!.quantity, value: [String((o.options.find((x) => x.is_default) ?? o.options[0]!).id)] }));
    const id = await newGuestCart(server);
    const r = await gqlAs(server, `mutation ($c: String!, $o: [BundleOptionInput]!) { addBundleProductsToCart(input: {cart_id: $c, cart_items: [{data: {sku: "BUNDLE-ONE-STARTER", quantity: 1}, bundle_options: $o}]}) { cart { ${CART_FIELDS} } } }`, { c: id, o: chosen });
    expect(r.body.errors).toBeUndefined();
    const item = r.body.data.addBundleProductsToCart.cart.itemsV2.items[0];
    expect(item.__typename).toBe('BundleCartItem');
    expect(item.bundle_options).toHaveLength(chosen.length);
    expect(item.prices.price_including_tax.value).toBe(129);
    const missing = await gqlAs(server, `mutation ($c: String!) { addBundleProductsToCart(input: {cart_id: $c, cart_items: [{data: {sku: "BUNDLE-ONE-STARTER", quantity: 1}, bundle_options: []}]}) { cart { id } } }`, { c: id });
    expect(missing.body.errors![0].extensions.code).toBe('UNDEFINED');
  });
});

describe('carts: bundles as the shopper configures them', () => {
  type BundleItems = { option_id: number; title: string; options: { uid: string; label: string; product: { sku: string } }[] }[];
  async function bundleOptions(sku: string): Promise<BundleItems> {
    const r = await gqlAs(server, `{ products(filter: {sku: {eq: "${sku}"}}) { items { ... on BundleProduct { items { option_id title options { uid label product { sku } } } } } } }`);
    return r.body.data.products.items[0].items;
  }
  const uidOf = (items: BundleItems, sku: string) => items.flatMap((i) => i.options).find((o) => o.product.sku === sku)!.uid;

  it('adds the options chosen by uid through addProductsToCart and keeps each choice its own line', async () => {
    const items = await bundleOptions('BUNDLE-ONE-STARTER');
    const id = await newGuestCart(server);
    const copperTeak = [uidOf(items, 'EMBER-ONE-COPPER'), uidOf(items, 'STK-TEAK-CARTON')];
    const first = await addProducts(server, id, [{ sku: 'BUNDLE-ONE-STARTER', quantity: 1, selected_options: copperTeak }]);
    expect(first.body.data.addProductsToCart.user_errors).toEqual([]);
    const line = first.body.data.addProductsToCart.cart.itemsV2.items[0];
    expect(line.bundle_options.map((o: { values: { label: string; quantity: number }[] }) => o.values.map((v) => `${v.quantity} × ${v.label}`))).toEqual([
      ['1 × Ember One Copper'], ['2 × Ember Sticks Teak Carton'],
    ]);
    const again = await addProducts(server, id, [{ sku: 'BUNDLE-ONE-STARTER', quantity: 1, selected_options: [...copperTeak].reverse() }]);
    expect(again.body.data.addProductsToCart.cart.itemsV2.items).toHaveLength(1);
    expect(again.body.data.addProductsToCart.cart.itemsV2.items[0].quantity).toBe(2);
    // The kit's order limit is 2: another choice goes in a cart holding one kit.
    const other = await newGuestCart(server);
    await addProducts(server, other, [{ sku: 'BUNDLE-ONE-STARTER', quantity: 1, selected_options: copperTeak }]);
    const sage = await addProducts(server, other, [{ sku: 'BUNDLE-ONE-STARTER', quantity: 1, selected_options: [uidOf(items, 'EMBER-ONE-IVORY'), uidOf(items, 'STK-TEAK-CARTON')] }]);
    expect(sage.body.data.addProductsToCart.user_errors).toEqual([]);
    const lines = sage.body.data.addProductsToCart.cart.itemsV2.items;
    expect(lines).toHaveLength(2);
    expect(lines[1].bundle_options[0].values[0].label).toBe('Ember One Ivory');
    expect(lines[1].prices.price_including_tax.value).toBe(129);
  });

  it('prices a kit with the extra price of a chosen selection, in the catalogue and on the cart line', async () => {
    const r = await gqlAs(server, '{ products(filter: {sku: {eq: "BUNDLE-NOVA-DUO"}}) { items { price_range { minimum_price { final_price { value } } maximum_price { final_price { value } } } ... on BundleProduct { items { options { uid price product { sku } } } } } } }');
    const kit = r.body.data.products.items[0];
    const options = kit.items.flatMap((i: { options: unknown[] }) => i.options) as { uid: string; price: number; product: { sku: string } }[];
    const copper = options.find((o) => o.product.sku === 'EMBER-NOVA-COPPER')!;
    const midnight = options.find((o) => o.product.sku === 'EMBER-NOVA-MIDNIGHT')!;
    const mint = options.find((o) => o.product.sku === 'STK-MINT-CARTON')!;
    expect(copper.price).toBe(10);
    expect(midnight.price).toBe(0);
    expect(kit.price_range.minimum_price.final_price.value).toBe(179);
    expect(kit.price_range.maximum_price.final_price.value).toBe(189);
    const id = await newGuestCart(server);
    const plain = await addProducts(server, id, [{ sku: 'BUNDLE-NOVA-DUO', quantity: 1, selected_options: [midnight.uid, mint.uid] }]);
    expect(plain.body.data.addProductsToCart.cart.itemsV2.items[0].prices.price_including_tax.value).toBe(179);
    const dear = await addProducts(server, id, [{ sku: 'BUNDLE-NOVA-DUO', quantity: 1, selected_options: [copper.uid, mint.uid] }]);
    const lines = dear.body.data.addProductsToCart.cart.itemsV2.items;
    expect(lines.map((l: { prices: { price_including_tax: { value: number } } }) => l.prices.price_including_tax.value)).toEqual([179, 189]);
    expect(dear.body.data.addProductsToCart.cart.prices.subtotal_including_tax.value).toBe(368);
  });

  it('refuses a bundle without a required choice, with two choices for one option or with another bundle\'s option', async () => {
    const one = await bundleOptions('BUNDLE-ONE-STARTER');
    const nova = await bundleOptions('BUNDLE-NOVA-DUO');
    const id = await newGuestCart(server);
    const cases = [
      [uidOf(one, 'EMBER-ONE-COPPER')],
      [uidOf(one, 'EMBER-ONE-COPPER'), uidOf(one, 'EMBER-ONE-SAGE'), uidOf(one, 'STK-TEAK-CARTON')],
      [uidOf(one, 'EMBER-ONE-COPPER'), uidOf(nova, 'STK-MINT-CARTON')],
      [uidOf(one, 'EMBER-ONE-COPPER'), Buffer.from('bundle/99999/1/1').toString('base64')],
    ];
    for (const selected of cases) {
      const r = await addProducts(server, id, [{ sku: 'BUNDLE-ONE-STARTER', quantity: 1, selected_options: selected }]);
      expect(r.status).toBe(200);
      expect(r.body.data.addProductsToCart.user_errors[0]?.code, JSON.stringify(selected)).toBe('UNDEFINED');
      expect(r.body.data.addProductsToCart.cart.itemsV2.items).toHaveLength(0);
    }
  });
});

describe('carts: limits from store config', () => {
  it('refuses more than the product order quantity limit as ITEM_QTY', async () => {
    const p = await createProduct(db, { limit: 2 });
    const id = await newGuestCart(server);
    await addProducts(server, id, [{ sku: p.sku, quantity: 2 }]);
    const over = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    expect(over.body.data.addProductsToCart.user_errors[0].code).toBe('ITEM_QTY');
    const uid = over.body.data.addProductsToCart.cart.itemsV2.items[0].uid;
    const up = await gqlAs(server, UPDATE, { c: id, u: uid, q: 3 });
    expect(up.body.errors![0].extensions.code).toBe('ITEM_QTY');
    expect((await getCart(server, id)).body.data.cart.total_quantity).toBe(2);
  });

  it('refuses more items than the store order limit (gb: 20)', async () => {
    const p = await createProduct(db);
    const q = await createProduct(db);
    const id = await newGuestCart(server);
    await addProducts(server, id, [{ sku: p.sku, quantity: 15 }]);
    const over = await addProducts(server, id, [{ sku: q.sku, quantity: 6 }]);
    expect(over.body.data.addProductsToCart.user_errors[0]).toMatchObject({ code: 'ITEM_QTY' });
    const fits = await addProducts(server, id, [{ sku: q.sku, quantity: 5 }]);
    expect(fits.body.data.addProductsToCart.cart.total_quantity).toBe(20);
  });

  it('refuses more cartons than the cartons limit (de: 8) as CARTONS_LIMIT', async () => {
    const carton = await createProduct(db, { kind: 'sticks_carton' });
    const id = await newGuestCart(server, 'de');
    const over = await addProducts(server, id, [{ sku: carton.sku, quantity: 9 }], { store: 'de' });
    expect(over.body.data.addProductsToCart.user_errors[0].code).toBe('CARTONS_LIMIT');
    const fits = await addProducts(server, id, [{ sku: carton.sku, quantity: 8 }], { store: 'de' });
    expect(fits.body.data.addProductsToCart.user_errors).toEqual([]);
  });

  it('adds free gifts only with their product, at no cost, within the gift basket limit, and skips gift quantities of 0', async () => {
    const p = await createProduct(db);
    const gift = await createProduct(db, { kind: 'gift', price: 0 });
    const gift2 = await createProduct(db, { kind: 'gift', price: 0 });
    const gift3 = await createProduct(db, { kind: 'gift', price: 0 });
    await makePromotion(db, { type: 'free_gift_fixed', trigger: [p.sku], skus: [gift.sku, gift2.sku, gift3.sku], allowed: 5 });
    const id = await newGuestCart(server);
    const orphan = await addProducts(server, id, [giftOf(gift.sku, p.sku)]);
    expect(orphan.body.data.addProductsToCart.user_errors[0].code).toBe('GIFT_ERROR');
    const notGift = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }, giftOf(p.sku, p.sku)]);
    expect(notGift.body.data.addProductsToCart.user_errors[0].code).toBe('GIFT_ERROR');
    const ok = await addProducts(server, id, [giftOf(gift.sku, p.sku), giftOf(gift2.sku, p.sku), giftOf(gift3.sku, p.sku, 0)]);
    expect(ok.body.data.addProductsToCart.user_errors).toEqual([]);
    const cart = ok.body.data.addProductsToCart.cart;
    expect(cart.itemsV2.items.filter((i: { is_gift: boolean }) => i.is_gift)).toHaveLength(2);
    expect(cart.prices.grand_total.value).toBe(12);
    const third = await addProducts(server, id, [giftOf(gift3.sku, p.sku)]);
    expect(third.body.data.addProductsToCart.user_errors[0].code).toBe('GIFT_ERROR');
    const parentUid = cart.itemsV2.items.find((i: { is_gift: boolean }) => !i.is_gift).uid;
    const removed = await gqlAs(server, REMOVE, { c: id, u: parentUid });
    expect(removed.body.data.removeItemFromCart.cart.itemsV2.total_count).toBe(0);
  });

  it('flags a line whose stock fell below its quantity with an ITEM_QTY item error', async () => {
    const p = await createProduct(db, { stock: 5 });
    const id = await newGuestCart(server);
    await addProducts(server, id, [{ sku: p.sku, quantity: 4 }]);
    await db.query('UPDATE inventory_stock SET quantity = 2 WHERE product_id = $1', [p.id]);
    server.app.services.catalog.invalidate();
    const cart = (await getCart(server, id)).body.data.cart;
    expect(cart.itemsV2.items[0]).toMatchObject({ is_available: false, errors: [{ code: 'ITEM_QTY' }] });
  });
});

describe('carts: coupons', () => {
  it('applies a percent coupon, shows the discount with its label and code, and removes it', async () => {
    const p = await createProduct(db, { price: 5000 });
    const code = await makeCoupon(db, { value: 1000 });
    const id = await newGuestCart(server);
    await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    const r = await gqlAs(server, APPLY, { c: id, code: code.toLowerCase() });
    const cart = r.body.data.applyCouponToCart.cart;
    expect(cart.applied_coupons).toEqual([{ code, label: `Test ${code}` }]);
    expect(cart.prices.discounts).toEqual([{ label: `Test ${code}`, amount: { value: 5 }, coupon_code: code }]);
    expect(cart.prices.grand_total.value).toBe(45);
    expect(cart.itemsV2.items[0].prices.total_item_discount.value).toBe(5);
    const removed = await gqlAs(server, `mutation ($c: String!) { removeCouponFromCart(input: {cart_id: $c}) { cart { applied_coupons { code } prices { grand_total { value } } } } }`, { c: id });
    expect(removed.body.data.removeCouponFromCart.cart).toEqual({ applied_coupons: null, prices: { grand_total: { value: 50 } } });
  });

  it('replaces the applied coupon, applies comma-joined codes, and keeps the good ones when one fails', async () => {
    const p = await createProduct(db, { price: 5000 });
    const a = await makeCoupon(db, { value: 1000 });
    const b = await makeCoupon(db, { type: 'fixed', value: 500, store: 'gb' });
    const expired = await makeCoupon(db, { to: '2021-01-01T00:00:00Z' });
    const id = await newGuestCart(server);
    await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    await gqlAs(server, APPLY, { c: id, code: a });
    const both = await gqlAs(server, APPLY, { c: id, code: `${b}, ${a}` });
    expect(both.body.data.applyCouponToCart.cart.applied_coupons.map((c: { code: string }) => c.code)).toEqual([b, a]);
    expect(both.body.data.applyCouponToCart.cart.prices.grand_total.value).toBe(40.5);
    const partial = await gqlAs(server, APPLY, { c: id, code: `${b},NOPE-${b},${expired}` });
    expect(partial.body.errors![0].message).toBe(`The coupon code "NOPE-${b}" is not valid.`);
    const after = (await getCart(server, id)).body.data.cart;
    expect(after.applied_coupons.map((c: { code: string }) => c.code)).toEqual([b]);
  });

  it('refuses a coupon below its minimum subtotal and a coupon of another store', async () => {
    const p = await createProduct(db, { price: 1000 });
    const min = await makeCoupon(db, { min: 3000 });
    const deOnly = await makeCoupon(db, { type: 'fixed', value: 100, store: 'de' });
    const id = await newGuestCart(server);
    await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    const low = await gqlAs(server, APPLY, { c: id, code: min });
    expect(low.body.errors![0].message).toMatch(/at least £30\.00/);
    const other = await gqlAs(server, APPLY, { c: id, code: deOnly });
    expect(other.body.errors![0].message).toMatch(/is not valid/);
    expect((await getCart(server, id)).body.data.cart.applied_coupons).toBeNull();
  });

  it('limits coupon guesses per cart', async () => {
    const p = await createProduct(db);
    const id = await newGuestCart(server);
    await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 11; i++) codes.push((await gqlAs(server, APPLY, { c: id, code: `GUESS${i}XX` })).body.errors![0].extensions.code);
    expect(codes.slice(0, 10).every((c) => c === 'VALIDATION_FAILED')).toBe(true);
    expect(codes[10]).toBe('RATE_LIMITED');
  });

  it('limits coupon attempts per client address across carts', async () => {
    // A server of its own, with production's per-IP budget (30 attempts in 10 minutes).
    const strict = await startTestServer({ RATE_LIMIT_IP_FACTOR: '1' });
    try {
      const p = await createProduct(db);
      const carts: string[] = [];
      for (let i = 0; i < 4; i++) {
        const c = await newGuestCart(strict);
        await addProducts(strict, c, [{ sku: p.sku, quantity: 1 }]);
        carts.push(c);
      }
      const codes: string[] = [];
      for (let i = 0; i < 31; i++) codes.push((await gqlAs(strict, APPLY, { c: carts[i % 4], code: `IPGUESS${i}` })).body.errors![0].extensions.code);
      expect(codes.slice(0, 30).every((c) => c === 'VALIDATION_FAILED')).toBe(true);
      expect(codes[30]).toBe('RATE_LIMITED');
    } finally {
      await strict.close();
    }
  });

  it('refuses a loyalty campaign on a guest cart, which has no points', async () => {
    const id = await newGuestCart(server);
    const r = await gqlAs(server, `mutation ($c: String!) { applyCampaignToCart(input: {cart_id: $c, campaign_uuid: "7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0101"}) { cart { id } } }`, { c: id });
    expect(r.body.errors![0].extensions.code).toBe('UNAUTHORISED');
  });
});

describe('carts: merging', () => {
  it('merges a guest cart into the customer cart with the login token, adding equal lines, and retires the guest cart', async () => {
    const p = await createProduct(db);
    const q = await createProduct(db);
    const guest = await newGuestCart(server);
    await addProducts(server, guest, [{ sku: p.sku, quantity: 2 }, { sku: q.sku, quantity: 1 }]);
    const customer = await createCustomer(server);
    const mine = (await gqlAs(server, 'query { customerCart { id } }', {}, { token: customer.token })).body.data.customerCart.id;
    await addProducts(server, mine, [{ sku: p.sku, quantity: 1 }], { token: customer.token });
    const merged = await gqlAs(server, `mutation ($s: String!, $d: String) { mergeCarts(source_cart_id: $s, destination_cart_id: $d) { id total_quantity itemsV2 { items { quantity product { sku } } } } }`, { s: guest, d: mine }, { token: customer.token });
    expect(merged.body.data.mergeCarts.id).toBe(mine);
    expect(merged.body.data.mergeCarts.itemsV2.items).toEqual([{ quantity: 3, product: { sku: p.sku } }, { quantity: 1, product: { sku: q.sku } }]);
    // A merged cart is gone: its id answers as a random one does.
    const old = await getCart(server, guest);
    expect(old.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
  });

  it('keeps every coupon still valid for the customer after a merge and names the dropped ones with the reason', async () => {
    const p = await createProduct(db, { price: 4000 });
    const [kept, usedByCustomer, withdrawn] = [await makeCoupon(db), await makeCoupon(db, { usesPerCustomer: 1 }), await makeCoupon(db)];
    const customer = await createCustomer(server);
    const mine = (await gqlAs(server, 'query { customerCart { id } }', {}, { token: customer.token })).body.data.customerCart.id;
    await addProducts(server, mine, [{ sku: p.sku, quantity: 1 }], { token: customer.token });
    expect((await gqlAs(server, APPLY, { c: mine, code: withdrawn }, { token: customer.token })).body.errors).toBeUndefined();
    // A guest applies two codes; one of them this customer has used before, and the customer's own code is withdrawn meanwhile.
    const guest = await newGuestCart(server);
    await addProducts(server, guest, [{ sku: p.sku, quantity: 1 }]);
    const applied = await gqlAs(server, APPLY, { c: guest, code: `${kept},${usedByCustomer}` });
    expect(applied.body.data.applyCouponToCart.cart.applied_coupons.map((c: { code: string }) => c.code)).toEqual([kept, usedByCustomer]);
    await db.query(`INSERT INTO cart_rule_usage (rule_id, customer_key, times_used) SELECT id, $2, 1 FROM cart_rule WHERE code = $1`, [usedByCustomer, customer.uuid]);
    await db.query(`UPDATE cart_rule SET is_active = false WHERE code = $1`, [withdrawn]);

    const merged = await gqlAs(
      server,
      `mutation ($s: String!) { mergeCarts(source_cart_id: $s) { id total_quantity applied_coupons { code } prices { discounts { amount { value } } } dropped_on_merge { type code reason message } } }`,
      { s: guest },
      { token: customer.token },
    );
    expect(merged.body.errors).toBeUndefined();
    const cart = merged.body.data.mergeCarts;
    expect(cart.id).toBe(mine);
    expect(cart.total_quantity).toBe(2);
    expect(cart.applied_coupons).toEqual([{ code: kept }]);
    // 10 % of 2 × 40.00.
    expect(cart.prices.discounts).toEqual([{ amount: { value: 8 } }]);
    expect(cart.dropped_on_merge).toEqual([
      { type: 'COUPON', code: withdrawn, reason: 'NOT_VALID', message: `The coupon code "${withdrawn}" is not valid.` },
      { type: 'COUPON', code: usedByCustomer, reason: 'ALREADY_USED', message: `The coupon code "${usedByCustomer}" has already been used.` },
    ]);
    // The answer of any other call has nothing to say about a merge.
    const read = await gqlAs(server, 'query ($c: String!) { cart(cart_id: $c) { applied_coupons { code } dropped_on_merge { code } } }', { c: mine }, { token: customer.token });
    expect(read.body.data.cart).toEqual({ applied_coupons: [{ code: kept }], dropped_on_merge: null });
  });

  it('keeps a guest’s coupon when the customer’s cart has none, as EMBER5 is kept at sign-in', async () => {
    const p = await createProduct(db, { price: 4000 });
    const guest = await newGuestCart(server);
    await addProducts(server, guest, [{ sku: p.sku, quantity: 1 }]);
    await gqlAs(server, APPLY, { c: guest, code: 'EMBER5' });
    const customer = await createCustomer(server);
    const merged = await gqlAs(server, `mutation ($s: String!) { mergeCarts(source_cart_id: $s) { applied_coupons { code } dropped_on_merge { code } } }`, { s: guest }, { token: customer.token });
    expect(merged.body.data.mergeCarts).toEqual({ applied_coupons: [{ code: 'EMBER5' }], dropped_on_merge: [] });
  });

  it('merges with the magento_token of a legacy-family login', async () => {
    const c = await createCustomer(server);
    const legacy = await restCall(server, 'POST', '/account-legacy/login', { email: c.email, password: PASSWORD }, { store: 'gb' });
    expect(legacy.status).toBe(200);
    const p = await createProduct(db);
    const guest = await newGuestCart(server);
    await addProducts(server, guest, [{ sku: p.sku, quantity: 1 }]);
    const merged = await gqlAs(server, `mutation ($s: String!) { mergeCarts(source_cart_id: $s) { total_quantity } }`, { s: guest }, { token: legacy.body.magento_token });
    expect(merged.body.data.mergeCarts.total_quantity).toBe(1);
    const mine = await gqlAs(server, 'query { customerCart { total_quantity } }', {}, { token: c.token });
    expect(mine.body.data.customerCart.total_quantity).toBe(1);
  });

  it('knows the signed-in customer by the storefront\'s session cookie, and treats an expired cookie as a guest', async () => {
    const c = await createCustomer(server);
    const login = await fetch(`${server.url}/account/users/authentication/sessions`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const withCookie = (query: string, variables: Record<string, unknown> = {}, cookieHeader = cookie) => fetch(`${server.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, store: 'gb', cookie: cookieHeader }, body: JSON.stringify({ query, variables }),
    }).then((r) => r.json() as Promise<{ data?: any; errors?: any[] }>);
    const byCookie = await withCookie('query { customerCart { id } }');
    const byToken = await gqlAs(server, 'query { customerCart { id } }', {}, { token: c.token });
    expect(byCookie.data.customerCart.id).toBe(byToken.body.data.customerCart.id);
    const guest = await newGuestCart(server);
    const p = await createProduct(db);
    await addProducts(server, guest, [{ sku: p.sku, quantity: 1 }]);
    // The same browser carries the guest cart's credential next to the session.
    const merged = await withCookie('mutation ($s: String!) { mergeCarts(source_cart_id: $s) { total_quantity } }', { s: guest }, `${cookie}; ${suiteJar(server).cookie}`);
    expect(merged.data.mergeCarts.total_quantity).toBe(1);
    const stale = await withCookie('query { customerCart { id } }', {}, 'ember_session=expired-or-unknown');
    expect(stale.errors![0].extensions.code).toBe('UNAUTHORISED');
    const guestRead = await withCookie('query ($c: String!) { cart(cart_id: $c) { id } }', { c: await newGuestCart(server) }, 'ember_session=expired-or-unknown');
    expect(guestRead.errors).toBeUndefined();
  });

  it('refuses to merge for a guest and refuses another customer\'s cart as a source', async () => {
    const guest = await newGuestCart(server);
    const anonymous = await gqlAs(server, `mutation ($s: String!) { mergeCarts(source_cart_id: $s) { id } }`, { s: guest });
    expect(anonymous.body.errors![0].extensions.code).toBe('UNAUTHORISED');
    const a = await createCustomer(server);
    const b = await createCustomer(server);
    const bCart = (await gqlAs(server, 'query { customerCart { id } }', {}, { token: b.token })).body.data.customerCart.id;
    const stolen = await gqlAs(server, `mutation ($s: String!) { mergeCarts(source_cart_id: $s) { id } }`, { s: bCart }, { token: a.token });
    expect(stolen.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
  });
});

describe('carts: messages in the store view\'s language', () => {
  it('refuses coupons in German in the de store view: an unknown code and one below its minimum subtotal, in euros as Germany writes them', async () => {
    const p = await createProduct(db, { price: 1000 });
    const min = await makeCoupon(db, { min: 4000 });
    const id = await newGuestCart(server, 'de');
    await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], { store: 'de' });
    const unknown = await gqlAs(server, APPLY, { c: id, code: 'NO-SUCH-CODE' }, { store: 'de' });
    expect(unknown.body.errors![0].message).toBe('Der Gutscheincode „NO-SUCH-CODE“ ist nicht gültig.');
    expect(unknown.body.errors![0].extensions!.code).toBe('VALIDATION_FAILED');
    const low = await gqlAs(server, APPLY, { c: id, code: min }, { store: 'de' });
    expect(low.body.errors![0].message).toBe(`Der Gutscheincode „${min}“ gilt ab einer Zwischensumme von 40,00\u00a0€.`);
    // The same refusal in the English store view stays English.
    const gb = await newGuestCart(server);
    await addProducts(server, gb, [{ sku: p.sku, quantity: 1 }]);
    expect((await gqlAs(server, APPLY, { c: gb, code: 'NO-SUCH-CODE' })).body.errors![0].message).toBe('The coupon code "NO-SUCH-CODE" is not valid.');
  });

  it('says a refusal without words of its own with its code\'s German sentence, never the English message', async () => {
    const gone = await gqlAs(server, APPLY, { c: 'no-such-cart-id-000000000000000', code: 'X' }, { store: 'de' });
    expect(gone.body.errors![0].extensions!.code).toBe('CART_NOT_FOUND');
    expect(gone.body.errors![0].message).toBe(CODE_SENTENCES.CART_NOT_FOUND.de);
  });
});
