import { createOperator, createOrder, createProduct, gqlData, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

const TOKEN = 'catalogue-console-token-0123456789abcdef';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: TOKEN });

let fulfilment: TestOperator;
let marketing: TestOperator;
let support: TestOperator;
beforeAll(async () => {
  [fulfilment, marketing, support] = await Promise.all([createOperator(server, TOKEN, 'fulfilment'), createOperator(server, TOKEN, 'marketing'), createOperator(server, TOKEN, 'support')]);
});

const priceOf = async (sku: string, store = 'gb') => (await gqlData(server, `query ($s: String!) { products(filter: { sku: { eq: $s } }) { items { price_range { minimum_price { final_price { value } } } } } }`, { s: sku }, { store }))
  .products.items[0]?.price_range.minimum_price.final_price.value as number | undefined;

describe('the console\'s catalogue', () => {
  it('counts and adjusts stock with a reason, and keeps every movement with its source', async () => {
    const p = await createProduct(db, { stores: ['gb'], price: 900, stock: 10 });
    const counted = await fulfilment.call('POST', `/admin/catalogue/products/${p.sku}/stock`, { mode: 'set', quantity: 25, reason: 'Quarterly count', low_stock_threshold: 4 });
    expect(counted.status).toBe(200);
    expect(counted.body).toMatchObject({ quantity: 25, low_stock_threshold: 4 });
    await createOrder(server, { items: [{ sku: p.sku, quantity: 3 }] });
    const adjusted = await fulfilment.call('POST', `/admin/catalogue/products/${p.sku}/stock`, { mode: 'adjust', quantity: -2, reason: 'Two damaged in the warehouse' });
    expect(adjusted.body.quantity).toBe(20);
    expect(adjusted.body.movements.slice(0, 3)).toEqual([
      expect.objectContaining({ delta: -2, quantity_after: 20, source: 'operator', actor: fulfilment.email, reason: 'Two damaged in the warehouse' }),
      expect.objectContaining({ delta: -3, quantity_after: 22, source: 'sale', actor: null }),
      expect.objectContaining({ delta: 15, quantity_after: 25, source: 'operator', reason: 'Quarterly count' }),
    ]);
    // Less than none is refused, and nothing moves.
    const under = await fulfilment.call('POST', `/admin/catalogue/products/${p.sku}/stock`, { mode: 'adjust', quantity: -21, reason: 'Too many' });
    expect(under.status).toBe(400);
    expect((await fulfilment.call('GET', `/admin/catalogue/products/${p.sku}`)).body).toMatchObject({ quantity: 20, movements: expect.arrayContaining([]) });
    expect((await fulfilment.call('GET', `/admin/catalogue/products/${p.sku}`)).body.movements).toHaveLength(3);
    const low = await fulfilment.call('GET', `/admin/catalogue/products?q=${p.sku}&low_stock=false`);
    expect(low.body.items.map((i: { sku: string }) => i.sku)).toEqual([p.sku]);
    const audit = await (await createOperator(server, TOKEN, 'owner')).call('GET', `/admin/audit?entity_type=product&entity_id=${p.sku}`);
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual(['stock.adjust', 'stock.set']);
  });

  it('sets a price per store view that shoppers see on their next request; support cannot change prices', async () => {
    const p = await createProduct(db, { stores: ['gb'], price: 1500, stock: 5 });
    expect(await priceOf(p.sku)).toBe(15);
    expect((await support.call('PUT', `/admin/catalogue/products/${p.sku}/prices/gb`, { regular_minor: 100 })).status).toBe(403);
    expect((await fulfilment.call('PUT', `/admin/catalogue/products/${p.sku}/prices/gb`, { regular_minor: 100 })).status).toBe(403);
    const set = await marketing.call('PUT', `/admin/catalogue/products/${p.sku}/prices/gb`, { regular_minor: 1800, special_minor: 1600 });
    expect(set.status).toBe(200);
    expect(set.body.prices).toEqual([{ store_code: 'gb', currency: 'GBP', regular_minor: 1800, special_minor: 1600 }]);
    await expect.poll(() => priceOf(p.sku), { timeout: 5000 }).toBe(16);
    // A price in a new store view puts the product on sale there, in that store view's currency.
    expect(await priceOf(p.sku, 'de')).toBeUndefined();
    const de = await marketing.call('PUT', `/admin/catalogue/products/${p.sku}/prices/de`, { regular_minor: 2000 });
    expect(de.body.prices).toContainEqual({ store_code: 'de', currency: 'EUR', regular_minor: 2000, special_minor: null });
    await expect.poll(() => priceOf(p.sku, 'de'), { timeout: 5000 }).toBe(20);
    const audit = await (await createOperator(server, TOKEN, 'owner')).call('GET', `/admin/audit?action=price.set&entity_id=${p.sku}`);
    expect(audit.body.items).toHaveLength(2);
    expect(audit.body.items[1]).toMatchObject({ actor_label: marketing.email, before: [{ store_code: 'gb', regular_minor: 1500 }], after: [{ store_code: 'gb', regular_minor: 1800, special_minor: 1600 }] });
  });

  it('refuses bad prices and counts, unknown products and store views, and anyone without a console session', async () => {
    const p = await createProduct(db, { stores: ['gb'], price: 1500, stock: 5 });
    expect((await marketing.call('PUT', `/admin/catalogue/products/${p.sku}/prices/gb`, { regular_minor: 100, special_minor: 200 })).status).toBe(400);
    expect((await marketing.call('PUT', `/admin/catalogue/products/${p.sku}/prices/gb`, { regular_minor: -1 })).status).toBe(400);
    expect((await marketing.call('PUT', `/admin/catalogue/products/${p.sku}/prices/nowhere`, { regular_minor: 100 })).status).toBe(400);
    expect((await marketing.call('PUT', '/admin/catalogue/products/NO-SUCH-SKU/prices/gb', { regular_minor: 100 })).status).toBe(404);
    expect((await fulfilment.call('POST', `/admin/catalogue/products/${p.sku}/stock`, { mode: 'set', quantity: -5, reason: 'x' })).status).toBe(400);
    expect((await fulfilment.call('POST', `/admin/catalogue/products/${p.sku}/stock`, { mode: 'adjust', quantity: 3 })).status).toBe(400);
    expect((await marketing.call('POST', `/admin/catalogue/products/${p.sku}/stock`, { mode: 'adjust', quantity: 3, reason: 'x' })).status).toBe(403);
    expect((await restCall(server, 'GET', '/admin/catalogue/products')).status).toBe(401);
    expect((await support.call('GET', '/admin/catalogue/products?kind=spaceship')).status).toBe(400);
  });
});
