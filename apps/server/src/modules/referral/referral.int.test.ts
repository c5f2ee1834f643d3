import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct, PASSWORD } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { advanceOrder, drainOrderEvents, expectLedgerInvariants, TO_DELIVERED } from '../../test/loyalty-fixtures.js';
import { referralPrivacy } from './referral.privacy.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });

async function registerWith(parentCode: string | undefined) {
  const email = `referral-${randomUUID().slice(0, 8)}@example.com`;
  const reg = await call('POST', '/account/users/register', {
    terms_accepted: true,
    firstname: 'Rita', lastname: 'Referee', date_of_birth: '1990-01-01', strategy: 'email_password',
    strategy_data: { identifier: email, password: PASSWORD }, ...(parentCode ? { parent_code: parentCode } : {}),
  });
  return { reg, email };
}

async function registerWithEmail(email: string, parentCode: string) {
  return call('POST', '/account/users/register', {
    terms_accepted: true, firstname: 'Anna', lastname: 'Alias', date_of_birth: '1990-01-01', strategy: 'email_password',
    strategy_data: { identifier: email, password: PASSWORD }, parent_code: parentCode,
  });
}

async function login(email: string) {
  const r = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  return { uuid: r.body.user_uuid as string, token: r.body.token as string, email };
}

async function codeOf(c: { uuid: string; token: string }): Promise<string> {
  const r = await call('GET', `/referral/customer/${c.uuid}`, undefined, c.token);
  expect(r.status).toBe(200);
  return r.body.code;
}

describe('referral', () => {
  it('gives each customer a code that verifies, and refuses a stranger reading it', async () => {
    const a = await createCustomer(server);
    const code = await codeOf(a);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect((await call('POST', '/referral/verify', { code: code.toLowerCase() })).body).toEqual({ is_valid: true });
    expect((await call('POST', '/referral/verify', { code: 'NOSUCH99' })).body).toEqual({ is_valid: false });
    expect((await call('POST', '/referral/verify', { code }, a.token)).body).toEqual({ is_valid: false });
    const b = await createCustomer(server);
    expect((await call('GET', `/referral/customer/${a.uuid}`, undefined, b.token)).status).toBe(404);
    expect((await call('GET', `/referral/referrer/${a.uuid}/stats`)).status).toBe(401);
    expect((await call('GET', '/referral/status')).body).toMatchObject({ enabled: true, points_per_referral: 200 });
  });

  it('sets parent_code at registration and refuses an unknown code without creating the account', async () => {
    const referrer = await createCustomer(server);
    const code = await codeOf(referrer);
    const { reg, email } = await registerWith(code);
    expect(reg.status).toBe(201);
    const friend = await login(email);
    const me = await call('GET', `/referral/customer/${friend.uuid}`, undefined, friend.token);
    expect(me.body).toMatchObject({ parent_code: code, has_first_purchase: false });
    const bad = await registerWith('NOSUCH99');
    expect(bad.reg.status).toBe(400);
    const retry = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: bad.email, password: PASSWORD } });
    expect(retry.status).toBe(401);
  });

  it('refuses self-referral, loops and a second parent code', async () => {
    const a = await createCustomer(server);
    const b = await createCustomer(server);
    const c = await createCustomer(server);
    const codeA = await codeOf(a);
    const codeB = await codeOf(b);
    const codeC = await codeOf(c);
    const self = await call('PUT', '/referral/customer', { uuid: a.uuid, referral_code: codeA }, a.token);
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('REFERRAL_NOT_ALLOWED');
    expect((await call('PUT', '/referral/customer', { uuid: b.uuid, referral_code: codeA }, b.token)).status).toBe(200);
    expect((await call('PUT', '/referral/customer', { uuid: c.uuid, referral_code: codeB }, c.token)).status).toBe(200);
    // a → b → c: a may not name c (or b) as its referrer.
    const loop = await call('PUT', '/referral/customer', { uuid: a.uuid, referral_code: codeC }, a.token);
    expect(loop.body.error.code).toBe('REFERRAL_NOT_ALLOWED');
    const reuse = await call('PUT', '/referral/customer', { uuid: c.uuid, referral_code: codeA }, c.token);
    expect(reuse.body.error.code).toBe('REFERRAL_NOT_ALLOWED');
    const foreign = await call('PUT', '/referral/customer', { uuid: a.uuid, referral_code: codeB }, c.token);
    expect(foreign.status).toBe(404);
    expect((await call('GET', `/referral/customer/${a.uuid}`, undefined, a.token)).body.parent_code).toBeNull();
  });

  it("refuses the referrer's own code from a second account on an alias of the same mailbox or the same verified phone", async () => {
    const local = `anna.smith.${randomUUID().slice(0, 8)}`;
    const referrerEmail = `${local}@gmail.com`;
    const reg = await call('POST', '/account/users/register', {
      terms_accepted: true, firstname: 'Anna', lastname: 'Smith', date_of_birth: '1990-01-01', strategy: 'email_password',
      strategy_data: { identifier: referrerEmail, password: PASSWORD },
    });
    expect(reg.status).toBe(201);
    const referrer = await login(referrerEmail);
    const code = await codeOf(referrer);
    // Upper case, a +tag, dots moved and googlemail.com: all the referrer's own mailbox.
    for (const alias of [`${local.toUpperCase()}+FRIEND@gmail.com`, `${local.replaceAll('.', '')}+x@GoogleMail.com`]) {
      const self = await registerWithEmail(alias, code);
      expect(self.status, alias).toBe(409);
      expect(self.body.error).toMatchObject({ code: 'REFERRAL_NOT_ALLOWED', message: 'You cannot use your own referral code.' });
      expect((await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: alias, password: PASSWORD } })).status).toBe(401);
    }
    // A second account under another address but the referrer's verified phone is the referrer too.
    const phone = '+447700900' + String(Math.floor(Math.random() * 900) + 100);
    const second = await createCustomer(server);
    await server.app.db.query('UPDATE identity_user SET telephone = $2, telephone_verified_at = now() WHERE uuid = ANY($1::uuid[])', [[referrer.uuid, second.uuid], phone]);
    const samePhone = await call('PUT', '/referral/customer', { uuid: second.uuid, referral_code: code }, second.token);
    expect([samePhone.status, samePhone.body.error?.code]).toEqual([409, 'REFERRAL_NOT_ALLOWED']);
    // Someone else at the same provider may use the code.
    const friend = await registerWithEmail(`${local}.friend@gmail.com`, code);
    expect(friend.status).toBe(201);
  });

  it("credits the referrer once for the referee's first delivered order and counts it in the stats", async () => {
    const referrer = await createCustomer(server);
    const code = await codeOf(referrer);
    const { email } = await registerWith(code);
    const friend = await login(email);
    let stats = await call('GET', `/referral/referrer/${referrer.uuid}/stats`, undefined, referrer.token);
    expect(stats.body).toEqual({ earned_points: 0, referees_count: 1, completed_first_order_count: 0 });
    const product = await createProduct(server.app.db, { stock: 10 });
    const first = await placeOrder(server.app, draftFor({ product, customerUuid: friend.uuid, email }));
    const second = await placeOrder(server.app, draftFor({ product, customerUuid: friend.uuid, email }));
    await drainOrderEvents(server.app);
    expect((await call('GET', `/api/loyalty/consumers/${referrer.uuid}`, undefined, referrer.token)).body.points).toBe(0);
    await advanceOrder(server.app, first.order_number, TO_DELIVERED);
    await advanceOrder(server.app, second.order_number, TO_DELIVERED);
    const replay = await call('POST', '/loyalty-legacy/events/referrer', {}, friend.token);
    expect(replay.body).toMatchObject({ credited: false, referrer_rewarded: true });
    stats = await call('GET', `/referral/referrer/${referrer.uuid}/stats`, undefined, referrer.token);
    expect(stats.body).toEqual({ earned_points: 200, referees_count: 1, completed_first_order_count: 1 });
    const points = await call('GET', `/api/loyalty/consumers/${referrer.uuid}`, undefined, referrer.token);
    expect(points.body.points).toBe(200);
    const me = await call('GET', `/referral/customer/${friend.uuid}`, undefined, friend.token);
    expect(me.body.has_first_purchase).toBe(true);
    // After the first purchase no parent code can be set any more.
    const other = await createCustomer(server);
    const late = await call('PUT', '/referral/customer', { uuid: friend.uuid, referral_code: await codeOf(other) }, friend.token);
    expect(late.body.error.code).toBe('REFERRAL_NOT_ALLOWED');
    await expectLedgerInvariants(server.app, [referrer.uuid, friend.uuid]);
  });

  it("takes the referrer's reward back when the referee's first order is returned", async () => {
    const referrer = await createCustomer(server);
    const { email } = await registerWith(await codeOf(referrer));
    const friend = await login(email);
    const product = await createProduct(server.app.db, { stock: 10 });
    const first = await placeOrder(server.app, draftFor({ product, customerUuid: friend.uuid, email }));
    await advanceOrder(server.app, first.order_number, TO_DELIVERED);
    expect((await call('GET', `/api/loyalty/consumers/${referrer.uuid}`, undefined, referrer.token)).body.points).toBe(200);
    await advanceOrder(server.app, first.order_number, ['returned']);
    await advanceOrder(server.app, first.order_number, []);
    expect((await call('GET', `/api/loyalty/consumers/${referrer.uuid}`, undefined, referrer.token)).body.points).toBe(0);
    // The stats count what the referrer kept, as the history does.
    expect((await call('GET', `/referral/referrer/${referrer.uuid}/stats`, undefined, referrer.token)).body.earned_points).toBe(0);
    await expectLedgerInvariants(server.app, [referrer.uuid]);
  });

  describe('history', () => {
    const history = (c: { uuid: string; token: string }, query = '') => call('GET', `/referral/referrer/${c.uuid}/history${query}`, undefined, c.token);

    it('lists the latest five referrals newest first, pages on, and names no friend', async () => {
      const referrer = await createCustomer(server);
      const code = await codeOf(referrer);
      expect((await history(referrer)).body).toEqual({ items: [], page: 1, limit: 5, total: 0 });
      const friends: string[] = [];
      for (let i = 0; i < 7; i++) {
        const { reg, email } = await registerWith(code);
        expect(reg.status).toBe(201);
        friends.push(email);
      }
      // Joined a day apart, the first friend longest ago.
      for (const [i, email] of friends.entries()) {
        await server.app.db.query(
          `UPDATE referral_customer SET parent_set_at = now() - make_interval(days => $2::int)
            WHERE uuid = (SELECT uuid FROM identity_user WHERE lower(email) = lower($1))`,
          [email, 10 - i],
        );
      }
      // The newest friend completes a first order, the second newest completes and returns it.
      const product = await createProduct(server.app.db, { stock: 10 });
      const newest = await login(friends[6]!);
      const order = await placeOrder(server.app, draftFor({ product, customerUuid: newest.uuid, email: friends[6]! }));
      await advanceOrder(server.app, order.order_number, TO_DELIVERED);
      const returner = await login(friends[5]!);
      const returned = await placeOrder(server.app, draftFor({ product, customerUuid: returner.uuid, email: friends[5]! }));
      await advanceOrder(server.app, returned.order_number, TO_DELIVERED);
      await advanceOrder(server.app, returned.order_number, ['returned']);
      await advanceOrder(server.app, returned.order_number, []);

      const first = await history(referrer);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ page: 1, limit: 5, total: 7 });
      expect(first.body.items).toHaveLength(5);
      expect(first.body.items.slice(0, 3).map((i: { status: string; points_earned: number }) => [i.status, i.points_earned])).toEqual([
        ['first_order_completed', 200], ['returned', 0], ['registered', 0],
      ]);
      const dates = first.body.items.map((i: { joined_at: string }) => Date.parse(i.joined_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(Object.keys(first.body.items[0]).sort()).toEqual(['joined_at', 'points_earned', 'status']);

      const second = await history(referrer, '?page=2');
      expect(second.body).toMatchObject({ page: 2, limit: 5, total: 7 });
      expect(second.body.items).toHaveLength(2);
      expect(Date.parse(second.body.items[0].joined_at)).toBeLessThan(dates[4]);
      const all = await history(referrer, '?limit=50');
      expect(all.body.items).toHaveLength(7);
      expect(all.body.items.slice(0, 5)).toEqual(first.body.items);
      expect(all.body.items.slice(5)).toEqual(second.body.items);
      expect((await history(referrer, '?page=3')).body.items).toEqual([]);

      // No personal data of a friend: no e-mail, name or id.
      const json = JSON.stringify(all.body);
      for (const email of friends) expect(json.toLowerCase()).not.toContain(email.toLowerCase().split('@')[0]);
      expect(json).not.toMatch(/Rita|Referee|@example\.com/);
      expect(json).not.toContain(newest.uuid);
      expect(json).not.toContain(returner.uuid);
      expect(json).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
      await expectLedgerInvariants(server.app, [referrer.uuid]);
    });

    it("refuses another customer's history as the stats do, and without a session", async () => {
      const a = await createCustomer(server);
      const b = await createCustomer(server);
      const foreign = await call('GET', `/referral/referrer/${a.uuid}/history`, undefined, b.token);
      const foreignStats = await call('GET', `/referral/referrer/${a.uuid}/stats`, undefined, b.token);
      expect(foreign.status).toBe(404);
      expect([foreign.status, foreign.body.error?.code]).toEqual([foreignStats.status, foreignStats.body.error?.code]);
      // An id nobody has answers the same: no telling accounts apart.
      const nobody = await call('GET', `/referral/referrer/${randomUUID()}/history`, undefined, b.token);
      expect([nobody.status, nobody.body.error?.code]).toEqual([foreign.status, foreign.body.error?.code]);
      expect((await call('GET', `/referral/referrer/${a.uuid}/history`)).status).toBe(401);
    });

    it('answers bad paging with 400 VALIDATION_FAILED', async () => {
      const c = await createCustomer(server);
      for (const query of ['?limit=0', '?limit=51', '?limit=x', '?page=0', '?page=x', '?limit=2.5', '?other=1']) {
        const r = await history(c, query);
        expect([r.status, r.body.error?.code], query).toEqual([400, 'VALIDATION_FAILED']);
      }
      expect((await history(c, '?limit=50&page=1')).status).toBe(200);
    });

    it('exports the history with the referrer\'s data', async () => {
      const referrer = await createCustomer(server);
      await registerWith(await codeOf(referrer));
      const exported = await referralPrivacy().export(server.app.db, { uuid: referrer.uuid, identifiers: [] });
      const referral = exported.referral as { history: { status: string }[] };
      expect(referral.history).toHaveLength(1);
      expect(referral.history[0]).toMatchObject({ status: 'registered', points_earned: 0 });
      expect(Object.keys(referral.history[0]!).sort()).toEqual(['joined_at', 'points_earned', 'status']);
    });
  });

  it('limits how often one customer may try referral codes', async () => {
    const c = await createCustomer(server);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call('POST', '/referral/verify', { code: `GUESS${String(i).padStart(3, '0')}` }, c.token)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

