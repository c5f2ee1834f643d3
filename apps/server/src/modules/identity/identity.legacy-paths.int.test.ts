import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restCall, startTestServer, testDb, type TestServer } from '../../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
// Every test here sends codes from 127.0.0.1, whose hourly code budget (not scaled in tests) they would share.
beforeEach(async () => {
  await server.app.services.limiter.reset('verification:send:ip:127.0.0.1');
});

const PASSWORD = 'Legacy-Pass-1';
const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });
const uniqueEmail = (tag: string) => `${tag}+${randomUUID().slice(0, 8)}@example.com`;
// A UK mobile number in a range that is allocated (07 97x): the profile keeps only valid numbers, and
// some 0791x ranges are not (07911 3xxxxx, say), so a number drawn from all of 079 is refused now and then.
const uniquePhone = () => `+44797${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function mailbox(recipient: string, on: TestServer = server): Promise<any[]> {
  const res = await fetch(`${on.url}/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`);
  return ((await res.json()) as { messages: any[] }).messages;
}
const latestCode = async (recipient: string, on?: TestServer) => /\b(\d{6})\b/.exec((await mailbox(recipient, on))[0].body)![1]!;

/** Stands for "30 seconds later": forgets the one-code-per-30-s budget of an address. */
async function afterBurstWindow(channel: 'email' | 'sms', identifier: string) {
  const digest = createHash('sha256').update(identifier).digest('base64url').slice(0, 22);
  await server.app.services.limiter.reset(`verification:send:target:burst:${channel}:${digest}`);
}

async function legacyCustomer() {
  const email = uniqueEmail('legacy');
  const reg = await call('POST', '/account-legacy/register', { terms_accepted: true, firstname: 'Lena', lastname: 'Legacy', dob: '1982-05-05', email, password: PASSWORD });
  const login = await call('POST', '/account-legacy/login', { email, password: PASSWORD });
  return { email, uuid: reg.body.uuid as string, token: login.body.session_token as string, verification: reg.body.email_verification_uuid as string };
}

describe('POST /account-legacy/register-cdp-user', () => {
  it('registers a full account exactly like /register, signed in through either family', async () => {
    const email = uniqueEmail('cdp');
    const res = await call('POST', '/account-legacy/register-cdp-user', { terms_accepted: true, firstname: 'Cid', lastname: 'Platform', dob: '1990-01-01', email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), email_verification_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await mailbox(email))[0].template).toBe('verification_code');
    const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
    expect([login.status, login.body.user_uuid]).toEqual([200, res.body.uuid]);
    await afterBurstWindow('email', email);
    const again = await call('POST', '/account-legacy/register-cdp-user', { terms_accepted: true, firstname: 'Cid', lastname: 'Platform', dob: '1990-01-01', email, password: PASSWORD });
    // A second registration of the address answers like the first, and the owner is told by e-mail instead.
    expect([again.status, Object.keys(again.body)]).toEqual([201, ['uuid', 'email_verification_uuid']]);
    expect(again.body.uuid).not.toBe(res.body.uuid);
    expect((await mailbox(email))[0].template).toBe('registration_attempt');
  });

  it('refuses a registration without a password or under age, and creates nothing', async () => {
    const email = uniqueEmail('cdp-refused');
    const noPassword = await call('POST', '/account-legacy/register-cdp-user', { terms_accepted: true, firstname: 'Cid', lastname: 'Platform', dob: '1990-01-01', email });
    const young = await call('POST', '/account-legacy/register-cdp-user', { terms_accepted: true, firstname: 'Cid', lastname: 'Platform', dob: `${new Date().getUTCFullYear() - 10}-01-01`, email, password: PASSWORD });
    expect([noPassword.status, noPassword.body.error.code, young.status, young.body.error.code]).toEqual([400, 'VALIDATION_FAILED', 400, 'VALIDATION_FAILED']);
    expect((await (await testDb()).query('SELECT 1 FROM identity_user WHERE email = $1', [email])).rowCount).toBe(0);
  });
});

describe('/account-legacy/reset-password', () => {
  it.each(['PUT', 'POST'])('resets the password with the e-mailed single-use token (%s)', async (method) => {
    const c = await legacyCustomer();
    expect((await call('POST', '/account-legacy/forgot-password', { email: c.email })).status).toBe(202);
    const mail = (await mailbox(c.email)).find((m) => m.template === 'password_reset');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const mismatch = await call(method, '/account-legacy/reset-password', { token, password: 'Reset-Pass-7', password_confirmation: 'Reset-Pass-8' });
    expect([mismatch.status, mismatch.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await call(method, '/account-legacy/reset-password', { token, password: 'Reset-Pass-7', password_confirmation: 'Reset-Pass-7' })).status).toBe(204);
    expect((await call('POST', '/account-legacy/validate-session', { token: c.token })).body.valid).toBe(false);
    const reuse = await call(method, '/account-legacy/reset-password', { token, password: 'Other-Pass-9', password_confirmation: 'Other-Pass-9' });
    expect([reuse.status, reuse.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('POST', '/account-legacy/login', { email: c.email, password: 'Reset-Pass-7' })).status).toBe(200);
  });
});

describe('GET /account-legacy/get-verified-phone/{phone}', () => {
  it('says a number is verified for the caller once they validated its code, and still after it became their phone', async () => {
    const c = await legacyCustomer();
    const phone = uniquePhone();
    const ask = (token?: string, value = phone) => call('GET', `/account-legacy/get-verified-phone/${encodeURIComponent(value)}`, undefined, token);
    expect((await ask(c.token)).body).toEqual({ phone, verified: false });
    const item = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
    expect((await ask(c.token)).body.verified).toBe(false);
    await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone) });
    // The national form of the same number is the same number.
    expect((await ask(c.token, `0${phone.slice(3)}`)).body).toEqual({ phone, verified: true });
    expect((await call('POST', `/account-legacy/update-profile/phone/${c.uuid}`, { phone, pvs_uuid: item.body.uuid, current_password: PASSWORD }, c.token)).status).toBe(200);
    expect((await ask(c.token)).body.verified).toBe(true);
    // The code is used: for anyone else the number is no longer verified.
    const other = await legacyCustomer();
    expect((await ask(other.token)).body.verified).toBe(false);
  });

  it('refuses anonymous callers and numbers that are not phone numbers', async () => {
    const c = await legacyCustomer();
    const anon = await call('GET', `/account-legacy/get-verified-phone/${encodeURIComponent(uniquePhone())}`);
    expect([anon.status, anon.body.error.code]).toEqual([401, 'UNAUTHORISED']);
    const bad = await call('GET', '/account-legacy/get-verified-phone/12345', undefined, c.token);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('does not count a code validated from another client address', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const send = async (from: string, method: string, path: string, body?: unknown, token?: string) => {
        const headers: Record<string, string> = { 'x-forwarded-for': from, store: 'gb' };
        if (body !== undefined) headers['content-type'] = 'application/json';
        if (token) headers.authorization = `Bearer ${token}`;
        const res = await fetch(`${proxied.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as any };
      };
      const c = await legacyCustomer();
      const phone = uniquePhone();
      const item = await send('203.0.113.5', 'POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
      await send('203.0.113.5', 'PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone, proxied) });
      const path = `/account-legacy/get-verified-phone/${encodeURIComponent(phone)}`;
      expect((await send('198.51.100.7', 'GET', path, undefined, c.token)).body.verified).toBe(false);
      expect((await send('203.0.113.5', 'GET', path, undefined, c.token)).body.verified).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

/** Asks for a new registration code through one family; answers the new item's uuid under the family's field name. */
const resendPaths = [
  { name: 'second family', resend: async (uuid: string) => {
    const r = await call('POST', '/account/users/register/resend-email-code', { user_uuid: uuid });
    return { status: r.status, code: r.body?.error?.code, message: r.body?.error?.message, item: r.body?.email_verification_uuid as string | undefined };
  } },
  { name: 'legacy family', resend: async (uuid: string) => {
    const r = await call('POST', '/account-legacy/resend-registration-code', { uuid });
    return { status: r.status, code: r.body?.error?.code, message: r.body?.error?.message, item: r.body?.uuid as string | undefined };
  } },
];

describe('a registration whose first code was throttled', () => {
  it('still waits for confirmation, and a code asked for later confirms it', async () => {
    const email = uniqueEmail('throttled');
    const digest = createHash('sha256').update(email).digest('base64url').slice(0, 22);
    await server.app.services.limiter.hit({ key: `verification:send:target:burst:email:${digest}`, limit: 1, windowMs: 30_000 });
    const reg = await call('POST', '/account/users/register', { terms_accepted: true, firstname: 'Tia', lastname: 'Throttled', date_of_birth: '1985-05-05', strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
    expect(reg.status).toBe(201);
    expect(reg.body.email_verification_uuid).toBeUndefined();
    expect(await mailbox(email)).toHaveLength(0);
    const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
    expect((await call('GET', `/account/users/${reg.body.user_uuid}/profile`, undefined, login.body.token)).body.is_pending_email_verification).toBe(true);
    await afterBurstWindow('email', email);
    const fresh = await call('POST', '/account/users/register/resend-email-code', { user_uuid: reg.body.user_uuid });
    expect(fresh.status).toBe(202);
    await call('PATCH', `/api/action-verifications/items/${fresh.body.email_verification_uuid}/verify`, { code: await latestCode(email) });
    expect((await call('POST', '/account/users/register/verify-email', { user_uuid: reg.body.user_uuid, verification_uuid: fresh.body.email_verification_uuid })).status).toBe(204);
  });
});

describe.each(resendPaths)('registration code resend through the $name', ({ resend }) => {
  it('sends a new code to the waiting address only after the throttle window; the old code stops working and the new one confirms', async () => {
    const c = await legacyCustomer();
    const oldCode = await latestCode(c.email);
    const throttled = await resend(c.uuid);
    expect([throttled.status, throttled.code]).toEqual([429, 'RATE_LIMITED']);
    await afterBurstWindow('email', c.email);
    const fresh = await resend(c.uuid);
    expect(fresh.status).toBe(202);
    expect(fresh.item).not.toBe(c.verification);
    expect(await mailbox(c.email)).toHaveLength(2);
    const stale = await call('PATCH', `/api/action-verifications/items/${c.verification}/verify`, { code: oldCode });
    expect(stale.body.error.code).toBe('VERIFICATION_EXPIRED');
    const verified = await call('PATCH', `/api/action-verifications/items/${fresh.item}/verify`, { code: await latestCode(c.email) });
    // The whole answer, so a refusal shows its code and message.
    expect(verified.body).toEqual({ uuid: fresh.item, status: 'validated' });
    expect((await call('POST', '/account/users/register/verify-email', { user_uuid: c.uuid, verification_uuid: fresh.item })).status).toBe(204);
    // Confirmed: nothing waits any more, and that answers like an unknown account.
    const done = await resend(c.uuid);
    const unknown = await resend(randomUUID());
    expect([done.status, done.code, done.message]).toEqual([404, 'NOT_FOUND', unknown.message]);
    expect(unknown.status).toBe(404);
    expect(await mailbox(c.email)).toHaveLength(2);
  });

  it('stops after five codes an hour for one account', async () => {
    const c = await legacyCustomer();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await afterBurstWindow('email', c.email);
      statuses.push((await resend(c.uuid)).status);
    }
    // Registration sent the first code: the address's hourly budget of five allows four more.
    expect(statuses).toEqual([202, 202, 202, 202, 429, 429]);
  });
});
