import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import {
  advanceOrder, drainOrderEvents, expectLedgerInvariants, grantPoints, makeArticle, makeQrCode, makeReward, TO_DELIVERED,
} from '../../test/loyalty-fixtures.js';
import * as loyaltyStore from './loyalty.store.js';
import { RACE_WIDTH, raceRounds, raceTimeout } from '../../test/race.js';
import { inTransaction, transactionsOn } from '../../platform/transaction.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const call = (method: string, path: string, body?: unknown, token?: string, store?: string) => restCall(server, method, path, body, { token, store });

async function summary(c: { uuid: string; token: string }) {
  const r = await call('GET', `/api/loyalty/consumers/${c.uuid}`, undefined, c.token);
  expect(r.status).toBe(200);
  return r.body;
}

/** An order of `quantity` × 12.50 GBP for the customer, placed as checkout would (grand total 25.00 − 1.00 + 3.99 for 2). */
async function orderFor(c: { uuid: string; email: string }, quantity = 2, cartId?: string) {
  const product = await createProduct(server.app.db, { stock: 100 });
  const draft = draftFor({ product, customerUuid: c.uuid, email: c.email, quantity, cartId });
  const placed = await placeOrder(server.app, draft);
  await drainOrderEvents(server.app);
  return { ...placed, draft };
}

describe('loyalty ledger', () => {
  it('reads zero defaults for a new member and refuses another customer and a guest', async () => {
    const a = await createCustomer(server);
    const b = await createCustomer(server);
    const s = await summary(a);
    expect(s).toMatchObject({ points: 0, pending_points: 0, points_to_expire: 0, expire_at: null, tier: { name: 'Bronze' } });
    const foreign = await call('GET', `/api/loyalty/consumers/${a.uuid}`, undefined, b.token);
    const missing = await call('GET', `/api/loyalty/consumers/${randomUUID()}`, undefined, b.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe(missing.body.error.code);
    expect((await call('GET', `/api/loyalty/consumers/${a.uuid}`)).status).toBe(401);
    const history = await call('GET', `/api/loyalty/consumers/${a.uuid}/points`, undefined, a.token);
    expect(history.body).toMatchObject({ items: [], page: 1, perPage: 10, total: 0 });
  });

  it('credits an article read 20 times in parallel exactly once, and shows it as read', async () => {
    const c = await createCustomer(server);
    const article = await makeArticle(server.app, 15);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/api/loyalty/consumers/${c.uuid}/earnings/article`, { article_id: article }, c.token)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.credited).length).toBe(1);
    expect((await summary(c)).points).toBe(15);
    const mine = await call('GET', `/loyalty-legacy/customer/${c.uuid}/articles`, undefined, c.token);
    expect(mine.body.items.find((a: { article_id: string }) => a.article_id === article)).toMatchObject({ is_read: true, value: 15 });
    const publicList = await call('GET', '/loyalty-legacy/articles');
    expect(publicList.body.items.find((a: { article_id: string }) => a.article_id === article)).toMatchObject({ is_read: false });
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it('credits a QR code scanned 20 times in parallel once, and refuses one outside its validity or unknown', async () => {
    const c = await createCustomer(server);
    const qr = await makeQrCode(server.app, 25);
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/loyalty-legacy/qr-code/read', { qr_id: qr }, c.token)));
    expect(results.filter((r) => r.status === 200 && r.body.credited).length).toBe(1);
    expect((await summary(c)).points).toBe(25);
    const expired = await makeQrCode(server.app, 25, 1000, -10_000);
    const late = await call('POST', `/api/loyalty/consumers/${c.uuid}/earnings/qr-code`, { qr_code_id: expired }, c.token);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('NOT_ELIGIBLE');
    const unknown = await call('GET', '/api/loyalty/earnings/qr-code/NOPE0000', undefined, c.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No data found');
    expect((await summary(c)).points).toBe(25);
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it(`lets exactly one of ${RACE_WIDTH} parallel redemptions of a 100-point reward through with 100 points, in each of ${raceRounds()} rounds`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const c = await createCustomer(server);
      await grantPoints(server.app, c.uuid, 100);
      const reward = await makeReward(server.app, { points: 100, stock: 50 });
      const results = await Promise.all(
        Array.from({ length: RACE_WIDTH }, () => call('POST', `/api/loyalty/consumers/${c.uuid}/reward`, { reward_uuid: reward }, c.token)),
      );
      expect({ round, redeemed: results.filter((r) => r.status === 201).length }).toEqual({ round, redeemed: 1 });
      expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'INSUFFICIENT_POINTS')).toBe(true);
      expect(results.filter((r) => r.status === 409).length).toBe(RACE_WIDTH - 1);
      expect((await summary(c)).points).toBe(0);
      const stock = await loyaltyStore.findReward(server.app.db, reward);
      expect(stock!.stock).toBe(49);
      // I2 after every round: balance = SUM(ledger) ≥ 0, no source credited twice.
      await expectLedgerInvariants(server.app, [c.uuid]);
    }
  }, raceTimeout());

  it('refuses a redemption when the reward is out of stock, leaving the points', async () => {
    const c = await createCustomer(server);
    await grantPoints(server.app, c.uuid, 300);
    const reward = await makeReward(server.app, { points: 100, stock: 1 });
    const first = await call('POST', '/loyalty-legacy/prizes/buy', { consumer_uuid: c.uuid, prize_uuid: reward, qty: 1 }, c.token);
    expect(first.status).toBe(201);
    expect(first.body.coupon).toMatch(/^RW-/);
    const second = await call('POST', '/loyalty-legacy/prizes/buy', { consumer_uuid: c.uuid, prize_uuid: reward, qty: 1 }, c.token);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect((await summary(c)).points).toBe(200);
    const other = await createCustomer(server);
    const foreign = await call('POST', '/loyalty-legacy/prizes/buy', { consumer_uuid: c.uuid, prize_uuid: reward, qty: 1 }, other.token);
    expect(foreign.status).toBe(404);
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it('pages the points history newest first with a running balance', async () => {
    const c = await createCustomer(server);
    for (let i = 0; i < 12; i++) await grantPoints(server.app, c.uuid, 10);
    const first = await call('GET', `/api/loyalty/consumers/${c.uuid}/points`, undefined, c.token);
    expect(first.body.items).toHaveLength(10);
    expect(first.body).toMatchObject({ page: 1, perPage: 10, total: 12, total_pages: 2 });
    expect(first.body.items[0]).toMatchObject({ type: 'adjustment', points: 10, balance: 120 });
    const second = await call('POST', `/loyalty-legacy/customers/${c.uuid}/points/history`, { page: 2, perPage: 10 }, c.token);
    expect(second.body.items.map((i: { balance: number }) => i.balance)).toEqual([20, 10]);
    const bad = await call('GET', `/api/loyalty/consumers/${c.uuid}/points?perPage=1000`, undefined, c.token);
    expect(bad.status).toBe(400);
  });

  it('expires lapsed points once, first in first out, and announces the next lapse', async () => {
    const c = await createCustomer(server);
    await inTransaction(server.app.db, (tx) =>
      loyaltyStore.insertLedger(tx, { consumer_uuid: c.uuid, points: 40, source_type: 'adjustment', source_key: `test:${randomUUID()}`, expire_at: new Date(Date.now() - 1000) }),
    );
    await grantPoints(server.app, c.uuid, 30);
    // No balance is read before the run: on a shared PostgreSQL database another suite's expiry run may take the lapsed 40 first.
    await server.app.services.loyalty.expirePoints(transactionsOn(server.app.db), 10_000);
    await server.app.services.loyalty.expirePoints(transactionsOn(server.app.db), 10_000);
    const s = await summary(c);
    expect(s.points).toBe(30);
    expect(s.points_to_expire).toBe(30);
    expect(s.expire_at).not.toBeNull();
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it('reads credits oldest first when their ids gain a digit, so expiry stays first in first out', async () => {
    const consumer = randomUUID();
    // 999…9 then 1000…0: as text the newer id would sort first. Far above the sequence, and rolled back.
    const ids = ['99999999999999', '100000000000000'];
    const rollback = new Error('rollback');
    const order = await inTransaction(server.app.db, async (tx) => {
        for (const id of ids) {
          await tx.query(`INSERT INTO loyalty_ledger (id, consumer_uuid, points, source_type, source_key) VALUES ($1::bigint, $2, 10, 'adjustment', $3)`, [
            id, consumer, `test:${randomUUID()}`,
          ]);
        }
        throw Object.assign(rollback, { credits: (await loyaltyStore.creditsAndDebits(tx, consumer)).credits.map((c) => c.id) });
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
        return (err as Error & { credits: string[] }).credits;
      });
    expect(order).toEqual(ids);
  });

  it('answers "No data found" for an unknown earning rule and the rule for a known one, in both families', async () => {
    const unknown = await call('GET', '/api/loyalty/earning-rule/no_such_event');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No data found');
    const known = await call('GET', '/loyalty-legacy/earningRules/article_read');
    expect(known.body).toMatchObject({ event_name: 'article_read', points: 10 });
  });

  it('serves the feature flag per market and refuses loyalty calls where it is off', async () => {
    const on = await call('GET', '/api/loyalty/configuration', undefined, undefined, 'gb');
    expect(on.body).toMatchObject({ enabled: 'true', timeout: 5000 });
    const off = await call('GET', '/loyalty-legacy/status', undefined, undefined, 'gb_trial');
    expect(off.body.enabled).toBe('false');
    const refused = await call('GET', '/api/loyalty/tiers', undefined, undefined, 'gb_trial');
    expect(refused.status).toBe(501);
    expect(refused.body.error.code).toBe('NOT_AVAILABLE');
  });

  it('lets browsers and a CDN keep the configuration and product points, which are the same for every shopper of a store view, for a minute', async () => {
    for (const path of ['/api/loyalty/configuration', '/api/loyalty/products/points?skus=EMBER-ONE-SLATE']) {
      const res = await fetch(`${server.url}${path}`, { headers: { store: 'gb' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(res.headers.get('vary') ?? '').toMatch(/\bStore\b/);
    }
    // What is a shopper's own is never kept.
    const rewards = await fetch(`${server.url}/api/loyalty/rewards`, { headers: { store: 'gb' } });
    expect(rewards.headers.get('cache-control')).toBe('no-store');
  });

  it('falls back to zero points for a product without a rule and shows a time-limited offer', async () => {
    const sku = `PTS-${randomUUID().slice(0, 8)}`;
    await loyaltyStore.upsertProductPoints(server.app.db, { sku, store_code: 'gb', points: 40, rules: ['Double points'], time_to: new Date(Date.now() + 86_400_000) });
    const r = await call('GET', `/api/loyalty/products/points?skus=${sku},NO-RULE-SKU`);
    expect(r.body.items).toEqual([
      expect.objectContaining({ sku, points: 40, time_limited: true, rules: ['Double points'] }),
      { sku: 'NO-RULE-SKU', points: 0, rules: [], time_limited: false, time_to: null },
    ]);
    const legacy = await call('GET', `/loyalty-legacy/product/${sku}/points`);
    expect(legacy.body.points).toBe(40);
  });
});

describe('loyalty and orders', () => {
  it('keeps order points pending until delivery, then credits them and raises the tier; a return reverses them and lowers the tier', async () => {
    const c = await createCustomer(server);
    // 40 × 12.50 − 1.00 + 3.99 = 502.99 GBP → 502 points: Silver once delivered.
    const order = await orderFor(c, 40);
    let s = await summary(c);
    expect(s).toMatchObject({ points: 0, pending_points: 502 });
    const info = await call('GET', `/api/loyalty/orders/${order.order_number}`, undefined, c.token);
    expect(info.body).toMatchObject({ status: 'pending', pending_points: 502 });
    await advanceOrder(server.app, order.order_number, TO_DELIVERED);
    await drainOrderEvents(server.app);
    s = await summary(c);
    expect(s).toMatchObject({ points: 502, pending_points: 0, tier: { name: 'Silver' } });
    await advanceOrder(server.app, order.order_number, ['returned']);
    s = await summary(c);
    expect(s).toMatchObject({ points: 0, tier: { name: 'Bronze' } });
    const legacy = await call('GET', `/loyalty-legacy/orders/${order.entity_id}`, undefined, c.token);
    expect(legacy.body).toMatchObject({ status: 'reversed', reversed_points: 502 });
    const other = await createCustomer(server);
    expect((await call('GET', `/api/loyalty/orders/${order.order_number}`, undefined, other.token)).status).toBe(404);
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it('reverses pending points and returns campaign points when an order is cancelled', async () => {
    const c = await createCustomer(server);
    await grantPoints(server.app, c.uuid, 150);
    const campaign = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 500 });
    const cartId = randomUUID().replace(/-/g, '');
    const applied = await inTransaction(server.app.db, (tx) =>
      server.app.services.loyalty.applyCampaignToCart(tx, { consumer: c.uuid, cartId, campaignUuid: campaign, currency: 'GBP', storeCode: 'gb' }),
    );
    expect(applied).toMatchObject({ loyalty_discount_points: 100, loyalty_discount_amount: 500 });
    expect((await summary(c)).points).toBe(50);
    // placeOrder: the order and the campaign's debit in one transaction.
    const product = await createProduct(server.app.db, { stock: 10 });
    const draft = draftFor({ product, customerUuid: c.uuid, email: c.email, cartId });
    const placed = await inTransaction(server.app.db, async (tx) => {
      const p = await server.app.services.orders.createOrder(tx, draft);
      await server.app.services.loyalty.spendCampaignForOrder(tx, cartId, p.entity_id, p.order_number);
      return p;
    });
    await drainOrderEvents(server.app);
    let s = await summary(c);
    expect(s).toMatchObject({ balance: 50, held_points: 0, points: 50, pending_points: 27 });
    await advanceOrder(server.app, placed.order_number, ['canceled']);
    s = await summary(c);
    expect(s).toMatchObject({ points: 150, pending_points: 0, tier: { name: 'Bronze' } });
    const info = await call('GET', `/api/loyalty/orders/${placed.order_number}`, undefined, c.token);
    expect(info.body).toMatchObject({ status: 'reversed', points: 0 });
    await drainOrderEvents(server.app);
    expect((await summary(c)).points).toBe(150);
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it(`never lets one customer spend the same points on campaigns in ${RACE_WIDTH} carts at once, in each of ${raceRounds()} rounds`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const c = await createCustomer(server);
      await grantPoints(server.app, c.uuid, 100);
      const campaign = await makeReward(server.app, { kind: 'campaign', points: 100, amount: 300 });
      const apply = (cartId: string) =>
        inTransaction(server.app.db, (tx) => server.app.services.loyalty.applyCampaignToCart(tx, { consumer: c.uuid, cartId, campaignUuid: campaign, currency: 'GBP', storeCode: 'gb' }))
          .then(() => 'ok', (err: { code?: string }) => err.code);
      const outcomes = await Promise.all(Array.from({ length: RACE_WIDTH }, (_, i) => apply(`cart-${i}-${randomUUID()}`)));
      expect({ round, applied: outcomes.filter((o) => o === 'ok').length }).toEqual({ round, applied: 1 });
      expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'INSUFFICIENT_POINTS')).toBe(true);
      const s = await summary(c);
      expect(s).toMatchObject({ balance: 100, held_points: 100, points: 0 });
      // Nor can the held points be redeemed for a reward meanwhile.
      const reward = await makeReward(server.app, { points: 50 });
      const redeem = await call('POST', `/api/loyalty/consumers/${c.uuid}/reward`, { reward_uuid: reward }, c.token);
      expect(redeem.body.error.code).toBe('INSUFFICIENT_POINTS');
      await expectLedgerInvariants(server.app, [c.uuid]);
    }
  }, raceTimeout());

  it('frees held points when the campaign is removed from the cart', async () => {
    const c = await createCustomer(server);
    await grantPoints(server.app, c.uuid, 120);
    const campaign = await makeReward(server.app, { kind: 'campaign', points: 100 });
    const cartId = `cart-${randomUUID()}`;
    const loyalty = server.app.services.loyalty;
    await inTransaction(server.app.db, (tx) => loyalty.applyCampaignToCart(tx, { consumer: c.uuid, cartId, campaignUuid: campaign, currency: 'GBP', storeCode: 'gb' }));
    expect(await loyalty.appliedCampaign(server.app.db, cartId)).toMatchObject({ loyalty_discount_points: 100 });
    await inTransaction(server.app.db, (tx) => loyalty.removeCampaignFromCart(tx, c.uuid, cartId));
    expect(await loyalty.appliedCampaign(server.app.db, cartId)).toBeNull();
    expect((await summary(c)).points).toBe(120);
    const eur = await inTransaction(server.app.db, (tx) => loyalty.applyCampaignToCart(tx, { consumer: c.uuid, cartId, campaignUuid: campaign, currency: 'EUR', storeCode: 'de' }))
      .catch((e: { code: string }) => e.code);
    expect(eur).toBe('NOT_ELIGIBLE');
  });

  it('earns no points for a guest order and lists rewards with eligibility from the balance', async () => {
    const product = await createProduct(server.app.db, { stock: 10 });
    const placed = await placeOrder(server.app, draftFor({ product, customerUuid: null }));
    await drainOrderEvents(server.app);
    expect(await loyaltyStore.findOrderPoints(server.app.db, placed.entity_id)).toBeNull();
    const c = await createCustomer(server);
    await grantPoints(server.app, c.uuid, 60);
    const cheap = await makeReward(server.app, { points: 50 });
    const dear = await makeReward(server.app, { points: 70 });
    const list = await call('GET', '/api/loyalty/rewards', undefined, c.token);
    const find = (id: string) => list.body.items.find((r: { uuid: string }) => r.uuid === id);
    expect(find(cheap).is_eligible).toBe(true);
    expect(find(dear).is_eligible).toBe(false);
    const anonymous = await call('GET', '/api/loyalty/rewards');
    expect(anonymous.body.items.find((r: { uuid: string }) => r.uuid === cheap).is_eligible).toBe(false);
  });
});

describe('loyalty legacy family', () => {
  it('answers every legacy path from the same ledger, owner-checked', async () => {
    const c = await createCustomer(server);
    const other = await createCustomer(server);
    await grantPoints(server.app, c.uuid, 120);
    const article = await makeArticle(server.app, 5);
    expect((await call('POST', '/loyalty-legacy/articles/read', { article_id: article }, c.token)).body).toMatchObject({ credited: true, points: 5 });
    expect((await call('GET', '/loyalty-legacy/points', undefined, c.token)).body).toMatchObject({ points: 125, pending_points: 0 });
    expect((await call('GET', `/loyalty-legacy/profile/${c.uuid}`, undefined, c.token)).body).toMatchObject({ points: 125 });
    expect((await call('GET', `/loyalty-legacy/customer/${c.uuid}/tier`, undefined, c.token)).body).toMatchObject({ name: 'Bronze', earned_points: 5 });
    expect((await call('GET', '/loyalty-legacy/tiers')).body.items.map((t: { name: string }) => t.name)).toEqual(['Bronze', 'Silver', 'Gold']);
    const achievements = await call('GET', `/loyalty-legacy/achievements/${c.uuid}`, undefined, c.token);
    expect(achievements.body.items.find((a: { code: string }) => a.code === 'first_article')).toMatchObject({ achieved: true });
    const campaign = await makeReward(server.app, { kind: 'campaign', points: 100 });
    const eligible = await call('POST', `/loyalty-legacy/customers/${c.uuid}/eligible-campaigns`, { currency: 'GBP' }, c.token);
    expect(eligible.body.items.map((r: { uuid: string }) => r.uuid)).toContain(campaign);
    const prizes = await call('GET', '/loyalty-legacy/prizes', undefined, c.token);
    expect(prizes.body.items.every((r: { kind: string }) => r.kind === 'reward')).toBe(true);
    const qr = await makeQrCode(server.app, 7);
    expect((await call('GET', `/loyalty-legacy/qr-code/${qr}`, undefined, c.token)).body).toMatchObject({ is_valid: true, is_scanned: false, points: 7 });
    for (const path of [`/loyalty-legacy/profile/${c.uuid}`, `/loyalty-legacy/customer/${c.uuid}/tier`, `/loyalty-legacy/achievements/${c.uuid}`, `/loyalty-legacy/customer/${c.uuid}/articles`]) {
      expect((await call('GET', path, undefined, other.token)).status).toBe(404);
    }
    expect((await call('POST', `/loyalty-legacy/customers/${c.uuid}/points/history`, {}, other.token)).status).toBe(404);
    expect((await call('GET', '/loyalty-legacy/points')).status).toBe(401);
    expect((await call('POST', '/loyalty-legacy/articles/read', { article_id: article, extra: 1 }, c.token)).status).toBe(400);
    await expectLedgerInvariants(server.app, [c.uuid]);
  });

  it('takes the client timeout from the server setting unless the market sets its own', async () => {
    const custom = await startTestServer({ LOYALTY_TIMEOUT_MS: '7000' });
    try {
      const r = await restCall(custom, 'GET', '/api/loyalty/configuration', undefined, { store: 'gb' });
      expect(r.body.timeout).toBe(7000);
    } finally {
      await custom.close();
    }
  });
});

describe('loyalty texts per language', () => {
  it('answers tiers, rewards, articles and earning rules in the store view\'s language, German in de and ch', async () => {
    const c = await createCustomer(server);
    for (const store of ['de', 'ch']) {
      const tiers = await call('GET', '/api/loyalty/tiers', undefined, undefined, store);
      expect(tiers.body.items.map((t: { name: string }) => t.name)).toEqual(['Bronze', 'Silber', 'Gold']);
      const rewards = await call('GET', '/api/loyalty/rewards', undefined, undefined, store);
      const pouch = rewards.body.items.find((r: { uuid: string }) => r.uuid === '7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0001');
      expect(pouch).toMatchObject({ name: 'Ember Reisetasche', image_url: '/media/loyalty/reward-pouch.svg' });
      const articles = await call('GET', '/api/loyalty/articles', undefined, undefined, store);
      expect(articles.body.items.find((a: { article_id: string }) => a.article_id === 'travel-with-ember').title).toBe('Mit Ember auf Reisen');
      const article = await call('GET', '/api/loyalty/articles/flavours-explained', undefined, undefined, store);
      expect(article.body.title).toBe('Unsere Geschmacksrichtungen erklärt');
      expect(article.body.body).toMatch(/Grundmischung/);
      const rule = await call('GET', '/api/loyalty/earning-rule/article_read', undefined, undefined, store);
      expect(rule.body.description).toBe('Einen Club-Artikel lesen');
    }
    const gb = await call('GET', '/api/loyalty/rewards', undefined, undefined, 'gb');
    expect(gb.body.items.find((r: { uuid: string }) => r.uuid === '7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0001').name).toBe('Ember travel pouch');
    const gbTiers = await call('GET', '/api/loyalty/tiers', undefined, undefined, 'gb');
    expect(gbTiers.body.items.map((t: { name: string }) => t.name)).toEqual(['Bronze', 'Silver', 'Gold']);
    const de = await call('GET', `/api/loyalty/consumers/${c.uuid}`, undefined, c.token, 'de');
    expect(de.body.tier.name).toBe('Bronze');
    expect(de.body.tier.next_tier.name).toBe('Silber');
  });

  it('falls back to the source text for an article written in English only', async () => {
    const article = await makeArticle(server.app, 5);
    const r = await call('GET', `/api/loyalty/articles/${article}`, undefined, undefined, 'de');
    expect(r.status).toBe(200);
    expect(r.body.title.length).toBeGreaterThan(0);
  });
});

describe('loyalty history in the reader\'s language', () => {
  it('records a German reader\'s article under its German title', async () => {
    const c = await createCustomer(server);
    const read = await call('POST', `/api/loyalty/consumers/${c.uuid}/earnings/article`, { article_id: 'travel-with-ember' }, c.token, 'de');
    expect(read.status).toBe(200);
    const history = await call('GET', `/api/loyalty/consumers/${c.uuid}/points`, undefined, c.token, 'de');
    expect(history.body.items[0]).toMatchObject({ type: 'article', event: 'Mit Ember auf Reisen' });
  });
});
