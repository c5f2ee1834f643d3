import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { advanceOrder, drainOrderEvents, expectLedgerInvariants, grantPoints, makeReward, TO_DELIVERED } from '../../test/loyalty-fixtures.js';
import { RACE_WIDTH, raceRounds, raceTimeout } from '../../test/race.js';
import { runLoyaltyJobs } from './loyalty.jobs.js';
import * as loyaltyStore from './loyalty.store.js';
import { inTransaction } from '../../platform/transaction.js';
import { transactionsOn } from '../../platform/transaction.js';

/*
 * Checklist item 32, last part: redemptions released together with the loyalty jobs while points
 * lapse (the expiry job) or an order takes its points back (a return, a cancellation). Each round
 * releases RACE_WIDTH redemptions over HTTP and the job runs of two shop instances at once.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Milliseconds between sending the redemptions and starting the job runs, per round (see raceWithJobs). */
const OFFSETS = [0, -6, 3, -3, 6, -1, 1, -10, 10, -2];

type Customer = { uuid: string; token: string; email: string };

const redeem = (c: Customer, reward: string) => restCall(server, 'POST', `/api/loyalty/consumers/${c.uuid}/reward`, { reward_uuid: reward }, { token: c.token });

const after = <T>(ms: number, run: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))).then(run);

/**
 * RACE_WIDTH redemptions and two runs of the loyalty jobs (two shop instances), in flight together;
 * the redemptions that got through. A positive `offsetMs` sends the job runs that much after the
 * redemptions, a negative one the redemptions after the job runs: a different moment each round,
 * so over the rounds the job lands before, among and after the debits.
 */
async function raceWithJobs(c: Customer, reward: string, offsetMs: number) {
  const [results] = await Promise.all([
    Promise.all(Array.from({ length: RACE_WIDTH }, () => after(-offsetMs, () => redeem(c, reward)))),
    after(offsetMs, () => runLoyaltyJobs(server.app)),
    after(offsetMs, () => runLoyaltyJobs(server.app)),
  ]);
  const refused = results.filter((r) => r.status !== 201);
  expect(refused.map((r) => `${r.status} ${r.body.error?.code}`).filter((s) => s !== '409 INSUFFICIENT_POINTS')).toEqual([]);
  return results.filter((r) => r.status === 201).length;
}

/** Sum of the consumer's ledger rows of one source type, as a positive number for debits. */
async function movedBy(c: Customer, sourceType: string, sign: 'debits' | 'credits'): Promise<number> {
  const { rows } = await server.app.db.query<{ total: number }>(
    `SELECT COALESCE(abs(sum(points)), 0)::int AS total FROM loyalty_ledger WHERE consumer_uuid = $1 AND source_type = $2 AND points ${sign === 'debits' ? '<' : '>'} 0`,
    [c.uuid, sourceType],
  );
  return rows[0]!.total;
}

async function balanceOf(c: Customer) {
  const r = await restCall(server, 'GET', `/api/loyalty/consumers/${c.uuid}`, undefined, { token: c.token });
  expect(r.status).toBe(200);
  return r.body as { points: number; balance: number; held_points: number };
}

describe('loyalty redemptions racing the jobs', () => {
  it(`never both spends and expires the same points when ${RACE_WIDTH} redemptions meet the expiry job, in each of ${raceRounds()} rounds`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const c = await createCustomer(server);
      // 60 points lapsed a moment ago (as an old credit's expiry would have set them), 40 fresh ones.
      await inTransaction(server.app.db, (tx) =>
        loyaltyStore.insertLedger(tx, { consumer_uuid: c.uuid, points: 60, source_type: 'adjustment', source_key: `test:${randomUUID()}`, expire_at: new Date(Date.now() - 1000) }),
      );
      await grantPoints(server.app, c.uuid, 40);
      const reward = await makeReward(server.app, { points: 50 });

      const redeemed = await raceWithJobs(c, reward, OFFSETS[round % OFFSETS.length]!);
      const spent = await movedBy(c, 'reward', 'debits');
      const expired = await movedBy(c, 'expiry', 'debits');
      // Redemptions use the oldest points first: whatever of the lapsed 60 was not spent before the
      // job took it is expired, and not a point more; the fresh 40 are never expired.
      expect({ round, spent }).toEqual({ round, spent: redeemed * 50 });
      expect({ round, redeemed, expired }).toEqual({ round, redeemed, expired: 60 - Math.min(spent, 60) });
      expect((await balanceOf(c)).balance).toBe(100 - spent - expired);
      expect((await balanceOf(c)).balance).toBeGreaterThanOrEqual(0);
      // Two job runs at once still write one expiry for the lapse.
      const rows = await server.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM loyalty_ledger WHERE consumer_uuid = $1 AND source_type = 'expiry'`, [c.uuid]);
      expect(rows.rows[0]!.n).toBe(expired > 0 ? 1 : 0);
      await expectLedgerInvariants(server.app, [c.uuid]);
    }
  }, raceTimeout());

  it(`takes back a returned order's earned points at most down to zero when ${RACE_WIDTH} redemptions race the reversal, in each of ${raceRounds()} rounds`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const c = await createCustomer(server);
      // 2 × 12.50 − 1.00 + 3.99 = 27.99 GBP → 27 points, credited on delivery; 73 more make 100.
      const product = await createProduct(server.app.db, { stock: 100 });
      const placed = await placeOrder(server.app, draftFor({ product, customerUuid: c.uuid, email: c.email, quantity: 2 }));
      await drainOrderEvents(server.app);
      await advanceOrder(server.app, placed.order_number, TO_DELIVERED);
      await grantPoints(server.app, c.uuid, 73);
      expect((await balanceOf(c)).balance).toBe(100);
      const reward = await makeReward(server.app, { points: 50 });
      // The return is recorded; its event reaches loyalty when a job run delivers it, during the race.
      await inTransaction(server.app.db, (tx) => server.app.services.orders.changeStatus(tx, placed.order_number, { to: 'returned', actor: 'operator', tracking: null }));

      const redeemed = await raceWithJobs(c, reward, OFFSETS[round % OFFSETS.length]!);
      await drainOrderEvents(server.app);
      const reversed = await movedBy(c, 'order', 'debits');
      // Reversal first (73 left) or after one redemption (50 left): all 27 come back and one
      // redemption gets through. After two redemptions nothing is left to take: spent points stay spent.
      expect({ round, redeemed, reversed }).toEqual(redeemed === 2 ? { round, redeemed, reversed: 0 } : { round, redeemed: 1, reversed: 27 });
      expect((await balanceOf(c)).balance).toBe(100 - redeemed * 50 - reversed);
      expect(await loyaltyStore.findOrderPoints(server.app.db, placed.entity_id)).toMatchObject({ status: 'reversed', reversed_points: 27 });
      await expectLedgerInvariants(server.app, [c.uuid]);
    }
  }, raceTimeout());

  it(`returns a cancelled order's campaign points once and reverses its pending points when ${RACE_WIDTH} redemptions race the cancellation, in each of ${raceRounds()} rounds`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const c = await createCustomer(server);
      await grantPoints(server.app, c.uuid, 100);
      const campaign = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 500 });
      const cartId = randomUUID().replace(/-/g, '');
      const loyalty = server.app.services.loyalty;
      await inTransaction(server.app.db, (tx) => loyalty.applyCampaignToCart(tx, { consumer: c.uuid, cartId, campaignUuid: campaign, currency: 'GBP', storeCode: 'gb' }));
      // placeOrder's transaction: the order and the campaign's debit together.
      const product = await createProduct(server.app.db, { stock: 10 });
      const draft = draftFor({ product, customerUuid: c.uuid, email: c.email, cartId });
      const placed = await inTransaction(server.app.db, async (tx) => {
        const p = await server.app.services.orders.createOrder(tx, draft);
        await loyalty.spendCampaignForOrder(tx, cartId, p.entity_id, p.order_number);
        return p;
      });
      await drainOrderEvents(server.app);
      expect(await balanceOf(c)).toMatchObject({ balance: 0, held_points: 0 });
      const reward = await makeReward(server.app, { points: 100 });
      await inTransaction(server.app.db, (tx) => server.app.services.orders.changeStatus(tx, placed.order_number, { to: 'canceled', actor: 'operator', tracking: null }));

      const redeemed = await raceWithJobs(c, reward, OFFSETS[round % OFFSETS.length]!);
      await drainOrderEvents(server.app);
      // The 100 come back once; at most one redemption spends them, and only after they are back.
      expect({ round, redeemed: redeemed <= 1 }).toEqual({ round, redeemed: true });
      expect(await movedBy(c, 'reward', 'credits')).toBe(100);
      expect((await balanceOf(c)).balance).toBe(100 - redeemed * 100);
      expect(await loyaltyStore.findOrderPoints(server.app.db, placed.entity_id)).toMatchObject({ status: 'reversed' });
      expect(await loyaltyStore.campaignForOrder(server.app.db, placed.entity_id)).toMatchObject({ status: 'returned' });
      await expectLedgerInvariants(server.app, [c.uuid]);
    }
  }, raceTimeout());

  it('leaves a customer who spent their lapsing points before the job out of its candidates, so they cannot crowd out those whose points must expire', async () => {
    const lapsed = (c: Customer, points: number) =>
      inTransaction(server.app.db, (tx) =>
        loyaltyStore.insertLedger(tx, { consumer_uuid: c.uuid, points, source_type: 'adjustment', source_key: `test:${randomUUID()}`, expire_at: new Date(Date.now() - 1000) }),
      );
    const spender = await createCustomer(server);
    await lapsed(spender, 50);
    await grantPoints(server.app, spender.uuid, 10);
    const reward = await makeReward(server.app, { points: 50 });
    expect((await redeem(spender, reward)).status).toBe(201);
    const keeper = await createCustomer(server);
    await lapsed(keeper, 30);
    const candidates = (await loyaltyStore.expiryCandidates(server.app.db, 10_000)).map((x) => x.consumer_uuid);
    expect(candidates).toContain(keeper.uuid);
    expect(candidates).not.toContain(spender.uuid);
    await server.app.services.loyalty.expirePoints(transactionsOn(server.app.db), 10_000);
    expect((await balanceOf(keeper)).balance).toBe(0);
    expect((await balanceOf(spender)).balance).toBe(10);
    expect((await loyaltyStore.expiryCandidates(server.app.db, 10_000)).map((x) => x.consumer_uuid)).not.toContain(keeper.uuid);
    await expectLedgerInvariants(server.app, [spender.uuid, keeper.uuid]);
  });
});
