import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { restCall, serveForSuite, type TestServer } from '../test/test-app.js';
import { addProducts, gqlAs, makeProduct, readyForCheckout, registerCustomer, stockOf } from '../modules/cart/cart.fixtures.js';

/*
 * Checklist item 9: what the browser says about age counts for nothing at placeOrder. Only the
 * server's verification record, read in the placeOrder transaction, lets a restricted product go.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const PLACE = 'mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { order { order_number } errors { code message } } }';

async function placeWith(cartId: string, token: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', store: 'gb', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ query: PLACE, variables: { c: cartId } }),
  });
  return (await res.json()) as { data?: any; errors?: any[] };
}

async function readyCart(token: string, sku: string): Promise<string> {
  const id = (await gqlAs(server, '{ customerCart { id } }', {}, { token })).body.data.customerCart.id as string;
  expect((await addProducts(server, id, [{ sku, quantity: 1 }], { token })).body.data.addProductsToCart.user_errors).toEqual([]);
  await readyForCheckout(server, id, { token });
  return id;
}

const ordersOf = async (cartId: string) => (await db.query('SELECT id FROM orders_order WHERE cart_id = $1', [cartId])).rows.length;

describe('the age gate at placeOrder (checklist 9)', () => {
  it('ignores age-gate cookies and browser flags: an unverified customer is refused and nothing is written', async () => {
    const sticks = await makeProduct(db, { kind: 'sticks_pack', ageRestricted: true, stock: 4 });
    const c = await registerCustomer(server);
    const cart = await readyCart(c.token, sticks.sku);
    const refused = await placeWith(cart, c.token, { cookie: 'ember_age_gate=gb; age_ok=1; ageVerified=true', 'x-age-verified': 'true' });
    expect(refused.data.placeOrder.order).toBeNull();
    expect(refused.data.placeOrder.errors[0].code).toBe('PERMISSION_DENIED');
    expect(await stockOf(db, sticks.id)).toBe(4);
    expect(await ordersOf(cart)).toBe(0);
  });

  it('refuses an ageVerified or is_age_verified field in the placeOrder input as unknown input, placing nothing', async () => {
    const sticks = await makeProduct(db, { kind: 'sticks_pack', ageRestricted: true, stock: 4 });
    const c = await registerCustomer(server);
    const cart = await readyCart(c.token, sticks.sku);
    for (const field of ['ageVerified: true', 'is_age_verified: true']) {
      const res = await gqlAs(server, `mutation ($c: String!) { placeOrder(input: { cart_id: $c, ${field} }) { order { order_number } } }`, { c: cart }, { token: c.token });
      expect(res.body.errors?.[0]?.extensions?.category, field).toBe('graphql-input');
      expect(res.body.data?.placeOrder ?? null).toBeNull();
    }
    expect(await stockOf(db, sticks.id)).toBe(4);
    expect(await ordersOf(cart)).toBe(0);
  });

  it('reads the verification at placeOrder time: a customer verified when the cart was filled but no longer verified is refused', async () => {
    const device = await makeProduct(db, { kind: 'device', ageRestricted: true, stock: 3 });
    const c = await registerCustomer(server);
    const v = await restCall(server, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: c.token });
    expect(v.body.status).toBe('verified');
    const cart = await readyCart(c.token, device.sku);
    // The verification is withdrawn (an operator's review) between filling the cart and placing it.
    await db.query('UPDATE identity_user SET is_age_verified = false WHERE uuid = $1', [c.uuid]);
    const refused = await placeWith(cart, c.token, {});
    expect(refused.data.placeOrder.errors[0].code).toBe('PERMISSION_DENIED');
    expect(await stockOf(db, device.id)).toBe(3);
    expect(await ordersOf(cart)).toBe(0);
  });

  it('refuses a delivery country the market does not sell to, whatever the restricted cart holds', async () => {
    const c = await registerCustomer(server);
    const device = await makeProduct(db, { kind: 'device', ageRestricted: true, stock: 3 });
    expect((await restCall(server, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: c.token })).body.status).toBe('verified');
    const id = (await gqlAs(server, '{ customerCart { id } }', {}, { token: c.token })).body.data.customerCart.id as string;
    await addProducts(server, id, [{ sku: device.sku, quantity: 1 }], { token: c.token });
    const res = await gqlAs(server, 'mutation ($c: String!, $a: CartAddressInput) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { c: id, a: { firstname: 'A', lastname: 'B', street: ['Rue 1'], city: 'Paris', postcode: '75001', country_code: 'FR', telephone: '+33100000000' } }, { token: c.token });
    expect(res.body.errors?.length).toBeGreaterThan(0);
    const placed = await gqlAs(server, PLACE, { c: id }, { token: c.token });
    expect(placed.body.data.placeOrder.order).toBeNull();
    expect(await stockOf(db, device.id)).toBe(3);
  });
});
