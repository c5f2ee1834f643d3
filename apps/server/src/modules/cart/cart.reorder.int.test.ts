import { addToCart, createCustomer, createProduct, customerCart, gql, newGuestCart, newJar } from '@ember/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const ADD = 'mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { status user_errors { code } cart { total_quantity } } }';
const REORDER = 'mutation ($n: String!) { reorderItems(orderNumber: $n) { status userInputErrors { code message path } cart { id items { quantity product { sku } } } } }';
const ASSIGN = 'mutation ($c: String!) { assignCustomerToGuestCart(cart_id: $c) { id total_quantity items { quantity product { sku } } } }';

describe('addProductsToCart status', () => {
  it('answers SUCCESS, MIXED_RESULTS and FAILURE by how many entries were added', async () => {
    const product = await createProduct(server.app.db, { stock: 20 });
    const jar = newJar();
    const cart = await newGuestCart(server, { jar });
    const run = async (items: Record<string, unknown>[]) => (await gql(server, ADD, { c: cart, i: items }, { store: 'gb', jar })).body.data.addProductsToCart;
    expect(await run([{ sku: product.sku, quantity: 1 }])).toMatchObject({ status: 'SUCCESS', user_errors: [] });
    expect(await run([{ sku: product.sku, quantity: 1 }, { sku: 'NO-SUCH-SKU', quantity: 1 }])).toMatchObject({ status: 'MIXED_RESULTS', user_errors: [{ code: 'PRODUCT_NOT_FOUND' }], cart: { total_quantity: 2 } });
    expect(await run([{ sku: 'NO-SUCH-SKU', quantity: 1 }])).toMatchObject({ status: 'FAILURE', cart: { total_quantity: 2 } });
  });
});

describe('reorderItems', () => {
  it("puts an order's lines into the customer's cart again, for the order's owner only", async () => {
    const product = await createProduct(server.app.db, { stock: 20 });
    const customer = await createCustomer(server);
    const placed = await placeOrder(server.app, draftFor({ product, customerUuid: customer.uuid, email: customer.email, quantity: 3 }));
    const res = await gql(server, REORDER, { n: placed.order_number }, { store: 'gb', token: customer.token });
    expect(res.body.errors).toBeUndefined();
    const out = res.body.data.reorderItems;
    expect(out.status).toBe('SUCCESS');
    expect(out.userInputErrors).toEqual([]);
    expect(out.cart.id).toBe(await customerCart(server, customer.token));
    expect(out.cart.items).toEqual([{ quantity: 3, product: { sku: product.sku } }]);
    const other = await createCustomer(server);
    const theirs = await placeOrder(server.app, draftFor({ product: await createProduct(server.app.db, { stock: 5 }), customerUuid: other.uuid, email: other.email, quantity: 1 }));
    const stranger = await gql(server, REORDER, { n: theirs.order_number }, { store: 'gb', token: customer.token });
    expect(stranger.body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    const anon = await gql(server, REORDER, { n: placed.order_number }, { store: 'gb' });
    expect(anon.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
  });

  it('answers FAILURE with PRODUCT_NOT_FOUND when nothing of the order is sold any more', async () => {
    const product = await createProduct(server.app.db, { stock: 20 });
    const customer = await createCustomer(server);
    const placed = await placeOrder(server.app, draftFor({ product, customerUuid: customer.uuid, email: customer.email, quantity: 1 }));
    await server.app.db.query(`DELETE FROM catalog_product_price WHERE product_id = $1 AND store_code = 'gb'`, [product.id]);
    server.app.services.catalog.invalidate();
    const res = await gql(server, REORDER, { n: placed.order_number }, { store: 'gb', token: customer.token });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.reorderItems.status).toBe('FAILURE');
    expect(res.body.data.reorderItems.userInputErrors).toEqual([{ code: 'PRODUCT_NOT_FOUND', message: expect.any(String), path: ['orderNumber'] }]);
    expect(res.body.data.reorderItems.cart.items).toEqual([]);
  });
});

describe('assignCustomerToGuestCart', () => {
  it("moves this browser's guest cart into the signed-in customer's cart", async () => {
    const product = await createProduct(server.app.db, { stock: 20 });
    const customer = await createCustomer(server);
    const jar = newJar();
    const guest = await newGuestCart(server, { jar });
    expect((await addToCart(server, guest, [{ sku: product.sku, quantity: 2 }], { jar })).body.errors).toBeUndefined();
    const res = await gql(server, ASSIGN, { c: guest }, { store: 'gb', token: customer.token, jar });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.assignCustomerToGuestCart).toMatchObject({ id: await customerCart(server, customer.token), total_quantity: 2 });
    const gone = await gql(server, '{ cart(cart_id: "' + guest + '") { id } }', {}, { store: 'gb', jar });
    expect(gone.body.errors?.[0]?.extensions?.code).toMatch(/CART_NOT_(FOUND|ACTIVE)/);
  });

  it("refuses a guest cart of another browser, another customer's cart and a guest caller", async () => {
    const customer = await createCustomer(server);
    const jar = newJar();
    const guest = await newGuestCart(server, { jar });
    await addToCart(server, guest, [{ sku: (await createProduct(server.app.db, { stock: 5 })).sku, quantity: 1 }], { jar });
    await gql(server, 'mutation ($c: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: "g@example.com"}) { cart { id } } }', { c: guest }, { store: 'gb', jar });
    const otherBrowser = await gql(server, ASSIGN, { c: guest }, { store: 'gb', token: customer.token, jar: newJar() });
    expect(otherBrowser.body.errors?.[0]?.extensions?.code).toBe('CART_NOT_FOUND');
    const other = await createCustomer(server);
    const theirs = await customerCart(server, other.token);
    const stolen = await gql(server, ASSIGN, { c: theirs }, { store: 'gb', token: customer.token });
    expect(stolen.body.errors?.[0]?.extensions?.code).toBe('CART_NOT_FOUND');
    const anon = await gql(server, ASSIGN, { c: guest }, { store: 'gb', jar });
    expect(anon.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
  });
});
