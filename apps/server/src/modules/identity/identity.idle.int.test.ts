import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { tokenHash } from './identity.crypto.js';

const PASSWORD = 'Ember-Test-2026';

type Credential = { bearer: string } | { cookie: string };

/**
 * One request as a client sends it: the session token as a bearer token, or as the storefront's cookie
 * from the shop's own page, whose browser names that origin (a cookie alone may not change state).
 */
async function send(server: TestServer, method: string, path: string, credential: Credential | null, body?: unknown) {
  const headers: Record<string, string> = { store: 'gb' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (credential && 'bearer' in credential) headers.authorization = `Bearer ${credential.bearer}`;
  else if (credential) {
    headers.cookie = `ember_session=${credential.cookie}`;
    headers.origin = server.url;
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** What a client sees of an answer, without the per-request id. */
function seen(answer: { status: number; body: any }) {
  return JSON.parse(JSON.stringify(answer), (key, value) => (key === 'request_id' ? undefined : value));
}

async function login(server: TestServer, email: string): Promise<string> {
  const res = await send(server, 'POST', '/account/users/authentication/sessions', null, { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.token;
}

async function registerCustomer(server: TestServer) {
  const email = `idle+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await send(server, 'POST', '/account/users/register', null, {
    terms_accepted: true, firstname: 'Ada', lastname: 'Lovelace', date_of_birth: '1990-04-12',
    strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
  });
  expect(reg.status).toBe(201);
  return { uuid: reg.body.user_uuid as string, email, token: await login(server, email) };
}

/** Sets a session's clock back by SQL: its last use, and optionally its sign-in, the given time ago. */
async function age(db: Db, token: string, lastUsedAgo: string, signedInAgo?: string) {
  await db.query(
    `UPDATE identity_session SET last_used_at = now() - $2::interval, created_at = COALESCE(now() - $3::interval, created_at)
      WHERE token_hash = $1`,
    [tokenHash(token), lastUsedAgo, signedInAgo ?? null],
  );
}

/** The recorded last use of a session, and the row version that wrote it (xmin changes with every write). */
async function lastUse(db: Db, token: string) {
  const { rows } = await db.query<{ last_used_at: Date; version: string; age_s: number }>(
    `SELECT last_used_at, xmin::text AS version, extract(epoch FROM now() - last_used_at)::float8 AS age_s
       FROM identity_session WHERE token_hash = $1`,
    [tokenHash(token)],
  );
  return rows[0]!;
}

/** Every way a client uses a session: REST and GraphQL, each by bearer token and by cookie. */
async function everyUse(server: TestServer, uuid: string, token: string) {
  const uses = [];
  for (const credential of [{ bearer: token }, { cookie: token }]) {
    uses.push(seen(await send(server, 'GET', `/account/users/${uuid}/profile`, credential)));
    uses.push(seen(await send(server, 'POST', '/graphql', credential, { query: '{ customer { email } }' })));
  }
  uses.push(seen(await send(server, 'POST', '/account/users/authentication/sessions/validate', null, { token })));
  return uses;
}

describe('account: sessions end after the idle limit (default 72 hours)', () => {
  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  });

  it('refuses a session unused for longer than the idle limit exactly like a logged-out one, by bearer and by cookie, on REST and GraphQL', async () => {
    const c = await registerCustomer(server);
    const idle = await login(server, c.email);
    const loggedOut = await login(server, c.email);
    expect((await send(server, 'DELETE', '/account/users/authentication/sessions', { bearer: loggedOut })).status).toBe(204);
    await age(db, idle, '72 hours 1 minute');

    const idleUses = await everyUse(server, c.uuid, idle);
    expect(idleUses).toEqual(await everyUse(server, c.uuid, loggedOut));
    expect(idleUses.map((u: { status: number }) => u.status)).toEqual([401, 200, 401, 200, 200]);
    expect(idleUses[1].body.errors[0].extensions.category).toBe('graphql-authorization');
    expect(idleUses[4].body).toEqual({ valid: false });
    // The customer's other session, in use, is untouched.
    expect((await send(server, 'GET', `/account/users/${c.uuid}/profile`, { bearer: c.token })).status).toBe(200);
  });

  it('keeps a session signed in 13 days ago working while it is used within the idle limit', async () => {
    const c = await registerCustomer(server);
    await age(db, c.token, '71 hours', '13 days');
    const uses = await everyUse(server, c.uuid, c.token);
    expect(uses.map((u: { status: number }) => u.status)).toEqual([200, 200, 200, 200, 200]);
    expect(uses[1].body.data.customer.email).toBe(c.email);
    expect(uses[3].body.data.customer.email).toBe(c.email);
    expect(uses[4].body).toMatchObject({ valid: true, user_uuid: c.uuid });
  });

  it('records a use of a session whose last use is older than 5 minutes', async () => {
    const c = await registerCustomer(server);
    await age(db, c.token, '10 minutes');
    const before = await lastUse(db, c.token);
    expect(before.age_s).toBeGreaterThan(599);
    expect((await send(server, 'GET', `/account/users/${c.uuid}/profile`, { bearer: c.token })).status).toBe(200);
    const after = await lastUse(db, c.token);
    expect(after.age_s).toBeLessThan(60);
    expect(after.version).not.toBe(before.version);
  });

  it('writes the last use of a session once however often it is used within a minute', async () => {
    const c = await registerCustomer(server);
    await age(db, c.token, '10 minutes');
    expect((await send(server, 'GET', `/account/users/${c.uuid}/profile`, { bearer: c.token })).status).toBe(200);
    const first = await lastUse(db, c.token);
    expect(first.age_s).toBeLessThan(60);
    expect((await send(server, 'GET', `/account/users/${c.uuid}/profile`, { bearer: c.token })).status).toBe(200);
    expect((await send(server, 'POST', '/graphql', { cookie: c.token }, { query: '{ customer { email } }' })).body.data.customer.email).toBe(c.email);
    const second = await lastUse(db, c.token);
    // Same value and same row version: the later uses wrote nothing.
    expect(second.last_used_at.getTime()).toBe(first.last_used_at.getTime());
    expect(second.version).toBe(first.version);
  });
});

describe('account: the idle limit follows SESSION_IDLE_HOURS', () => {
  let server: TestServer;
  let db: Db;
  serveForSuite(
    (s, d) => {
      server = s;
      db = d;
    },
    { SESSION_IDLE_HOURS: '2' },
  );

  it('refuses a session unused for longer than the configured idle limit and keeps one used within it', async () => {
    const c = await registerCustomer(server);
    const recent = await login(server, c.email);
    await age(db, c.token, '2 hours 1 minute');
    await age(db, recent, '1 hour 55 minutes');
    expect((await send(server, 'GET', `/account/users/${c.uuid}/profile`, { bearer: c.token })).status).toBe(401);
    expect((await send(server, 'GET', `/account/users/${c.uuid}/profile`, { bearer: recent })).status).toBe(200);
  });
});
