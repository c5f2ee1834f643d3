import { randomUUID } from 'node:crypto';
import { addToCart, createOperator, createProduct, gql, newGuestCart, newJar, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

const TOKEN = 'coupon-console-token-0123456789abcdef0123';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: TOKEN });

const APPLY = `mutation ($c: String!, $code: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: $code}) {
  cart { applied_coupons { code } prices { discounts { amount { value } } grand_total { value } } } } }`;
let marketing: TestOperator;
let support: TestOperator;
beforeAll(async () => {
  [marketing, support] = await Promise.all([createOperator(server, TOKEN, 'marketing'), createOperator(server, TOKEN, 'support')]);
});
const code = () => `C${randomUUID().slice(0, 8).toUpperCase()}`;

describe('coupons in the console', () => {
  it('creates a coupon a shopper can use at once, and audits it', async () => {
    const c = code();
    const made = await marketing.call('POST', '/admin/promotions/coupons', { code: c.toLowerCase(), label: 'Ten off', discount_type: 'percent', discount_value: 1000, store_code: 'gb', uses_per_customer: 1 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ code: c, discount_value: 1000, store_code: 'gb', times_used: 0, is_active: true });

    const product = await createProduct(db, { stores: ['gb'], price: 2000, stock: 5 });
    const jar = newJar();
    const cart = await newGuestCart(server, { store: 'gb', jar });
    await addToCart(server, cart, [{ sku: product.sku, quantity: 1 }], { store: 'gb', jar });
    const applied = await gql(server, APPLY, { c: cart, code: c }, { store: 'gb', jar });
    expect(applied.body.errors).toBeUndefined();
    expect(applied.body.data.applyCouponToCart.cart.applied_coupons).toEqual([{ code: c }]);
    expect(applied.body.data.applyCouponToCart.cart.prices.discounts[0].amount.value).toBe(2);

    const log = await (await createOperator(server, TOKEN, 'owner')).call('GET', `/admin/audit?entity_type=coupon&entity_id=${c}`);
    expect(log.body.items[0]).toMatchObject({ action: 'coupon.create', actor_label: marketing.email, after: expect.objectContaining({ code: c }) });

    // Switched off, it no longer applies.
    const off = await marketing.call('PATCH', `/admin/promotions/coupons/${made.body.id}`, { is_active: false });
    expect(off.body.is_active).toBe(false);
    const cart2 = await newGuestCart(server, { store: 'gb', jar });
    await addToCart(server, cart2, [{ sku: product.sku, quantity: 1 }], { store: 'gb', jar });
    const refused = await gql(server, APPLY, { c: cart2, code: c }, { store: 'gb', jar });
    expect(refused.body.errors?.length ?? 0).toBeGreaterThan(0);
  });

  it('lists and finds coupons by code or label, and support may read but not change them', async () => {
    const c = code();
    await marketing.call('POST', '/admin/promotions/coupons', { code: c, label: 'Winter boots sale', discount_type: 'fixed', discount_value: 500, store_code: 'de' });
    const byCode = await support.call('GET', `/admin/promotions/coupons?q=${c.slice(0, 5)}`);
    expect(byCode.body.items.map((i: { code: string }) => i.code)).toContain(c);
    const byLabel = await support.call('GET', `/admin/promotions/coupons?q=winter%20boots&store=de`);
    expect(byLabel.body.items.map((i: { code: string }) => i.code)).toContain(c);
    expect((await support.call('GET', '/admin/promotions/coupons?q=%25')).status).toBe(200);
    expect((await support.call('POST', '/admin/promotions/coupons', { code: code(), label: 'x', discount_type: 'percent', discount_value: 100 })).status).toBe(403);
    const fulfilment = await createOperator(server, TOKEN, 'fulfilment');
    expect((await fulfilment.call('GET', '/admin/promotions/coupons')).status).toBe(403);
    expect((await restCall(server, 'GET', '/admin/promotions/coupons')).status).toBe(401);
  });

  it('refuses what a coupon cannot be, and limits below the uses already made', async () => {
    const bad = (body: object) => marketing.call('POST', '/admin/promotions/coupons', { code: code(), label: 'Bad', discount_type: 'percent', discount_value: 100, ...body });
    expect((await bad({ discount_value: 10_001 })).status).toBe(400);
    expect((await bad({ discount_type: 'fixed' })).status).toBe(400);
    expect((await bad({ code: 'ab' })).status).toBe(400);
    expect((await bad({ store_code: 'nowhere' })).status).toBe(400);
    expect((await bad({ from_at: '2030-01-02T00:00:00Z', to_at: '2030-01-01T00:00:00Z' })).status).toBe(400);
    expect((await bad({ label: '<b>x</b>' })).status).toBe(400);
    const c = code();
    const made = await bad({ code: c });
    expect(made.status).toBe(201);
    expect((await bad({ code: c })).status).toBe(409);
    await db.query('UPDATE cart_rule SET times_used = 3 WHERE id = $1', [made.body.id]);
    expect((await marketing.call('PATCH', `/admin/promotions/coupons/${made.body.id}`, { uses_per_coupon: 2 })).status).toBe(400);
    expect((await marketing.call('PATCH', `/admin/promotions/coupons/${made.body.id}`, { uses_per_coupon: 3 })).status).toBe(200);
    expect((await marketing.call('PATCH', `/admin/promotions/coupons/${made.body.id}`, {})).status).toBe(400);
    expect((await marketing.call('PATCH', '/admin/promotions/coupons/999999999', { is_active: false })).status).toBe(404);
  });
});
