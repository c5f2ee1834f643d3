import { createCustomer, gql, PASSWORD } from '@ember/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restCall, startTestServer, testDb, type TestServer } from '../../test/test-app.js';

const ADMIN = 'identity-operator-token-0123456789abcdef';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_TOKEN: ADMIN });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.app.services.limiter.reset('verification:send:ip:127.0.0.1');
});

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });
const uniquePhone = () => `+44797${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const ADDRESS = { firstname: 'Ada', lastname: 'Book', street: ['1 Long Lane'], city: 'Leeds', postcode: 'LS1 4DY', country_code: 'GB', telephone: '07979123456' };
const CREATE = 'mutation ($i: CustomerAddressInput!) { createCustomerAddress(input: $i) { id firstname city postcode telephone default_billing default_shipping } }';
const UPDATE = 'mutation ($id: Int!, $i: CustomerAddressInput) { updateCustomerAddress(id: $id, input: $i) { id firstname lastname city postcode street default_shipping } }';
const DELETE = 'mutation ($id: Int!) { deleteCustomerAddress(id: $id) }';

describe('customer address mutations', () => {
  it('creates, partly updates and deletes an entry of the signed-in customer\'s book', async () => {
    const c = await createCustomer(server);
    const created = await gql(server, CREATE, { i: { ...ADDRESS, default_billing: true } }, { store: 'gb', token: c.token });
    expect(created.body.errors).toBeUndefined();
    const a = created.body.data.createCustomerAddress;
    expect(a).toMatchObject({ firstname: 'Ada', city: 'Leeds', telephone: '+447979123456', default_billing: true, default_shipping: false });
    // Only the fields sent change (Magento's partial update).
    const updated = await gql(server, UPDATE, { id: a.id, i: { city: 'York', default_shipping: true } }, { store: 'gb', token: c.token });
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data.updateCustomerAddress).toEqual({ id: a.id, firstname: 'Ada', lastname: 'Book', city: 'York', postcode: 'LS1 4DY', street: ['1 Long Lane'], default_shipping: true });
    const book = await gql(server, '{ customer { addresses { id city } } }', {}, { store: 'gb', token: c.token });
    expect(book.body.data.customer.addresses).toEqual([{ id: a.id, city: 'York' }]);
    const deleted = await gql(server, DELETE, { id: a.id }, { store: 'gb', token: c.token });
    expect(deleted.body.data.deleteCustomerAddress).toBe(true);
    expect((await gql(server, '{ customer { addresses { id } } }', {}, { store: 'gb', token: c.token })).body.data.customer.addresses).toEqual([]);
  });

  it("answers another customer's address id like a missing one, and changes nothing", async () => {
    const a = await createCustomer(server);
    const b = await createCustomer(server);
    const mine = (await gql(server, CREATE, { i: ADDRESS }, { store: 'gb', token: a.token })).body.data.createCustomerAddress;
    const update = await gql(server, UPDATE, { id: mine.id, i: { city: 'Hull' } }, { store: 'gb', token: b.token });
    const missing = await gql(server, UPDATE, { id: 2_000_000_000, i: { city: 'Hull' } }, { store: 'gb', token: b.token });
    expect(update.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(update.body.errors?.[0]?.message).toBe(missing.body.errors?.[0]?.message.replace('2000000000', String(mine.id)));
    const del = await gql(server, DELETE, { id: mine.id }, { store: 'gb', token: b.token });
    expect(del.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const book = await gql(server, '{ customer { addresses { id city } } }', {}, { store: 'gb', token: a.token });
    expect(book.body.data.customer.addresses).toEqual([{ id: mine.id, city: 'Leeds' }]);
    const anon = await gql(server, CREATE, { i: ADDRESS }, { store: 'gb' });
    expect(anon.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
  });

  it('refuses an incomplete or malformed address with VALIDATION_FAILED naming the field', async () => {
    const c = await createCustomer(server);
    const missing = await gql(server, CREATE, { i: { firstname: 'Ada' } }, { store: 'gb', token: c.token });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const markup = await gql(server, CREATE, { i: { ...ADDRESS, city: '<script>' } }, { store: 'gb', token: c.token });
    expect(markup.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(markup.body.errors?.[0]?.message).toContain('city');
    const phone = await gql(server, CREATE, { i: { ...ADDRESS, telephone: '12' } }, { store: 'gb', token: c.token });
    expect(phone.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect((await gql(server, '{ customer { addresses { id } } }', {}, { store: 'gb', token: c.token })).body.data.customer.addresses).toEqual([]);
  });
});

describe('INACTIVE accounts', () => {
  const TOKEN = 'mutation ($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }';
  const setStatus = (uuid: string, status: string, token = ADMIN) =>
    restCall(server, 'PUT', `/admin/customers/${uuid}/status`, { status, reason: 'Chargeback review' }, { token });

  it('generateCustomerToken signs in with the right password and the token works as a bearer', async () => {
    const c = await createCustomer(server);
    const res = await gql(server, TOKEN, { e: c.email, p: PASSWORD }, { store: 'gb' });
    expect(res.body.errors).toBeUndefined();
    const token = res.body.data.generateCustomerToken.token;
    expect((await gql(server, '{ customer { email } }', {}, { store: 'gb', token })).body.data.customer.email).toBe(c.email);
    const revoked = await gql(server, 'mutation { revokeCustomerToken { result } }', {}, { store: 'gb', token });
    expect(revoked.body.data.revokeCustomerToken.result).toBe(true);
    expect((await gql(server, '{ customer { email } }', {}, { store: 'gb', token })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
  });

  it('an operator deactivation ends live sessions and answers INACTIVE only after the right password, on every family', async () => {
    const c = await createCustomer(server);
    const off = await setStatus(c.uuid, 'deactivated');
    expect([off.status, off.body]).toEqual([200, { uuid: c.uuid, status: 'deactivated' }]);
    // The session of before is over.
    expect((await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token)).status).toBe(401);
    expect((await gql(server, '{ customer { email } }', {}, { store: 'gb', token: c.token })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
    // A wrong password answers exactly as for an unknown address: no oracle for the account's state.
    const wrong = await gql(server, TOKEN, { e: c.email, p: 'Wrong-Pass-2026' }, { store: 'gb' });
    const unknown = await gql(server, TOKEN, { e: `nobody+${c.uuid.slice(0, 8)}@example.com`, p: 'Wrong-Pass-2026' }, { store: 'gb' });
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
    expect(wrong.body.errors?.[0]?.message).toBe(unknown.body.errors?.[0]?.message);
    const restWrong = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: 'Wrong-Pass-2026' } });
    expect([restWrong.status, restWrong.body.error.code]).toEqual([401, 'UNAUTHORISED']);
    // The right password learns the account is inactive.
    const gqlRight = await gql(server, TOKEN, { e: c.email, p: PASSWORD }, { store: 'gb' });
    expect(gqlRight.body.errors?.[0]?.extensions).toMatchObject({ code: 'INACTIVE', category: 'graphql-authorization' });
    expect(gqlRight.body.data?.generateCustomerToken ?? null).toBeNull();
    const second = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } });
    expect([second.status, second.body.error.code]).toEqual([403, 'INACTIVE']);
    const legacy = await call('POST', '/account-legacy/login', { email: c.email, password: PASSWORD });
    expect([legacy.status, legacy.body.error.code]).toEqual([403, 'INACTIVE']);
    // Reactivated, the customer signs in again.
    expect((await setStatus(c.uuid, 'active')).body).toEqual({ uuid: c.uuid, status: 'active' });
    const back = await gql(server, TOKEN, { e: c.email, p: PASSWORD }, { store: 'gb' });
    expect(back.body.data.generateCustomerToken.token).toEqual(expect.any(String));
    const row = await (await testDb()).query<{ status: string; status_reason: string | null }>('SELECT status, status_reason FROM identity_user WHERE uuid = $1', [c.uuid]);
    expect(row.rows[0]).toEqual({ status: 'active', status_reason: null });
  });

  it('refuses the operator endpoint without the operator token, an unknown account and a bad body', async () => {
    const c = await createCustomer(server);
    expect((await setStatus(c.uuid, 'deactivated', 'not-the-token')).status).toBe(401);
    expect((await restCall(server, 'PUT', `/admin/customers/${c.uuid}/status`, { status: 'deactivated', reason: 'x' })).status).toBe(401);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'deactivated')).status).toBe(404);
    expect((await setStatus(c.uuid, 'cancelled')).status).toBe(400);
    expect((await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token)).status).toBe(200);
  });

  it('counts GraphQL sign-ins in the same budget as the account families', async () => {
    const c = await createCustomer(server);
    const digestless = `login:id:${c.email}`;
    for (let i = 0; i < 10; i++) await gql(server, TOKEN, { e: c.email, p: 'Wrong-Pass-2026' }, { store: 'gb' });
    const limited = await gql(server, TOKEN, { e: c.email, p: PASSWORD }, { store: 'gb' });
    expect(limited.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const rest = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } });
    expect(rest.status).toBe(429);
    await server.app.services.limiter.reset(digestless);
  });
});

describe('GET /profile/verify-phone/{phone}', () => {
  async function latestCode(recipient: string): Promise<string> {
    const res = await fetch(`${server.url}/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`);
    const messages = ((await res.json()) as { messages: { body: string }[] }).messages;
    return /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;
  }

  it("tells the signed-in customer whether a number is verified for them, in E.164, and nobody else's", async () => {
    const c = await createCustomer(server);
    const phone = uniquePhone();
    const ask = (token?: string, value = phone) => call('GET', `/profile/verify-phone/${encodeURIComponent(value)}`, undefined, token);
    expect((await ask(c.token)).body).toEqual({ phone, verified: false });
    const item = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
    await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone) });
    expect((await ask(c.token, `0${phone.slice(3)}`)).body).toEqual({ phone, verified: true });
    expect((await call('POST', '/profile/update-phone', { phone, pvs_uuid: item.body.uuid, current_password: PASSWORD }, c.token)).status).toBe(200);
    expect((await ask(c.token)).body.verified).toBe(true);
    // Another customer learns nothing about this number: for them it is simply not verified.
    const other = await createCustomer(server);
    expect((await ask(other.token)).body).toEqual({ phone, verified: false });
  });

  it('refuses anonymous callers, numbers that are not phone numbers, and more than 30 checks an hour', async () => {
    const c = await createCustomer(server);
    const anon = await call('GET', `/profile/verify-phone/${encodeURIComponent(uniquePhone())}`);
    expect([anon.status, anon.body.error.code]).toEqual([401, 'UNAUTHORISED']);
    const bad = await call('GET', '/profile/verify-phone/12345', undefined, c.token);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    for (let i = 0; i < 29; i++) await call('GET', `/profile/verify-phone/${encodeURIComponent(uniquePhone())}`, undefined, c.token);
    const limited = await call('GET', `/profile/verify-phone/${encodeURIComponent(uniquePhone())}`, undefined, c.token);
    expect([limited.status, limited.body.error.code]).toEqual([429, 'RATE_LIMITED']);
  });
});
