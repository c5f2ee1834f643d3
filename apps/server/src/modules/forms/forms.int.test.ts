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

const PASSWORD = 'Forms-Pass-1';
const call = (method: string, path: string, body?: unknown, token?: string, store = 'gb') => restCall(server, method, path, body, { token, store });
const uniqueEmail = (tag: string) => `${tag}+${randomUUID().slice(0, 8)}@example.com`;

async function customer() {
  return createCustomer(server, { firstname: 'Fiona', lastname: 'Form', dob: '1984-04-04', emailPrefix: 'forms', password: PASSWORD });
}

const rowsFor = async (where: string, params: unknown[]) =>
  (await (await testDb()).query<any>(`SELECT uuid::text, type, channel, user_uuid::text, email, payload, data_subject, consent_purposes, collection_point_token, store_code, language, anonymised_at FROM forms_submission WHERE ${where}`, params)).rows;
const ackTo = async (recipient: string) =>
  (await (await testDb()).query<any>(`SELECT subject, body, language FROM messaging_outbox WHERE recipient = $1 AND template = 'form_acknowledgement'`, [recipient])).rows;
const complaints = (uuid: string, token?: string) => call('GET', `/account/users/${uuid}/complaints`, undefined, token);

describe('POST /api/messaging/forms', () => {
  it('stores an anonymous contact form with its payload and queues the acknowledgement in the store\'s language', async () => {
    const email = uniqueEmail('contact');
    const res = await call('POST', '/api/messaging/forms', {
      payload: { subject: 'Where is my parcel?', message: 'It has been a week.', order: 12, urgent: true },
      data_subject: { email: email.toUpperCase(), first_name: 'Cora' },
      collection_point_token: 'footer-contact',
      consent_purposes: ['email_marketing', 'email_marketing'],
    }, undefined, 'de');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'CONTACT', reference: `F-${res.body.uuid.slice(0, 8).toUpperCase()}` });
    const [row] = await rowsFor('uuid = $1', [res.body.uuid]);
    expect(row).toMatchObject({
      type: 'CONTACT', channel: 'web', user_uuid: null, email, store_code: 'de', language: 'de', collection_point_token: 'footer-contact',
      consent_purposes: ['email_marketing'], payload: { subject: 'Where is my parcel?', order: 12, urgent: true }, data_subject: { email, first_name: 'Cora' },
    });
    const acks = await ackTo(email);
    expect(acks).toHaveLength(1);
    expect(acks[0].language).toBe('de');
    expect(acks[0].body).toContain(res.body.reference);
  });

  it('links a signed-in customer\'s submission to their session and answers has_complaints once they complain', async () => {
    const c = await customer();
    expect((await complaints(c.uuid, c.token)).body).toEqual({ has_complaints: false });
    const contact = await call('POST', '/api/messaging/forms', { user: c.uuid, payload: { message: 'Hello' } }, c.token);
    expect(contact.status).toBe(201);
    expect((await complaints(c.uuid, c.token)).body).toEqual({ has_complaints: false });
    const complaint = await call('POST', '/api/messaging/forms', { type: 'COMPLAINT', channel: 'app', payload: { message: 'Broken device' } }, c.token);
    expect(complaint.status).toBe(201);
    expect((await complaints(c.uuid, c.token)).body).toEqual({ has_complaints: true });
    const rows = await rowsFor('user_uuid = $1 ORDER BY created_at', [c.uuid]);
    expect(rows.map((r) => [r.type, r.email])).toEqual([['CONTACT', c.email], ['COMPLAINT', c.email]]);
    expect((await ackTo(c.email)).map((a) => a.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/complaint/)]));
  });

  it('never links a submission to a user named only in the body', async () => {
    const a = await customer();
    const b = await customer();
    const anonymous = await call('POST', '/api/messaging/forms', { user: a.uuid, type: 'COMPLAINT', payload: { message: 'Pretending to be A' }, data_subject: { email: uniqueEmail('anon') } });
    const asB = await call('POST', '/api/messaging/forms', { user: a.uuid, type: 'COMPLAINT', payload: { message: 'B naming A' }, data_subject: { email: uniqueEmail('b-sends') } }, b.token);
    expect([anonymous.status, asB.status]).toEqual([201, 201]);
    const rows = await rowsFor('uuid = ANY($1::uuid[])', [[anonymous.body.uuid, asB.body.uuid]]);
    expect(rows.map((r) => r.user_uuid)).toEqual([null, null]);
    expect((await complaints(a.uuid, a.token)).body.has_complaints).toBe(false);
    expect((await complaints(b.uuid, b.token)).body.has_complaints).toBe(false);
    // Anonymous data only: the acknowledgement goes to the data subject's address, not to B's account.
    expect(await ackTo(b.email)).toHaveLength(0);
  });

  it.each([
    ['an unknown type', { type: 'SPAM', payload: { m: 'x' } }, 400, 'VALIDATION_FAILED'],
    ['an unknown field', { payload: { m: 'x' }, admin: true }, 400, 'VALIDATION_FAILED'],
    ['a nested payload', { payload: { m: { deep: 'x' } } }, 400, 'VALIDATION_FAILED'],
    ['a bad payload field name', { payload: { '$where': 'x' } }, 400, 'VALIDATION_FAILED'],
    ['an unknown consent purpose', { payload: { m: 'x' }, consent_purposes: ['no_such_purpose'] }, 400, 'VALIDATION_FAILED'],
    ['a payload over 16 KiB', { payload: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}`, 'x'.repeat(4000)])) }, 413, 'PAYLOAD_TOO_LARGE'],
  ])('refuses %s and writes nothing', async (_name, body, status, code) => {
    const email = uniqueEmail('refused');
    const res = await call('POST', '/api/messaging/forms', { ...body, data_subject: { email } });
    expect([res.status, res.body.error.code]).toEqual([status, code]);
    expect(await rowsFor('email = $1', [email])).toHaveLength(0);
    expect(await ackTo(email)).toHaveLength(0);
  });

  it('refuses an anonymous submission with no address to answer to', async () => {
    const token = `cp-${randomUUID()}`;
    const res = await call('POST', '/api/messaging/forms', { payload: { m: 'x' }, collection_point_token: token });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await rowsFor('collection_point_token = $1', [token])).toHaveLength(0);
  });

  it('limits acknowledgements to one address to five an hour', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('POST', '/api/messaging/forms', { payload: { n: i }, data_subject: { email } })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await rowsFor('email = $1', [email])).toHaveLength(5);
  });

  it('limits submissions from one client address to ten an hour', async () => {
    const strict = await startTestServer({ RATE_LIMIT_IP_FACTOR: '1' });
    try {
      const send = () => restCall(strict, 'POST', '/api/messaging/forms', { payload: { m: 'x' }, data_subject: { email: uniqueEmail('ip') } });
      const results = await Promise.all(Array.from({ length: 12 }, send));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      expect(results.find((r) => r.status === 429)!.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await strict.close();
    }
  });
});

describe('GET /account/users/{uuid}/complaints', () => {
  it('answers another customer\'s uuid exactly like a missing one, and anonymous callers with 401', async () => {
    const a = await customer();
    const b = await customer();
    await call('POST', '/api/messaging/forms', { type: 'COMPLAINT', payload: { m: 'x' } }, a.token);
    const stranger = await complaints(a.uuid, b.token);
    const missing = await complaints(randomUUID(), b.token);
    expect([stranger.status, stranger.body.error.code, stranger.body.error.message]).toEqual([404, 'NOT_FOUND', missing.body.error.message]);
    expect(missing.status).toBe(404);
    expect((await complaints(a.uuid)).status).toBe(401);
  });
});

describe('forms and the customer\'s privacy', () => {
  it('are in the data-subject export and anonymised when the account is cancelled', async () => {
    const c = await customer();
    const sent = await call('POST', '/api/messaging/forms', { type: 'COMPLAINT', payload: { message: 'Exported' } }, c.token);
    const reauth = await call('POST', `/account/users/${c.uuid}/reauthenticate`, { password: PASSWORD }, c.token);
    expect(reauth.status).toBe(200);
    c.token = reauth.body.token;
    const exported = await call('GET', '/account/users/privacy', undefined, c.token);
    expect(exported.body.form_submissions).toEqual([expect.objectContaining({ uuid: sent.body.uuid, type: 'COMPLAINT', payload: { message: 'Exported' }, reference: sent.body.reference })]);
    expect(JSON.stringify(exported.body.form_submissions)).not.toMatch(/"ip"/);

    expect((await call('POST', `/account/users/${c.uuid}/cancel`, undefined, c.token)).status).toBe(204);
    const [row] = await rowsFor('uuid = $1', [sent.body.uuid]);
    expect(row).toMatchObject({ type: 'COMPLAINT', user_uuid: null, email: null, data_subject: null, payload: {} });
    expect(row.anonymised_at).not.toBeNull();
    expect(await ackTo(c.email)).toHaveLength(0);
  });
});

describe('the OpenAPI document', () => {
  it('describes the forms, complaints and wallet endpoints', async () => {
    const res = await fetch(`${server.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/messaging/forms']!)).toContain('post');
    expect(doc.paths['/account/users/{uuid}/complaints']).toBeDefined();
    expect(Object.keys(doc.paths['/profile/wallet']!)).toContain('post');
    expect(doc.paths['/account-legacy/profile/{uuid}/wallet']).toBeDefined();
  });
});
