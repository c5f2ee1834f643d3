import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, restCall } from '../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Contact-Pass-1';

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });

/** The newest code sent to a recipient, read from the dev mailbox as a person would. */
async function latestCode(recipient: string): Promise<string> {
  const res = await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`);
  return /\b(\d{6})\b/.exec(res.body.messages[0].body)![1]!;
}

const uniquePhone = () => `+4479${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function customer(extra: Record<string, unknown> = {}) {
  const email = `contact+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await call('POST', '/account/users/register', { terms_accepted: true, firstname: 'Cora', lastname: 'Contact', date_of_birth: '1988-08-08', strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD }, ...extra });
  if (reg.status !== 201) return { status: reg.status, body: reg.body, email, uuid: '', token: '' };
  const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  return { status: reg.status, body: reg.body, email, uuid: reg.body.user_uuid as string, token: login.body.token as string };
}

describe('e-mail verification after registration', () => {
  it('mails a code at registration; the code confirms the address, once, without a session', async () => {
    const c = await customer();
    expect(c.body.email_verification_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const before = await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token);
    expect(before.body.is_pending_email_verification).toBe(true);
    const verifyBody = { user_uuid: c.uuid, verification_uuid: c.body.email_verification_uuid };
    expect((await call('POST', '/account/users/register/verify-email', verifyBody)).status).toBe(403);
    const code = await latestCode(c.email);
    expect((await call('PATCH', `/api/action-verifications/items/${c.body.email_verification_uuid}/verify`, { code })).body.status).toBe('validated');
    // Another account cannot be confirmed with this item.
    const other = await customer();
    expect((await call('POST', '/account/users/register/verify-email', { user_uuid: other.uuid, verification_uuid: c.body.email_verification_uuid })).status).toBe(403);
    expect((await call('POST', '/account/users/register/verify-email', verifyBody)).status).toBe(204);
    expect((await call('POST', '/account/users/register/verify-email', verifyBody)).status).toBe(403);
    const after = await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token);
    expect(after.body).toMatchObject({ is_pending_email_verification: false, personalInfo: { email: c.email } });
  });
});

describe('e-mail change confirmed by a code sent to the new address', () => {
  it('moves the account to the new address only after the code is verified, once', async () => {
    const c = await customer();
    const next = `moved+${randomUUID().slice(0, 8)}@example.com`;
    const req = await call('POST', `/account/users/${c.uuid}/profile/email/request-update`, { email: next }, c.token);
    expect(req.status).toBe(202);
    const pending = await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token);
    expect(pending.body).toMatchObject({ is_pending_email_verification: true, personalInfo: { email: c.email } });
    // Confirming before verifying the code is refused.
    expect((await call('PATCH', '/account/users/profile/email', { verification_uuid: req.body.verification_uuid }, c.token)).status).toBe(403);
    const code = await latestCode(next);
    expect((await call('PATCH', `/api/action-verifications/items/${req.body.verification_uuid}/verify`, { code })).body.status).toBe('validated');
    const done = await call('PATCH', '/account/users/profile/email', { verification_uuid: req.body.verification_uuid }, c.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ is_pending_email_verification: false, personalInfo: { email: next } });
    expect((await call('PATCH', '/account/users/profile/email', { verification_uuid: req.body.verification_uuid }, c.token)).status).toBe(403);
    expect((await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: next, password: PASSWORD } })).status).toBe(200);
  });

  it('refuses an address another account uses, and another customer\'s verified item', async () => {
    const a = await customer();
    const b = await customer();
    expect((await call('POST', `/account/users/${a.uuid}/profile/email/request-update`, { email: b.email }, a.token)).status).toBe(409);
    const next = `mine+${randomUUID().slice(0, 8)}@example.com`;
    const req = await call('POST', `/account/users/${b.uuid}/profile/email/request-update`, { email: next }, b.token);
    await call('PATCH', `/api/action-verifications/items/${req.body.verification_uuid}/verify`, { code: await latestCode(next) });
    // A has no pending change for that address: B's verified item cannot move A's account.
    expect((await call('PATCH', '/account/users/profile/email', { verification_uuid: req.body.verification_uuid }, a.token)).status).toBe(403);
    expect((await call('POST', `/account/users/${b.uuid}/profile/email/request-update`, { email: 'x@example.com' }, a.token)).status).toBe(404);
  });
});

describe('phone update and registration with an SMS-verified phone', () => {
  it('sets the phone only with a verified SMS item for that number', async () => {
    const c = await customer();
    const phone = uniquePhone();
    const item = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
    const unverified = await call('PATCH', `/account/users/${c.uuid}/profile/phone`, { phone, pvs_uuid: item.body.uuid }, c.token);
    expect(unverified.status).toBe(403);
    await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone) });
    const other = await call('PATCH', `/account/users/${c.uuid}/profile/phone`, { phone: uniquePhone(), pvs_uuid: item.body.uuid }, c.token);
    expect(other.status).toBe(403);
    const ok = await call('PATCH', `/account/users/${c.uuid}/profile/phone`, { phone, pvs_uuid: item.body.uuid }, c.token);
    expect(ok.status).toBe(200);
    expect(ok.body.personalInfo.telephone).toBe(phone);
  });

  it('registers with an SMS verification uuid only when it was verified for that phone', async () => {
    const phone = uniquePhone();
    const item = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
    const early = await customer({ phone, sms_verification_uuid: item.body.uuid });
    expect(early.status).toBe(403);
    await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone) });
    const ok = await customer({ phone, sms_verification_uuid: item.body.uuid });
    expect(ok.status).toBe(201);
    const reuse = await customer({ phone, sms_verification_uuid: item.body.uuid });
    expect(reuse.status).toBe(403);
  });

  it('says whether an e-mail or phone is free for registration', async () => {
    const c = await customer();
    expect((await call('GET', `/account/users/verify/${encodeURIComponent(c.email)}`)).body).toEqual({ available: false });
    expect((await call('GET', `/account/users/verify/${encodeURIComponent(`free+${randomUUID()}@example.com`)}`)).body).toEqual({ available: true });
    expect((await call('GET', '/account/users/verify/not-a-thing')).status).toBe(400);
  });
});
