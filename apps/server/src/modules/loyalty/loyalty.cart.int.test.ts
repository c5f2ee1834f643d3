import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { addProducts, gqlAs, place, readyForCheckout } from '../cart/cart.fixtures.js';
import { drainOrderEvents, expectLedgerInvariants, grantPoints, makeReward } from '../../test/loyalty-fixtures.js';
import { RACE_WIDTH, raceRounds, raceTimeout } from '../../test/race.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const CAMPAIGN_FIELDS = `id applied_campaign { loyalty_discount_uuid loyalty_discount_points loyalty_discount_amount { value currency } }
  prices { grand_total { value } discounts { label amount { value } coupon_code } }`;

async function customerCartWith(token: string, price: number): Promise<string> {
  const r = await gqlAs(server, 'query { customerCart { id } }', {}, { token });
  const id = r.body.data.customerCart.id as string;
  const p = await createProduct(server.app.db, { price });
  const added = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }], { token });
  expect(added.body.errors).toBeUndefined();
  return id;
}

const apply = (cartId: string, campaign: string, token?: string) =>
  gqlAs(server, `mutation ($c: String!, $u: String!) { applyCampaignToCart(input: {cart_id: $c, campaign_uuid: $u}) { cart { ${CAMPAIGN_FIELDS} } } }`, { c: cartId, u: campaign }, { token });
const remove = (cartId: string, token: string) =>
  gqlAs(server, `mutation ($c: String!) { removeCampaignFromCart(input: {cart_id: $c}) { cart { ${CAMPAIGN_FIELDS} } } }`, { c: cartId }, { token });

async function points(c: { uuid: string; token: string }) {
  return (await restCall(server, 'GET', `/api/loyalty/consumers/${c.uuid}`, undefined, { token: c.token })).body;
}

describe('loyalty campaigns in the cart', () => {
  it('holds the points when applied, discounts the cart, and frees them when removed', async () => {
    const c = await createCustomer(server);
    await grantPoints(server.app, c.uuid, 150);
    const campaign = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 500 });
    const cartId = await customerCartWith(c.token, 5000);
    const applied = await apply(cartId, campaign, c.token);
    expect(applied.body.errors).toBeUndefined();
    const cart = applied.body.data.applyCampaignToCart.cart;
    expect(cart.applied_campaign).toEqual({ loyalty_discount_uuid: campaign, loyalty_discount_points: 100, loyalty_discount_amount: { value: 5, currency: 'GBP' } });
    expect(cart.prices.grand_total.value).toBe(45);
    expect(cart.prices.discounts).toEqual([expect.objectContaining({ amount: { value: 5 }, coupon_code: null })]);
    expect(await points(c)).toMatchObject({ points: 50, held_points: 100, balance: 150 });
    const removed = await remove(cartId, c.token);
    expect(removed.body.data.removeCampaignFromCart.cart).toMatchObject({ applied_campaign: null, prices: { grand_total: { value: 50 } } });
    expect((await points(c)).points).toBe(150);
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it('refuses a campaign the points do not cover, one larger than the cart, and another customer\'s cart', async () => {
    const c = await createCustomer(server);
    await grantPoints(server.app, c.uuid, 50);
    const campaign = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 500 });
    const cartId = await customerCartWith(c.token, 5000);
    const poor = await apply(cartId, campaign, c.token);
    expect(poor.body.errors![0].extensions.code).toBe('INSUFFICIENT_POINTS');
    await grantPoints(server.app, c.uuid, 500);
    const big = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 9000 });
    const tooBig = await apply(cartId, big, c.token);
    expect(tooBig.body.errors![0].extensions.code).toBe('NOT_ELIGIBLE');
    expect((await points(c)).held_points).toBe(0);
    const other = await createCustomer(server);
    const foreign = await apply(cartId, campaign, other.token);
    expect(foreign.body.errors![0].extensions.code).toBe('CART_NOT_FOUND');
    expect((await points(c)).held_points).toBe(0);
  });

  it('debits the held points with placeOrder and returns them once when the order is cancelled', async () => {
    const c = await createCustomer(server);
    await grantPoints(server.app, c.uuid, 150);
    const campaign = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 500 });
    const cartId = await customerCartWith(c.token, 5000);
    expect((await apply(cartId, campaign, c.token)).body.errors).toBeUndefined();
    await readyForCheckout(server, cartId, { token: c.token });
    const placed = await place(server, cartId, { token: c.token });
    expect(placed.body.data.placeOrder.errors, JSON.stringify(placed.body.data.placeOrder.errors)).toEqual([]);
    const order = placed.body.data.placeOrder.order;
    await drainOrderEvents(server.app);
    expect(await points(c)).toMatchObject({ balance: 50, held_points: 0, points: 50 });
    const info = await restCall(server, 'GET', `/api/loyalty/orders/${order.order_number}`, undefined, { token: c.token });
    expect(info.body).toMatchObject({ spent_points: 100, status: 'pending' });
    const total = await server.app.db.query<{ grand_total: number; discount_total: number }>('SELECT grand_total::int AS grand_total, discount_total::int AS discount_total FROM orders_order WHERE entity_id = $1', [order.entity_id]);
    expect(total.rows[0]!.discount_total).toBe(500);
    const cancel = await gqlAs(server, 'mutation ($o: ID!) { cancelOrder(input: {order_id: $o, reason: "changed my mind"}) { error order { status } } }', { o: order.order_number }, { token: c.token });
    expect(cancel.body.errors, JSON.stringify(cancel.body.errors)).toBeUndefined();
    await drainOrderEvents(server.app);
    await drainOrderEvents(server.app);
    expect(await points(c)).toMatchObject({ balance: 150, points: 150, pending_points: 0 });
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it(`debits a cart's held points once when its order is placed ${RACE_WIDTH} times at once, in each of ${raceRounds()} rounds`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const c = await createCustomer(server);
      await grantPoints(server.app, c.uuid, 100);
      const campaign = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 500 });
      const cartId = await customerCartWith(c.token, 5000);
      expect((await apply(cartId, campaign, c.token)).body.errors).toBeUndefined();
      await readyForCheckout(server, cartId, { token: c.token });
      // Half the calls retry as a client does with an Idempotency-Key (one key for all of them), half
      // carry none: every call that gets past the key races the others for the cart. Each answer
      // is the one order (made or replayed), a keyless retry refused (400), or the key in use (409).
      const key = `loyalty-race-${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: RACE_WIDTH }, (_, i) =>
        place(server, cartId, { token: c.token, headers: i % 2 === 0 ? { 'idempotency-key': key } : {} })));
      const refusals = new Set(['400 IDEMPOTENCY_KEY_REQUIRED', '409 IDEMPOTENCY_KEY_IN_USE']);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(refusals, `round ${round}: ${r.status} ${JSON.stringify(r.body)}`).toContain(`${r.status} ${r.body.errors?.[0]?.extensions?.code}`);
        expect(r.body.data?.placeOrder ?? null).toBeNull();
      }
      const answered = results.filter((r) => r.status === 200);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      const numbers = new Set(answered.map((r) => r.body.data.placeOrder.order?.order_number ?? null));
      expect({ round, answers: [...numbers] }).toEqual({ round, answers: [expect.stringMatching(/\d+/)] });
      const made = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders_order WHERE cart_id = $1', [cartId]);
      expect({ round, made: made.rows[0]!.n }).toEqual({ round, made: 1 });
      await drainOrderEvents(server.app);
      expect(await points(c)).toMatchObject({ balance: 0, held_points: 0, points: 0 });
      const spent = await server.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM loyalty_ledger WHERE consumer_uuid = $1 AND points < 0`, [c.uuid],
      );
      expect(spent.rows[0]!.n).toBe(1);
      await expectLedgerInvariants(server.app, [c.uuid]);
    }
  }, raceTimeout());
});
