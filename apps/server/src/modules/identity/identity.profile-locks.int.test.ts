import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GB_ADDRESS } from '@ember/test-support';
import { restCall, serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { gqlAs } from '../cart/cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const PASSWORD = 'Locked-Pass-2026';
const DOB = '1988-06-15';
const call = (method: string, path: string, body?: unknown, opts: { token?: string; store?: string } = {}) => restCall(server, method, path, body, opts);

async function customer(store = 'gb') {
  const email = `locks+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await call('POST', '/account/users/register', {
    terms_accepted: true, firstname: 'Vera', lastname: 'Verified', date_of_birth: DOB,
    strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
  }, { store });
  expect(reg.status).toBe(201);
  const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  return { uuid: reg.body.user_uuid as string, token: login.body.token as string, email };
}

/** Verifies the customer's age with a synchronous GB method (database_check binds names, hidden does not). */
async function verifyAge(c: { token: string }, method: 'database_check' | 'hidden') {
  const res = await call('POST', '/age-verification/verify', { method_code: method, country_code: 'GB' }, { token: c.token, store: 'gb' });
  expect(res.body.status).toBe('verified');
}

async function row(uuid: string) {
  const r = await db.query<Record<string, unknown>>(
    `SELECT email, firstname, lastname, to_char(date_of_birth, 'YYYY-MM-DD') AS dob, gender, is_age_verified, allow_date_of_birth_update, allow_name_update, status
       FROM identity_user WHERE uuid = $1`,
    [uuid],
  );
  return r.rows[0];
}

describe('profile facts bound by an age verification', () => {
  it('lets the date of birth change before the age verification', async () => {
    const c = await customer();
    const res = await call('PATCH', `/account/users/${c.uuid}/profile`, { date_of_birth: '1987-05-14' }, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body.personalInfo.dob).toBe('1987-05-14');
    expect(res.body.meta).toEqual({ allow_date_of_birth_update: true, allow_name_update: true });
  });

  it('refuses a new date of birth after a verification on every profile path, and says why in the store view\'s language', async () => {
    const c = await customer();
    await verifyAge(c, 'database_check');
    const profile = await call('GET', `/account/users/${c.uuid}/profile`, undefined, { token: c.token });
    expect(profile.body.meta).toEqual({ allow_date_of_birth_update: false, allow_name_update: false });

    const attempts: [string, string, unknown][] = [
      ['PATCH', `/account/users/${c.uuid}/profile`, { date_of_birth: '1970-01-01' }],
      ['POST', `/account-legacy/update-profile/personal-details/${c.uuid}`, { dob: '1970-01-01' }],
      ['POST', '/profile/update-profile', { date_of_birth: '1970-01-01' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, body, { token: c.token });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('PERMISSION_DENIED');
      expect(res.body.error.message).toMatch(/new age verification/);
    }
    const german = await call('PATCH', `/account/users/${c.uuid}/profile`, { date_of_birth: '1970-01-01' }, { token: c.token, store: 'de' });
    expect(german.body.error.message).toMatch(/neuen Altersprüfung/);
    expect(await row(c.uuid)).toMatchObject({ dob: DOB, is_age_verified: true, allow_date_of_birth_update: false });
  });

  it('refuses new names where the method confirmed them, yet accepts the unchanged values and a new gender', async () => {
    const c = await customer();
    await verifyAge(c, 'database_check');
    const renamed = await call('PATCH', `/account/users/${c.uuid}/profile`, { lastname: 'Someone-Else' }, { token: c.token });
    expect([renamed.status, renamed.body.error.code]).toEqual([403, 'PERMISSION_DENIED']);
    const legacy = await call('POST', `/account-legacy/update-profile/personal-details/${c.uuid}`, { firstname: 'Other' }, { token: c.token });
    expect(legacy.status).toBe(403);
    // The profile form sends every field; the unchanged names and date of birth are not a change.
    const same = await call('PATCH', `/account/users/${c.uuid}/profile`, { firstname: 'Vera', lastname: 'Verified', date_of_birth: DOB, gender: 'female' }, { token: c.token });
    expect(same.status).toBe(200);
    expect(await row(c.uuid)).toMatchObject({ firstname: 'Vera', lastname: 'Verified', dob: DOB, gender: 'female' });
  });

  it('changes a bound date of birth and names only through a new verification that confirms them', async () => {
    const c = await customer();
    await verifyAge(c, 'database_check');
    // The hidden check re-reads what the shop holds, so it cannot confirm a new date of birth.
    const hidden = await call('POST', '/age-verification/verify', { method_code: 'hidden', country_code: 'GB', dateOfBirth: '1987-02-02' }, { token: c.token });
    expect([hidden.status, hidden.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const again = await call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB', dateOfBirth: '1987-02-02', lastName: 'Newname' }, { token: c.token });
    expect(again.body.status).toBe('verified');
    expect(await row(c.uuid)).toMatchObject({ dob: '1987-02-02', lastname: 'Newname', is_age_verified: true, allow_date_of_birth_update: false, allow_name_update: false });
    expect((await call('PATCH', `/account/users/${c.uuid}/profile`, { date_of_birth: DOB }, { token: c.token })).status).toBe(403);
  });

  it('keeps the names editable where the market\'s method does not confirm them', async () => {
    const c = await customer();
    await verifyAge(c, 'hidden');
    const res = await call('PATCH', `/account/users/${c.uuid}/profile`, { lastname: 'Married' }, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ allow_date_of_birth_update: false, allow_name_update: true });
    expect((await call('PATCH', `/account/users/${c.uuid}/profile`, { date_of_birth: '1970-01-01' }, { token: c.token })).status).toBe(403);
  });
});

describe('protected account properties (mass assignment)', () => {
  const forbidden = {
    ageVerified: true, is_age_verified: true, loyaltyBalance: 999999, tier: 'gold', role: 'admin',
    referrerId: randomUUID(), email: 'attacker@example.com', deletedAt: null, allow_date_of_birth_update: true,
  };

  it('answers 400 to a profile change carrying protected fields and changes nothing, on every profile path', async () => {
    const c = await customer();
    const before = await row(c.uuid);
    const attempts: [string, string, Record<string, unknown>][] = [
      ['PATCH', `/account/users/${c.uuid}/profile`, { firstname: 'Mallory', ...forbidden }],
      ['POST', `/account-legacy/update-profile/personal-details/${c.uuid}`, { firstname: 'Mallory', ...forbidden }],
      ['POST', '/profile/update-profile', { first_name: 'Mallory', ...forbidden }],
    ];
    for (const [method, path, body] of attempts) {
      for (const [key, value] of Object.entries(forbidden)) {
        const res = await call(method, path, { ...body, ...{ [key]: value } }, { token: c.token });
        expect(res.status, `${path} ${key}`).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
      }
    }
    expect(await row(c.uuid)).toEqual(before);
    const referral = await db.query('SELECT parent_code FROM referral_customer WHERE uuid = $1', [c.uuid]);
    expect(referral.rows[0]).toEqual({ parent_code: null });
    const loyalty = await db.query('SELECT 1 FROM loyalty_ledger WHERE consumer_uuid = $1', [c.uuid]);
    expect(loyalty.rowCount).toBe(0);
  });

  it('refuses protected fields inside GraphQL address inputs and leaves the customer and cart as they were', async () => {
    const c = await customer();
    const before = await row(c.uuid);
    const cartId = (await gqlAs(server, 'query { customerCart { id } }', {}, { token: c.token })).body.data.customerCart.id;
    const res = await gqlAs(server, `mutation ($c: String!, $a: CartAddressInput) {
      setShippingAddressesOnCart(input: {cart_id: $c, shipping_addresses: [{address: $a}]}) { cart { email } } }`,
    { c: cartId, a: { ...GB_ADDRESS, ageVerified: true, role: 'admin', email: 'attacker@example.com', loyaltyBalance: 999999 } }, { token: c.token });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/ageVerified|is not defined/);
    const cart = await gqlAs(server, 'query { customerCart { email shipping_addresses { firstname } } }', {}, { token: c.token });
    expect(cart.body.data.customerCart).toEqual({ email: c.email, shipping_addresses: [] });
    expect(await row(c.uuid)).toEqual(before);
  });
});
