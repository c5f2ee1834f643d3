import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer, restCall } from '../test/test-app.js';
import { saveCard } from '../modules/payments/payments.store.js';
import { inTransaction } from '../platform/transaction.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Privacy-Pass-1';

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });
const newPhone = () => `07400 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

async function customerWithData(firstname = 'Pia') {
  const email = `privacy-${randomUUID().slice(0, 8)}@example.com`;
  const reg = await call('POST', '/account/users/register', { terms_accepted: true, firstname, lastname: 'Private', date_of_birth: '1979-03-03', phone: newPhone(), strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  const uuid = reg.body.user_uuid as string;
  const token = login.body.token as string;
  await call('POST', `/account/users/${uuid}/addresses`, { firstname, lastname: 'Private', street: [`${firstname} Quiet Lane`], city: 'Oxford', postcode: 'OX1 1AA', country_code: 'GB' }, token);
  await call('PATCH', `/account/users/${uuid}/consents`, { consents: [{ purpose_id: 'email_marketing', granted: true }] }, token);
  // Registration already e-mailed a verification code: the export and the erasure must cover it.
  const { app } = server;
  const last4 = String(1000 + Math.floor(Math.random() * 9000));
  await inTransaction(app.db, async (tx) => {
    await app.services.loyalty.credit(tx, { consumer_uuid: uuid, points: 120, source_type: 'adjustment', source_key: `privacy:${uuid}`, event: `Welcome ${firstname}` });
    await saveCard(tx, { id: randomUUID(), customer_uuid: uuid, provider: 'sandbox', token: `tok_secret_${randomUUID()}`, brand: 'visa', last4, exp_month: 12, exp_year: 2030 });
  });
  const cart = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', store: 'gb', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ customerCart { id } }' }) });
  expect(cart.status).toBe(200);
  const telephone = (await call('GET', `/account/users/${uuid}/profile`, undefined, token)).body.personalInfo.telephone as string;
  return { email, uuid, token, last4, firstname, telephone };
}

/** Re-authenticates by bearer token; on success the customer carries on with the new token it answers with. */
async function reauthenticate(c: { uuid: string; token: string }, body: unknown = { password: PASSWORD }) {
  const res = await call('POST', `/account/users/${c.uuid}/reauthenticate`, body, c.token);
  if (res.status === 200) c.token = res.body.token as string;
  return res;
}

/** The session cookie's value in a Set-Cookie header. */
function sessionCookieOf(setCookie: string | null): string {
  const value = /ember_session=([^;]+)/.exec(setCookie ?? '')?.[1];
  expect(value, 'a session cookie').toBeTruthy();
  return value!;
}

const gqlCustomer = async (token: string) => {
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', store: 'gb', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ customer { email } }' }) });
  return (await res.json()) as { data?: { customer: { email: string } | null } | null; errors?: { extensions?: { category?: string } }[] };
};

describe('re-authentication before export and cancellation', () => {
  it('refuses the export and the cancellation of a signed-in session that has not just proved it again, on both families', async () => {
    const c = await customerWithData();
    for (const [method, path] of [['GET', '/account/users/privacy'], ['POST', '/account-legacy/dsar-request'], ['POST', `/account/users/${c.uuid}/cancel`], ['PUT', `/account-legacy/cancel-account/${c.uuid}`]] as const) {
      const res = await call(method, path, undefined, c.token);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'VERIFICATION_REQUIRED', message: 'Please confirm it is you with your password or a one-time code first.' });
      expect(res.headers.get('content-disposition')).toBeNull();
    }
    expect((await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token)).status).toBe(200);
  });

  it('refuses a wrong password, and a re-authentication older than five minutes', async () => {
    const c = await customerWithData();
    const wrong = await reauthenticate(c, { password: 'Not-The-Password-1' });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await call('GET', '/account/users/privacy', undefined, c.token)).status).toBe(403);
    expect((await reauthenticate(c)).status).toBe(200);
    const db = await testDb();
    await db.query(`UPDATE identity_session SET reauthenticated_at = now() - interval '6 minutes' WHERE user_uuid = $1`, [c.uuid]);
    expect((await call('GET', '/account/users/privacy', undefined, c.token)).status).toBe(403);
    // Another customer's uuid answers like a missing account.
    const other = await customerWithData();
    expect((await call('POST', `/account/users/${other.uuid}/reauthenticate`, { password: PASSWORD }, c.token)).status).toBe(404);
  });

  it('accepts a one-time code the customer confirmed for their own phone, once', async () => {
    const c = await customerWithData();
    const item = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: c.telephone });
    expect(item.status).toBe(201);
    const mailbox = await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(c.telephone)}`);
    const code = (mailbox.body.messages[0].body as string).match(/\b(\d{6})\b/)![1];
    expect((await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code })).body.status).toBe('validated');
    // A code confirmed for someone else's number is no proof.
    const stranger = await customerWithData();
    expect((await reauthenticate(stranger, { verification_uuid: item.body.uuid })).status).toBe(403);
    expect((await reauthenticate(c, { verification_uuid: item.body.uuid })).status).toBe(200);
    expect((await call('GET', '/account/users/privacy', undefined, c.token)).status).toBe(200);
    expect((await reauthenticate(c, { verification_uuid: item.body.uuid })).body.error.code).toBe('VERIFICATION_REQUIRED');
  });
});

describe('a new session token on re-authentication', () => {
  it('answers a bearer client with a new 256-bit token and ends the old one like a signed-out token, on REST and GraphQL', async () => {
    const c = await customerWithData();
    const signedOut = (await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } })).body.token as string;
    expect((await call('DELETE', '/account/users/authentication/sessions', undefined, signedOut)).status).toBeLessThan(300);
    const old = c.token;
    const res = await call('POST', `/account/users/${c.uuid}/reauthenticate`, { password: PASSWORD }, old);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'token', 'valid_until']);
    const fresh = res.body.token as string;
    expect(fresh).not.toBe(old);
    expect(Buffer.from(fresh, 'base64url').length).toBe(32);
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now());

    for (const token of [old, signedOut]) {
      const profile = await call('GET', `/account/users/${c.uuid}/profile`, undefined, token);
      expect([profile.status, profile.body.error.code]).toEqual([401, 'UNAUTHORISED']);
      expect((await call('GET', '/account/users/privacy', undefined, token)).status).toBe(401);
      expect((await call('POST', '/account/users/authentication/sessions/validate', { token })).body.valid).toBe(false);
      expect((await gqlCustomer(token)).errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    }
    // The old token cannot re-authenticate again to mint another one.
    expect((await call('POST', `/account/users/${c.uuid}/reauthenticate`, { password: PASSWORD }, old)).status).toBe(401);

    expect((await gqlCustomer(fresh)).data?.customer?.email).toBe(c.email);
    const exported = await call('GET', '/account/users/privacy', undefined, fresh);
    expect(exported.status).toBe(200);
    expect(exported.body.user_uuid).toBe(c.uuid);
    const db = await testDb();
    const sessions = await db.query<{ live: boolean; reauthenticated: boolean }>(
      'SELECT revoked_at IS NULL AS live, reauthenticated_at IS NOT NULL AS reauthenticated FROM identity_session WHERE user_uuid = $1 AND revoked_at IS NULL',
      [c.uuid],
    );
    expect(sessions.rows).toEqual([{ live: true, reauthenticated: true }]);
  });

  it('puts the new token only in the httpOnly cookie of a cookie client, and the old cookie no longer signs in', async () => {
    const c = await customerWithData();
    const login = await fetch(`${server.url}/account/users/authentication/sessions`, {
      method: 'POST', headers: { 'content-type': 'application/json', store: 'gb', origin: server.url },
      body: JSON.stringify({ strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } }),
    });
    const oldCookie = sessionCookieOf(login.headers.get('set-cookie'));
    const byCookie = (method: string, path: string, cookie: string, body?: unknown) => fetch(`${server.url}${path}`, {
      method, headers: { 'content-type': 'application/json', store: 'gb', origin: server.url, cookie: `ember_session=${cookie}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect((await byCookie('GET', '/account/users/privacy', oldCookie)).status).toBe(403);

    const res = await byCookie('POST', `/account/users/${c.uuid}/reauthenticate`, oldCookie, { password: PASSWORD });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['valid_until']);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    const newCookie = sessionCookieOf(setCookie);
    expect(newCookie).not.toBe(oldCookie);
    expect(Buffer.from(newCookie, 'base64url').length).toBe(32);

    expect((await byCookie('GET', `/account/users/${c.uuid}/profile`, oldCookie)).status).toBe(401);
    expect((await byCookie('GET', '/account/users/privacy', oldCookie)).status).toBe(401);
    expect((await byCookie('GET', '/account/users/privacy', newCookie)).status).toBe(200);
  });
});

describe('data-subject export', () => {
  it('exports everything held about the customer across modules, without secrets', async () => {
    const c = await customerWithData();
    expect((await reauthenticate(c)).status).toBe(200);
    const res = await call('GET', '/account/users/privacy', undefined, c.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data.profile.personalInfo).toMatchObject({ email: c.email, firstname: 'Pia', telephone: c.telephone });
    expect(data.profile.addresses[0].city).toBe('Oxford');
    // The terms and privacy policy accepted at registration, and the marketing consent given since.
    expect(data.consents).toEqual(expect.arrayContaining([
      expect.objectContaining({ purpose_id: 'terms_and_privacy', granted: true }),
      expect.objectContaining({ purpose_id: 'email_marketing', granted: true }),
    ]));
    expect(data.consents).toHaveLength(2);
    expect(data.consent_history).toHaveLength(2);
    expect(data.consent_history[0]).toMatchObject({ purpose_id: 'terms_and_privacy', source: 'registration', documents: { terms: expect.any(Number), privacy: expect.any(Number) } });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.verification_items).toEqual([expect.objectContaining({ channel: 'email', identifier: c.email })]);
    expect(data.messages.length).toBeGreaterThanOrEqual(1);
    // The loyalty ledger, the referral record and the saved cards (without the provider's token).
    expect(data.loyalty.account).toMatchObject({ balance: 120 });
    expect(data.loyalty.ledger).toEqual([expect.objectContaining({ points: 120, source_type: 'adjustment', event: 'Welcome Pia' })]);
    expect(data.referral.customer).toMatchObject({ code: expect.stringMatching(/^[A-Z0-9]{8}$/), parent_code: null });
    expect(data.saved_cards).toEqual([expect.objectContaining({ brand: 'visa', last4: c.last4, exp_month: 12, exp_year: 2030 })]);
    expect(data.carts).toEqual([expect.objectContaining({ status: 'active', store_code: 'gb' })]);
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/scrypt\$|argon2|code_hash|password_hash|token_hash|tok_secret_/);
    expect(data.messages.every((m: any) => !('body' in m))).toBe(true);
    expect((await call('GET', '/account/users/privacy')).status).toBe(401);
    const legacy = await call('POST', '/account-legacy/dsar-request', undefined, c.token);
    expect(legacy.body.profile.uuid).toBe(c.uuid);
  });

  it("holds exactly the subject's rows: nothing of another customer appears", async () => {
    const a = await customerWithData('Alma');
    const b = await customerWithData('Bruno');
    // Bruno was referred by Alma: her export counts him as a referee, and says nothing more about him.
    const aCode = (await call('GET', `/referral/customer/${a.uuid}`, undefined, a.token)).body.code as string;
    expect((await call('PUT', '/referral/customer', { uuid: b.uuid, referral_code: aCode }, b.token)).status).toBe(200);
    expect((await reauthenticate(a)).status).toBe(200);
    const exported = (await call('GET', '/account/users/privacy', undefined, a.token)).body;
    expect(exported.referral).toMatchObject({ customer: { code: aCode }, referees_count: 1 });
    const text = JSON.stringify(exported);
    expect(text).toContain(a.uuid);
    for (const value of [b.uuid, b.email, b.telephone, 'Bruno', `Welcome Bruno`]) expect(text, value).not.toContain(value);
    const bCode = (await call('GET', `/referral/customer/${b.uuid}`, undefined, b.token)).body.code as string;
    expect(text).not.toContain(bCode);
  });
});

describe('account cancellation', () => {
  it('ends every session at once and erases or anonymises personal data in every module', async () => {
    const c = await customerWithData();
    const second = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } });
    expect((await reauthenticate(c)).status).toBe(200);
    expect((await call('POST', `/account/users/${c.uuid}/cancel`, undefined, c.token)).status).toBe(204);
    for (const token of [c.token, second.body.token]) {
      expect((await call('GET', `/account/users/${c.uuid}/profile`, undefined, token)).status).toBe(401);
      expect((await call('POST', '/account/users/authentication/sessions/validate', { token })).body.valid).toBe(false);
    }
    expect((await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } })).status).toBe(401);
    // A second cancellation with the old token changes nothing.
    expect((await call('POST', `/account/users/${c.uuid}/cancel`, undefined, c.token)).status).toBe(401);

    const db = await testDb();
    const user = await db.query<any>('SELECT email, firstname, telephone, date_of_birth, status FROM identity_user WHERE uuid = $1', [c.uuid]);
    expect(user.rows[0]).toMatchObject({ firstname: 'Erased', telephone: null, date_of_birth: null, status: 'cancelled' });
    expect(user.rows[0].email).not.toContain('privacy-');
    const counts = async (sql: string, p: unknown[]) => (await db.query(sql, p)).rowCount;
    expect(await counts('SELECT 1 FROM identity_address WHERE user_uuid = $1', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM identity_credential WHERE user_uuid = $1', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM consent_user WHERE user_uuid = $1', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM consent_history WHERE user_uuid = $1 AND ip IS NOT NULL', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM verification_item WHERE identifier = $1', [c.email])).toBe(0);
    expect(await counts('SELECT 1 FROM messaging_outbox WHERE recipient = $1', [c.email])).toBe(0);
    expect(await counts('SELECT 1 FROM identity_session WHERE user_uuid = $1 AND (revoked_at IS NULL OR ip IS NOT NULL)', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM payments_saved_card WHERE customer_uuid = $1', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM cart_cart WHERE customer_uuid = $1', [c.uuid])).toBe(0);

    // The address is free again.
    const again = await call('POST', '/account/users/register', { terms_accepted: true, firstname: 'New', lastname: 'Start', date_of_birth: '1979-03-03', strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } });
    expect(again.status).toBe(201);
  });

  it('lets only the owner cancel or deactivate, and answers strangers like a missing account', async () => {
    const a = await customerWithData();
    const b = await customerWithData();
    expect((await reauthenticate(a)).status).toBe(200);
    for (const [method, path, body] of [['POST', 'cancel', undefined], ['POST', 'deactivate', { reason: 'x' }]] as const) {
      const stranger = await call(method, `/account/users/${b.uuid}/${path}`, body, a.token);
      const missing = await call(method, `/account/users/${randomUUID()}/${path}`, body, a.token);
      expect([stranger.status, stranger.body.error.code]).toEqual([missing.status, missing.body.error.code]);
      expect(stranger.status).toBe(404);
      expect((await call(method, `/account/users/${b.uuid}/${path}`, body)).status).toBe(401);
    }
    expect((await call('PUT', `/account-legacy/cancel-account/${b.uuid}`, undefined, a.token)).status).toBe(404);
    expect((await call('GET', `/account/users/${b.uuid}/profile`, undefined, b.token)).status).toBe(200);
  });

  it('deactivation keeps the data but ends sessions and refuses sign-in', async () => {
    const c = await customerWithData();
    expect((await call('POST', `/account/users/${c.uuid}/deactivate`, { reason: 'Taking a break' }, c.token)).status).toBe(204);
    expect((await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token)).status).toBe(401);
    const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } });
    expect([login.status, login.body.error.code]).toEqual([403, 'INACTIVE']);
    const db = await testDb();
    const row = await db.query<any>('SELECT status, status_reason, firstname FROM identity_user WHERE uuid = $1', [c.uuid]);
    expect(row.rows[0]).toEqual({ status: 'deactivated', status_reason: 'Taking a break', firstname: 'Pia' });
  });

  it('cancels through the legacy family too', async () => {
    const c = await customerWithData();
    expect((await reauthenticate(c)).status).toBe(200);
    expect((await call('PUT', `/account-legacy/cancel-account/${c.uuid}`, undefined, c.token)).status).toBe(204);
    expect((await call('POST', '/account-legacy/validate-session', { token: c.token })).body.valid).toBe(false);
  });
});

describe('privacy registry', () => {
  it('gives every table of the database to a module, as one that can hold personal data or one declared to hold none', async () => {
    const db = await testDb();
    const tables = async () => (await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )).rows.map((r) => r.table_name);
    const registry = server.app.services.privacy;
    const all = await tables();
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((t) => !registry.ownerOf(t))).toEqual([]);
    // Claims for tables that no longer exist are stale too.
    const claimed = registry.parts().flatMap((p) => [...p.personalTables, ...(p.otherTables ?? [])]);
    expect(claimed.filter((t) => !all.includes(t))).toEqual([]);
    // The check sees a new table nobody claimed.
    const probe = `privacy_probe_${randomUUID().slice(0, 8)}`;
    await db.query(`CREATE TABLE ${probe} (customer_email text)`);
    try {
      expect((await tables()).filter((t) => !registry.ownerOf(t))).toEqual([probe]);
    } finally {
      await db.query(`DROP TABLE ${probe}`);
    }
  });

  it('has every module whose tables hold personal data export and erase them', () => {
    const personal = server.app.services.privacy.parts().filter((p) => p.personalTables.length > 0).map((p) => p.module).sort();
    expect(personal).toEqual(['age-verification', 'cart', 'consents', 'coupons', 'devices', 'forms', 'identity', 'leads', 'loyalty', 'marketing', 'messaging', 'offline-purchases', 'orders', 'pack-codes', 'payments', 'quizzes', 'referral', 'returns', 'subscriptions', 'trade-in', 'trials', 'verification']);
  });
});
