import { createOperator, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

const TOKEN = 'compliance-rules-token-0123456789abcdef';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: TOKEN });

let compliance: TestOperator;
let support: TestOperator;
/** This suite's own purpose (the database is shared with other suites on PostgreSQL). */
const PURPOSE = `test_purpose_${process.pid}`;
beforeAll(async () => {
  [compliance, support] = await Promise.all([createOperator(server, TOKEN, 'compliance'), createOperator(server, TOKEN, 'support')]);
  await db.query(`INSERT INTO consent_purpose (id, category, section_id) VALUES ($1, 'additional', 'test') ON CONFLICT DO NOTHING`, [PURPOSE]);
  await db.query(`INSERT INTO consent_purpose_text (purpose_id, language, name, description, section_name) VALUES ($1, 'en', 'Tests', 'We test.', 'Test') ON CONFLICT DO NOTHING`, [PURPOSE]);
});

describe('market selling rules', () => {
  it('lists each market\'s rules and changes them with a reason, audited; the same values leave other suites\' markets as they were', async () => {
    const list = await support.call('GET', '/admin/compliance/markets');
    expect(list.status).toBe(200);
    const gb = list.body.items.find((m: { store_code: string }) => m.store_code === 'gb');
    expect(gb).toMatchObject({ country_code: 'GB', minimum_age: 18, is_age_verification_enabled: true });
    const changed = await compliance.call('PUT', '/admin/compliance/markets/gb', { order_limit_value: gb.order_limit_value, minimum_age: gb.minimum_age, reason: 'Yearly review: unchanged' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(gb);
    const log = await (await createOperator(server, TOKEN, 'owner')).call('GET', `/admin/audit?action=market.rules&entity_id=gb&operator=${compliance.uuid}`);
    expect(log.body.items[0]).toMatchObject({ after: expect.objectContaining({ reason: 'Yearly review: unchanged' }) });
  });

  it('refuses a limit switched on without a value, ages outside the law\'s range, support, and unknown markets', async () => {
    expect((await support.call('PUT', '/admin/compliance/markets/gb', { minimum_age: 18, reason: 'Support tries' })).status).toBe(403);
    expect((await compliance.call('PUT', '/admin/compliance/markets/gb', { minimum_age: 12, reason: 'Too young' })).status).toBe(400);
    expect((await compliance.call('PUT', '/admin/compliance/markets/gb', { reason: 'Nothing' })).status).toBe(400);
    expect((await compliance.call('PUT', '/admin/compliance/markets/nowhere', { minimum_age: 18, reason: 'Where?' })).status).toBe(400);
    const { rows } = await db.query<{ code: string }>(`SELECT code FROM store_view WHERE NOT is_order_limit_enabled AND order_limit_value = 0 AND is_active LIMIT 1`);
    if (rows[0]) expect((await compliance.call('PUT', `/admin/compliance/markets/${rows[0].code}`, { is_order_limit_enabled: true, reason: 'On without a value' })).status).toBe(400);
  });
});

describe('consent texts', () => {
  it('corrects a text within its version, and a new version moves the version on, with every text kept', async () => {
    const fixed = await compliance.call('PUT', `/admin/compliance/consents/${PURPOSE}`, { texts: { en: { name: 'Tests', description: 'We run tests.' } }, new_version: false });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ version: 1, texts: { en: { description: 'We run tests.' } } });
    const next = await compliance.call('PUT', `/admin/compliance/consents/${PURPOSE}`, {
      texts: { en: { name: 'Tests and surveys', description: 'We run tests and send surveys.' }, de: { name: 'Tests und Umfragen', description: 'Wir testen und befragen.' } }, new_version: true,
    });
    expect(next.body).toMatchObject({ version: 2, texts: { de: { name: 'Tests und Umfragen' }, en: { name: 'Tests and surveys' } } });
    const detail = await support.call('GET', `/admin/compliance/consents/${PURPOSE}`);
    expect(detail.body.history.map((h: { version: number; language: string }) => [h.version, h.language])).toEqual([[2, 'de'], [2, 'en'], [1, 'en']]);
    expect(detail.body.history[1]).toMatchObject({ recorded_by: compliance.email, description: 'We run tests and send surveys.' });
    const list = await support.call('GET', '/admin/compliance/consents');
    expect(list.body.items.find((p: { id: string }) => p.id === PURPOSE)).toMatchObject({ version: 2 });
  });

  it('refuses markup, unknown purposes and languages, and support', async () => {
    expect((await compliance.call('PUT', `/admin/compliance/consents/${PURPOSE}`, { texts: { en: { name: '<b>x</b>', description: 'x' } }, new_version: false })).status).toBe(400);
    expect((await compliance.call('PUT', `/admin/compliance/consents/${PURPOSE}`, { texts: { fr: { name: 'x', description: 'x' } }, new_version: false })).status).toBe(400);
    expect((await compliance.call('PUT', `/admin/compliance/consents/${PURPOSE}`, { texts: {}, new_version: false })).status).toBe(400);
    expect((await compliance.call('PUT', '/admin/compliance/consents/no_such_purpose', { texts: { en: { name: 'x', description: 'x' } }, new_version: false })).status).toBe(404);
    expect((await support.call('PUT', `/admin/compliance/consents/${PURPOSE}`, { texts: { en: { name: 'x', description: 'x' } }, new_version: true })).status).toBe(403);
    expect((await restCall(server, 'GET', '/admin/compliance/consents')).status).toBe(401);
  });
});
