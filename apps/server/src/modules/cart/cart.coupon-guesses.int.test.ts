import { describe, expect, it } from 'vitest';
import { createCustomer, suiteJar } from '@ember/test-support';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { gqlAs, newGuestCart } from './cart.fixtures.js';

/** Coupon codes are guessed one code at a time, however many a request carries (security checklist 26, 45). */

let server: TestServer;
// Per-cart and per-customer budgets are as in production; the per-IP one keeps the test suites' headroom.
serveForSuite((s) => {
  server = s;
});

const APPLY = 'mutation ($c: String!, $code: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: $code}) { cart { id } } }';

const five = (tag: string) => Array.from({ length: 5 }, (_, i) => `GUESS${tag}${i}`).join(',');

describe('coupon guesses', () => {
  it('counts each code of a comma-joined list, so two lists of five spend a cart\'s ten guesses', async () => {
    const cart = await newGuestCart(server);
    const first = await gqlAs(server, APPLY, { c: cart, code: five('A') });
    const second = await gqlAs(server, APPLY, { c: cart, code: five('B') });
    expect([first, second].map((r) => r.body.errors![0].extensions.code)).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED']);
    const third = await gqlAs(server, APPLY, { c: cart, code: 'GUESSC0' });
    expect(third.body.errors![0].extensions.code).toBe('RATE_LIMITED');
  });

  it('counts every aliased applyCouponToCart of one document', async () => {
    const cart = await newGuestCart(server);
    const doc = `mutation ($c: String!) {
      a: applyCouponToCart(input: {cart_id: $c, coupon_code: "${five('D')}"}) { cart { id } }
      b: applyCouponToCart(input: {cart_id: $c, coupon_code: "${five('E')}"}) { cart { id } }
      c: applyCouponToCart(input: {cart_id: $c, coupon_code: "${five('F')}"}) { cart { id } }
    }`;
    const r = await gqlAs(server, doc, { c: cart });
    const byAlias = Object.fromEntries(r.body.errors!.map((e: { path: string[]; extensions: { code: string } }) => [e.path[0], e.extensions.code]));
    expect(byAlias).toEqual({ a: 'VALIDATION_FAILED', b: 'VALIDATION_FAILED', c: 'RATE_LIMITED' });
    expect((await gqlAs(server, APPLY, { c: cart, code: 'GUESSG0' })).body.errors![0].extensions.code).toBe('RATE_LIMITED');
  });

  it('refuses a JSON array of applyCouponToCart operations without running any', async () => {
    const cart = await newGuestCart(server);
    const batch = Array.from({ length: 20 }, (_, i) => ({ query: APPLY, variables: { c: cart, code: `GUESSH${i}` } }));
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', store: 'gb', cookie: suiteJar(server).cookie ?? '' }, body: JSON.stringify(batch),
    });
    expect(res.status).toBe(400);
    // Nothing was counted: the cart still has all ten guesses.
    for (let i = 0; i < 2; i++) expect((await gqlAs(server, APPLY, { c: cart, code: five(`I${i}`) })).body.errors![0].extensions.code).toBe('VALIDATION_FAILED');
  });

  it('counts a customer\'s guesses across the carts of every store view', async () => {
    const customer = await createCustomer(server);
    const cartIn = async (store: string) => (await gqlAs(server, 'query { customerCart { id } }', {}, { token: customer.token, store })).body.data.customerCart.id as string;
    for (const [store, tag] of [['gb', 'J'], ['gb', 'K'], ['de', 'L'], ['de', 'M']] as const) {
      const r = await gqlAs(server, APPLY, { c: await cartIn(store), code: five(tag) }, { token: customer.token, store });
      expect(r.body.errors![0].extensions.code).toBe('VALIDATION_FAILED');
    }
    const ch = await gqlAs(server, APPLY, { c: await cartIn('ch'), code: 'GUESSN0' }, { token: customer.token, store: 'ch' });
    expect(ch.body.errors![0].extensions.code).toBe('RATE_LIMITED');
  });
});
