import { randomUUID } from 'node:crypto';
import { createCustomer, createOperator, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

const TOKEN = 'age-review-suite-token-0123456789abcdef';
let server: TestServer;
serveForSuite((s) => {
  server = s;
}, { ADMIN_TOKEN: TOKEN });

let compliance: TestOperator;
let support: TestOperator;
beforeAll(async () => {
  [compliance, support] = await Promise.all([createOperator(server, TOKEN, 'compliance'), createOperator(server, TOKEN, 'support')]);
});

/** A customer whose hidden database check came back for review (the TEST provider's surname `Review`). */
async function waitingCustomer(dob = '1990-04-12') {
  const c = await createCustomer(server, { lastname: 'Review', dob });
  const v = await restCall(server, 'POST', '/age-verification/verify', { method_code: 'hidden', country_code: 'GB' }, { token: c.token });
  expect(v.body.status).toBe('needs_review');
  return { ...c, check: v.body.identity_verification_id as string };
}
const verified = async (c: { uuid: string; token: string }) =>
  (await restCall(server, 'GET', `/account/users/${c.uuid}/profile`, undefined, { token: c.token })).body.is_age_verified as boolean;

describe('the age-verification review queue', () => {
  it('lists the checks waiting for review, oldest first, and finds one by the customer\'s address', async () => {
    const a = await waitingCustomer();
    const list = await compliance.call('GET', `/admin/compliance/age-checks?q=${encodeURIComponent(a.email)}`);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ uuid: a.check, status: 'needs_review', customer_uuid: a.uuid, country_code: 'GB' })]);
    const queue = await compliance.call('GET', '/admin/compliance/age-checks?page_size=100');
    const times = queue.body.items.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(queue.body.items.every((i: { status: string }) => i.status === 'needs_review')).toBe(true);
    const detail = await support.call('GET', `/admin/compliance/age-checks/${a.check}`);
    expect(detail.body).toMatchObject({ lastname: 'Review', date_of_birth: '1990-04-12', minimum_age: 18 });
    expect(detail.body.events.map((e: { kind: string }) => e.kind)).toEqual(['started', 'result']);
  });

  it('approves a check: the customer\'s account is verified; the decision is audited and final', async () => {
    const c = await waitingCustomer();
    expect(await verified(c)).toBe(false);
    const ok = await compliance.call('POST', `/admin/compliance/age-checks/${c.check}/decision`, { decision: 'verified', reason: 'Passport checked by hand' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'verified', verified_date_of_birth: '1990-04-12', reason: 'manual_review' });
    expect(ok.body.events.at(-1)).toMatchObject({ kind: 'result', outcome: 'verified', detail: { reviewed_by: compliance.email, note: 'Passport checked by hand' } });
    expect(await verified(c)).toBe(true);
    const again = await compliance.call('POST', `/admin/compliance/age-checks/${c.check}/decision`, { decision: 'rejected', reason: 'Changed my mind' });
    expect(again.status).toBe(409);
    const audit = await compliance.call('GET', `/admin/audit?entity_type=age_check&entity_id=${c.check}`);
    expect(audit.body.items).toEqual([expect.objectContaining({ action: 'age_check.approve', actor_label: compliance.email, before: expect.objectContaining({ status: 'needs_review' }), after: expect.objectContaining({ status: 'verified' }) })]);
    expect(JSON.stringify(audit.body.items[0])).not.toContain(c.email);
  });

  it('rejects a check, and refuses an approval for someone under the minimum age', async () => {
    const c = await waitingCustomer();
    const minor = await compliance.call('POST', `/admin/compliance/age-checks/${c.check}/decision`, { decision: 'verified', reason: 'Read the card', date_of_birth: `${new Date().getUTCFullYear() - 16}-01-01` });
    expect(minor.status).toBe(409);
    const no = await compliance.call('POST', `/admin/compliance/age-checks/${c.check}/decision`, { decision: 'rejected', reason: 'Document does not match' });
    expect(no.body).toMatchObject({ status: 'rejected', verified_date_of_birth: null });
    expect(await verified(c)).toBe(false);
  });

  it('lets only compliance decide, and nobody without a console session', async () => {
    const c = await waitingCustomer();
    const body = { decision: 'verified', reason: 'Looks fine to me' };
    expect((await support.call('POST', `/admin/compliance/age-checks/${c.check}/decision`, body)).status).toBe(403);
    const marketing = await createOperator(server, TOKEN, 'marketing');
    expect((await marketing.call('GET', '/admin/compliance/age-checks')).status).toBe(403);
    expect((await restCall(server, 'POST', `/admin/compliance/age-checks/${c.check}/decision`, body, { token: c.token })).status).toBe(401);
    expect((await compliance.call('POST', `/admin/compliance/age-checks/${randomUUID()}/decision`, body)).status).toBe(404);
    expect((await compliance.call('POST', `/admin/compliance/age-checks/${c.check}/decision`, { decision: 'maybe', reason: 'x' })).status).toBe(400);
    expect((await compliance.call('GET', '/admin/compliance/age-checks?status=lost')).status).toBe(400);
    expect(await verified(c)).toBe(false);
  });
});
