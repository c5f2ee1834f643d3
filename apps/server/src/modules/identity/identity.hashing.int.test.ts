import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCall, startTestServer, testDb, type TestServer } from '../../test/test-app.js';
import { legacyScryptHash } from './identity.crypto.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PASSWORD = 'Hashing-Pass-1';
const call = (method: string, path: string, body?: unknown) => restCall(server, method, path, body, { store: 'gb' });

const storedHash = async (uuid: string) =>
  (await (await testDb()).query<{ password_hash: string }>('SELECT password_hash FROM identity_credential WHERE user_uuid = $1', [uuid])).rows[0]!.password_hash;

/** A customer whose password was stored before Argon2id, with the old scrypt parameters. */
async function customerWithScryptHash() {
  const email = `hash+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await call('POST', '/account/users/register', { terms_accepted: true, firstname: 'Hal', lastname: 'Hash', date_of_birth: '1981-01-01', strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  const uuid = reg.body.user_uuid as string;
  await (await testDb()).query('UPDATE identity_credential SET password_hash = $2 WHERE user_uuid = $1', [uuid, await legacyScryptHash(PASSWORD)]);
  return { email, uuid };
}

const logins = [
  { name: 'second family', login: (email: string, password: string) => call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password } }) },
  { name: 'legacy family', login: (email: string, password: string) => call('POST', '/account-legacy/login', { email, password }) },
];

describe('password hashes', () => {
  it('stores new passwords as Argon2id with their parameters', async () => {
    const email = `hash+${randomUUID().slice(0, 8)}@example.com`;
    const reg = await call('POST', '/account/users/register', { terms_accepted: true, firstname: 'Hal', lastname: 'Hash', date_of_birth: '1981-01-01', strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
    expect(await storedHash(reg.body.user_uuid)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a hash of an unknown scheme at the database', async () => {
    const c = await customerWithScryptHash();
    await expect((await testDb()).query('UPDATE identity_credential SET password_hash = $2 WHERE user_uuid = $1', [c.uuid, 'md5$abc'])).rejects.toThrow();
  });
});

describe.each(logins)('signing in through the $name with an older scrypt hash', ({ login }) => {
  it('succeeds and replaces the hash with Argon2id, which then verifies', async () => {
    const c = await customerWithScryptHash();
    const before = await storedHash(c.uuid);
    expect((await login(c.email, 'Wrong-Pass-2')).status).toBe(401);
    expect(await storedHash(c.uuid)).toBe(before);
    expect((await login(c.email, PASSWORD)).status).toBe(200);
    const after = await storedHash(c.uuid);
    expect(after).toMatch(/^\$argon2id\$/);
    expect((await login(c.email, PASSWORD)).status).toBe(200);
    expect(await storedHash(c.uuid)).toBe(after);
    expect((await login(c.email, 'Wrong-Pass-2')).status).toBe(401);
  });

  it('keeps one valid hash when several sign-ins rehash at once', async () => {
    const c = await customerWithScryptHash();
    const results = await Promise.all(Array.from({ length: 8 }, () => login(c.email, PASSWORD)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await storedHash(c.uuid)).toMatch(/^\$argon2id\$/);
    expect((await login(c.email, PASSWORD)).status).toBe(200);
  });
});
