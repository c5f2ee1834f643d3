import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, restCall } from '../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
// Every test client is 127.0.0.1, and this file sends and checks more codes than one address may.
beforeEach(async () => {
  await server.app.services.limiter.reset('verification:send:ip:127.0.0.1');
  await server.app.services.limiter.reset('verification:verify:ip:127.0.0.1');
});

const PASSWORD = 'Contact-Pass-1';

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });

/** The newest code sent to a recipient, read from the dev mailbox as a person would. */
async function latestCode(recipient: string): Promise<string> {
  const res = await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`);
  return /\b(\d{6})\b/.exec(res.body.messages[0].body)![1]!;
}

// A UK mobile number in a range that is allocated (07 97x): the profile keeps only valid numbers, and
// some 0791x ranges are not (07911 3xxxxx, say), so a number drawn from all of 079 is refused now and then.
const uniquePhone = () => `+44797${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

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
    const req = await call('POST', `/account/users/${c.uuid}/profile/email/request-update`, { email: next, current_password: PASSWORD }, c.token);
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

  it('refuses another customer\'s verified item', async () => {
    const a = await customer();
    const b = await customer();
    const next = `mine+${randomUUID().slice(0, 8)}@example.com`;
    const req = await call('POST', `/account/users/${b.uuid}/profile/email/request-update`, { email: next, current_password: PASSWORD }, b.token);
    await call('PATCH', `/api/action-verifications/items/${req.body.verification_uuid}/verify`, { code: await latestCode(next) });
    // A has no pending change for that address: B's verified item cannot move A's account.
    expect((await call('PATCH', '/account/users/profile/email', { verification_uuid: req.body.verification_uuid }, a.token)).status).toBe(403);
    expect((await call('POST', `/account/users/${b.uuid}/profile/email/request-update`, { email: 'x@example.com', current_password: PASSWORD }, a.token)).status).toBe(404);
  });
});

describe('phone update and registration with an SMS-verified phone', () => {
  it('sets the phone only with a verified SMS item for that number', async () => {
    const c = await customer();
    const phone = uniquePhone();
    const item = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
    const unverified = await call('PATCH', `/account/users/${c.uuid}/profile/phone`, { phone, pvs_uuid: item.body.uuid, current_password: PASSWORD }, c.token);
    expect(unverified.status).toBe(403);
    await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone) });
    const other = await call('PATCH', `/account/users/${c.uuid}/profile/phone`, { phone: uniquePhone(), pvs_uuid: item.body.uuid, current_password: PASSWORD }, c.token);
    expect(other.status).toBe(403);
    const ok = await call('PATCH', `/account/users/${c.uuid}/profile/phone`, { phone, pvs_uuid: item.body.uuid, current_password: PASSWORD }, c.token);
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

/** Every message sent to a recipient, newest first. */
async function messagesTo(recipient: string): Promise<{ template: string; body: string; language: string; channel: string }[]> {
  return (await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`)).body.messages;
}

// Checklist 16 (v5.0.0-6.6.x): a contact change asks for the current password first, its code is bound
// to the user, the target and the request, and the old address or number is told once it is done.
describe('re-authentication before a contact change', () => {
  it('refuses to start an e-mail change without the current password or with a wrong one, in every family, and sends no code', async () => {
    const c = await customer();
    const next = `reauth+${randomUUID().slice(0, 8)}@example.com`;
    const missing = await call('POST', `/account/users/${c.uuid}/profile/email/request-update`, { email: next }, c.token);
    expect([missing.status, missing.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    for (const [path, body] of [
      [`/account/users/${c.uuid}/profile/email/request-update`, { email: next, current_password: 'Wrong-Pass-1' }],
      [`/account-legacy/request-update-email/${c.uuid}`, { email: next, current_password: 'Wrong-Pass-1' }],
      ['/profile/update-email', { email: next, current_password: 'Wrong-Pass-1' }],
    ] as const) {
      const wrong = await call('POST', path, body, c.token);
      expect([wrong.status, wrong.body.error.details.fields], path).toEqual([400, { current_password: 'incorrect' }]);
    }
    expect(await messagesTo(next)).toEqual([]);
    const profile = await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token);
    expect(profile.body.personalInfo.email).toBe(c.email);
  });

  it('refuses a phone change without the right current password even with a verified code, in every family', async () => {
    const c = await customer();
    const phone = uniquePhone();
    const item = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
    await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone) });
    const missing = await call('PATCH', `/account/users/${c.uuid}/profile/phone`, { phone, pvs_uuid: item.body.uuid }, c.token);
    expect(missing.status).toBe(400);
    for (const [method, path] of [['PATCH', `/account/users/${c.uuid}/profile/phone`], ['POST', `/account-legacy/update-profile/phone/${c.uuid}`], ['PATCH', '/profile/update-phone']] as const) {
      const wrong = await call(method, path, { phone, pvs_uuid: item.body.uuid, current_password: 'Wrong-Pass-1' }, c.token);
      expect([wrong.status, wrong.body.error.details.fields], path).toEqual([400, { current_password: 'incorrect' }]);
    }
    // The refusals did not use the verified code up: with the password it still works.
    const ok = await call('POST', '/profile/update-phone', { phone, pvs_uuid: item.body.uuid, current_password: PASSWORD }, c.token);
    expect([ok.status, ok.body.personalInfo.telephone]).toEqual([200, phone]);
  });

  it('stops guessing the current password after ten tries an hour for one account', async () => {
    const c = await customer();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call('POST', '/profile/update-email', { email: `guess${i}+${randomUUID().slice(0, 6)}@example.com`, current_password: `Guess-${i}-Aa` }, c.token)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('notices to the old address and number', () => {
  it('tells the old address once the e-mail change is confirmed, and not before', async () => {
    const c = await customer();
    const next = `notice+${randomUUID().slice(0, 8)}@example.com`;
    const req = await call('POST', `/account/users/${c.uuid}/profile/email/request-update`, { email: next, current_password: PASSWORD }, c.token);
    expect((await messagesTo(c.email)).filter((m) => m.template === 'contact_changed')).toEqual([]);
    await call('PATCH', `/api/action-verifications/items/${req.body.verification_uuid}/verify`, { code: await latestCode(next) });
    expect((await call('PATCH', '/account/users/profile/email', { verification_uuid: req.body.verification_uuid }, c.token)).status).toBe(200);
    const notices = (await messagesTo(c.email)).filter((m) => m.template === 'contact_changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toMatch(/e-mail address of your Ember account has just been changed/);
    expect((await messagesTo(next)).some((m) => m.template === 'contact_changed')).toBe(false);
  });

  it('texts the old number once the phone change is done, in the store view\'s language', async () => {
    const old = uniquePhone();
    const c = await customer({ phone: old });
    const phone = uniquePhone();
    const item = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
    await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone) });
    const ok = await restCall(server, 'PATCH', `/account/users/${c.uuid}/profile/phone`, { phone, pvs_uuid: item.body.uuid, current_password: PASSWORD }, { token: c.token, store: 'de' });
    expect(ok.status).toBe(200);
    const [notice] = (await messagesTo(old)).filter((m) => m.template === 'contact_changed');
    expect(notice).toMatchObject({ channel: 'sms', language: 'de' });
    expect(notice!.body).toMatch(/Telefonnummer Ihres Ember-Kontos wurde geändert/);
  });
});

describe('phone change codes are bound to the account that asked', () => {
  it("does not let another customer save a number with a code someone else asked for signed in", async () => {
    const a = await customer();
    const b = await customer();
    const phone = uniquePhone();
    const item = await restCall(server, 'POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone }, { token: a.token, store: 'gb' });
    await call('PATCH', `/api/action-verifications/items/${item.body.uuid}/verify`, { code: await latestCode(phone) });
    const stolen = await call('PATCH', `/account/users/${b.uuid}/profile/phone`, { phone, pvs_uuid: item.body.uuid, current_password: PASSWORD }, b.token);
    expect(stolen.status).toBe(403);
    const own = await call('PATCH', `/account/users/${a.uuid}/profile/phone`, { phone, pvs_uuid: item.body.uuid, current_password: PASSWORD }, a.token);
    expect([own.status, own.body.personalInfo.telephone]).toEqual([200, phone]);
  });
});

describe('e-mail change codes are bound to the request', () => {
  it('does not confirm a later request to another address with the code of an earlier one', async () => {
    const c = await customer();
    const first = `first+${randomUUID().slice(0, 8)}@example.com`;
    const second = `second+${randomUUID().slice(0, 8)}@example.com`;
    const req1 = await call('POST', `/account/users/${c.uuid}/profile/email/request-update`, { email: first, current_password: PASSWORD }, c.token);
    expect(req1.status, JSON.stringify(req1.body)).toBe(202);
    await call('PATCH', `/api/action-verifications/items/${req1.body.verification_uuid}/verify`, { code: await latestCode(first) });
    const req2 = await call('POST', `/account/users/${c.uuid}/profile/email/request-update`, { email: second, current_password: PASSWORD }, c.token);
    expect(req2.status).toBe(202);
    expect((await call('PATCH', '/account/users/profile/email', { verification_uuid: req1.body.verification_uuid }, c.token)).status).toBe(403);
    const profile = await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token);
    expect(profile.body.personalInfo.email).toBe(c.email);
  });

  it('sends six-digit codes that burn after five wrong guesses, even twenty at once, and then refuse the right one', async () => {
    const c = await customer();
    const next = `burn+${randomUUID().slice(0, 8)}@example.com`;
    const req = await call('POST', `/account/users/${c.uuid}/profile/email/request-update`, { email: next, current_password: PASSWORD }, c.token);
    const code = await latestCode(next);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('PATCH', `/api/action-verifications/items/${req.body.verification_uuid}/verify`, { code: wrong })));
    const counted = answers.filter((a) => a.body?.error?.code === 'VERIFICATION_CODE_INVALID').length;
    expect(counted).toBeLessThanOrEqual(4);
    expect(answers.every((a) => a.status >= 400)).toBe(true);
    const right = await call('PATCH', `/api/action-verifications/items/${req.body.verification_uuid}/verify`, { code });
    expect(right.body.error.code).toBe('VERIFICATION_LOCKED');
    expect((await call('PATCH', '/account/users/profile/email', { verification_uuid: req.body.verification_uuid }, c.token)).status).toBe(403);
  });
});
