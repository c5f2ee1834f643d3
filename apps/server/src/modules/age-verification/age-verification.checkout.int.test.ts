import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, stockOf } from '@ember/test-support';
import { serveForSuite, restCall, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { addProducts, getCart, gqlAs, newGuestCart, place, readyForCheckout } from '../cart/cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const PLACE_RAW = `mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number } errors { code message } } }`;

async function verifiedCustomer() {
  const c = await createCustomer(server);
  const v = await restCall(server, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: c.token });
  expect(v.body.status).toBe('verified');
  return c;
}

async function customerCart(token: string, items: { sku: string; quantity: number }[]) {
  const id = (await gqlAs(server, 'query { customerCart { id } }', {}, { token })).body.data.customerCart.id as string;
  const add = await addProducts(server, id, items, { token });
  expect(add.body.data.addProductsToCart.user_errors).toEqual([]);
  await readyForCheckout(server, id, { token });
  return id;
}

async function ordersOfCart(cartId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders_order WHERE cart_id = $1', [cartId]);
  return rows[0]!.n;
}

describe('placeOrder enforces regulated selling', () => {
  it('refuses a crafted guest placeOrder for a restricted product and writes nothing', async () => {
    const sticks = await createProduct(db, { kind: 'sticks_pack', ageRestricted: true, stock: 10 });
    const id = await newGuestCart(server);
    expect((await addProducts(server, id, [{ sku: sticks.sku, quantity: 2 }])).body.data.addProductsToCart.user_errors).toEqual([]);
    await readyForCheckout(server, id);
    const res = await gqlAs(server, PLACE_RAW, { c: id });
    expect(res.body.data.placeOrder.order).toBeNull();
    expect(res.body.data.placeOrder.errors).toEqual([{ code: 'PERMISSION_DENIED', message: expect.stringMatching(/signed-in customers whose age is verified/) }]);
    expect(await stockOf(db, sticks.id)).toBe(10);
    expect(await ordersOfCart(id)).toBe(0);
    expect((await getCart(server, id)).body.data.cart.total_quantity).toBe(2);
  });

  it('lets a guest buy accessories only', async () => {
    const charger = await createProduct(db, { kind: 'accessory' });
    const id = await newGuestCart(server);
    await addProducts(server, id, [{ sku: charger.sku, quantity: 1 }]);
    await readyForCheckout(server, id);
    expect((await place(server, id)).body.data.placeOrder.errors).toEqual([]);
  });

  it('refuses an unverified customer, even with a bearer token straight to GraphQL, and sells once the age is verified', async () => {
    const device = await createProduct(db, { kind: 'device', ageRestricted: true, stock: 5 });
    const c = await createCustomer(server);
    const id = await customerCart(c.token, [{ sku: device.sku, quantity: 1 }]);
    const refused = await place(server, id, { token: c.token });
    expect(refused.body.data.placeOrder.errors[0]).toMatchObject({ code: 'PERMISSION_DENIED', message: 'Verify your age before buying age-restricted products' });
    expect(await stockOf(db, device.id)).toBe(5);

    const v = await restCall(server, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: c.token });
    expect(v.body.status).toBe('verified');
    const placed = await place(server, id, { token: c.token });
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    expect(placed.body.data.placeOrder.order.order_number).toBeTruthy();
    expect(await stockOf(db, device.id)).toBe(4);
  });

  it('refuses a customer whose verification was rejected', async () => {
    const sticks = await createProduct(db, { kind: 'sticks_carton', ageRestricted: true });
    const c = await createCustomer(server);
    const wf = await restCall(server, 'POST', '/age-verification/init-async-verification', { user_email: c.email, method_code: 'document_scan', country_code: 'GB' }, { token: c.token });
    const reference = (wf.body.workflow_url as string).split('/').pop()!;
    const body = JSON.stringify({ event_id: `evt_${reference.slice(0, 20)}`, reference, outcome: 'verified', date_of_birth: '2015-01-01', reason: null });
    const cb = await fetch(`${server.url}/age-verification/callbacks/TEST`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-age-verification-signature': server.app.services.ageVerification.signAsTestProvider(body) }, body,
    });
    expect(await cb.json()).toEqual({ status: 'rejected' });
    const id = await customerCart(c.token, [{ sku: sticks.sku, quantity: 1 }]);
    expect((await place(server, id, { token: c.token })).body.data.placeOrder.errors[0].code).toBe('PERMISSION_DENIED');
  });

  it('counts a verified customer’s restricted items over the day against the store’s order limit', async () => {
    const sticks = await createProduct(db, { kind: 'sticks_pack', ageRestricted: true, stock: 100 });
    const c = await verifiedCustomer();
    // gb: is_order_limit_enabled with order_limit_value 20.
    const first = await customerCart(c.token, [{ sku: sticks.sku, quantity: 15 }]);
    expect((await place(server, first, { token: c.token })).body.data.placeOrder.errors).toEqual([]);
    const second = await customerCart(c.token, [{ sku: sticks.sku, quantity: 6 }]);
    const over = await place(server, second, { token: c.token });
    expect(over.body.data.placeOrder.errors[0]).toMatchObject({ code: 'ORDER_LIMIT' });
    expect(over.body.data.placeOrder.errors[0].message).toMatch(/5 left/);
    expect(await stockOf(db, sticks.id)).toBe(85);
  });
});
