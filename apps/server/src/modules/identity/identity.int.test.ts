import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer, restCall } from '../../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Ember-Test-2026';

const call = (method: string, path: string, body?: unknown, opts: { token?: string; store?: string } = {}) =>
  restCall(server, method, path, body, opts);

function newEmail() {
  return `shopper+${randomUUID().slice(0, 8)}@example.com`;
}

async function registerAndLogin(email = newEmail()) {
  const reg = await call('POST', '/account/users/register', {
    terms_accepted: true,
    firstname: 'Ada', lastname: 'Lovelace', date_of_birth: '1990-04-12', phone: '07911 123456',
    strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
  }, { store: 'gb' });
  expect(reg.status).toBe(201);
  const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return { uuid: reg.body.user_uuid as string, token: login.body.token as string, email };
}

/** A login as the storefront sends it, answered with its cookies (no token kept by script). */
function logInAsStorefront(email: string): Promise<Response> {
  return fetch(`${server.url}/account/users/authentication/sessions`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } }),
  });
}

describe('account: registration and sessions', () => {
  it('registers, logs in with a token and a magento_token, and reads the profile with the phone in E.164', async () => {
    const a = await registerAndLogin();
    const profile = await call('GET', `/account/users/${a.uuid}/profile`, undefined, { token: a.token });
    expect(profile.status).toBe(200);
    expect(profile.body.personalInfo).toMatchObject({ email: a.email, firstname: 'Ada', dob: '1990-04-12', telephone: '+447911123456' });
    expect(profile.body.is_age_verified).toBe(false);
  });

  it('sets an httpOnly session cookie on login that authenticates the storefront', async () => {
    const email = newEmail();
    await registerAndLogin(email);
    const login = await logInAsStorefront(email);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/ember_session=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const validate = await fetch(`${server.url}/account/users/authentication/sessions/validate`, {
      // As the storefront's page sends it: same origin, JSON.
      method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, cookie: cookie.split(';')[0]! }, body: '{}',
    });
    expect(await validate.json()).toMatchObject({ valid: true });
  });

  it('sets with the session cookie a hint script can read, which holds no token, and clears both on logout (decision 0055)', async () => {
    const email = newEmail();
    await registerAndLogin(email);
    const login = await logInAsStorefront(email);
    const cookies = login.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('ember_session='))!;
    const hint = cookies.find((c) => c.startsWith('ember_signed_in='))!;
    expect(hint).toMatch(/^ember_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//);
    // It lasts as long as the session does.
    expect(/Expires=([^;]+)/.exec(hint)![1]).toBe(/Expires=([^;]+)/.exec(session)![1]);
    const logout = await fetch(`${server.url}/account/users/authentication/sessions`, {
      method: 'DELETE', headers: { origin: server.url, cookie: session.split(';')[0]! },
    });
    const cleared = logout.headers.getSetCookie();
    expect(cleared.find((c) => c.startsWith('ember_session='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.find((c) => c.startsWith('ember_signed_in='))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('stores only hashes of passwords and session tokens', async () => {
    const a = await registerAndLogin();
    const db = await testDb();
    const cred = await db.query<{ password_hash: string }>('SELECT password_hash FROM identity_credential WHERE user_uuid = $1', [a.uuid]);
    expect(cred.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(cred.rows[0]!.password_hash).not.toContain(PASSWORD);
    const sessions = await db.query<{ token_hash: string }>('SELECT token_hash FROM identity_session WHERE user_uuid = $1', [a.uuid]);
    expect(sessions.rows.map((r) => r.token_hash)).not.toContain(a.token);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const a = await registerAndLogin();
    const wrong = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: a.email, password: 'Nope-Nope-1' } });
    const unknown = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: newEmail(), password: 'Nope-Nope-1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.code).toBe('UNAUTHORISED');
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('opens no second account with the same e-mail, and refuses weak passwords, future birth dates and unknown fields', async () => {
    const a = await registerAndLogin();
    const base = { firstname: 'B', lastname: 'C', date_of_birth: '1985-01-01', strategy: 'email_password' };
    const dup = await call('POST', '/account/users/register', { terms_accepted: true, ...base, strategy_data: { identifier: a.email.toUpperCase(), password: PASSWORD } });
    // Answered like a new address (checklist 11); identity.enumeration.int.test.ts shows what happens instead.
    expect(dup.status).toBe(201);
    const weak = await call('POST', '/account/users/register', { terms_accepted: true, ...base, strategy_data: { identifier: newEmail(), password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details.password).toEqual(expect.arrayContaining(['min_length', 'min_uppercase', 'min_number']));
    const future = await call('POST', '/account/users/register', { terms_accepted: true, ...base, date_of_birth: '2999-01-01', strategy_data: { identifier: newEmail(), password: PASSWORD } });
    expect(future.status).toBe(400);
    const minorDob = new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    const minor = await call('POST', '/account/users/register', { terms_accepted: true, ...base, date_of_birth: minorDob, strategy_data: { identifier: newEmail(), password: PASSWORD } });
    expect([minor.status, minor.body.error.details.fields]).toEqual([400, { date_of_birth: 'underage' }]);
    const extra = await call('POST', '/account/users/register', { terms_accepted: true, ...base, is_age_verified: true, strategy_data: { identifier: newEmail(), password: PASSWORD } });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('VALIDATION_FAILED');
    const polluted = await fetch(`${server.url}/account/users/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: `{"__proto__":{"isAdmin":true},"firstname":"X","lastname":"Y","date_of_birth":"1980-01-01","strategy":"email_password","terms_accepted":true,"strategy_data":{"identifier":"${newEmail()}","password":"${PASSWORD}"}}`,
    });
    expect(polluted.status).toBe(400);
  });

  it('ends the session on logout everywhere it is used', async () => {
    const a = await registerAndLogin();
    expect((await call('DELETE', '/account/users/authentication/sessions', undefined, { token: a.token })).status).toBe(204);
    expect((await call('GET', `/account/users/${a.uuid}/profile`, undefined, { token: a.token })).status).toBe(401);
    expect((await call('POST', '/account/users/authentication/sessions/validate', { token: a.token })).body).toEqual({ valid: false });
  });

  it('publishes the password policy in the configuration', async () => {
    const res = await call('GET', '/account/users/configuration');
    expect(res.body.password_requirements).toMatchObject({ min_length: 8, min_uppercase: 1, min_number: 1, exclude_username: true });
  });
});

describe('account: ownership comes from the session (IDOR matrix)', () => {
  it('answers another customer\'s UUID exactly like a UUID that does not exist, and anonymous callers with 401', async () => {
    const a = await registerAndLogin();
    const b = await registerAndLogin();
    const address = { firstname: 'B', lastname: 'B', street: ['1 High St'], city: 'Leeds', postcode: 'LS1 1AA', country_code: 'GB' };
    const bAddress = await call('POST', `/account/users/${b.uuid}/addresses`, address, { token: b.token });
    expect(bAddress.status).toBe(201);
    const routes: [string, string, unknown?][] = [
      ['GET', '/profile'],
      ['PATCH', '/profile', { firstname: 'Mallory' }],
      ['GET', '/addresses'],
      ['POST', '/addresses', address],
      ['PUT', `/addresses/${bAddress.body.id}`, address],
      ['DELETE', `/addresses/${bAddress.body.id}`],
      ['PUT', `/addresses/billing/${bAddress.body.id}`],
      ['PUT', `/addresses/shipping/${bAddress.body.id}`],
    ];
    for (const [method, suffix, body] of routes) {
      const asA = await call(method, `/account/users/${b.uuid}${suffix}`, body, { token: a.token });
      const missing = await call(method, `/account/users/${randomUUID()}${suffix}`, body, { token: a.token });
      const anonymous = await call(method, `/account/users/${b.uuid}${suffix}`, body);
      const shape = (r: { status: number; body: any }) => [r.status, r.body?.error?.code, r.body?.error?.message];
      expect(shape(asA), `${method} ${suffix}`).toEqual(shape(missing));
      expect(asA.status).toBe(404);
      expect(anonymous.status).toBe(401);
    }
    const after = await call('GET', `/account/users/${b.uuid}/profile`, undefined, { token: b.token });
    expect(after.body.personalInfo.firstname).toBe('Ada');
    expect(after.body.addresses).toHaveLength(1);
    // A's own address routes cannot reach B's address id either.
    const cross = await call('PUT', `/account/users/${a.uuid}/addresses/${bAddress.body.id}`, address, { token: a.token });
    expect(cross.status).toBe(404);
  });
});

describe('account: profile, addresses and passwords', () => {
  it('updates personal details but never fields a customer may not set', async () => {
    const a = await registerAndLogin();
    const ok = await call('PATCH', `/account/users/${a.uuid}/profile`, { firstname: 'Augusta', gender: 'female' }, { token: a.token });
    expect(ok.body.personalInfo).toMatchObject({ firstname: 'Augusta', lastname: 'Lovelace', gender: 'female' });
    for (const body of [{ is_age_verified: true }, { email: 'x@example.com' }, { points: 100 }]) {
      const res = await call('PATCH', `/account/users/${a.uuid}/profile`, body, { token: a.token });
      expect(res.status).toBe(400);
    }
    const profile = await call('GET', `/account/users/${a.uuid}/profile`, undefined, { token: a.token });
    expect(profile.body.is_age_verified).toBe(false);
    expect(profile.body.personalInfo.email).toBe(a.email);
  });

  it('keeps one default billing and one default shipping address', async () => {
    const a = await registerAndLogin();
    const addr = (city: string) => ({ firstname: 'A', lastname: 'L', street: ['1 Road', 'Flat 2'], city, postcode: 'SW1A 1AA', country_code: 'GB', telephone: '020 7946 0000' });
    const one = await call('POST', `/account/users/${a.uuid}/addresses`, { ...addr('London'), is_default_billing: true, is_default_shipping: true }, { token: a.token });
    const two = await call('POST', `/account/users/${a.uuid}/addresses`, addr('York'), { token: a.token });
    expect(one.body.telephone).toBe('+442079460000');
    const after = await call('PUT', `/account/users/${a.uuid}/addresses/shipping/${two.body.id}`, undefined, { token: a.token });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const byCity = Object.fromEntries(after.body.map((x: any) => [x.city, x]));
    expect(byCity.London).toMatchObject({ is_default_billing: true, is_default_shipping: false });
    expect(byCity.York).toMatchObject({ is_default_billing: false, is_default_shipping: true });
    // Another customer's address as a default answers like an unknown one, and the default set stays.
    const b = await registerAndLogin();
    const theirs = await call('POST', `/account/users/${b.uuid}/addresses`, addr('Leeds'), { token: b.token });
    const refused = await call('PUT', `/account/users/${a.uuid}/addresses/shipping/${theirs.body.id}`, undefined, { token: a.token });
    expect(refused.status).toBe(404);
    const kept = (await call('GET', `/account/users/${a.uuid}/addresses`, undefined, { token: a.token })).body;
    expect(kept.filter((x: any) => x.is_default_shipping).map((x: any) => x.city)).toEqual(['York']);
    const badCountry = await call('POST', `/account/users/${a.uuid}/addresses`, { ...addr('X'), country_code: 'ZZ' }, { token: a.token });
    expect(badCountry.status).toBe(400);
    expect((await call('DELETE', `/account/users/${a.uuid}/addresses/${two.body.id}`, undefined, { token: a.token })).status).toBe(204);
    expect((await call('GET', `/account/users/${a.uuid}/addresses`, undefined, { token: a.token })).body).toHaveLength(1);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const a = await registerAndLogin();
    const other = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: a.email, password: PASSWORD } });
    const wrong = await call('POST', '/profile/change-password', { current_password: 'Wrong-Pass-1', new_password: 'Another-Pass-9', new_password_confirmation: 'Another-Pass-9' }, { token: a.token });
    expect([wrong.status, wrong.body.error.details.fields]).toEqual([400, { current_password: "incorrect" }]);
    const ok = await call('POST', '/profile/change-password', { current_password: PASSWORD, new_password: 'Another-Pass-9', new_password_confirmation: 'Another-Pass-9' }, { token: a.token });
    expect(ok.status).toBe(204);
    expect((await call('GET', `/account/users/${a.uuid}/profile`, undefined, { token: a.token })).status).toBe(200);
    expect((await call('GET', `/account/users/${a.uuid}/profile`, undefined, { token: other.body.token })).status).toBe(401);
    const oldLogin = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: a.email, password: PASSWORD } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: a.email, password: 'Another-Pass-9' } });
    expect(newLogin.status).toBe(200);
  });

  it('answers forgotten-password requests the same for known and unknown addresses', async () => {
    const a = await registerAndLogin();
    const known = await call('POST', '/account/users/authentication/password/forget', { email: a.email });
    const unknown = await call('POST', '/account/users/authentication/password/forget', { email: newEmail() });
    expect(known.status, JSON.stringify(known.body)).toBe(202);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    const db = await testDb();
    const resets = await db.query('SELECT 1 FROM identity_password_reset WHERE user_uuid = $1', [a.uuid]);
    expect(resets.rowCount).toBe(1);
  });

  it('resets the password through the e-mailed single-use link and ends every session', async () => {
    const a = await registerAndLogin();
    expect((await call('POST', '/account/users/authentication/password/forget', { email: a.email }, { store: 'de' })).status).toBe(202);
    const mailbox = await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(a.email)}`);
    const mail = mailbox.body.messages[0];
    expect(mail.subject).toMatch(/Passwort/);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const reset = await call('POST', `/account/users/authentication/password/change/${token}`, { password: 'Reset-Pass-7', password_confirmation: 'Reset-Pass-7' });
    expect(reset.status).toBe(204);
    expect((await call('GET', `/account/users/${a.uuid}/profile`, undefined, { token: a.token })).status).toBe(401);
    const reuse = await call('POST', `/account/users/authentication/password/change/${token}`, { password: 'Other-Pass-8', password_confirmation: 'Other-Pass-8' });
    expect(reuse.status).toBe(404);
    const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: a.email, password: 'Reset-Pass-7' } });
    expect(login.status).toBe(200);
    const db = await testDb();
    const stored = await db.query<{ token_hash: string }>('SELECT token_hash FROM identity_password_reset WHERE user_uuid = $1', [a.uuid]);
    expect(stored.rows[0]!.token_hash).not.toBe(token);
  });

  it('refuses an unknown reset token', async () => {
    const res = await call('POST', `/account/users/authentication/password/change/${'x'.repeat(43)}`, { password: 'Another-Pass-9', password_confirmation: 'Another-Pass-9' });
    expect(res.status).toBe(404);
  });
});

describe('account: rate limits on credentials', () => {
  it('stops password guessing on one account after 10 attempts, whatever the password', async () => {
    const a = await registerAndLogin();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: a.email, password: `Guess-${i}-Aa1` } })).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    const right = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: a.email, password: PASSWORD } });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('account: the commerce GraphQL accepts the login token', () => {
  it('answers the customer query for the bearer of a login token, and refuses without one', async () => {
    const a = await registerAndLogin();
    await call('POST', `/account/users/${a.uuid}/addresses`, { firstname: 'A', lastname: 'L', street: ['1 Road'], city: 'Bath', postcode: 'BA1 1AA', country_code: 'GB', is_default_billing: true }, { token: a.token });
    const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: a.email, password: PASSWORD } });
    const query = '{ customer { uuid firstname lastname email date_of_birth default_billing addresses { city country_code default_billing } } }';
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${login.body.magento_token}` } });
    const body = (await res.json()) as any;
    expect(body.data.customer).toMatchObject({ uuid: a.uuid, email: a.email, firstname: 'Ada', date_of_birth: '1990-04-12' });
    expect(body.data.customer.addresses).toEqual([{ city: 'Bath', country_code: 'GB', default_billing: true }]);
    const anon = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`);
    const anonBody = (await anon.json()) as any;
    expect(anonBody.data.customer).toBeNull();
    expect(anonBody.errors[0].extensions).toMatchObject({ code: 'UNAUTHORISED', category: 'graphql-authorization' });
  });
});

describe('account: custom attributes', () => {
  it('publishes the definitions, stores valid values per customer, refuses unknown codes and bad values', async () => {
    const a = await registerAndLogin();
    const config = await call('GET', '/account/users/configuration');
    expect(config.body.custom_attributes.map((x: any) => x.code)).toContain('preferred_flavour');
    const set = await call('PATCH', `/account/users/${a.uuid}/custom-attributes`, { attributes: [{ code: 'preferred_flavour', value: 'mint' }, { code: 'nickname', value: 'Ada' }] }, { token: a.token });
    expect(set.body).toEqual({ nickname: 'Ada', preferred_flavour: 'mint' });
    expect((await call('PATCH', `/account/users/${a.uuid}/custom-attributes`, { attributes: [{ code: 'points', value: '9999' }] }, { token: a.token })).status).toBe(400);
    expect((await call('PATCH', `/account/users/${a.uuid}/custom-attributes`, { attributes: [{ code: 'preferred_flavour', value: 'tar' }] }, { token: a.token })).status).toBe(400);
    expect((await call('PATCH', `/account/users/${a.uuid}/custom-attributes`, { attributes: [{ code: 'nickname', value: '<script>' }] }, { token: a.token })).status).toBe(400);
    const profile = await call('GET', `/account/users/${a.uuid}/profile`, undefined, { token: a.token });
    expect(profile.body.extra).toEqual({ nickname: 'Ada', preferred_flavour: 'mint' });
    const b = await registerAndLogin();
    expect((await call('GET', `/account/users/${a.uuid}/custom-attributes`, undefined, { token: b.token })).status).toBe(404);
  });
});

describe('profile service', () => {
  it('reads, updates and logs out the signed-in customer, with both password field spellings', async () => {
    const a = await registerAndLogin();
    expect((await call('GET', '/profile', undefined, { token: a.token })).body.uuid).toBe(a.uuid);
    expect((await call('GET', `/profile/users/${a.uuid}`, undefined, { token: a.token })).status).toBe(200);
    const b = await registerAndLogin();
    expect((await call('GET', `/profile/users/${a.uuid}`, undefined, { token: b.token })).status).toBe(404);
    const updated = await call('POST', '/profile/update-profile', { first_name: 'Countess', gender: 'female' }, { token: a.token });
    expect(updated.body.personalInfo).toMatchObject({ firstname: 'Countess', gender: 'female' });
    expect((await call('POST', '/profile/update-profile', { is_age_verified: true }, { token: a.token })).status).toBe(400);
    const legacyShape = await call('POST', '/profile/change-password', { old_password: PASSWORD, new_password: 'Legacy-Shape-4', new_password_confirmation: 'Legacy-Shape-4' }, { token: a.token });
    expect(legacyShape.status).toBe(204);
    expect((await call('DELETE', '/profile/logout', undefined, { token: a.token })).status).toBe(204);
    expect((await call('GET', '/profile', undefined, { token: a.token })).status).toBe(401);
  });
});

describe('account: personal promo codes', () => {
  it('generates one readable code per customer, lists it as a coupon, and keeps it to its owner', async () => {
    const a = await registerAndLogin();
    const first = await call('POST', '/profile/generate-promo-code', undefined, { token: a.token });
    expect(first.body.code).toMatch(/^EMB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const again = await call('POST', `/account-legacy/consumers/${a.uuid}/generate-promo-code`, undefined, { token: a.token });
    expect(again.body.code).toBe(first.body.code);
    const coupons = await call('GET', `/account/users/${a.uuid}/coupons`, undefined, { token: a.token });
    expect(coupons.body).toEqual([expect.objectContaining({ code: first.body.code, type: 'personal_promo_code' })]);
    const b = await registerAndLogin();
    expect((await call('GET', `/account/users/${a.uuid}/coupons`, undefined, { token: b.token })).status).toBe(404);
    expect((await call('POST', `/account-legacy/consumers/${a.uuid}/generate-promo-code`, undefined, { token: b.token })).status).toBe(404);
    expect((await call('POST', '/profile/generate-promo-code', undefined, { token: b.token })).body.code).not.toBe(first.body.code);
  });
});
