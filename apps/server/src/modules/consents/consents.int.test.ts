import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '@ember/test-support';
import { startTestServer, testDb, type TestServer, restCall } from '../../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token });

async function customer() {
  return createCustomer(server, { firstname: 'C', lastname: 'D', dob: '1980-02-02', emailPrefix: 'consent' });
}

describe('consents', () => {
  it('lists purposes in the spec category order, per language and step', async () => {
    const en = await call('GET', '/consent/purposes?language=en');
    const order = ['email', 'sms', 'post', 'survey', 'additional', 'GDPR'];
    const categories = en.body.map((p: any) => p.category);
    expect(categories).toEqual([...categories].sort((a: string, b: string) => order.indexOf(a) - order.indexOf(b)));
    expect(new Set(categories)).toEqual(new Set(order));
    const de = await call('GET', '/consent/consents?language=de&context=registration');
    expect(de.body.every((p: any) => p.steps.includes('registration'))).toBe(true);
    expect(de.body.find((p: any) => p.id === 'email_marketing').name).toBe('Neuigkeiten per E-Mail');
    expect((await call('GET', '/consent/purposes?category=email')).body.map((p: any) => p.id)).toEqual(['email_marketing']);
    expect((await call('GET', '/consent/purposes?category=fax')).status).toBe(400);
  });

  it('records a customer\'s consents, keeps each change in history, and shows them in the profile', async () => {
    const c = await customer();
    const first = await call('PATCH', `/account/users/${c.uuid}/consents`, { consents: [{ purpose_id: 'email_marketing', granted: true }, { purpose_id: 'terms_and_privacy', granted: true }] }, c.token);
    expect(first.status).toBe(200);
    await call('PATCH', `/consent/users/${c.uuid}/consents`, { consents: [{ purpose_id: 'email_marketing', granted: false }] }, c.token);
    await call('PATCH', `/consent/users/${c.uuid}/consents`, { consents: [{ purpose_id: 'email_marketing', granted: false }] }, c.token);
    const now = await call('GET', `/consent/users/${c.uuid}/consents`, undefined, c.token);
    expect(now.body.find((x: any) => x.purpose_id === 'email_marketing').granted).toBe(false);
    const db = await testDb();
    const history = await db.query<{ purpose_id: string; granted: boolean }>('SELECT purpose_id, granted FROM consent_history WHERE user_uuid = $1 ORDER BY id', [c.uuid]);
    expect(history.rows.filter((h) => h.purpose_id === 'email_marketing').map((h) => h.granted)).toEqual([true, false]);
    const profile = await call('GET', `/account/users/${c.uuid}/profile`, undefined, c.token);
    expect(profile.body.purposes).toEqual(['terms_and_privacy']);
  });

  it('refuses withdrawing a mandatory purpose, unknown purposes, and other customers', async () => {
    const a = await customer();
    const b = await customer();
    const mandatory = await call('PATCH', `/account/users/${a.uuid}/consents`, { consents: [{ purpose_id: 'terms_and_privacy', granted: false }] }, a.token);
    expect(mandatory.status).toBe(400);
    const unknown = await call('PATCH', `/account/users/${a.uuid}/consents`, { consents: [{ purpose_id: 'nope_nope', granted: true }] }, a.token);
    expect(unknown.status).toBe(400);
    for (const prefix of ['/account/users', '/consent/users']) {
      expect((await call('GET', `${prefix}/${b.uuid}/consents`, undefined, a.token)).status).toBe(404);
      expect((await call('PATCH', `${prefix}/${b.uuid}/consents`, { consents: [{ purpose_id: 'sms_marketing', granted: true }] }, a.token)).status).toBe(404);
      expect((await call('GET', `${prefix}/${b.uuid}/consents`)).status).toBe(401);
    }
    // b holds only the terms accepted at registration: a's attempts changed nothing.
    expect((await call('GET', `/account/users/${b.uuid}/consents`, undefined, b.token)).body.map((c: { purpose_id: string }) => c.purpose_id)).toEqual(['terms_and_privacy']);
  });
});
