import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCall, startTestServer, testDb, type TestServer } from '../../test/test-app.js';

// Checklist 15 (v5.0.0-6.4.3, CWE-640): reset links come from the configured origin only, and a reset
// token is single-use, short-lived, superseded by a newer one, and ends every session without signing in.

let server: TestServer;
beforeAll(async () => {
  // Behind one trusted proxy, as in production: even then X-Forwarded-Host must not shape a link.
  server = await startTestServer({ PUBLIC_BASE_URL: 'https://shop.example', PUBLIC_BASE_URLS: 'de=https://shop.example.de', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Reset-Test-2026';

const call = (method: string, path: string, body?: unknown, opts: { token?: string; store?: string } = {}) => restCall(server, method, path, body, opts);

/** A JSON POST with headers fetch will not send as given (Host). */
function rawPost(path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const url = new URL(server.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function customer(store = 'gb') {
  const email = `reset+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await call('POST', '/account/users/register', {
    terms_accepted: true, firstname: 'Rhea', lastname: 'Reset', date_of_birth: '1987-03-03',
    strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
  }, { store });
  expect(reg.status).toBe(201);
  const login = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  return { email, uuid: reg.body.user_uuid as string, token: login.body.token as string };
}

async function mails(email: string, template?: string): Promise<{ body: string; subject: string; template: string; language: string }[]> {
  const res = await call('GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(email)}`);
  return res.body.messages.filter((m: { template: string }) => !template || m.template === template);
}

async function latestResetLink(email: string): Promise<string> {
  const [mail] = await mails(email, 'password_reset');
  return /(\S+reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

const reset = (token: string, password = 'Brand-New-Pass-5') =>
  call('POST', `/account/users/authentication/password/change/${token}`, { password, password_confirmation: password });

describe('password reset links come from configuration', () => {
  it('builds the link on the configured origin when Host names another site', async () => {
    const c = await customer();
    expect(await rawPost('/account/users/authentication/password/forget', { email: c.email }, { host: 'attacker.example', store: 'gb' })).toBe(202);
    const link = await latestResetLink(c.email);
    expect(link).toMatch(/^https:\/\/shop\.example\/gb\/reset-password\?token=/);
    expect(link).not.toContain('attacker');
  });

  it('builds the link on the configured origin when a trusted proxy forwards another host', async () => {
    const c = await customer();
    const forged = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http', host: 'attacker.example', store: 'gb' };
    expect(await rawPost('/account/users/authentication/password/forget', { email: c.email }, forged)).toBe(202);
    expect(await latestResetLink(c.email)).toMatch(/^https:\/\/shop\.example\/gb\/reset-password\?token=/);
  });

  it("uses the market's own origin in the legacy family too", async () => {
    const c = await customer('de');
    expect(await rawPost('/account-legacy/forgot-password', { email: c.email }, { 'x-forwarded-host': 'attacker.example', store: 'de' })).toBe(202);
    expect(await latestResetLink(c.email)).toMatch(/^https:\/\/shop\.example\.de\/de\/reset-password\?token=/);
  });

  it('builds wallet pass links on the configured origin too', async () => {
    const c = await customer();
    const url = new URL(server.url);
    const link = await new Promise<string>((resolve, reject) => {
      const payload = JSON.stringify({ type: 'apple' });
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: '/profile/wallet', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${c.token}`, host: 'attacker.example', 'x-forwarded-host': 'attacker.example', store: 'gb' } },
        (res) => {
          let data = '';
          res.on('data', (d) => (data += d));
          res.on('end', () => resolve(JSON.parse(data).url));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    expect(link).toMatch(/^https:\/\/shop\.example\/profile\/wallet\/passes\//);
  });
});

describe('password reset tokens', () => {
  it('refuses the first of two tokens once a second one was asked for', async () => {
    const c = await customer();
    await call('POST', '/account/users/authentication/password/forget', { email: c.email }, { store: 'gb' });
    const first = tokenOf(await latestResetLink(c.email));
    await call('POST', '/account-legacy/forgot-password', { email: c.email }, { store: 'gb' });
    const second = tokenOf(await latestResetLink(c.email));
    expect(second).not.toBe(first);
    expect((await reset(first)).status).toBe(404);
    expect((await reset(second)).status).toBe(204);
  });

  it('lives 30 minutes: a token asked for 31 minutes ago is refused', async () => {
    const c = await customer();
    await call('POST', '/account/users/authentication/password/forget', { email: c.email }, { store: 'gb' });
    const token = tokenOf(await latestResetLink(c.email));
    const db = await testDb();
    const { rows } = await db.query<{ minutes: string }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60) AS minutes FROM identity_password_reset WHERE user_uuid = $1', [c.uuid],
    );
    expect(Number(rows[0]!.minutes)).toBe(30);
    await db.query(`UPDATE identity_password_reset SET created_at = created_at - interval '31 minutes', expires_at = expires_at - interval '31 minutes' WHERE user_uuid = $1`, [c.uuid]);
    expect((await reset(token)).status).toBe(404);
  });

  it('is stored only as a hash of a 256-bit random token', async () => {
    const c = await customer();
    await call('POST', '/account/users/authentication/password/forget', { email: c.email }, { store: 'gb' });
    const token = tokenOf(await latestResetLink(c.email));
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const db = await testDb();
    const { rows } = await db.query<{ token_hash: string }>('SELECT token_hash FROM identity_password_reset WHERE user_uuid = $1', [c.uuid]);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('works once, signs nobody in, ends every session and mails a notice in the store view\'s language', async () => {
    const c = await customer('de');
    const second = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } });
    await call('POST', '/account/users/authentication/password/forget', { email: c.email }, { store: 'de' });
    const token = tokenOf(await latestResetLink(c.email));
    const done = await call('PUT', '/account-legacy/reset-password', { token, password: 'Brand-New-Pass-5', password_confirmation: 'Brand-New-Pass-5' }, { store: 'de' });
    expect(done.status).toBe(204);
    // No session comes back: neither a token in the body nor a cookie.
    expect(done.body).toBeUndefined();
    expect(done.headers.get('set-cookie')).toBeNull();
    for (const t of [c.token, second.body.token]) expect((await call('GET', `/account/users/${c.uuid}/profile`, undefined, { token: t })).status).toBe(401);
    expect((await reset(token, 'Other-New-Pass-6')).status).toBe(404);
    const [notice] = await mails(c.email, 'password_changed');
    expect(notice).toMatchObject({ language: 'de', subject: expect.stringMatching(/Passwort wurde geändert/) });
    expect(notice!.body).toContain('https://shop.example.de/de/forgot-password');
    expect((await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: c.email, password: 'Brand-New-Pass-5' } })).status).toBe(200);
  });
});
