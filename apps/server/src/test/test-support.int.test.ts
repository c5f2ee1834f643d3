import { describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createProduct, gql, login, newJar, PASSWORD, restCall, stockOf } from '@ember/test-support';
import type { Db } from '../platform/db.js';
import { serveForSuite, type TestServer } from './test-app.js';

/** The shared factories (packages/test-support) make what they say, through the real API and schema. */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const ME = '{ customer { email firstname } }';

describe('the test-support factories', () => {
  it('register and log in a customer of either account family, whose token the commerce API accepts', async () => {
    const modern = await createCustomer(server, { store: 'de', dob: '1991-02-03', firstname: 'Nora' });
    expect(modern).toMatchObject({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), password: PASSWORD, email: expect.stringMatching(/^customer-[0-9a-f]{8}@example\.com$/) });
    expect((await gql(server, ME, {}, { token: modern.token })).body.data.customer).toEqual({ email: modern.email, firstname: 'Nora' });

    const legacy = await createCustomer(server, { family: 'legacy', emailPrefix: 'legacy' });
    expect(legacy.email).toMatch(/^legacy-/);
    expect((await gql(server, ME, {}, { token: legacy.token })).body.data.customer.email).toBe(legacy.email);
    expect(await login(server, legacy.email)).not.toBe(legacy.token);
    const wrong = await restCall(server, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: legacy.email, password: 'Not-The-Pass-1' } });
    expect(wrong.status).toBe(401);
  });

  it('makes a product with its own stock, priced in each store view it is sold in with that view\'s currency', async () => {
    const p = await createProduct(db, { stock: 7, price: 2500, stores: ['gb', 'ch'], prefix: 'KIT' });
    expect(p.sku).toMatch(/^KIT-[0-9A-F-]{12}$/);
    expect(await stockOf(db, p.id)).toBe(7);
    const prices = await db.query('SELECT store_code, currency, regular_minor FROM catalog_product_price WHERE product_id = $1 ORDER BY store_code', [p.id]);
    expect(prices.rows).toEqual([{ store_code: 'ch', currency: 'CHF', regular_minor: 2500 }, { store_code: 'gb', currency: 'GBP', regular_minor: 2500 }]);
    const listed = await gql(server, 'query ($s: String) { products(filter: { sku: { eq: $s } }) { items { sku name } } }', { s: p.sku }, { store: 'gb' });
    expect(listed.body.data.products.items).toEqual([{ sku: p.sku, name: p.name }]);
  });

  it('places a guest\'s and a customer\'s order through the API, taking the stock', async () => {
    const p = await createProduct(db, { stock: 10 });
    const jar = newJar();
    const guest = await createOrder(server, { items: [{ sku: p.sku, quantity: 2 }], email: 'guest-order@example.com', jar });
    const customer = await createCustomer(server);
    const own = await createOrder(server, { customer, items: [{ sku: p.sku, quantity: 3 }] });
    const rows = await db.query<{ cart_id: string; customer_uuid: string | null; email: string }>(
      'SELECT cart_id, customer_uuid::text, email FROM orders_order WHERE order_number = ANY($1::text[]) ORDER BY customer_uuid NULLS FIRST',
      [[guest.order_number, own.order_number]],
    );
    expect(rows.rows).toEqual([
      { cart_id: expect.any(String), customer_uuid: null, email: 'guest-order@example.com' },
      { cart_id: expect.any(String), customer_uuid: customer.uuid, email: customer.email },
    ]);
    expect(await stockOf(db, p.id)).toBe(5);
  });
});
