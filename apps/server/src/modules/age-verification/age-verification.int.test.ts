import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '@ember/test-support';
import { restCall, startTestServer, testDb, type TestServer } from '../../test/test-app.js';
import { SIGNATURE_HEADER, signPayload } from './age-verification.provider.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AGE_VERIFICATION_TEST_DELAY_MS: '100' });
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Ember-Test-2026';
const DOB = '1990-04-12';

const call = (method: string, path: string, body?: unknown, opts: { token?: string; store?: string } = {}) => restCall(server, method, path, body, opts);
const newEmail = () => `av+${randomUUID().slice(0, 8)}@example.com`;

async function customer(opts: { lastname?: string; email?: string } = {}) {
  return createCustomer(server, { firstname: 'Ada', lastname: opts.lastname ?? 'Lovelace', dob: DOB, email: opts.email ?? newEmail(), password: PASSWORD });
}

async function isAgeVerified(c: { uuid: string; token: string }): Promise<boolean> {
  const profile = await call('GET', `/account/users/${c.uuid}/profile`, undefined, { token: c.token });
  expect(profile.status).toBe(200);
  return profile.body.is_age_verified;
}

async function startWorkflow(c: { token: string; email: string }, method = 'document_scan', store = 'gb', country = 'GB') {
  const init = await call('POST', '/age-verification/init-async-verification', { user_email: c.email, method_code: method, country_code: country, callback: `/${store}/account#/age-verification` }, { token: c.token, store });
  expect(init.status).toBe(201);
  expect(init.body.status).toBe('pending');
  return { uuid: init.body.identity_verification_id as string, reference: (init.body.workflow_url as string).split('/').pop()!, workflowUrl: init.body.workflow_url as string };
}

async function submitIdentity(workflowUrl: string, identity: string) {
  const page = await fetch(`${server.url}${workflowUrl}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`value="${identity}"`);
  const res = await fetch(`${server.url}${workflowUrl}`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `identity=${identity}`,
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

async function waitForResult(uuid: string, token: string) {
  for (let i = 0; i < 100; i++) {
    const s = await call('GET', `/age-verification/verifications/${uuid}`, undefined, { token });
    expect(s.status).toBe(200);
    if (s.body.status !== 'pending') return s.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no callback arrived');
}

async function postCallback(body: Record<string, unknown> | string, signature?: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature ?? server.app.services.ageVerification.signAsTestProvider(raw);
  if (sig) headers[SIGNATURE_HEADER] = sig;
  const res = await fetch(`${server.url}/age-verification/callbacks/TEST`, { method: 'POST', headers, body: raw });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function refusedCallbacks(outcome: string, since: Date) {
  const db = await testDb();
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM age_verification_event WHERE kind = 'callback_refused' AND outcome = $1 AND created_at >= $2",
    [outcome, since],
  );
  return rows[0]!.n;
}

describe('age verification: methods per country', () => {
  it('lists each country’s methods with its minimum age and says whether a hidden check exists', async () => {
    const gb = await call('GET', '/age-verification/available-methods/gb');
    expect(gb.status).toBe(200);
    expect(gb.body.minimum_age).toBe(18);
    expect(gb.body.methods.map((m: { code: string }) => m.code)).toEqual(['document_scan', 'database_check', 'hidden']);
    const de = await call('GET', '/age-verification/available-methods/DE');
    expect(de.body.methods.map((m: { code: string; is_async: boolean }) => [m.code, m.is_async])).toEqual([['document_scan', true], ['bank_check', true]]);
    expect((await call('GET', '/age-verification/has-hidden-verification', undefined, { store: 'gb' })).body).toEqual({ has_hidden_verification: true });
    expect((await call('GET', '/age-verification/has-hidden-verification', undefined, { store: 'de' })).body).toEqual({ has_hidden_verification: false });
    expect((await call('GET', '/age-verification/available-methods/XX')).body.methods).toEqual([]);
    expect((await call('GET', '/age-verification/available-methods/GBR')).status).toBe(400);
  });
});

describe('age verification: the TEST provider’s workflow outcomes', () => {
  it('verifies an adult document after the callback, derives is_age_verified and keeps the audit trail', async () => {
    const c = await customer();
    expect(await isAgeVerified(c)).toBe(false);
    const wf = await startWorkflow(c);
    const back = await submitIdentity(wf.workflowUrl, 'adult');
    expect(back).toBe(`/gb/account#/age-verification?verification=${wf.uuid}`);
    const result = await waitForResult(wf.uuid, c.token);
    expect(result).toMatchObject({ status: 'verified', reason: null, method_code: 'document_scan' });
    expect(result.completed_at).not.toBeNull();
    expect(await isAgeVerified(c)).toBe(true);
    const av = await call('GET', `/account/users/${c.uuid}/av`, undefined, { token: c.token });
    expect(av.body).toMatchObject({ is_age_verified: true, verification: { identity_verification_id: wf.uuid, status: 'verified' } });
    const db = await testDb();
    const events = await db.query<{ kind: string; outcome: string }>('SELECT kind, outcome FROM age_verification_event WHERE request_uuid = $1 ORDER BY id', [wf.uuid]);
    expect(events.rows).toEqual([
      { kind: 'started', outcome: 'pending' },
      { kind: 'started', outcome: 'workflow_submitted' },
      { kind: 'result', outcome: 'verified' },
    ]);
  });

  it('rejects an under-age document whatever the provider says, and the customer stays unverified', async () => {
    const c = await customer();
    const wf = await startWorkflow(c);
    await submitIdentity(wf.workflowUrl, 'minor');
    expect(await waitForResult(wf.uuid, c.token)).toMatchObject({ status: 'rejected', reason: 'under_age' });
    expect(await isAgeVerified(c)).toBe(false);
  });

  it('leaves an unclear document waiting for review, unverified', async () => {
    const c = await customer();
    const wf = await startWorkflow(c, 'bank_check', 'de', 'DE');
    await submitIdentity(wf.workflowUrl, 'review');
    expect(await waitForResult(wf.uuid, c.token)).toMatchObject({ status: 'needs_review', reason: 'document_unclear', completed_at: null });
    expect(await isAgeVerified(c)).toBe(false);
  });

  it('expires an abandoned workflow, and a late callback after expiry changes nothing', async () => {
    const c = await customer();
    const wf = await startWorkflow(c);
    await submitIdentity(wf.workflowUrl, 'timeout');
    await new Promise((r) => setTimeout(r, 600));
    expect((await call('GET', `/age-verification/verifications/${wf.uuid}`, undefined, { token: c.token })).body.status).toBe('pending');
    const db = await testDb();
    await db.query("UPDATE age_verification_request SET expires_at = now() - interval '1 second' WHERE uuid = $1", [wf.uuid]);
    expect((await call('GET', `/age-verification/verifications/${wf.uuid}`, undefined, { token: c.token })).body.status).toBe('expired');

    const since = new Date(Date.now() - 1000);
    const late = await postCallback({ event_id: `evt_${randomUUID()}`, reference: wf.reference, outcome: 'verified', date_of_birth: DOB, reason: null });
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('VERIFICATION_EXPIRED');
    const after = await call('GET', `/age-verification/verifications/${wf.uuid}`, undefined, { token: c.token });
    expect(after.body).toMatchObject({ status: 'expired', reason: 'timeout' });
    expect(await isAgeVerified(c)).toBe(false);
    expect(await refusedCallbacks('late', since)).toBe(1);
  });
});

describe('age verification: callbacks that are refused', () => {
  it('refuses and logs a callback with a bad signature, a stale timestamp or no signature', async () => {
    const c = await customer();
    const wf = await startWorkflow(c);
    const body = JSON.stringify({ event_id: `evt_${randomUUID()}`, reference: wf.reference, outcome: 'verified', date_of_birth: DOB, reason: null });
    const since = new Date(Date.now() - 1000);
    const forged = await postCallback(body, signPayload('not-the-shop-secret-not-the-shop-secret', body));
    expect(forged.status).toBe(401);
    const tampered = await postCallback(body.replace(DOB, '1970-01-01'), server.app.services.ageVerification.signAsTestProvider(body));
    expect(tampered.status).toBe(401);
    const stale = await postCallback(body, server.app.services.ageVerification.signAsTestProvider(body, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(401);
    const unsigned = await fetch(`${server.url}/age-verification/callbacks/TEST`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    expect(await refusedCallbacks('bad_signature', since)).toBe(4);
    expect((await call('GET', `/age-verification/verifications/${wf.uuid}`, undefined, { token: c.token })).body.status).toBe('pending');
    expect(await isAgeVerified(c)).toBe(false);
  });

  it('accepts a signed callback once and refuses its replay', async () => {
    const c = await customer();
    const wf = await startWorkflow(c);
    const body = { event_id: `evt_${randomUUID()}`, reference: wf.reference, outcome: 'needs_review', date_of_birth: null, reason: 'blurred' };
    const since = new Date(Date.now() - 1000);
    expect((await postCallback(body)).status).toBe(200);
    const replay = await postCallback(body);
    expect(replay.status).toBe(409);
    expect(await refusedCallbacks('replay', since)).toBe(1);
    // A later, new callback for the reviewed verification completes it.
    const reviewed = await postCallback({ ...body, event_id: `evt_${randomUUID()}`, outcome: 'verified', date_of_birth: DOB, reason: null });
    expect(reviewed.status).toBe(200);
    expect(await isAgeVerified(c)).toBe(true);
    const again = await postCallback({ ...body, event_id: `evt_${randomUUID()}`, outcome: 'rejected' });
    expect(again.status).toBe(409);
    expect((await call('GET', `/age-verification/verifications/${wf.uuid}`, undefined, { token: c.token })).body.status).toBe('verified');
  });

  it('refuses and logs a signed callback for a verification that does not exist', async () => {
    const since = new Date(Date.now() - 1000);
    const res = await postCallback({ event_id: `evt_${randomUUID()}`, reference: 'x'.repeat(32), outcome: 'verified', date_of_birth: DOB, reason: null });
    expect(res.status).toBe(404);
    expect(await refusedCallbacks('unknown_verification', since)).toBe(1);
  });

  it('verifies only with the account’s own date of birth: a document for another birthday waits for review', async () => {
    const c = await customer();
    const wf = await startWorkflow(c);
    const res = await postCallback({ event_id: `evt_${randomUUID()}`, reference: wf.reference, outcome: 'verified', date_of_birth: '1980-01-01', reason: null });
    expect(res.body).toEqual({ status: 'needs_review' });
    expect(await isAgeVerified(c)).toBe(false);
  });
});

describe('age verification: synchronous and hidden checks', () => {
  it('verifies a signed-in customer by database check from the profile and refuses another date of birth', async () => {
    const c = await customer();
    const mismatch = await call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB', dateOfBirth: '1970-01-01' }, { token: c.token });
    expect(mismatch.status).toBe(400);
    const ok = await call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: c.token });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('verified');
    expect(await isAgeVerified(c)).toBe(true);
    const reauth = await call('POST', `/account/users/${c.uuid}/reauthenticate`, { password: PASSWORD }, { token: c.token });
    expect(reauth.status).toBe(200);
    const exported = await call('GET', '/account/users/privacy', undefined, { token: reauth.body.token });
    expect(exported.body.age_verifications).toEqual([expect.objectContaining({ uuid: ok.body.identity_verification_id, status: 'verified', method_code: 'database_check', verified_date_of_birth: DOB })]);
    expect(JSON.stringify(exported.body.age_verifications)).not.toMatch(/provider_reference/);
  });

  it('gives the review and not-found outcomes for the TEST surnames, and hidden checks need a session', async () => {
    const review = await customer({ lastname: 'Review' });
    expect((await call('POST', '/age-verification/verify', { method_code: 'hidden', country_code: 'GB' }, { token: review.token })).body).toMatchObject({ status: 'needs_review' });
    const unknown = await customer({ lastname: 'Unknown' });
    expect((await call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: unknown.token })).body).toMatchObject({ status: 'rejected', reason: 'not_found' });
    expect(await isAgeVerified(review)).toBe(false);
    expect(await isAgeVerified(unknown)).toBe(false);
    expect((await call('POST', '/age-verification/verify', { method_code: 'hidden', country_code: 'GB' })).status).toBe(401);
    expect((await call('POST', '/age-verification/verify', { method_code: 'document_scan', country_code: 'GB' }, { token: review.token })).status).toBe(400);
    expect((await call('POST', '/age-verification/verify', { method_code: 'bank_check', country_code: 'GB' }, { token: review.token })).status).toBe(400);
  });

  it('links a verification made before sign-in to the account with the same e-mail and birthday, through the legacy and profile calls', async () => {
    const email = newEmail();
    const early = await call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB', user_email: email, firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: DOB });
    expect(early.body.status).toBe('verified');
    const missing = await call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB', user_email: email });
    expect(missing.status).toBe(400);
    const c = await customer({ email });
    expect(await isAgeVerified(c)).toBe(false);
    const linked = await call('POST', `/account-legacy/profile/${c.uuid}/verify-age`, { age_verification_uuid: early.body.identity_verification_id }, { token: c.token });
    expect(linked.status).toBe(200);
    expect(linked.body.is_age_verified).toBe(true);
    expect(await isAgeVerified(c)).toBe(true);
    const profile = await call('GET', '/profile/age-verification', undefined, { token: c.token });
    expect(profile.body).toMatchObject({ is_age_verified: true, verification: { identity_verification_id: early.body.identity_verification_id } });
  });
});

describe('age verification: customers cannot set is_age_verified themselves', () => {
  it('refuses another customer’s verification, a rejected one and one for another birthday, through every family', async () => {
    const a = await customer();
    const b = await customer();
    const aOk = await call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: a.token });
    expect(aOk.body.status).toBe('verified');
    const id = aOk.body.identity_verification_id;
    expect((await call('POST', `/account/users/${b.uuid}/av`, { age_verification_uuid: id }, { token: b.token })).status).toBe(404);
    expect((await call('POST', `/account-legacy/profile/${b.uuid}/verify-age`, { avp_uuid: id }, { token: b.token })).status).toBe(404);
    expect((await call('POST', '/profile/age-verification', { avp_uuid: id }, { token: b.token })).status).toBe(404);
    // b's own uuid path with a's token answers like a missing user.
    expect((await call('POST', `/account/users/${b.uuid}/av`, { age_verification_uuid: id }, { token: a.token })).status).toBe(404);

    const wf = await startWorkflow(b);
    await submitIdentity(wf.workflowUrl, 'minor');
    await waitForResult(wf.uuid, b.token);
    const rejected = await call('POST', `/account/users/${b.uuid}/av`, { age_verification_uuid: wf.uuid }, { token: b.token });
    expect(rejected.status).toBe(403);
    expect(rejected.body.error.code).toBe('VERIFICATION_REQUIRED');

    const other = await call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB', user_email: b.email, firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1985-01-01' });
    expect(other.body.status).toBe('verified');
    const wrongDob = await call('POST', `/account/users/${b.uuid}/av`, { age_verification_uuid: other.body.identity_verification_id }, { token: b.token });
    expect(wrongDob.status).toBe(403);
    expect(wrongDob.body.error.code).toBe('PERMISSION_DENIED');
    expect(await isAgeVerified(b)).toBe(false);
  });

  it('refuses is_age_verified in every profile and account update call', async () => {
    const c = await customer();
    const attempts = [
      call('PATCH', `/account/users/${c.uuid}/profile`, { is_age_verified: true }, { token: c.token }),
      call('POST', '/profile/update-profile', { is_age_verified: true }, { token: c.token }),
      call('POST', `/account/users/${c.uuid}/av`, { is_age_verified: true }, { token: c.token }),
      call('POST', '/profile/age-verification', { is_age_verified: true }, { token: c.token }),
      call('POST', `/account-legacy/profile/${c.uuid}/verify-age`, { is_age_verified: true }, { token: c.token }),
      call('POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB', is_age_verified: true }, { token: c.token }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(400);
    expect(await isAgeVerified(c)).toBe(false);
  });

  it('lets the database refuse is_age_verified without a verified record', async () => {
    const c = await customer();
    const db = await testDb();
    await expect(db.query('UPDATE identity_user SET is_age_verified = true WHERE uuid = $1', [c.uuid])).rejects.toThrow(/verified age verification/);
    expect(await isAgeVerified(c)).toBe(false);
  });

  it('answers another customer’s verification like a missing one', async () => {
    const a = await customer();
    const b = await customer();
    const wf = await startWorkflow(a);
    const foreign = await call('GET', `/age-verification/verifications/${wf.uuid}`, undefined, { token: b.token });
    const missing = await call('GET', `/age-verification/verifications/${randomUUID()}`, undefined, { token: b.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(missing.body.error.message);
    expect((await call('GET', `/account/users/${a.uuid}/av`, undefined, { token: b.token })).status).toBe(404);
    expect((await call('GET', `/account/users/${a.uuid}/av`)).status).toBe(401);
  });
});

describe('age verification: attempt limits', () => {
  it('stops a customer after ten verification attempts an hour, and the refused one leaves no record', async () => {
    const c = await customer();
    const start = () => call('POST', '/age-verification/init-async-verification', { method_code: 'document_scan', country_code: 'GB' }, { token: c.token });
    for (let i = 0; i < 10; i++) expect((await start()).status).toBe(201);
    const limited = await start();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const db = await testDb();
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM age_verification_request WHERE user_uuid = $1', [c.uuid]);
    expect(rows[0]!.n).toBe(10);
  });

  it('refuses a return path outside the shop and an unknown workflow', async () => {
    const c = await customer();
    for (const callback of ['https://evil.example/x', '//evil.example/x', '/gb/account\\x']) {
      const res = await call('POST', '/age-verification/init-async-verification', { method_code: 'document_scan', country_code: 'GB', callback }, { token: c.token });
      expect(res.status).toBe(400);
    }
    const wrongFlow = await call('POST', '/age-verification/init-async-verification', { method_code: 'document_scan', country_code: 'GB', workflow_name: 'bank_check' }, { token: c.token });
    expect(wrongFlow.status).toBe(400);
    const otherCountry = await call('POST', '/age-verification/init-async-verification', { method_code: 'bank_check', country_code: 'GB' }, { token: c.token });
    expect(otherCountry.status).toBe(400);
  });
});
