import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restCall, startTestServer, testDb, type RestResult, type TestServer } from '../../test/test-app.js';

// Checklist 11 (v5.0.0-6.3.8): registering, or moving an account to, an address that already has an
// account answers exactly as for a free address; the address's owner is told by e-mail instead.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
// Every test client is 127.0.0.1, and this file sends more codes than one address may in an hour.
beforeEach(async () => {
  await server.app.services.limiter.reset('verification:send:ip:127.0.0.1');
});

const PASSWORD = 'Enumerate-Me-1';
const OTHER_PASSWORD = 'Someone-Else-2';

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });
const uniqueEmail = (tag: string) => `${tag}+${randomUUID().slice(0, 8)}@example.com`;

const registration = (email: string, password: string, extra: Record<string, unknown> = {}) => ({
  terms_accepted: true, firstname: 'Ena', lastname: 'Umerate', date_of_birth: '1991-02-02',
  strategy: 'email_password', strategy_data: { identifier: email, password }, ...extra,
});

async function mailbox(recipient: string): Promise<{ template: string; body: string }[]> {
  return (await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`)).body.messages;
}

/** Stands for "30 seconds later": forgets the one-code-per-30-s budget of an address. */
async function afterBurstWindow(email: string) {
  await server.app.services.limiter.reset(`verification:send:target:burst:email:${createHash('sha256').update(email).digest('base64url').slice(0, 22)}`);
}

/** A customer whose registration code went out more than 30 seconds ago. */
async function owner() {
  const email = uniqueEmail('owner');
  const reg = await call('POST', '/account/users/register', registration(email, PASSWORD));
  expect(reg.status).toBe(201);
  await afterBurstWindow(email);
  const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  return { email, uuid: reg.body.user_uuid as string, token: login.body.token as string };
}

/** Status, keys, and each value's form (uuids and times replaced by placeholders): what a caller could compare. */
function shape(r: RestResult): unknown {
  const form = (v: unknown): unknown =>
    typeof v === 'string'
      ? v.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'request_id').map(([k, x]) => [k, form(x)]))
        : v;
  return [r.status, form(r.body)];
}

describe('registration of a taken address', () => {
  it('answers like a new registration in both families, opens no account and tells the owner instead of sending a code', async () => {
    const taken = await owner();
    const fresh = await call('POST', '/account/users/register', registration(uniqueEmail('fresh'), OTHER_PASSWORD));
    const again = await call('POST', '/account/users/register', registration(taken.email, OTHER_PASSWORD));
    expect(shape(again)).toEqual(shape(fresh));
    expect(again.body.user_uuid).not.toBe(taken.uuid);

    const legacyFresh = await call('POST', '/account-legacy/register', { terms_accepted: true, firstname: 'L', lastname: 'F', dob: '1980-01-01', email: uniqueEmail('lfresh'), password: OTHER_PASSWORD });
    const legacyTaken = await owner();
    const legacyAgain = await call('POST', '/account-legacy/register', { terms_accepted: true, firstname: 'L', lastname: 'F', dob: '1980-01-01', email: legacyTaken.email, password: OTHER_PASSWORD });
    expect(shape(legacyAgain)).toEqual(shape(legacyFresh));

    for (const o of [taken, legacyTaken]) {
      const [latest] = await mailbox(o.email);
      expect(latest!.template).toBe('registration_attempt');
      expect(latest!.body).toMatch(/already has an account/);
      expect(latest!.body).not.toMatch(/\b\d{6}\b/);
    }
    const db = await testDb();
    expect((await db.query('SELECT 1 FROM identity_user WHERE email = $1', [taken.email])).rowCount).toBe(1);
    expect((await db.query(`SELECT 1 FROM identity_user WHERE email LIKE 'rehearsal+%'`)).rowCount).toBe(0);
    // The account is untouched: its password signs in, the newcomer's does not.
    const signIn = (password: string) => call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: taken.email, password } });
    expect((await signIn(PASSWORD)).status).toBe(200);
    expect((await signIn(OTHER_PASSWORD)).status).toBe(401);
  });

  it('answers every later step of the registration alike: the code, asking for it again, and confirming', async () => {
    const taken = await owner();
    const freshEmail = uniqueEmail('steps');
    const fresh = await call('POST', '/account/users/register', registration(freshEmail, OTHER_PASSWORD));
    const again = await call('POST', '/account/users/register', registration(taken.email, OTHER_PASSWORD));
    const bodies: Record<string, unknown[]> = {};
    for (const [label, r] of [['fresh', fresh], ['taken', again]] as const) {
      const item = r.body.email_verification_uuid;
      const steps = [
        await call('GET', `/api/action-verifications/items/${item}`),
        await call('PATCH', `/api/action-verifications/items/${item}/verify`, { code: '000000' }),
        await call('POST', '/account/users/register/verify-email', { user_uuid: r.body.user_uuid, verification_uuid: item }),
      ];
      bodies[label] = steps.map(shape);
    }
    expect(bodies.taken).toEqual(bodies.fresh);
    expect(bodies.fresh![1]).toEqual([400, expect.objectContaining({ error: expect.objectContaining({ code: 'VERIFICATION_CODE_INVALID' }) })]);

    // Asking for the code again after the 30-second window: the owner gets the notice again, never a code.
    for (const e of [freshEmail, taken.email]) await afterBurstWindow(e);
    const resendFresh = await call('POST', '/account/users/register/resend-email-code', { user_uuid: fresh.body.user_uuid });
    const resendTaken = await call('POST', '/account/users/register/resend-email-code', { user_uuid: again.body.user_uuid });
    expect(shape(resendTaken)).toEqual(shape(resendFresh));
    expect(resendTaken.status).toBe(202);
    expect((await mailbox(taken.email)).slice(0, 2).map((m) => m.template)).toEqual(['registration_attempt', 'registration_attempt']);
  });

  it('refuses a taken address with the same errors as a free one when other fields are wrong', async () => {
    const taken = await owner();
    const badReferral = { parent_code: 'NOSUCHCODE1' };
    const fresh = await call('POST', '/account/users/register', registration(uniqueEmail('ref'), OTHER_PASSWORD, badReferral));
    const again = await call('POST', '/account/users/register', registration(taken.email, OTHER_PASSWORD, badReferral));
    expect(fresh.status).toBeGreaterThanOrEqual(400);
    expect(shape(again)).toEqual(shape(fresh));
    expect((await mailbox(taken.email))[0]!.template).not.toBe('registration_attempt');
  });
});

describe('registration timing', () => {
  it('takes about as long for a taken address as for a free one (the same hashing and writes)', async () => {
    const owners = [];
    for (let i = 0; i < 8; i++) owners.push(await owner());
    const time = async (email: string) => {
      const started = performance.now();
      const r = await call('POST', '/account/users/register', registration(email, OTHER_PASSWORD));
      expect(r.status).toBe(201);
      return performance.now() - started;
    };
    const fresh: number[] = [];
    const taken: number[] = [];
    // Interleaved, so a busy moment on the machine slows both kinds alike.
    for (const o of owners) {
      fresh.push(await time(uniqueEmail('timing')));
      taken.push(await time(o.email));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    // Without the rehearsal a taken address skipped the code's scrypt hash and every write: well under half the time.
    expect(median(taken) / median(fresh)).toBeGreaterThan(0.6);
    expect(median(taken) / median(fresh)).toBeLessThan(1.6);
  });
});

describe('e-mail change to a taken address', () => {
  it('answers like a free address, tells its owner, and can never be confirmed', async () => {
    const a = await owner();
    const b = await owner();
    const free = uniqueEmail('free');
    const toFree = await call('POST', `/account/users/${a.uuid}/profile/email/request-update`, { email: free, current_password: PASSWORD }, a.token);
    const c = await owner();
    const toTaken = await call('POST', `/account/users/${c.uuid}/profile/email/request-update`, { email: b.email, current_password: PASSWORD }, c.token);
    expect(shape(toTaken)).toEqual(shape(toFree));
    await afterBurstWindow(b.email);
    const legacy = await call('POST', `/account-legacy/request-update-email/${c.uuid}`, { email: b.email, current_password: PASSWORD }, c.token);
    expect(legacy.status).toBe(202);

    const [notice] = await mailbox(b.email);
    expect(notice!.template).toBe('email_change_attempt');
    expect(notice!.body).not.toMatch(/\b\d{6}\b/);
    const pa = await call('GET', `/account/users/${a.uuid}/profile`, undefined, a.token);
    const pc = await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token);
    expect(pc.body.is_pending_email_verification).toBe(pa.body.is_pending_email_verification);

    const confirm = await call('PATCH', '/account/users/profile/email', { verification_uuid: toTaken.body.verification_uuid }, c.token);
    expect(confirm.status).toBe(403);
    expect((await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token)).body.personalInfo.email).toBe(c.email);
    expect((await call('GET', `/account/users/${b.uuid}/profile`, undefined, b.token)).body.personalInfo.email).toBe(b.email);
  });
});
