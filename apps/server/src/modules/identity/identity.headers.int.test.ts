import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMER_IDENTITY_TOKEN_HEADER, CONSUMER_SESSION_TOKEN_HEADER, LOCALE_HEADER, TENANT_TOKEN_HEADER } from '@ember/contracts';
import { createCustomer, type TestCustomer } from '@ember/test-support';
import { say } from '../../platform/messages.js';
import { gql, restCall, startTestServer, type TestServer } from '../../test/test-app.js';

// The request headers of spec §6 (docs/decisions/0074): the session token's alias headers under the
// bearer's rules, the tenant token checked against the store view, the locale header's language.

let server: TestServer;
let ada: TestCustomer;
let bob: TestCustomer;
beforeAll(async () => {
  server = await startTestServer();
  [ada, bob] = await Promise.all([createCustomer(server, { emailPrefix: 'hdr-ada' }), createCustomer(server, { emailPrefix: 'hdr-bob' })]);
});
afterAll(async () => {
  await server?.close();
});

const ALIASES = [CONSUMER_SESSION_TOKEN_HEADER, CONSUMER_IDENTITY_TOKEN_HEADER];

async function tenantTokenOf(store: string): Promise<string> {
  const res = await gql(server, '{ storeConfig { tenant_token } }', {}, { store });
  return res.body.data.storeConfig.tenant_token as string;
}

describe('the session token in the spec\'s header names', () => {
  it('reads the customer\'s own profile through either alias, exactly as through the bearer', async () => {
    for (const name of ALIASES) {
      const res = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, { store: 'gb', headers: { [name]: ada.token } });
      expect(res.status).toBe(200);
      expect(res.body.uuid ?? res.body.user_uuid ?? ada.uuid).toBe(ada.uuid);
    }
  });

  it('answers another customer\'s uuid through an alias like one that does not exist', async () => {
    for (const name of ALIASES) {
      const other = await restCall(server, 'GET', `/account/users/${bob.uuid}/profile`, undefined, { store: 'gb', headers: { [name]: ada.token } });
      const missing = await restCall(server, 'GET', `/account/users/${randomUUID()}/profile`, undefined, { store: 'gb', headers: { [name]: ada.token } });
      expect(other.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(other.body.error.code).toBe(missing.body.error.code);
    }
  });

  it('refuses a forged token in an alias, and headers that name two different sessions', async () => {
    const forged = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, { store: 'gb', headers: { [CONSUMER_SESSION_TOKEN_HEADER]: 'x'.repeat(43) } });
    expect(forged.status).toBe(401);
    const two = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, { store: 'gb', token: ada.token, headers: { [CONSUMER_IDENTITY_TOKEN_HEADER]: bob.token } });
    expect(two.status).toBe(401);
    const same = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, { store: 'gb', token: ada.token, headers: { [CONSUMER_IDENTITY_TOKEN_HEADER]: ada.token } });
    expect(same.status).toBe(200);
  });

  it('names the GraphQL customer by the identity token, and refuses a bad one as Magento refuses a bad bearer', async () => {
    const me = await gql(server, '{ customer { email } }', {}, { store: 'gb', headers: { [CONSUMER_IDENTITY_TOKEN_HEADER]: ada.token } });
    expect(me.body.data.customer.email).toBe(ada.email);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    expect(me.headers.get('vary')).toMatch(/X-Consumer-Identity-Token/);
    const bad = await gql(server, '{ customer { email } }', {}, { store: 'gb', headers: { [CONSUMER_IDENTITY_TOKEN_HEADER]: 'nope' } });
    expect(bad.body.errors?.[0]?.extensions.code).toBe('UNAUTHORISED');
  });

  it('still asks a cookie session for same-origin proof, and lets an alias client through like a bearer one', async () => {
    const cookie = `ember_session=${ada.token}`;
    const riding = await fetch(`${server.url}/account/users/authentication/sessions/validate`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: 'https://attacker.example' }, body: '{}',
    });
    expect(riding.status).toBe(403);
    const alias = await restCall(server, 'POST', '/account/users/authentication/sessions/validate', {}, { headers: { [CONSUMER_SESSION_TOKEN_HEADER]: ada.token } });
    expect(alias.status).toBe(200);
    expect(alias.body.valid).toBe(true);
  });

  it('does not fall back to the cookie when the alias header names no session', async () => {
    const res = await fetch(`${server.url}/account/users/${ada.uuid}/profile`, {
      headers: { store: 'gb', cookie: `ember_session=${ada.token}`, [CONSUMER_SESSION_TOKEN_HEADER]: 'not-a-session' },
    });
    expect(res.status).toBe(401);
  });
});

describe('the tenant token', () => {
  it('is one per website, public in the store configuration', async () => {
    const [gb, de, ch] = await Promise.all(['gb', 'de', 'ch'].map(tenantTokenOf));
    expect(gb).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(new Set([gb, de, ch]).size).toBe(3);
    expect(await tenantTokenOf('gb_trial')).toBe(gb);
  });

  it('lets an account call with its store view\'s tenant token through', async () => {
    const res = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, {
      store: 'gb', headers: { [CONSUMER_SESSION_TOKEN_HEADER]: ada.token, [TENANT_TOKEN_HEADER]: await tenantTokenOf('gb') },
    });
    expect(res.status).toBe(200);
  });

  it('refuses another website\'s tenant token and a made-up one, before the call runs', async () => {
    for (const tenant of [await tenantTokenOf('de'), 'tnt_madeup', '']) {
      const res = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, {
        store: 'gb', headers: { [CONSUMER_SESSION_TOKEN_HEADER]: ada.token, [TENANT_TOKEN_HEADER]: tenant },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PERMISSION_DENIED');
    }
    const login = await restCall(server, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: ada.email, password: ada.password } }, {
      store: 'gb', headers: { [TENANT_TOKEN_HEADER]: await tenantTokenOf('ch') },
    });
    expect(login.status).toBe(403);
  });

  it('refuses another website\'s tenant token on GraphQL in GraphQL\'s error shape, and lets the right one through', async () => {
    const wrong = await gql(server, '{ storeConfig { store_code } }', {}, { store: 'gb', headers: { [TENANT_TOKEN_HEADER]: await tenantTokenOf('de') } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    const right = await gql(server, '{ storeConfig { store_code } }', {}, { store: 'gb', headers: { [TENANT_TOKEN_HEADER]: await tenantTokenOf('gb') } });
    expect(right.body.data.storeConfig.store_code).toBe('gb');
  });
});

describe('the locale header', () => {
  const unauthorised = (language: 'en' | 'de') => say({ code: 'UNAUTHORISED', message: 'Sign in to continue' }, { language, locale: language === 'de' ? 'de_DE' : 'en_GB' });

  it('says a REST error in the page\'s language, and in the store view\'s without a header', async () => {
    const plain = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, { store: 'gb' });
    expect(plain.body.error.message).toBe(unauthorised('en'));
    const german = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, { store: 'gb', headers: { [LOCALE_HEADER]: 'de-DE' } });
    expect(german.status).toBe(401);
    expect(german.body.error.message).toBe(unauthorised('de'));
    expect(german.body.error.message).not.toBe(unauthorised('en'));
    const english = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, { store: 'de', headers: { [LOCALE_HEADER]: 'en_GB' } });
    expect(english.body.error.message).toBe(unauthorised('en'));
  });

  it('ignores a locale it cannot use instead of refusing the call', async () => {
    for (const locale of ['fr-FR', 'de-DE,en;q=0.5', '*', 'x'.repeat(300), 'zz_ZZ']) {
      const res = await restCall(server, 'GET', `/account/users/${ada.uuid}/profile`, undefined, { store: 'de', headers: { [LOCALE_HEADER]: locale } });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(unauthorised('de'));
    }
  });

  it('says a GraphQL error in the page\'s language', async () => {
    const res = await gql(server, '{ customer { email } }', {}, { store: 'gb', headers: { [LOCALE_HEADER]: 'de' } });
    expect(res.body.errors?.[0]?.extensions.code).toBe('UNAUTHORISED');
    expect(res.body.errors?.[0]?.message).toBe(say({ code: 'UNAUTHORISED', message: '' }, { language: 'de', locale: 'de_DE' }));
    expect(res.headers.get('vary')).toMatch(/Locale/);
  });
});
