import { randomUUID } from 'node:crypto';
import { createCustomer, createOperator, createProduct, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { gqlAs, newGuestCart, PROMO_FIELDS } from './cart.fixtures.js';

const TOKEN = 'promotion-console-token-0123456789abcdef01';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
  // Nothing listens to the database's announcements here: a change must reach carts through the route itself.
}, { ADMIN_TOKEN: TOKEN, CHANGES_LISTEN: 'false' });

let marketing: TestOperator;
let support: TestOperator;
let owner: TestOperator;
beforeAll(async () => {
  [marketing, support, owner] = await Promise.all([createOperator(server, TOKEN, 'marketing'), createOperator(server, TOKEN, 'support'), createOperator(server, TOKEN, 'owner')]);
});
const code = () => `P${randomUUID().slice(0, 8).toUpperCase()}`;

interface Item { quantity: number; is_gift: boolean; product: { sku: string }; free_gifts: { code: string; allowed_qty: number; products: { sku: string; is_eligible: boolean }[] }[] }
const ADD = `mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { ${PROMO_FIELDS} } user_errors { code message } } }`;
const READ = `query ($c: String!) { cart(cart_id: $c) { ${PROMO_FIELDS} } }`;
/** A checkout field: priced with the store view's promotions as this process keeps them. */
const EMAIL = `mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: $e}) { cart { ${PROMO_FIELDS} } } }`;

async function itemsAtCheckout(cartId: string): Promise<Item[]> {
  const r = await gqlAs(server, EMAIL, { c: cartId, e: 'gift-shopper@example.com' });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.setGuestEmailOnCart.cart.itemsV2.items as Item[];
}

async function cartItems(cartId: string, add?: Record<string, unknown>[]): Promise<Item[]> {
  const r = add ? await gqlAs(server, ADD, { c: cartId, i: add }) : await gqlAs(server, READ, { c: cartId });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return (add ? r.body.data.addProductsToCart.cart : r.body.data.cart).itemsV2.items as Item[];
}

async function auditOf(entityType: string, entityId: string) {
  const log = await owner.call('GET', `/admin/audit?entity_type=${entityType}&entity_id=${encodeURIComponent(entityId)}`);
  return log.body.items as { action: string; actor_label: string; before: unknown; after: Record<string, unknown> }[];
}

describe('free-gift and conditional promotions in the console', () => {
  it('creates a free gift that a cart offers at once, changes its allowance and switches it off, each audited', async () => {
    const [device, pouch, lanyard] = await Promise.all([createProduct(db, { price: 4000 }), createProduct(db, { kind: 'gift', price: 500 }), createProduct(db, { kind: 'gift', price: 500 })]);
    const c = code();
    const made = await marketing.call('POST', '/admin/promotions/cart-promotions', {
      code: c.toLowerCase(), store_code: 'gb', type: 'free_gift_fixed', trigger_skus: [device.sku], skus: [pouch.sku], allowed_qty: 1,
      texts: { en: { title: 'A free pouch', label: 'Gift', hint: '' }, de: { title: 'Ein Beutel gratis' } },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ code: c, store_code: 'gb', is_active: true, trigger_skus: [device.sku], skus: [pouch.sku], allowed_qty: 1, texts: { en: { title: 'A free pouch', label: 'Gift' }, de: { title: 'Ein Beutel gratis' } } });

    const cart = await newGuestCart(server);
    const line = (await cartItems(cart, [{ sku: device.sku, quantity: 1 }])).find((i) => i.product.sku === device.sku)!;
    expect(line.free_gifts).toEqual([expect.objectContaining({ code: c, allowed_qty: 1, products: [expect.objectContaining({ sku: pouch.sku, is_eligible: true })] })]);

    expect((await itemsAtCheckout(cart)).find((i) => i.product.sku === device.sku)!.free_gifts[0]).toMatchObject({ code: c, allowed_qty: 1 });

    // Two gifts of each now, and a lanyard too: the same cart shows it on its next read, at checkout too.
    const changed = await marketing.call('PATCH', `/admin/promotions/cart-promotions/${made.body.id}`, { skus: [pouch.sku, lanyard.sku], allowed_qty: 2 });
    expect(changed.status).toBe(200);
    const again = (await cartItems(cart)).find((i) => i.product.sku === device.sku)!;
    expect(again.free_gifts[0]).toMatchObject({ code: c, allowed_qty: 2, products: [{ sku: pouch.sku }, { sku: lanyard.sku }] });
    expect((await itemsAtCheckout(cart)).find((i) => i.product.sku === device.sku)!.free_gifts[0]).toMatchObject({ code: c, allowed_qty: 2 });

    const off = await marketing.call('PATCH', `/admin/promotions/cart-promotions/${made.body.id}`, { is_active: false });
    expect(off.body.is_active).toBe(false);
    expect((await cartItems(cart)).find((i) => i.product.sku === device.sku)!.free_gifts).toEqual([]);
    expect((await itemsAtCheckout(cart)).find((i) => i.product.sku === device.sku)!.free_gifts).toEqual([]);

    const log = await auditOf('cart_promotion', c);
    expect(log.map((e) => e.action)).toEqual(['cart_promotion.update', 'cart_promotion.update', 'cart_promotion.create']);
    expect(log[0]).toMatchObject({ actor_label: marketing.email, before: expect.objectContaining({ is_active: true }), after: expect.objectContaining({ is_active: false }) });
  });

  it('lists and finds promotions by code, SKU, store view and type; support reads, others are refused', async () => {
    const device = await createProduct(db, { stores: ['de'], price: 4000 });
    const c = code();
    const made = await marketing.call('POST', '/admin/promotions/cart-promotions', { code: c, store_code: 'de', type: 'conditional_purchase', trigger_skus: [], min_subtotal_minor: 5000, skus: [device.sku] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ allowed_qty: null, min_subtotal_minor: 5000, texts: {} });
    const bySku = await support.call('GET', `/admin/promotions/cart-promotions?q=${device.sku}`);
    expect(bySku.body.items.map((p: { code: string }) => p.code)).toEqual([c]);
    const byCode = await support.call('GET', `/admin/promotions/cart-promotions?q=${c.slice(0, 6)}&store=de&type=conditional_purchase&active=true`);
    expect(byCode.body.items.map((p: { code: string }) => p.code)).toContain(c);
    expect((await support.call('GET', `/admin/promotions/cart-promotions/${made.body.id}`)).body.code).toBe(c);
    expect((await support.call('GET', '/admin/promotions/cart-promotions/999999')).status).toBe(404);
    expect((await support.call('PATCH', `/admin/promotions/cart-promotions/${made.body.id}`, { is_active: false })).status).toBe(403);
    const fulfilment = await createOperator(server, TOKEN, 'fulfilment');
    expect((await fulfilment.call('GET', '/admin/promotions/cart-promotions')).status).toBe(403);
    expect((await restCall(server, 'GET', '/admin/promotions/cart-promotions')).status).toBe(401);
    const customer = await createCustomer(server);
    expect((await restCall(server, 'GET', '/admin/promotions/cart-promotions', undefined, { token: customer.token })).status).toBe(401);
  });

  it('refuses what a promotion cannot be with 400s in the spec\'s words, and a taken code with 409', async () => {
    const [device, pouch] = await Promise.all([createProduct(db), createProduct(db, { kind: 'gift' })]);
    const good = { store_code: 'gb', type: 'free_gift_fixed', trigger_skus: [device.sku], skus: [pouch.sku], allowed_qty: 1 };
    const bad = (body: object) => marketing.call('POST', '/admin/promotions/cart-promotions', { code: code(), ...good, ...body });
    for (const body of [
      { skus: ['NO-SUCH-PRODUCT-XYZ'] },
      { trigger_skus: ['NO-SUCH-TRIGGER-XYZ'] },
      { allowed_qty: 0 },
      { allowed_qty: null },
      { trigger_skus: [] },
      { skus: [] },
      { skus: [pouch.sku, pouch.sku] },
      { from_at: '2030-01-02T00:00:00Z', to_at: '2030-01-01T00:00:00Z' },
      { store_code: 'nowhere' },
      { type: 'half_price' },
      { min_qty: -1 },
      { type: 'conditional_purchase', trigger_skus: [] },
      { texts: { en: { title: '<script>' } } },
      { code: 'x' },
    ]) {
      const r = await bad(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(['VALIDATION_FAILED', 'UNKNOWN_STORE']).toContain(r.body.error.code);
    }
    const c = code();
    const made = await bad({ code: c });
    expect(made.status).toBe(201);
    expect((await bad({ code: c })).status).toBe(409);
    const patch = (body: object) => marketing.call('PATCH', `/admin/promotions/cart-promotions/${made.body.id}`, body);
    expect((await patch({ to_at: '2020-01-01T00:00:00Z', from_at: '2021-01-01T00:00:00Z' })).status).toBe(400);
    expect((await patch({ allowed_qty: null })).status).toBe(400);
    expect((await patch({ skus: ['NO-SUCH-PRODUCT-XYZ'] })).status).toBe(400);
    expect((await patch({ code: 'OTHER' })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    expect((await marketing.call('PATCH', '/admin/promotions/cart-promotions/999999', { is_active: false })).status).toBe(404);
  });
});
