import { randomUUID } from 'node:crypto';
import { createCustomer, restCall } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, startTestServer, type TestServer } from '../../test/test-app.js';
import { readConfirmLink, readUnsubscribeLink, signConfirmLink, signUnsubscribeLink } from './marketing.link.js';

let server: TestServer;
let db: Db;
const SECRET = 'newsletter-suite-link-secret-0123456789abcdef';
const ORIGIN = 'https://shop.example';
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { MARKETING_LINK_SECRET: SECRET, MARKETING_LINK_TTL_DAYS: '7', PUBLIC_BASE_URL: ORIGIN });

const DAY_MS = 86_400_000;
const BASE = '/api/messaging/marketing-communications';
const newEmail = (prefix = 'news') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const body = (over: Record<string, unknown> = {}) => ({
  email: newEmail(), category: 'marketing', consents: ['email_marketing'], preferredLanguage: 'en', ageConfirmed: true, consentVersion: 1, ...over,
});
const subscribe = (b: unknown, store = 'gb', headers: Record<string, string> = {}, target: TestServer = server) => restCall(target, 'POST', BASE, b, { store, headers });

interface Mail { subject: string; body: string; language: string; template: string; headers: Record<string, string> }

/** The newsletter e-mails to an address, newest first. */
async function mails(recipient: string): Promise<Mail[]> {
  const r = await restCall(server, 'GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`);
  return (r.body.messages as Mail[]).filter((m) => m.template.startsWith('newsletter_'));
}

/** The confirmation link of the newest confirmation e-mail, and its token. */
async function confirmLinkOf(recipient: string): Promise<{ link: string; token: string }> {
  const mail = (await mails(recipient)).find((m) => m.template === 'newsletter_confirmation')!;
  const link = /https?:\/\/\S+\/newsletter\/confirm\/\S+/.exec(mail.body)![0];
  return { link, token: link.slice(link.lastIndexOf('/') + 1) };
}

/** The unsubscribe link a mail's List-Unsubscribe header names, and its token. */
function unsubscribeLinkOf(mail: Mail): { link: string; token: string } {
  const link = /^<(https:\/\/[^>]+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!;
  return { link, token: link.slice(link.lastIndexOf('/') + 1) };
}

async function subscriberOf(email: string, store = 'gb') {
  const { rows } = await db.query<{ id: string; status: string; consents: string[]; consent_versions: Record<string, number>; age_basis: string; legal_age: number; user_uuid: string | null; preferred_language: string }>(
    `SELECT id::text AS id, status, consents, consent_versions, age_basis, legal_age, user_uuid::text AS user_uuid, preferred_language
       FROM marketing_subscriber WHERE email = $1 AND store_code = $2`,
    [email, store],
  );
  return rows[0] ?? null;
}

async function eventsOf(id: string): Promise<{ status: string; source: string }[]> {
  const { rows } = await db.query<{ status: string; source: string }>('SELECT status, source FROM marketing_subscriber_event WHERE subscriber_id = $1 ORDER BY id', [id]);
  return rows;
}

/** RFC 8058's one-click POST as a mail provider sends it: form-encoded, no cookie, no credential. */
function oneClick(link: string, form = 'List-Unsubscribe=One-Click', target: TestServer = server) {
  const path = new URL(link).pathname;
  return fetch(`${target.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
}

async function subscribed(b = body(), store = 'gb') {
  expect((await subscribe(b, store)).status).toBe(202);
  const { token } = await confirmLinkOf(b.email as string);
  const confirmed = await restCall(server, 'POST', `${BASE}/confirm/${token}`, undefined, { store });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { email: b.email as string, id: (await subscriberOf(b.email as string, store))!.id };
}

async function verifiedCustomer(store = 'gb') {
  const c = await createCustomer(server, { store });
  const v = await restCall(server, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: c.token, store });
  expect(v.body.status).toBe('verified');
  return c;
}

async function consentOf(uuid: string): Promise<{ granted: boolean | null; history: string[] }> {
  const now = await db.query<{ granted: boolean }>(`SELECT granted FROM consent_user WHERE user_uuid = $1 AND purpose_id = 'email_marketing'`, [uuid]);
  const history = await db.query<{ v: string }>(`SELECT granted::text || ':' || source AS v FROM consent_history WHERE user_uuid = $1 AND purpose_id = 'email_marketing' ORDER BY id`, [uuid]);
  return { granted: now.rows[0]?.granted ?? null, history: history.rows.map((r) => r.v) };
}

describe('POST /api/messaging/marketing-communications', () => {
  it('stores an unconfirmed subscriber and e-mails a signed confirmation link from the configured origin, with one-click unsubscribe headers', async () => {
    const b = body();
    const r = await subscribe(b, 'gb', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: true });
    expect(await subscriberOf(b.email)).toMatchObject({
      status: 'UNCONFIRMED', consents: ['email_marketing'], consent_versions: { email_marketing: 1 }, age_basis: 'self_declared', legal_age: 18, user_uuid: null, preferred_language: 'en',
    });
    const [mail] = await mails(b.email);
    expect(mail).toMatchObject({ template: 'newsletter_confirmation', language: 'en', subject: 'Please confirm your Ember newsletter subscription' });
    expect(mail!.body).not.toContain('evil.example');
    const { link, token } = await confirmLinkOf(b.email);
    expect(link.startsWith(`${ORIGIN}/gb/newsletter/confirm/`)).toBe(true);
    const read = readConfirmLink(SECRET, token)!;
    expect(read.subscriberId).toBe((await subscriberOf(b.email))!.id);
    expect(Math.abs(read.expiresAt.getTime() - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    const unsubscribe = unsubscribeLinkOf(mail!);
    expect(unsubscribe.link.startsWith(`${ORIGIN}/gb/unsubscribe/`)).toBe(true);
    expect(readUnsubscribeLink(SECRET, unsubscribe.token)?.subscriberId).toBe(read.subscriberId);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await eventsOf(read.subscriberId)).toEqual([{ status: 'UNCONFIRMED', source: 'api' }]);
  });

  it('writes to a German subscriber in German, and a store view keeps its own subscription of an address', async () => {
    const b = body({ preferredLanguage: 'de' });
    expect((await subscribe(b, 'de')).status).toBe(202);
    expect((await subscribe({ ...b, preferredLanguage: 'en' }, 'gb')).status).toBe(202);
    const all = await mails(b.email);
    expect(all.map((m) => m.language).sort()).toEqual(['de', 'en']);
    const de = all.find((m) => m.language === 'de')!;
    expect(de.subject).toBe('Bitte bestätigen Sie Ihr Ember-Newsletter-Abonnement');
    expect(de.body).toContain(`${ORIGIN}/de/newsletter/confirm/`);
    expect((await subscriberOf(b.email, 'de'))!.id).not.toBe((await subscriberOf(b.email, 'gb'))!.id);
  });

  it('answers a subscribed address exactly like a new one and sends it nothing (no enumeration)', async () => {
    const { email } = await subscribed();
    const before = (await mails(email)).length;
    const again = await subscribe(body({ email }));
    const fresh = await subscribe(body());
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    expect([...again.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    expect((await mails(email)).length).toBe(before);
    expect((await subscriberOf(email))!.status).toBe('SUBSCRIBED');
  });

  it('sends one confirmation to an address signed up twice in a row, and a fresh one after it unsubscribed', async () => {
    const b = body();
    await subscribe(b);
    await subscribe(b);
    expect((await mails(b.email)).length).toBe(1);
    const { id } = await subscribed(body());
    expect(id).toBeTruthy();
  });

  it('refuses a guest who does not confirm their age, and stores nothing', async () => {
    for (const ageConfirmed of [false, undefined]) {
      const b = body({ ageConfirmed });
      const r = await subscribe(b);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.message).toBe('Please confirm that you are 18 or older.');
      expect(await subscriberOf(b.email)).toBeNull();
      expect(await mails(b.email)).toEqual([]);
    }
    const de = await subscribe(body({ ageConfirmed: false }), 'de');
    expect(de.body.error.message).toBe('Bitte bestätigen Sie, dass Sie mindestens 18 Jahre alt sind.');
  });

  it('refuses bad input with VALIDATION_FAILED, never a 500', async () => {
    for (const bad of [
      body({ email: 'not-an-address' }), body({ category: 'transactional' }), body({ category: undefined }), body({ consents: [] }),
      body({ consents: ['surveys'] }), body({ consents: ['sms_marketing'] }), body({ consents: ['terms_and_privacy', 'email_marketing'] }),
      body({ consents: ['no_such_purpose', 'email_marketing'] }), body({ preferredLanguage: 'english' }), body({ consentVersion: 2 }),
      body({ consentVersion: 0 }), body({ ageConfirmed: 'yes' }), { ...body(), extra: 1 }, {}, [],
    ]) {
      const r = await subscribe(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code, JSON.stringify(bad)).toBe('VALIDATION_FAILED');
    }
    expect((await subscribe(body(), 'xx')).status).toBe(400);
  });

  it('makes one subscriber of ten identical sign-ups at once (the unique key)', async () => {
    const b = body();
    const answers = await Promise.all(Array.from({ length: 10 }, () => subscribe(b)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM marketing_subscriber WHERE email = $1', [b.email]);
    expect(rows[0]!.n).toBe(1);
    expect((await mails(b.email)).length).toBe(1);
  });

  it('limits sign-ups per e-mail address, whether it is subscribed or not', async () => {
    for (const email of [newEmail('limit'), (await subscribed()).email]) {
      const statuses: number[] = [];
      // A subscribed address has used one sign-up already.
      for (let i = 0; i < 11; i++) statuses.push((await subscribe(body({ email }))).status);
      expect(statuses.slice(0, 9)).toEqual(Array(9).fill(202));
      expect(statuses.at(-1)).toBe(429);
    }
  });

  it('limits sign-ups per client address', async () => {
    // Production's budget: 20 sign-ups an hour from one client address.
    const strict = await startTestServer({ MARKETING_LINK_SECRET: SECRET, RATE_LIMIT_IP_FACTOR: '1' });
    try {
      const statuses = [];
      for (let i = 0; i < 21; i++) statuses.push((await subscribe(body(), 'gb', {}, strict)).status);
      expect(statuses).toEqual([...Array(20).fill(202), 429]);
      const refused = await subscribe(body(), 'gb', {}, strict);
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

describe('POST .../confirm/{token}', () => {
  it('subscribes once, sends the welcome e-mail with its unsubscribe headers, and answers the same again', async () => {
    const b = body();
    await subscribe(b);
    const { token } = await confirmLinkOf(b.email);
    const first = await restCall(server, 'POST', `${BASE}/confirm/${token}`, undefined, { store: 'gb' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'SUBSCRIBED', email_masked: 'n***@e***.com' });
    const again = await restCall(server, 'POST', `${BASE}/confirm/${token}`, undefined, { store: 'gb' });
    expect(again.body).toEqual(first.body);
    const welcome = (await mails(b.email)).filter((m) => m.template === 'newsletter_welcome');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.subject).toBe('Welcome to the Ember newsletter');
    expect(welcome[0]!.headers).toEqual({ 'List-Unsubscribe': expect.stringMatching(/^<https:\/\/shop\.example\/gb\/unsubscribe\/[\w-]+\.[\w-]+>$/), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const id = (await subscriberOf(b.email))!.id;
    expect(await eventsOf(id)).toEqual([{ status: 'UNCONFIRMED', source: 'api' }, { status: 'SUBSCRIBED', source: 'confirmation_link' }]);
  });

  it('refuses a forged, malformed or other-purpose token with 400 and an expired one with 410', async () => {
    const b = body();
    await subscribe(b);
    const id = (await subscriberOf(b.email))!.id;
    const forged = signConfirmLink('another-secret-of-at-least-32-characters!', id, new Date(Date.now() + DAY_MS));
    for (const token of [forged, 'abc', signUnsubscribeLink(SECRET, id), signConfirmLink(SECRET, randomUUID(), new Date(Date.now() + DAY_MS))]) {
      const r = await restCall(server, 'POST', `${BASE}/confirm/${token}`, undefined, { store: 'gb' });
      expect(r.status, token).toBe(400);
      expect(r.body.error.code).toBe('MARKETING_LINK_INVALID');
    }
    const expired = await restCall(server, 'POST', `${BASE}/confirm/${signConfirmLink(SECRET, id, new Date(Date.now() - 1000))}`, undefined, { store: 'gb' });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('MARKETING_LINK_EXPIRED');
    expect((await subscriberOf(b.email))!.status).toBe('UNCONFIRMED');
  });

  it('does not subscribe again with the confirmation link of a subscriber who unsubscribed since', async () => {
    const b = body();
    await subscribe(b);
    const { token } = await confirmLinkOf(b.email);
    const unsubscribe = unsubscribeLinkOf((await mails(b.email))[0]!);
    expect((await oneClick(unsubscribe.link)).status).toBe(200);
    const r = await restCall(server, 'POST', `${BASE}/confirm/${token}`, undefined, { store: 'gb' });
    expect(r.body.error.code).toBe('MARKETING_LINK_INVALID');
    expect((await subscriberOf(b.email))!.status).toBe('UNSUBSCRIBED');
  });
});

describe('unsubscribing', () => {
  it('takes the RFC 8058 one-click POST of the List-Unsubscribe link, without a login, idempotently', async () => {
    const { email, id } = await subscribed();
    const welcome = (await mails(email)).find((m) => m.template === 'newsletter_welcome')!;
    const { link } = unsubscribeLinkOf(welcome);
    const first = await oneClick(link);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'UNSUBSCRIBED', email_masked: 'n***@e***.com' });
    const again = await oneClick(link);
    expect(again.status).toBe(200);
    expect((await subscriberOf(email))!.status).toBe('UNSUBSCRIBED');
    expect((await eventsOf(id)).map((e) => `${e.status}:${e.source}`)).toEqual(['UNCONFIRMED:api', 'SUBSCRIBED:confirmation_link', 'UNSUBSCRIBED:one_click']);
  });

  it('refuses a one-click POST with another body or a forged token, and changes nothing', async () => {
    const { email } = await subscribed();
    const { link, token } = unsubscribeLinkOf((await mails(email))[0]!);
    for (const form of ['', 'List-Unsubscribe=Yes', 'List-Unsubscribe=One-Click&x=1']) expect((await oneClick(link, form)).status, form).toBe(400);
    const json = await fetch(`${server.url}${new URL(link).pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"List-Unsubscribe":"One-Click"}' });
    expect(json.status).toBe(200);
    await restCall(server, 'POST', `${BASE}/confirm/x`, undefined, { store: 'gb' });
    expect((await subscriberOf(email))!.status).toBe('UNSUBSCRIBED');
    const forged = `${ORIGIN}/gb/unsubscribe/${signUnsubscribeLink('another-secret-of-at-least-32-characters!', randomUUID())}`;
    const r = await oneClick(forged);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('MARKETING_LINK_INVALID');
    expect(token).toBeTruthy();
  });

  it('shows the page the masked address and unsubscribes from its button', async () => {
    const { email } = await subscribed();
    const { token } = unsubscribeLinkOf((await mails(email))[0]!);
    const view = await restCall(server, 'GET', `${BASE}/unsubscribe/${token}`, undefined, { store: 'gb' });
    expect(view.body).toEqual({ status: 'SUBSCRIBED', email_masked: 'n***@e***.com' });
    expect(JSON.stringify(view.body)).not.toContain(email);
    const done = await restCall(server, 'POST', `${BASE}/unsubscribe/${token}`, undefined, { store: 'gb' });
    expect(done.body.status).toBe('UNSUBSCRIBED');
    expect((await restCall(server, 'GET', `${BASE}/unsubscribe/${token}`, undefined, { store: 'gb' })).body.status).toBe('UNSUBSCRIBED');
    expect((await restCall(server, 'GET', `${BASE}/unsubscribe/not-a-token`, undefined, { store: 'gb' })).body.error.code).toBe('MARKETING_LINK_INVALID');
  });

  it('lets a signed-in customer DELETE their own subscription and nobody else\'s', async () => {
    const customer = await verifiedCustomer();
    const other = await createCustomer(server);
    const { id } = await subscribed(body({ email: customer.email }));
    expect((await restCall(server, 'DELETE', `${BASE}/${id}`)).status).toBe(401);
    const foreign = await restCall(server, 'DELETE', `${BASE}/${id}`, undefined, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await restCall(server, 'DELETE', `${BASE}/${randomUUID()}`, undefined, { token: customer.token })).status).toBe(404);
    expect((await restCall(server, 'DELETE', `${BASE}/not-a-uuid`, undefined, { token: customer.token })).status).toBe(400);
    const own = await restCall(server, 'DELETE', `${BASE}/${id}`, undefined, { token: customer.token });
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('UNSUBSCRIBED');
  });
});

describe('the legacy family (/messaging-legacy)', () => {
  it('subscribes like the API and unsubscribes with an e-mail\'s link token', async () => {
    const b = body();
    const r = await restCall(server, 'POST', '/messaging-legacy/subscribe', b, { store: 'gb' });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: true });
    const { token } = unsubscribeLinkOf((await mails(b.email))[0]!);
    const out = await restCall(server, 'POST', '/messaging-legacy/unsubscribe', { token }, { store: 'gb' });
    expect(out.body).toEqual({ status: 'UNSUBSCRIBED', email_masked: 'n***@e***.com' });
    expect((await restCall(server, 'POST', '/messaging-legacy/unsubscribe', { email: b.email }, { store: 'gb' })).status).toBe(400);
    expect((await restCall(server, 'POST', '/messaging-legacy/unsubscribe', { token: 'forged.token' }, { store: 'gb' })).body.error.code).toBe('MARKETING_LINK_INVALID');
    expect((await eventsOf((await subscriberOf(b.email))!.id)).map((e) => e.source)).toEqual(['legacy', 'legacy']);
  });
});

describe('the account\'s newsletter (/account/users/{uuid}/newsletter)', () => {
  it('tells a customer without a verified age to verify it first', async () => {
    const c = await createCustomer(server);
    const status = await restCall(server, 'GET', `/account/users/${c.uuid}/newsletter`, undefined, { token: c.token, store: 'gb' });
    expect(status.body).toMatchObject({ status: 'NOT_ACTIVE', subscriber_uuid: null, is_age_verified: false, consent_version: 1 });
    const refused = await restCall(server, 'POST', `/account/users/${c.uuid}/newsletter`, {}, { token: c.token, store: 'gb' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('AGE_VERIFICATION_REQUIRED');
    expect(await subscriberOf(c.email)).toBeNull();
  });

  it('subscribes a verified customer through the same double opt-in, ties it to their consents, and unsubscribes', async () => {
    const c = await verifiedCustomer();
    const r = await restCall(server, 'POST', `/account/users/${c.uuid}/newsletter`, { consentVersion: 1 }, { token: c.token, store: 'gb' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'UNCONFIRMED', is_age_verified: true });
    expect(await subscriberOf(c.email)).toMatchObject({ age_basis: 'account_verified', user_uuid: c.uuid });
    const { token } = await confirmLinkOf(c.email);
    expect((await restCall(server, 'POST', `${BASE}/confirm/${token}`, undefined, { store: 'gb' })).status).toBe(200);
    expect(await consentOf(c.uuid)).toEqual({ granted: true, history: ['true:newsletter'] });
    const on = await restCall(server, 'GET', `/account/users/${c.uuid}/newsletter`, undefined, { token: c.token, store: 'gb' });
    expect(on.body.status).toBe('SUBSCRIBED');
    const off = await restCall(server, 'DELETE', `/account/users/${c.uuid}/newsletter`, undefined, { token: c.token, store: 'gb' });
    expect(off.body.status).toBe('UNSUBSCRIBED');
    expect(await consentOf(c.uuid)).toEqual({ granted: false, history: ['true:newsletter', 'false:newsletter'] });
  });

  it('is the owner\'s only', async () => {
    const c = await createCustomer(server);
    const other = await createCustomer(server);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await restCall(server, method, `/account/users/${c.uuid}/newsletter`, method === 'POST' ? {} : undefined, { token: other.token, store: 'gb' })).status).toBe(404);
      expect((await restCall(server, method, `/account/users/${c.uuid}/newsletter`, method === 'POST' ? {} : undefined, { store: 'gb' })).status).toBe(401);
    }
  });

  it('grants the consent to the account of an address a guest confirmed, in its website', async () => {
    const c = await createCustomer(server);
    await subscribed(body({ email: c.email }));
    expect(await subscriberOf(c.email)).toMatchObject({ status: 'SUBSCRIBED', user_uuid: c.uuid, age_basis: 'self_declared' });
    expect((await consentOf(c.uuid)).granted).toBe(true);
  });
});

describe('privacy', () => {
  it('exports the subscriptions of the account\'s address with their history, and the cancellation erases them', async () => {
    const customer = await createCustomer(server);
    const { id } = await subscribed(body({ email: customer.email }));
    const reauth = await restCall(server, 'POST', `/account/users/${customer.uuid}/reauthenticate`, { password: customer.password }, { token: customer.token });
    const token = reauth.body.token as string;
    const exported = await restCall(server, 'GET', '/account/users/privacy', undefined, { token, store: 'gb' });
    expect(exported.status).toBe(200);
    expect(exported.body.newsletter).toEqual([expect.objectContaining({
      uuid: id, email: customer.email, status: 'SUBSCRIBED', consents: ['email_marketing'], consent_versions: { email_marketing: 1 }, age_basis: 'self_declared',
      history: [expect.objectContaining({ status: 'UNCONFIRMED', source: 'api' }), expect.objectContaining({ status: 'SUBSCRIBED', source: 'confirmation_link' })],
    })]);
    expect((await restCall(server, 'POST', `/account/users/${customer.uuid}/cancel`, undefined, { token, store: 'gb' })).status).toBe(204);
    expect(await subscriberOf(customer.email)).toBeNull();
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM marketing_subscriber_event WHERE subscriber_id = $1', [id]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('the database', () => {
  it('holds a subscriber\'s shape and one subscriber per address and store view, whatever the code does', async () => {
    const insert = (over: Record<string, unknown> = {}) => {
      const s = { id: randomUUID(), store_code: 'gb', email: newEmail('db'), status: 'UNCONFIRMED', consents: ['email_marketing'], age_basis: 'self_declared', legal_age: 18, confirmed_at: null, category: 'marketing', ...over };
      return db.query(
        `INSERT INTO marketing_subscriber (id, store_code, email, status, preferred_language, consents, consent_versions, age_basis, legal_age, age_confirmed_at, confirmed_at, category)
         VALUES ($1, $2, $3, $4, 'en', $5::text[], '{"email_marketing":1}', $6, $7, now(), $8, $9)`,
        [s.id, s.store_code, s.email, s.status, s.consents, s.age_basis, s.legal_age, s.confirmed_at, s.category],
      ).then(() => s);
    };
    for (const bad of [
      { status: 'ACTIVE' }, { status: 'SUBSCRIBED' }, { consents: [] }, { consents: ['Email'] }, { email: 'Upper@example.com' }, { age_basis: 'guess' },
      { legal_age: 12 }, { category: 'transactional' }, { store_code: 'xx' },
    ]) await expect(insert(bad), JSON.stringify(bad)).rejects.toThrow();
    const s = await insert();
    await expect(insert({ email: s.email })).rejects.toThrow(/marketing_subscriber_once/);
    await insert({ email: s.email, store_code: 'de' });
  });
});
