import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer, restCall } from '../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Privacy-Pass-1';

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });

async function customerWithData() {
  const email = `privacy+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await call('POST', '/account/users/register', { terms_accepted: true, firstname: 'Pia', lastname: 'Private', date_of_birth: '1979-03-03', phone: '07911 123456', strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  const uuid = reg.body.user_uuid as string;
  const token = login.body.token as string;
  await call('POST', `/account/users/${uuid}/addresses`, { firstname: 'Pia', lastname: 'Private', street: ['9 Quiet Lane'], city: 'Oxford', postcode: 'OX1 1AA', country_code: 'GB' }, token);
  await call('PATCH', `/account/users/${uuid}/consents`, { consents: [{ purpose_id: 'email_marketing', granted: true }] }, token);
  // Registration already e-mailed a verification code: the export and the erasure must cover it.
  return { email, uuid, token };
}

describe('data-subject export', () => {
  it('exports everything held about the customer across modules, without secrets', async () => {
    const c = await customerWithData();
    const res = await call('GET', '/account/users/privacy', undefined, c.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data.profile.personalInfo).toMatchObject({ email: c.email, firstname: 'Pia', telephone: '+447911123456' });
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
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/scrypt\$|argon2|code_hash|password_hash|token_hash/);
    expect(data.messages.every((m: any) => !('body' in m))).toBe(true);
    expect((await call('GET', '/account/users/privacy')).status).toBe(401);
    const legacy = await call('POST', '/account-legacy/dsar-request', undefined, c.token);
    expect(legacy.body.profile.uuid).toBe(c.uuid);
  });
});

describe('account cancellation', () => {
  it('ends every session at once and erases or anonymises personal data in every module', async () => {
    const c = await customerWithData();
    const second = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } });
    expect((await call('POST', `/account/users/${c.uuid}/cancel`, undefined, c.token)).status).toBe(204);
    for (const token of [c.token, second.body.token]) {
      expect((await call('GET', `/account/users/${c.uuid}/profile`, undefined, token)).status).toBe(401);
      expect((await call('POST', '/account/users/authentication/sessions/validate', { token })).body.valid).toBe(false);
    }
    expect((await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } })).status).toBe(401);

    const db = await testDb();
    const user = await db.query<any>('SELECT email, firstname, telephone, date_of_birth, status FROM identity_user WHERE uuid = $1', [c.uuid]);
    expect(user.rows[0]).toMatchObject({ firstname: 'Erased', telephone: null, date_of_birth: null, status: 'cancelled' });
    expect(user.rows[0].email).not.toContain('privacy+');
    const counts = async (sql: string, p: unknown[]) => (await db.query(sql, p)).rowCount;
    expect(await counts('SELECT 1 FROM identity_address WHERE user_uuid = $1', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM identity_credential WHERE user_uuid = $1', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM consent_user WHERE user_uuid = $1', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM consent_history WHERE user_uuid = $1 AND ip IS NOT NULL', [c.uuid])).toBe(0);
    expect(await counts('SELECT 1 FROM verification_item WHERE identifier = $1', [c.email])).toBe(0);
    expect(await counts('SELECT 1 FROM messaging_outbox WHERE recipient = $1', [c.email])).toBe(0);
    expect(await counts('SELECT 1 FROM identity_session WHERE user_uuid = $1 AND (revoked_at IS NULL OR ip IS NOT NULL)', [c.uuid])).toBe(0);

    // The address is free again.
    const again = await call('POST', '/account/users/register', { terms_accepted: true, firstname: 'New', lastname: 'Start', date_of_birth: '1979-03-03', strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } });
    expect(again.status).toBe(201);
  });

  it('lets only the owner cancel or deactivate, and answers strangers like a missing account', async () => {
    const a = await customerWithData();
    const b = await customerWithData();
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
    expect(login.status).toBe(401);
    const db = await testDb();
    const row = await db.query<any>('SELECT status, status_reason, firstname FROM identity_user WHERE uuid = $1', [c.uuid]);
    expect(row.rows[0]).toEqual({ status: 'deactivated', status_reason: 'Taking a break', firstname: 'Pia' });
  });

  it('cancels through the legacy family too', async () => {
    const c = await customerWithData();
    expect((await call('PUT', `/account-legacy/cancel-account/${c.uuid}`, undefined, c.token)).status).toBe(204);
    expect((await call('POST', '/account-legacy/validate-session', { token: c.token })).body.valid).toBe(false);
  });
});
