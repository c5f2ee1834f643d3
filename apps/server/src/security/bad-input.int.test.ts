import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { restCall, serveForSuite, type TestServer } from '../test/test-app.js';
import { makeProduct } from '../modules/cart/cart.fixtures.js';
import { registerCustomer, snapshotCustomer, type Customer } from './security-fixtures.js';

/*
 * Checklist items 19 (prototype pollution), 23 (numeric edge cases) and 49 (payload, array and
 * page limits): each request is refused with a 4xx in the error vocabulary, never a 500, and
 * nothing it names is changed.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

async function raw(method: string, path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', store: 'gb', ...headers }, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function gqlWith(query: string, variables: Record<string, unknown>, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  return raw('POST', '/graphql', JSON.stringify({ query, variables }), headers);
}

let a: Customer;
beforeAll(async () => {
  a = await registerCustomer(server);
});

/** Whether any object in this process picked up a property from a request. */
function polluted(): unknown[] {
  const probe = {} as Record<string, unknown>;
  return [probe.isAdmin, probe.role, probe.polluted, (Object.prototype as Record<string, unknown>).isAdmin];
}

describe('prototype pollution and nested-object injection (checklist 19)', () => {
  const poisoned = [
    '{"firstname":"Eve","__proto__":{"isAdmin":true,"role":"admin","polluted":1}}',
    '{"firstname":"Eve","constructor":{"prototype":{"isAdmin":true,"polluted":1}}}',
    '{"firstname":"Eve","address":{"totalsCollector":{"collectorList":{"x":{"url":"http://127.0.0.1:9/canary"}}}}}',
  ];

  it('refuses __proto__, constructor.prototype and unexpected nested objects in account bodies with 400, and neither the process nor the profile changes', async () => {
    const before = await snapshotCustomer(db, a);
    for (const body of poisoned) {
      for (const [method, path] of [
        ['PATCH', `/account/users/${a.uuid}/profile`],
        ['POST', `/account-legacy/update-profile/personal-details/${a.uuid}`],
        ['POST', `/account/users/${a.uuid}/addresses`],
        ['POST', '/account/users/register'],
        ['POST', '/api/messaging/forms'],
      ]) {
        const res = await raw(method!, path!, body, { authorization: `Bearer ${a.token}` });
        expect(res.status, `${method} ${path} ${body}`).toBe(400);
        expect(res.body.error.code).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
      }
    }
    expect(polluted()).toEqual([undefined, undefined, undefined, undefined]);
    expect(await snapshotCustomer(db, a)).toEqual(before);
  });

  it('refuses the same keys in GraphQL variables and input objects, and the cart keeps its address unset', async () => {
    const cart = (await gqlWith('{ customerCart { id } }', {}, a.token)).body.data.customerCart.id as string;
    const setAddress = 'mutation ($c: String!, $a: CartAddressInput) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { shipping_addresses { city } } } }';
    const address = '{"firstname":"Eve","lastname":"E","street":["x"],"city":"Leeds","postcode":"LS1 1AA","country_code":"GB","telephone":"+447900000000"';
    for (const extra of ['"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}', '"totalsCollector":{"collectorList":{}}']) {
      const body = `{"query":${JSON.stringify(setAddress)},"variables":{"c":"${cart}","a":${address},${extra}}}}`;
      const res = await raw('POST', '/graphql', body, { authorization: `Bearer ${a.token}` });
      expect(res.status, extra).toBeGreaterThanOrEqual(400);
      expect(res.status, extra).toBeLessThan(500);
    }
    const literal = await gqlWith(`mutation ($c: String!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: { firstname: "Eve", lastname: "E", street: ["x"], city: "Leeds", country_code: "GB", telephone: "1", __proto__: { isAdmin: true } } }] }) { cart { id } } }`, { c: cart }, a.token);
    expect(literal.body.errors?.[0]?.extensions?.category).toBe('graphql-input');
    const after = await gqlWith('query ($c: String!) { cart(cart_id: $c) { shipping_addresses { city } } }', { c: cart }, a.token);
    expect(after.body.data.cart.shipping_addresses).toEqual([]);
    expect(polluted()).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('numeric and type edge cases (checklist 23)', () => {
  it('refuses every malformed quantity with an input error, never a 500, and the cart stays empty', async () => {
    const product = await makeProduct(db, { stock: 5 });
    const cart = (await gqlWith('mutation { createEmptyCart }', {})).body.data.createEmptyCart as string;
    const add = 'mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { total_quantity prices { grand_total { value } } } user_errors { code } } }';
    for (const quantity of [-1, 0, 1.5, '1', 1e308, 2147483648, 9007199254740993, null, [], {}, 'NaN', -0.0001]) {
      const res = await gqlWith(add, { c: cart, i: [{ sku: product.sku, quantity }] });
      expect(res.status, JSON.stringify(quantity)).toBeLessThan(500);
      const refused = (res.body.errors?.length ?? 0) > 0 || (res.body.data?.addProductsToCart?.user_errors?.length ?? 0) > 0;
      expect(refused, JSON.stringify(quantity)).toBe(true);
    }
    const read = await gqlWith('query ($c: String!) { cart(cart_id: $c) { total_quantity prices { grand_total { value } } } }', { c: cart });
    expect(read.body.data.cart.total_quantity).toBe(0);
    expect(read.body.data.cart.prices.grand_total.value).toBe(0);
  });

  it('refuses a coupon code sent as a list or an object, and a negative or fractional page, with input errors', async () => {
    const cart = (await gqlWith('mutation { createEmptyCart }', {})).body.data.createEmptyCart as string;
    for (const code of [['WELCOME10'], { code: 'WELCOME10' }, 10]) {
      const res = await gqlWith('mutation ($c: String!, $k: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $k }) { cart { id } } }', { c: cart, k: code });
      expect(res.status).toBeLessThan(500);
      expect(res.body.errors?.length, JSON.stringify(code)).toBeGreaterThan(0);
    }
    for (const query of ['?page=-1', '?page=1.5', '?perPage=100000', '?page=1&page=-5', '?perPage=NaN']) {
      const res = await restCall(server, 'GET', `/api/loyalty/consumers/${a.uuid}/points${query}`, undefined, { token: a.token, store: 'gb' });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('payload, array and pagination limits (checklist 49)', () => {
  it('answers a body over the limit with 413 before parsing it, on REST and GraphQL', async () => {
    const big = JSON.stringify({ firstname: 'x'.repeat(2_000_000) });
    const started = Date.now();
    for (const path of [`/account/users/${a.uuid}/profile`, '/graphql']) {
      const res = await raw(path === '/graphql' ? 'POST' : 'PATCH', path, big, { authorization: `Bearer ${a.token}` });
      expect(res.status).toBe(413);
      expect(res.body.error?.code ?? res.body.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses JSON nested ten thousand levels deep with a 400, not a crash', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const res = await raw('PATCH', `/account/users/${a.uuid}/profile`, deep, { authorization: `Bearer ${a.token}` });
    expect(res.status).toBe(400);
    // As a GraphQL variable of a string type: refused as input, not a crash.
    const gqlDeep = await raw('POST', '/graphql', `{"query":"mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: \\"x@example.com\\" }) { cart { id } } }","variables":{"c":${deep}}}`);
    expect(gqlDeep.status).toBeLessThan(500);
    expect(gqlDeep.body.errors?.length).toBeGreaterThan(0);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('refuses ten thousand cart lines in one request without adding any', async () => {
    const product = await makeProduct(db, { stock: 5 });
    const cart = (await gqlWith('mutation { createEmptyCart }', {})).body.data.createEmptyCart as string;
    const items = Array.from({ length: 10_000 }, () => ({ sku: product.sku, quantity: 1 }));
    const res = await gqlWith('mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { total_quantity } } }', { c: cart, i: items });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors?.length).toBeGreaterThan(0);
    const read = await gqlWith('query ($c: String!) { cart(cart_id: $c) { total_quantity } }', { c: cart });
    expect(read.body.data.cart.total_quantity).toBe(0);
  });
});
