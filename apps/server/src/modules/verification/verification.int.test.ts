import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../platform/rate-limit.js';
import { startTestServer, testDb, type TestServer } from '../../test/test-app.js';
import { ACTION_PURPOSE, VerificationService } from './verification.service.js';
import { inTransaction } from '../../platform/transaction.js';

let server: TestServer;
beforeAll(async () => {
  // One proxy hop is believed, so each test speaks from its own client address, whose caps are the
  // production ones (factor 1).
  server = await startTestServer({ TRUST_PROXY: '1', RATE_LIMIT_IP_FACTOR: '1' });
});
afterAll(async () => {
  await server.close();
});

let lastIp = 0;
const newIp = () => `198.51.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const newEmail = () => `Shopper+${randomUUID().slice(0, 8)}@Example.com`;
const newPhone = () => `+4479${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

async function call(method: string, path: string, body?: unknown, opts: { ip?: string; store?: string; raw?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? newIp() };
  if (body !== undefined || opts.raw !== undefined) headers['content-type'] = 'application/json';
  if (opts.store) headers.store = opts.store;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** The code of the newest message to a recipient, read from the dev mailbox like a browser test would. */
async function latestCode(recipient: string): Promise<string> {
  const res = await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`);
  expect(res.status).toBe(200);
  const body: string = res.body.messages[0].body;
  return body.match(/\b(\d{6})\b/)![1]!;
}

const wrong = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

async function itemRow(uuid: string) {
  const db = await testDb();
  const { rows } = await db.query<{ status: string; attempts: number; identifier: string; code_hash: string; consumed_at: Date | null }>(
    'SELECT status, attempts, identifier, code_hash, consumed_at FROM verification_item WHERE uuid = $1',
    [uuid],
  );
  return rows[0]!;
}

async function createSms(phone = newPhone(), opts: { ip?: string; store?: string } = {}) {
  const res = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone }, opts);
  expect(res.status).toBe(201);
  return { uuid: res.body.uuid as string, phone, code: await latestCode(phone), res };
}

describe('verification: sending and checking codes', () => {
  it('sends a code by SMS, stores only its hash, never returns it, and validates the item with it', async () => {
    const phone = newPhone();
    const created = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: phone });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', channel: 'sms' });
    expect(created.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const ttl = new Date(created.body.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    const code = await latestCode(phone);
    const row = await itemRow(created.body.uuid);
    expect(row.code_hash).toMatch(/^scrypt\$/);
    expect(row.code_hash).not.toContain(code);

    const status = await call('GET', `/api/action-verifications/items/${created.body.uuid}`);
    expect(status.body).toEqual({ uuid: created.body.uuid, status: 'pending' });
    const verified = await call('PATCH', `/api/action-verifications/items/${created.body.uuid}/verify`, { code });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ uuid: created.body.uuid, status: 'validated' });
    expect((await call('GET', `/api/action-verifications/items/${created.body.uuid}`)).body.status).toBe('validated');
    for (const r of [created, status, verified]) expect(JSON.stringify(r.body)).not.toContain(code);
  });

  it("sends a code by e-mail in the store view's language to the lower-cased address", async () => {
    const email = newEmail();
    const created = await call('POST', '/api/action-verifications/items', { channel: 'email', identifier: email }, { store: 'de' });
    expect(created.status).toBe(201);
    const mailbox = await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(email)}`);
    const [message] = mailbox.body.messages;
    expect(message).toMatchObject({ channel: 'email', recipient: email.toLowerCase(), language: 'de', template: 'verification_code' });
    expect(message.subject).toMatch(/Bestätigungscode/);
    const code = await latestCode(email.toLowerCase());
    const verified = await call('PUT', `/verification-legacy/verify-by-uuid/${created.body.uuid}`, { code });
    expect(verified.body).toEqual({ uuid: created.body.uuid, status: 'validated' });
  });

  it("reads national phone numbers in the store view's country and stores them in E.164", async () => {
    const gb = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: '07700 900123' }, { store: 'gb' });
    const de = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: '030 1234567' }, { store: 'de' });
    const ch = await call('POST', '/verification-legacy/init-phone-validation', { phone: '079 123 45 67' }, { store: 'ch' });
    expect((await itemRow(gb.body.uuid)).identifier).toBe('+447700900123');
    expect((await itemRow(de.body.uuid)).identifier).toBe('+49301234567');
    expect((await itemRow(ch.body.uuid)).identifier).toBe('+41791234567');
    const outbox = await (await testDb()).query<{ channel: string; language: string }>(
      `SELECT channel, language FROM messaging_outbox WHERE recipient = '+49301234567' ORDER BY id DESC LIMIT 1`,
    );
    expect(outbox.rows[0]).toEqual({ channel: 'sms', language: 'de' });
  });

  it('counts wrong codes, tells the attempts left, locks the item at the fifth and then refuses the right code', async () => {
    const { uuid, code } = await createSms();
    const ip = newIp();
    for (let left = 4; left >= 1; left--) {
      const res = await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code: wrong(code, left) }, { ip });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', details: { remaining_attempts: left } });
    }
    const fifth = await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code: wrong(code, 9) }, { ip });
    expect(fifth.status).toBe(423);
    expect(fifth.body.error.code).toBe('VERIFICATION_LOCKED');
    const right = await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code }, { ip });
    expect(right.status).toBe(423);
    expect(await itemRow(uuid)).toMatchObject({ status: 'locked', attempts: 5 });
    expect((await call('GET', `/api/action-verifications/items/${uuid}`)).body.status).toBe('locked');
  });

  it('counts exactly five of twenty parallel wrong guesses, then the item is locked', async () => {
    for (let run = 0; run < 3; run++) {
      const { uuid, code } = await createSms();
      const ip = newIp();
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code: wrong(code, i + 1) }, { ip })),
      );
      const codes = replies.map((r) => r.body.error?.code);
      expect(codes.filter((c) => c === 'VERIFICATION_CODE_INVALID')).toHaveLength(4);
      expect(codes.filter((c) => c === 'VERIFICATION_LOCKED')).toHaveLength(16);
      expect(await itemRow(uuid)).toMatchObject({ status: 'locked', attempts: 5 });
      expect((await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code }, { ip })).body.error.code).toBe('VERIFICATION_LOCKED');
    }
  });

  it('refuses the right code once the item has expired', async () => {
    const { uuid, code } = await createSms();
    await (await testDb()).query(`UPDATE verification_item SET expires_at = now() - interval '1 minute' WHERE uuid = $1`, [uuid]);
    expect((await call('GET', `/api/action-verifications/items/${uuid}`)).body.status).toBe('expired');
    const res = await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code });
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('VERIFICATION_EXPIRED');
    expect(await itemRow(uuid)).toMatchObject({ status: 'expired', attempts: 0 });
  });

  it('refuses to verify an already validated item again', async () => {
    const { uuid, code } = await createSms();
    expect((await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code })).status).toBe(200);
    const again = await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('VERIFICATION_EXPIRED');
    expect(await itemRow(uuid)).toMatchObject({ status: 'validated', attempts: 0 });
  });

  it('retires the older open code when a new one is sent to the same target', async () => {
    const allowAll: RateLimiter = { hit: async () => ({ allowed: true, count: 1, retryAfterMs: 0 }), reset: async () => undefined };
    const service = new VerificationService(server.app.services.messaging, allowAll);
    const db = await testDb();
    const input = { channel: 'email' as const, identifier: newEmail(), purpose: ACTION_PURPOSE, language: 'en', ip: null };
    const first = await inTransaction(db, (tx) => service.createItem(tx, input));
    const second = await inTransaction(db, (tx) => service.createItem(tx, input));
    expect((await itemRow(first.uuid)).status).toBe('expired');
    expect((await itemRow(second.uuid)).status).toBe('pending');
  });
});

describe('verification: caps per client address grow with RATE_LIMIT_IP_FACTOR', () => {
  it('multiplies the per-address send and verify caps by the factor, and never the per-target ones', async () => {
    const seen: { key: string; limit: number }[] = [];
    const recording: RateLimiter = {
      hit: async (b) => {
        seen.push({ key: b.key, limit: b.limit });
        return { allowed: true, count: 1, retryAfterMs: 0 };
      },
      reset: async () => undefined,
    };
    const service = new VerificationService(server.app.services.messaging, recording, 20);
    const db = await testDb();
    const item = await inTransaction(db, (tx) => service.createItem(tx, { channel: 'email', identifier: newEmail(), purpose: ACTION_PURPOSE, language: 'en', ip: '198.51.100.7' }));
    await inTransaction(db, (tx) => service.verifyItem(tx, item.uuid, '000000', { ip: '198.51.100.7' }));
    const limitOf = (prefix: string) => seen.find((s) => s.key.startsWith(prefix))?.limit;
    expect(limitOf('verification:send:ip:')).toBe(400);
    expect(limitOf('verification:verify:ip:')).toBe(600);
    expect(limitOf('verification:send:target:burst:')).toBe(1);
    expect(limitOf('verification:send:target:hour:')).toBe(5);
  });
});

describe('verification: single use by later steps', () => {
  it('lets a later step consume a validated item once, only for its channel, target and purpose', async () => {
    const { uuid, code, phone } = await createSms();
    const { db, services } = server.app;
    const consume = (expect: Parameters<typeof services.verification.consumeValidated>[2]) =>
      inTransaction(db, (tx) => services.verification.consumeValidated(tx, uuid, expect));
    const target = { channel: 'sms' as const, identifier: phone, purpose: ACTION_PURPOSE };

    expect(await consume(target)).toBe(false); // still pending
    await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code });
    expect(await consume({ ...target, identifier: newPhone() })).toBe(false);
    expect(await consume({ ...target, purpose: 'registration' })).toBe(false);
    expect(await consume({ ...target, channel: 'email' })).toBe(false);
    const national = `0${phone.slice(3)}`;
    const results = await Promise.all(Array.from({ length: 5 }, () => consume({ ...target, identifier: national, defaultCountry: 'GB' })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await consume(target)).toBe(false);
    expect((await itemRow(uuid)).consumed_at).not.toBeNull();
  });

  it('does not let a validation older than 30 minutes be consumed', async () => {
    const { uuid, code, phone } = await createSms();
    await call('PATCH', `/api/action-verifications/items/${uuid}/verify`, { code });
    const db = await testDb();
    await db.query(`UPDATE verification_item SET validated_at = now() - interval '31 minutes' WHERE uuid = $1`, [uuid]);
    const ok = await inTransaction(db, (tx) =>
      server.app.services.verification.consumeValidated(tx, uuid, { channel: 'sms', identifier: phone, purpose: ACTION_PURPOSE }),
    );
    expect(ok).toBe(false);
  });
});

describe('verification: throttling', () => {
  it('throttles a resend to the same target with 429 and Retry-After and sends nothing more', async () => {
    const email = newEmail();
    const first = await call('POST', '/api/action-verifications/items', { channel: 'email', identifier: email });
    expect(first.status).toBe(201);
    const again = await call('POST', '/profile/send-email-otc', { email: email.toUpperCase() });
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('RATE_LIMITED');
    const retry = Number(again.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(30);
    const mailbox = await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(email)}`);
    expect(mailbox.body.messages).toHaveLength(1);
  });

  it('caps the codes one client address may send per hour across targets', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/api/action-verifications/items', { channel: 'email', identifier: newEmail() }, { ip })).status).toBe(201);
    }
    const over = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: newPhone() }, { ip });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(30);
    expect((await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: newPhone() }, { ip: newIp() })).status).toBe(201);
  });

  it('caps verification attempts per client address across items', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call('PATCH', `/api/action-verifications/items/${randomUUID()}/verify`, { code: '123456' }, { ip })).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('verification: other families and bad input', () => {
  it('serves the legacy family: init by phone, status by uuid and target, verify by uuid', async () => {
    const phone = newPhone();
    const init = await call('POST', '/verification-legacy/init-phone-validation', { phone });
    expect(init.status).toBe(201);
    expect(Object.keys(init.body)).toEqual(['uuid']);
    const statusPath = (identifier: string) => `/verification-legacy/status/${init.body.uuid}/${encodeURIComponent(identifier)}`;
    expect((await call('GET', statusPath(phone))).body).toEqual({ status: 'pending' });
    expect((await call('GET', statusPath(`0${phone.slice(3)}`), undefined, { store: 'gb' })).body).toEqual({ status: 'pending' });
    const other = await call('GET', statusPath(newPhone()));
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('NOT_FOUND');
    const verified = await call('PUT', `/verification-legacy/verify-by-uuid/${init.body.uuid}`, { code: await latestCode(phone) });
    expect(verified.body.status).toBe('validated');
    expect((await call('GET', statusPath(phone))).body).toEqual({ status: 'validated' });
  });

  it("serves the profile service's code calls", async () => {
    const phone = newPhone();
    const email = newEmail();
    const viaItems = await call('POST', '/profile/action-verifications/items', { channel: 'email', identifier: email });
    const viaSms = await call('POST', '/profile/send-otc', { phone_number: phone });
    expect(viaItems.status).toBe(201);
    expect(viaSms.status).toBe(201);
    expect(viaItems.body).toMatchObject({ channel: 'email', status: 'pending' });
    expect(viaSms.body).toMatchObject({ channel: 'sms', status: 'pending' });
    const code = await latestCode(phone);
    expect((await call('PATCH', `/api/action-verifications/items/${viaSms.body.uuid}/verify`, { code })).body.status).toBe('validated');
    const viaEmail = await call('POST', '/profile/send-email-otc', { email: newEmail() });
    expect(viaEmail.body).toMatchObject({ channel: 'email', status: 'pending' });
  });

  it('answers malformed and unknown uuids alike with 404 NOT_FOUND', async () => {
    const answers = [];
    for (const id of [randomUUID(), 'not-a-uuid', "1' OR '1'='1", 'a'.repeat(150)]) {
      const get = await call('GET', `/api/action-verifications/items/${encodeURIComponent(id)}`);
      const verify = await call('PATCH', `/api/action-verifications/items/${encodeURIComponent(id)}/verify`, { code: '123456' });
      for (const res of [get, verify]) {
        expect(res.status).toBe(404);
        answers.push({ ...res.body.error, request_id: undefined });
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0].code).toBe('NOT_FOUND');
  });

  it('refuses bad input with 400 VALIDATION_FAILED', async () => {
    const { uuid } = await createSms();
    const cases: [string, string, unknown][] = [
      ['POST', '/api/action-verifications/items', { channel: 'sms', identifier: newPhone(), extra: 1 }],
      ['POST', '/api/action-verifications/items', { channel: 'fax', identifier: newPhone() }],
      ['POST', '/api/action-verifications/items', { channel: 'sms' }],
      ['POST', '/api/action-verifications/items', { channel: 'email', identifier: `${'a'.repeat(300)}@example.com` }],
      ['POST', '/api/action-verifications/items', { channel: 'email', identifier: 'not-an-address' }],
      ['POST', '/api/action-verifications/items', { channel: 'sms', identifier: 'call me maybe' }],
      ['POST', '/api/action-verifications/items', { channel: 'sms', identifier: '12' }],
      ['POST', '/api/action-verifications/items', { channel: 'sms', identifier: { $gt: '' } }],
      ['PATCH', `/api/action-verifications/items/${uuid}/verify`, { code: '12ab56' }],
      ['PATCH', `/api/action-verifications/items/${uuid}/verify`, { code: '12345' }],
      ['PATCH', `/api/action-verifications/items/${uuid}/verify`, { code: 123456 }],
      ['PATCH', `/api/action-verifications/items/${uuid}/verify`, { code: '123456', uuid }],
      ['POST', '/verification-legacy/init-phone-validation', { phone: '1'.repeat(40) }],
      ['POST', '/profile/send-otc', { phone: newPhone() }],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe('VALIDATION_FAILED');
    }
    expect(await itemRow(uuid)).toMatchObject({ attempts: 0, status: 'pending' });
  });

  it('refuses a body with a prototype key before it reaches validation', async () => {
    // The platform's JSON parser rejects prototype keys outright (400 BAD_REQUEST), ahead of the zod schemas.
    for (const poison of ['"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}']) {
      const res = await call('POST', '/api/action-verifications/items', undefined, { raw: `{"channel":"sms","identifier":"${newPhone()}",${poison}}` });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stores the client address only when the forwarded value is one', async () => {
    const res = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: newPhone() }, { ip: 'not-an-address' });
    expect(res.status).toBe(201);
    const { rows } = await (await testDb()).query<{ ip: string | null }>('SELECT ip::text AS ip FROM verification_item WHERE uuid = $1', [res.body.uuid]);
    expect(rows[0]!.ip).toBeNull();
    const stored = await createSms(newPhone(), { ip: '203.0.113.7' });
    const again = await (await testDb()).query<{ ip: string }>('SELECT host(ip) AS ip FROM verification_item WHERE uuid = $1', [stored.uuid]);
    expect(again.rows[0]!.ip).toBe('203.0.113.7');
  });

  it('refuses an unknown store view', async () => {
    const res = await call('POST', '/api/action-verifications/items', { channel: 'sms', identifier: newPhone() }, { store: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('UNKNOWN_STORE');
  });

  it('documents its endpoints in the OpenAPI document', async () => {
    const doc = await call('GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/action-verifications/items', '/api/action-verifications/items/{uuid}/verify', '/verification-legacy/init-phone-validation', '/profile/send-otc']),
    );
  });
});
