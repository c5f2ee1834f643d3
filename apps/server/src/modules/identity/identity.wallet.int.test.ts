import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '@ember/test-support';
import { startTestServer, type TestServer, restCall } from '../../test/test-app.js';
import { isValidMemberNumber } from './identity.wallet.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Wallet-Pass-1';
const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });

async function customer(firstname = 'Wanda') {
  return createCustomer(server, { firstname, lastname: 'Wallet', dob: '1980-02-02', emailPrefix: 'wallet', password: PASSWORD });
}

/** Asks for a wallet link through one path; `uuid` is the customer named in the URL (where the path has one). */
const routes = [
  { name: 'second family POST', ask: (uuid: string, type: unknown, token?: string) => call('POST', `/account/users/${uuid}/profile/wallet`, { type }, token) },
  { name: 'second family GET', ask: (uuid: string, type: unknown, token?: string) => call('GET', `/account/users/${uuid}/profile/wallet?type=${String(type)}`, undefined, token) },
  { name: 'legacy POST', ask: (uuid: string, type: unknown, token?: string) => call('POST', `/account-legacy/profile/${uuid}/wallet`, { type }, token) },
  { name: 'legacy GET', ask: (uuid: string, type: unknown, token?: string) => call('GET', `/account-legacy/profile/${uuid}/wallet?type=${String(type)}`, undefined, token) },
];
const profileAsk = (type: unknown, token?: string) => call('POST', '/profile/wallet', { type }, token);

const openPass = async (url: string) => {
  const res = await fetch(url.replace(/^https?:\/\/[^/]+/, server.url));
  return { status: res.status, contentType: res.headers.get('content-type'), body: (await res.json()) as any };
};

describe('wallet pass links', () => {
  it.each(routes)('the $name path answers a signed, expiring link whose pass carries the customer\'s name and member number', async (route) => {
    const c = await customer('Wanda');
    const before = Date.now();
    const res = await route.ask(c.uuid, 'apple', c.token);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('apple');
    expect(res.body.url).toMatch(/\/profile\/wallet\/passes\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const expires = Date.parse(res.body.expires_at);
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(before + 11 * 60_000);

    const pass = await openPass(res.body.url);
    expect(pass.status).toBe(200);
    expect(pass.contentType).toMatch(/application\/json/);
    expect(pass.body).toMatchObject({ type: 'apple', member_name: 'Wanda Wallet', barcode: { format: 'QR' } });
    expect(isValidMemberNumber(pass.body.member_number)).toBe(true);
    expect(pass.body.barcode.message).toBe(`EMB${pass.body.member_number}`);
  });

  it('gives one customer the same member number in every wallet and family, and another customer a different one', async () => {
    const a = await customer();
    const b = await customer();
    const numbers = new Set<string>();
    for (const route of routes) numbers.add((await openPass((await route.ask(a.uuid, 'google', a.token)).body.url)).body.member_number);
    numbers.add((await openPass((await profileAsk('apple', a.token)).body.url)).body.member_number);
    expect(numbers.size).toBe(1);
    const other = await openPass((await profileAsk('google', b.token)).body.url);
    expect(numbers.has(other.body.member_number)).toBe(false);
  });

  it('the profile service answers the signed-in customer\'s link and refuses anonymous callers', async () => {
    const c = await customer('Paula');
    const res = await profileAsk('google', c.token);
    expect(res.status).toBe(200);
    expect((await openPass(res.body.url)).body).toMatchObject({ type: 'google', member_name: 'Paula Wallet' });
    const anon = await profileAsk('google');
    expect([anon.status, anon.body.error.code]).toEqual([401, 'UNAUTHORISED']);
  });

  it('refuses an unknown wallet type or extra fields with VALIDATION_FAILED on every path', async () => {
    const c = await customer();
    for (const route of routes) {
      const res = await route.ask(c.uuid, 'samsung', c.token);
      expect([route.name, res.status, res.body.error.code]).toEqual([route.name, 400, 'VALIDATION_FAILED']);
    }
    expect((await profileAsk('samsung', c.token)).body.error.code).toBe('VALIDATION_FAILED');
    const extra = await call('POST', '/profile/wallet', { type: 'apple', user: randomUUID() }, c.token);
    expect([extra.status, extra.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers another customer\'s uuid exactly like a missing one, and anonymous callers with 401, on every path', async () => {
    const a = await customer();
    const b = await customer();
    for (const route of routes) {
      const stranger = await route.ask(a.uuid, 'apple', b.token);
      const missing = await route.ask(randomUUID(), 'apple', b.token);
      expect([stranger.status, stranger.body.error.code, stranger.body.error.message]).toEqual([404, 'NOT_FOUND', missing.body.error.message]);
      expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
      const anon = await route.ask(a.uuid, 'apple');
      expect([route.name, anon.status, anon.body.error.code]).toEqual([route.name, 401, 'UNAUTHORISED']);
    }
  });
});

describe('wallet passes', () => {
  it('refuses a link whose claims or signature were changed', async () => {
    const a = await customer();
    const b = await customer();
    const url: string = (await profileAsk('apple', a.token)).body.url;
    const token = url.split('/').pop()!;
    const [body, sig] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, u: b.uuid })).toString('base64url');
    const longer = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 86_400 })).toString('base64url');
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    for (const bad of [`${forged}.${sig}`, `${longer}.${sig}`, `${body}.${flipped}`, `${body}.${sig}.x`, `${body}`.padEnd(40, 'x')]) {
      const res = await call('GET', `/profile/wallet/passes/${bad}`);
      expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await call('GET', `/profile/wallet/passes/${token}`)).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const c = await customer();
    const link = await server.app.services.wallet.linkFor(c.uuid, 'google', server.url, Date.now() - 11 * 60_000);
    const res = await call('GET', new URL(link.url).pathname);
    expect([res.status, res.body.error.code]).toEqual([410, 'VERIFICATION_EXPIRED']);
  });

  it('stops serving the pass of a cancelled account', async () => {
    const c = await customer();
    const url: string = (await profileAsk('apple', c.token)).body.url;
    const reauth = await call('POST', `/account/users/${c.uuid}/reauthenticate`, { password: PASSWORD }, c.token);
    expect(reauth.status).toBe(200);
    expect((await call('POST', `/account/users/${c.uuid}/cancel`, undefined, reauth.body.token)).status).toBe(204);
    const res = await call('GET', new URL(url).pathname);
    expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});
