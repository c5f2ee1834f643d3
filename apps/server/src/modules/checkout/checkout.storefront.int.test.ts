import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, suiteJar } from '@ember/test-support';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { addProducts, gqlAs, newGuestCart, place, readyForCheckout } from '../cart/cart.fixtures.js';

// What the storefront needs from the cart API beyond Magento's bearer token: the httpOnly session
// cookie names the customer, and the pick-up stores can be listed (Magento MSI's pickupLocations).

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

async function gqlWithCookie(query: string, variables: Record<string, unknown>, cookie: string | null, store = 'gb', guestCookie?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', store };
  // The storefront's own page: the cookies travel with the same origin's Origin header.
  if (cookie) Object.assign(headers, { cookie: [`ember_session=${cookie}`, guestCookie].filter(Boolean).join('; '), origin: server.url });
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } };
}

const PICKUP = `query ($f: PickupLocationFilterInput, $n: Int, $p: Int, $a: AreaInput) {
  pickupLocations(filters: $f, pageSize: $n, currentPage: $p, area: $a) {
    total_count
    page_info { current_page page_size total_pages }
    items { pickup_location_code name street city postcode country_id description phone latitude longitude }
  }
}`;

describe('storefront access to carts', () => {
  it("answers customerCart for the session cookie, the same cart the customer's bearer token reads", async () => {
    const customer = await createCustomer(server);
    const byCookie = await gqlWithCookie('query { customerCart { id } }', {}, customer.token);
    expect(byCookie.body.errors).toBeUndefined();
    const byToken = await gqlAs(server, 'query { customerCart { id } }', {}, { token: customer.token });
    expect(byCookie.body.data.customerCart.id).toBe(byToken.body.data.customerCart.id);
  });

  it('merges a guest cart into the cookie customer’s cart', async () => {
    const customer = await createCustomer(server);
    const product = await createProduct(db);
    const guest = await newGuestCart(server);
    expect((await addProducts(server, guest, [{ sku: product.sku, quantity: 2 }])).body.data.addProductsToCart.user_errors).toEqual([]);
    const own = (await gqlWithCookie('query { customerCart { id } }', {}, customer.token)).body.data.customerCart.id;
    const merged = await gqlWithCookie(
      'mutation ($s: String!, $d: String) { mergeCarts(source_cart_id: $s, destination_cart_id: $d) { id total_quantity } }',
      { s: guest, d: own },
      customer.token,
      'gb',
      // The browser that made the guest cart still carries its credential.
      suiteJar(server).cookie,
    );
    expect(merged.body.data.mergeCarts).toEqual({ id: own, total_quantity: 2 });
  });

  it('treats an unknown or ended session cookie as a guest, not as a refusal', async () => {
    const guest = await gqlWithCookie('mutation { createEmptyCart }', {}, 'not-a-live-session-token');
    expect(guest.body.errors).toBeUndefined();
    expect(typeof guest.body.data.createEmptyCart).toBe('string');
    const customerCart = await gqlWithCookie('query { customerCart { id } }', {}, 'not-a-live-session-token');
    expect(customerCart.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
  });

  it('still refuses an invalid bearer token, as Magento does', async () => {
    const r = await gqlAs(server, 'mutation { createEmptyCart }', {}, { token: 'not-a-live-session-token' });
    expect(r.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
  });
});

describe('storefront access to the customer and their orders', () => {
  it("answers customer, customer.orders and customerOrder for the session cookie, and only the cookie customer's orders", async () => {
    const customer = await createCustomer(server);
    const other = await createCustomer(server);
    const product = await createProduct(db);
    const cartId = (await gqlWithCookie('query { customerCart { id } }', {}, customer.token)).body.data.customerCart.id;
    await addProducts(server, cartId, [{ sku: product.sku, quantity: 1 }], { token: customer.token });
    await readyForCheckout(server, cartId, { token: customer.token });
    const number = (await place(server, cartId, { token: customer.token })).body.data.placeOrder.order.order_number;

    const mine = await gqlWithCookie('query { customer { email orders(pageSize: 5) { total_count items { number } } } }', {}, customer.token);
    expect(mine.body.errors).toBeUndefined();
    expect(mine.body.data.customer.email).toBe(customer.email);
    expect(mine.body.data.customer.orders.items.map((o: { number: string }) => o.number)).toEqual([number]);
    const one = await gqlWithCookie('query ($n: String!) { customerOrder(number: $n) { number } }', { n: number }, customer.token);
    expect(one.body.data.customerOrder.number).toBe(number);

    const theirs = await gqlWithCookie('query ($n: String!) { customerOrder(number: $n) { number } }', { n: number }, other.token);
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    const nobody = await gqlWithCookie('query { customer { email } }', {}, null);
    expect(nobody.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
  });
});

describe('pickupLocations', () => {
  it("lists the store view's pick-up stores in their order, with address and hours", async () => {
    const gb = await gqlAs(server, PICKUP, {}, { store: 'gb' });
    expect(gb.body.errors).toBeUndefined();
    const { items, total_count } = gb.body.data.pickupLocations;
    expect(total_count).toBe(items.length);
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((i: { country_id: string }) => i.country_id === 'GB')).toBe(true);
    expect(items[0]).toMatchObject({ pickup_location_code: 'gb-london-carnaby', name: 'Ember Store London Carnaby', city: 'London', street: '12 Carnaby Street' });
    expect(typeof items[0].latitude).toBe('number');
    const de = await gqlAs(server, PICKUP, {}, { store: 'de' });
    expect(de.body.data.pickupLocations.items.map((i: { country_id: string }) => i.country_id)).toContain('DE');
    expect(de.body.data.pickupLocations.items.map((i: { pickup_location_code: string }) => i.pickup_location_code)).not.toContain('gb-london-carnaby');
  });

  it('filters by code, city (like) and pages the result', async () => {
    const one = await gqlAs(server, PICKUP, { f: { pickup_location_code: { eq: 'gb-manchester' } } });
    expect(one.body.data.pickupLocations.items.map((i: { name: string }) => i.name)).toEqual(['Ember Store Manchester']);
    const like = await gqlAs(server, PICKUP, { f: { city: { like: 'lon%' } } });
    expect(like.body.data.pickupLocations.items.map((i: { city: string }) => i.city)).toEqual(['London']);
    const none = await gqlAs(server, PICKUP, { f: { pickup_location_code: { in: ['de-berlin'] } } });
    expect(none.body.data.pickupLocations).toMatchObject({ total_count: 0, items: [] });
    const page2 = await gqlAs(server, PICKUP, { n: 1, p: 2 });
    expect(page2.body.data.pickupLocations.page_info).toEqual({ current_page: 2, page_size: 1, total_pages: page2.body.data.pickupLocations.total_count });
    expect(page2.body.data.pickupLocations.items).toHaveLength(1);
  });

  it('refuses a page below 1', async () => {
    const page0 = await gqlAs(server, PICKUP, { p: 0 });
    expect(page0.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });
});
