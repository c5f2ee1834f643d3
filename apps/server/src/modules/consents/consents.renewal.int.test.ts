import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '@ember/test-support';
import { restCall, startTestServer, testDb, type TestServer } from '../../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Ember-Test-2026';

async function customer() {
  return createCustomer(server, { firstname: 'Ada', lastname: 'Lovelace', dob: '1990-04-12', emailPrefix: 'consent', password: PASSWORD });
}

/**
 * A purpose of this test's own, so bumping its version touches no other suite; its name is unique
 * too, since browser journeys on the same database list every purpose by name.
 */
async function purpose(): Promise<string> {
  const id = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const db = await testDb();
  await db.query("INSERT INTO consent_purpose (id, category, section_id, mandatory, steps) VALUES ($1, 'additional', 'test', false, '{account}')", [id]);
  await db.query("INSERT INTO consent_purpose_text (purpose_id, language, name, description, section_name) VALUES ($1, 'en', $2, 'Test purpose', 'Test')", [id, `Renewal test ${id}`]);
  return id;
}

describe('consents: renewal after a new version', () => {
  it('asks the session user to renew once a purpose they agreed to has a new version, and renewing clears it', async () => {
    const c = await customer();
    const id = await purpose();
    const validate = async () => (await restCall(server, 'POST', '/account/users/authentication/sessions/validate', { token: c.token })).body;
    const legacy = async () => (await restCall(server, 'POST', '/account-legacy/validate-session', { token: c.token })).body;
    expect(await validate()).toMatchObject({ valid: true, consent_renewal_required: false });

    expect((await restCall(server, 'PATCH', `/account/users/${c.uuid}/consents`, { consents: [{ purpose_id: id, granted: true }] }, { token: c.token })).status).toBe(200);
    expect(await validate()).toMatchObject({ consent_renewal_required: false });

    const db = await testDb();
    await db.query('UPDATE consent_purpose SET version = version + 1 WHERE id = $1', [id]);
    expect(await validate()).toMatchObject({ consent_renewal_required: true });
    expect(await legacy()).toMatchObject({ valid: true, consent_renewal_required: true });
    const mine = await restCall(server, 'GET', `/account/users/${c.uuid}/consents`, undefined, { token: c.token });
    expect(mine.body.find((x: { purpose_id: string }) => x.purpose_id === id)).toMatchObject({ granted: true, version: 1, renewal_required: true });

    await restCall(server, 'PATCH', `/account/users/${c.uuid}/consents`, { consents: [{ purpose_id: id, granted: true }] }, { token: c.token });
    expect(await validate()).toMatchObject({ consent_renewal_required: false });
    const history = await db.query<{ version: number }>('SELECT version FROM consent_history WHERE user_uuid = $1 AND purpose_id = $2 ORDER BY id', [c.uuid, id]);
    expect(history.rows.map((r) => r.version)).toEqual([1, 2]);
  });

  it('does not ask a customer who withdrew the purpose or never agreed to it', async () => {
    const c = await customer();
    const id = await purpose();
    await restCall(server, 'PATCH', `/account/users/${c.uuid}/consents`, { consents: [{ purpose_id: id, granted: false }] }, { token: c.token });
    const db = await testDb();
    await db.query('UPDATE consent_purpose SET version = version + 1 WHERE id = $1', [id]);
    const v = await restCall(server, 'POST', '/account/users/authentication/sessions/validate', { token: c.token });
    expect(v.body.consent_renewal_required).toBe(false);
  });
});
