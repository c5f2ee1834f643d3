import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCall, startTestServer, testDb, type TestServer } from '../../test/test-app.js';
import type { SaleCheck } from './age-verification.selling.js';
import { inTransaction } from '../../platform/transaction.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const db = await testDb();
  // A market with a higher minimum age, for the configurable-minimum rule.
  await db.query("INSERT INTO age_verification_country (country_code, minimum_age) VALUES ('ZZ', 21) ON CONFLICT (country_code) DO NOTHING");
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Ember-Test-2026';
const STICKS = 'STK-AMBER-PACK';
const DEVICE = 'EMBER-ONE-SLATE';
const CHARGER = 'ACC-CHARGER';

const gb = { code: 'gb', default_country: 'GB', is_age_verification_enabled: true, is_order_limit_enabled: false, order_limit_value: 0 };

async function customer(verified: boolean, dob = '1990-04-12') {
  const email = `sell+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await restCall(server, 'POST', '/account/users/register', {
    terms_accepted: true,
    firstname: 'Ada', lastname: 'Lovelace', date_of_birth: dob,
    strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
  }, { store: 'gb' });
  expect(reg.status).toBe(201);
  const login = await restCall(server, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  if (verified) {
    const v = await restCall(server, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: login.body.token });
    expect(v.body.status).toBe('verified');
  }
  return reg.body.user_uuid as string;
}

async function sell(check: SaleCheck): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  const db = await testDb();
  try {
    await inTransaction(db, (tx) => server.app.services.ageVerification.assertMaySell(tx, check));
    return { ok: true };
  } catch (err) {
    const e = err as { code: string; message: string };
    return { ok: false, code: e.code, message: e.message };
  }
}

describe('selling rule: who may buy age-restricted products', () => {
  it('refuses a guest restricted products where the market verifies age, with a clear message', async () => {
    const res = await sell({ store: gb, customerUuid: null, email: 'guest@example.com', items: [{ sku: STICKS, quantity: 1 }] });
    expect(res).toMatchObject({ ok: false, code: 'PERMISSION_DENIED' });
    expect(res.ok || res.message).toMatch(/signed-in customers whose age is verified/);
  });

  it('sells accessories to anyone, and restricted products to guests only where the market does not verify age', async () => {
    expect(await sell({ store: gb, customerUuid: null, email: 'guest@example.com', items: [{ sku: CHARGER, quantity: 2 }] })).toEqual({ ok: true });
    expect(await sell({ store: { ...gb, is_age_verification_enabled: false }, customerUuid: null, items: [{ sku: STICKS, quantity: 1 }] })).toEqual({ ok: true });
  });

  it('refuses an unverified customer and sells to a verified one, devices and sticks alike', async () => {
    const unverified = await customer(false);
    expect(await sell({ store: gb, customerUuid: unverified, items: [{ sku: DEVICE, quantity: 1 }] })).toMatchObject({ ok: false, code: 'PERMISSION_DENIED' });
    expect(await sell({ store: gb, customerUuid: unverified, items: [{ sku: CHARGER, quantity: 1 }, { sku: STICKS, quantity: 1 }] })).toMatchObject({ ok: false, code: 'PERMISSION_DENIED' });
    const verified = await customer(true);
    expect(await sell({ store: gb, customerUuid: verified, items: [{ sku: DEVICE, quantity: 1 }, { sku: STICKS, quantity: 3 }] })).toEqual({ ok: true });
  });

  it('treats a product the catalogue does not know as restricted', async () => {
    expect(await sell({ store: gb, customerUuid: null, items: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] })).toMatchObject({ ok: false, code: 'PERMISSION_DENIED' });
  });

  it('checks the market’s own minimum age against the date of birth', async () => {
    const nineteen = new Date();
    nineteen.setUTCFullYear(nineteen.getUTCFullYear() - 19);
    const verified = await customer(true, nineteen.toISOString().slice(0, 10));
    expect(await sell({ store: gb, customerUuid: verified, items: [{ sku: STICKS, quantity: 1 }] })).toEqual({ ok: true });
    const res = await sell({ store: { ...gb, default_country: 'ZZ' }, customerUuid: verified, items: [{ sku: STICKS, quantity: 1 }] });
    expect(res).toMatchObject({ ok: false, code: 'PERMISSION_DENIED' });
    expect(res.ok || res.message).toMatch(/aged 21 or over/);
  });
});

describe('selling rule: the store view’s order limit', () => {
  const limited = { ...gb, is_age_verification_enabled: false, is_order_limit_enabled: true, order_limit_value: 5 };

  it('counts restricted units per buyer over the period and refuses what goes beyond the limit', async () => {
    const email = `limit+${randomUUID()}@example.com`;
    expect(await sell({ store: limited, customerUuid: null, email, items: [{ sku: STICKS, quantity: 3 }, { sku: CHARGER, quantity: 9 }], reference: randomUUID() })).toEqual({ ok: true });
    const over = await sell({ store: limited, customerUuid: null, email, items: [{ sku: STICKS, quantity: 3 }], reference: randomUUID() });
    expect(over).toMatchObject({ ok: false, code: 'ORDER_LIMIT' });
    expect(await sell({ store: limited, customerUuid: null, email: email.toUpperCase(), items: [{ sku: STICKS, quantity: 2 }], reference: randomUUID() })).toEqual({ ok: true });
    // Another buyer has a budget of their own.
    expect(await sell({ store: limited, customerUuid: null, email: `other+${email}`, items: [{ sku: STICKS, quantity: 5 }] })).toEqual({ ok: true });
  });

  it('counts an order once however often its check runs, and a check without a reference records nothing', async () => {
    const email = `once+${randomUUID()}@example.com`;
    const reference = randomUUID();
    for (let i = 0; i < 3; i++) expect(await sell({ store: limited, customerUuid: null, email, items: [{ sku: STICKS, quantity: 2 }], reference })).toEqual({ ok: true });
    for (let i = 0; i < 3; i++) expect(await sell({ store: limited, customerUuid: null, email, items: [{ sku: STICKS, quantity: 3 }] })).toEqual({ ok: true });
  });

  it('lets only as many parallel orders through as the limit allows', async () => {
    const buyer = await customer(true);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => sell({ store: { ...limited, is_age_verification_enabled: true }, customerUuid: buyer, items: [{ sku: STICKS, quantity: 1 }], reference: randomUUID() })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.code === 'ORDER_LIMIT')).toHaveLength(7);
    const db = await testDb();
    const { rows } = await db.query<{ units: number }>("SELECT COALESCE(SUM(units), 0)::int AS units FROM age_verification_sale WHERE buyer = $1", [buyer]);
    expect(rows[0]!.units).toBe(5);
  });
});
