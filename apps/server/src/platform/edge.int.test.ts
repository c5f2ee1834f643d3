import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, restCall, startTestServer, type TestServer } from '../test/test-app.js';

// The request edge (docs/decisions/0032): same-origin proof for cookie-carried state changes, the
// session cookie's form, NUL refusal, malformed GraphQL, bad encodings, methods, headers, caching.

let server: TestServer;
let https: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  https = await startTestServer({ PUBLIC_BASE_URL: 'https://shop.example' });
});
afterAll(async () => {
  await server?.close();
  await https?.close();
});

const PASSWORD = 'Ember-Test-2026';

async function customer(on: TestServer = server, origin = on.url) {
  const email = `edge+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await restCall(on, 'POST', '/account/users/register', {
    terms_accepted: true, firstname: 'Ada', lastname: 'Lovelace', date_of_birth: '1990-04-12', phone: '07911 123456',
    strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
  }, { store: 'gb' });
  expect(reg.status).toBe(201);
  const login = await fetch(`${on.url}/account/users/authentication/sessions`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } }),
  });
  expect(login.status).toBe(200);
  const setCookie = login.headers.get('set-cookie')!;
  const body = (await login.json()) as { token: string };
  return { uuid: reg.body.user_uuid as string, token: body.token, cookie: setCookie.split(';')[0]!, setCookie };
}

describe('state changes carried by the session cookie', () => {
  it('refuses a cross-site text/plain POST that would cancel the account, and the account stays', async () => {
    const c = await customer();
    const forged = await fetch(`${server.url}/account/users/${c.uuid}/cancel`, {
      method: 'POST', headers: { 'content-type': 'text/plain', origin: 'https://attacker.example', cookie: c.cookie }, body: 'x=1',
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('PERMISSION_DENIED');
    const profile = await restCall(server, 'GET', `/account/users/${c.uuid}/profile`, undefined, { token: c.token });
    expect(profile.status).toBe(200);
  });

  it('refuses a cookie-only state change that proves no origin, and one the browser marks cross-site', async () => {
    const c = await customer();
    const bare = await fetch(`${server.url}/account/users/${c.uuid}/cancel`, { method: 'POST', headers: { cookie: c.cookie } });
    expect(bare.status).toBe(403);
    const crossSite = await fetch(`${server.url}/account/users/${c.uuid}/cancel`, { method: 'POST', headers: { cookie: c.cookie, 'sec-fetch-site': 'same-site' } });
    expect(crossSite.status).toBe(403);
    const suffix = await fetch(`${server.url}/account/users/authentication/sessions/validate`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: c.cookie, origin: `${server.url}.attacker.example` }, body: '{}',
    });
    expect(suffix.status).toBe(403);
  });

  it('accepts the same request from the shop\'s own page, by Origin or by Sec-Fetch-Site', async () => {
    const c = await customer();
    // A form posted from a page whose referrer policy is no-referrer says "Origin: null", but Fetch metadata says same-origin.
    for (const proof of [{ origin: server.url }, { 'sec-fetch-site': 'same-origin' }, { origin: 'null', 'sec-fetch-site': 'same-origin' }] as Array<Record<string, string>>) {
      const res = await fetch(`${server.url}/account/users/authentication/sessions/validate`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie: c.cookie, ...proof }, body: '{}',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ valid: true });
    }
  });

  it('leaves bearer-token clients as they are, with or without an Origin', async () => {
    const c = await customer();
    const res = await restCall(server, 'POST', '/account/users/authentication/sessions/validate', {}, { token: c.token });
    expect(res.status).toBe(200);
  });

  it('refuses a GraphQL mutation riding the cookie from another origin, in GraphQL\'s error shape', async () => {
    const c = await customer();
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', store: 'gb', cookie: c.cookie, origin: 'null' },
      body: JSON.stringify({ query: 'mutation { createEmptyCart }' }),
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('PERMISSION_DENIED');
  });

  it('refuses a text/plain body on every route, with or without a cookie', async () => {
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'text/plain', store: 'gb' }, body: '{"query":"{ storeConfig { code } }"}' });
    expect(res.status).toBe(415);
    const form = await fetch(`${server.url}/account/users/authentication/sessions`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
    expect(form.status).toBe(400);
  });
});

describe('the session cookie', () => {
  it('is __Host- prefixed, Secure, HttpOnly and SameSite=Lax when the public origin is https, though the request came over http', async () => {
    const c = await customer(https, 'https://shop.example');
    expect(c.setCookie).toMatch(/^__Host-ember_session=[^;]+;/);
    expect(c.setCookie).toMatch(/;\s*Secure/i);
    expect(c.setCookie).toMatch(/;\s*HttpOnly/i);
    expect(c.setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(c.setCookie).toMatch(/;\s*Path=\//i);
    expect(c.setCookie).not.toMatch(/Domain=/i);
    const validate = (cookie: string) =>
      fetch(`${https.url}/account/users/authentication/sessions/validate`, {
        method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://shop.example', cookie }, body: '{}',
      }).then((r) => r.json() as Promise<{ valid: boolean }>);
    expect(await validate(c.cookie)).toMatchObject({ valid: true });
    // The bare name is what a plain-http page or a sibling domain could plant: it is not read.
    expect(await validate(c.cookie.replace('__Host-', ''))).toMatchObject({ valid: false });
  });

  it('on an https shop, refuses the origin the request was merely sent to', async () => {
    const c = await customer(https, 'https://shop.example');
    const res = await fetch(`${https.url}/account/users/authentication/sessions/validate`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: https.url, cookie: c.cookie }, body: '{}',
    });
    expect(res.status).toBe(403);
  });
});

describe('NUL characters', () => {
  const bad = (body: { errors?: Array<{ extensions?: { code?: string; category?: string } }> }) => body.errors?.[0]?.extensions;

  it('refuses a NUL in GraphQL variables, inline literals and GET variables as an input error', async () => {
    const search = 'query ($s: String) { products(search: $s) { total_count } }';
    const viaVariables = await gql(server, search, { s: 'ab\u0000cd' }, { store: 'gb' });
    expect(viaVariables.status).toBe(400);
    expect(bad(viaVariables.body)).toEqual({ category: 'graphql-input', code: 'BAD_REQUEST' });
    const inline = await gql(server, '{ products(search: "ab\\u0000cd") { total_count } }', {}, { store: 'gb' });
    expect(inline.status).toBe(400);
    expect(bad(inline.body)).toMatchObject({ code: 'BAD_REQUEST' });
    const overGet = await gql(server, search, { s: 'ab\u0000cd' }, { store: 'gb', method: 'GET' });
    expect(overGet.status).toBe(400);
    const sku = await gql(server, 'mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: "A\\u0000B", quantity: 1 }]) { cart { id } } }', { c: 'x' }, { store: 'gb' });
    expect(sku.status).toBe(400);
  });

  it('refuses a NUL in a REST path parameter, a query string and a JSON body with 400', async () => {
    const path = await restCall(server, 'GET', '/api/loyalty/orders/ab%00cd');
    expect(path.status).toBe(400);
    expect(path.body.error.code).toBe('BAD_REQUEST');
    const query = await restCall(server, 'GET', '/dev/mailbox/messages?recipient=a%00b');
    expect(query.status).toBe(400);
    const body = await restCall(server, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: 'a\u0000@example.com', password: 'x' } });
    expect(body.status).toBe(400);
    expect(body.body.error.code).toBe('BAD_REQUEST');
  });
});

describe('malformed GraphQL requests', () => {
  const post = (body: string, type = 'application/json') =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': type, store: 'gb' }, body });

  it('answers 400 for a query that is no string, a JSON body sent as application/graphql and a batch', async () => {
    for (const [body, type] of [
      ['{"query":123}', 'application/json'],
      ['{"query":{"kind":"Document","definitions":[]}}', 'application/json'],
      ['{"query":"{ storeConfig { code } }"}', 'application/graphql'],
      ['[{"query":"{ storeConfig { code } }"}]', 'application/json'],
      ['{"query":"{ storeConfig { code } }","variables":[1]}', 'application/json'],
      ['{}', 'application/json'],
    ] as const) {
      const res = await post(body, type);
      expect(res.status, body).toBe(400);
      const json = (await res.json()) as { errors: Array<{ extensions: { category: string } }> };
      expect(json.errors[0]!.extensions.category, body).toBe('graphql-input');
    }
  });

  it('answers a mutation over GET with 405 and Allow: POST', async () => {
    const res = await gql(server, 'mutation { createEmptyCart }', {}, { store: 'gb', method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('refuses a cart mutation whose input object is left out, as Magento does, instead of failing inside', async () => {
    const res = await gql(server, 'mutation { removeCouponFromCart { cart { id } } }', {}, { store: 'gb' });
    expect(res.body.data).toEqual({ removeCouponFromCart: null });
    expect(res.body.errors?.[0]).toMatchObject({ message: 'Required parameter "input" is missing', extensions: { category: 'graphql-input', code: 'BAD_REQUEST' } });
    const optional = await gql(server, 'mutation { createEmptyCart }', {}, { store: 'gb' });
    expect(optional.body.data?.createEmptyCart).toEqual(expect.any(String));
  });

  it('answers a page lookup by a slug no page can have as "no such entity", which a product page tolerates', async () => {
    const res = await gql(server, '{ marketingPage(slug: "a/b") { title } cmsPage(identifier: "A_B") { title } }', {}, { store: 'gb' });
    expect(res.body.errors?.map((e) => e.extensions?.category)).toEqual(['graphql-no-such-entity', 'graphql-no-such-entity']);
  });
});

/** A raw HTTP request, for methods and paths fetch refuses to send. */
function raw(method: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('methods, encodings and headers', () => {
  it('answers TRACE and TRACK with 405 everywhere, with the security headers', async () => {
    for (const method of ['TRACE', 'TRACK']) {
      for (const path of ['/', '/graphql', '/account/users/register']) {
        const res = await raw(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBeTruthy();
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });

  it('answers a malformed percent-encoding with 400 and an over-long parameter with 404, in the shop\'s error shape', async () => {
    const badEncoding = await raw('GET', '/api/loyalty/orders/ab%ffcd');
    expect(badEncoding.status).toBe(400);
    expect(JSON.parse(badEncoding.body).error.code).toBe('BAD_REQUEST');
    expect(badEncoding.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const long = await raw('GET', `/api/loyalty/orders/${'a'.repeat(500)}`);
    expect(long.status).toBe(404);
    expect(long.headers['strict-transport-security']).toContain('includeSubDomains');
  });

  it('sends the security headers on 404s, refusals, REST and GraphQL answers', async () => {
    const answers = [
      await fetch(`${server.url}/no/such/route`),
      await fetch(`${server.url}/graphql?query=%7BstoreConfig%7Bcode%7D%7D`),
      await fetch(`${server.url}/api/loyalty/orders/x`),
      await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":1}' }),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), res.url).toMatch(/max-age=31536000; includeSubDomains/);
      expect(res.headers.get('content-security-policy'), res.url).toContain("object-src 'none'");
      expect(res.headers.get('referrer-policy'), res.url).toBeTruthy();
      expect(res.headers.get('content-type'), res.url).toMatch(/charset=utf-8/);
    }
  });

  it('reflects no unlisted origin in CORS headers, for reads, writes and preflights', async () => {
    for (const origin of ['https://attacker.example', 'null', `${server.url}.attacker.example`]) {
      for (const init of [
        { method: 'GET' },
        { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } },
      ]) {
        const res = await fetch(`${server.url}/graphql?query=%7BstoreConfig%7Bcode%7D%7D`, { ...init, headers: { ...(init.headers ?? {}), origin } });
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      }
    }
  });
});

describe('caching of GraphQL answers', () => {
  const read = '{ customer { email } }';

  it('marks every answer to a signed-in customer private and unstored, by bearer or cookie, GET or POST', async () => {
    const c = await customer();
    const bearerGet = await fetch(`${server.url}/graphql?query=${encodeURIComponent(read)}`, { headers: { authorization: `Bearer ${c.token}`, store: 'gb' } });
    const cookieGet = await fetch(`${server.url}/graphql?query=${encodeURIComponent(read)}`, { headers: { cookie: c.cookie, store: 'gb' } });
    const cookiePost = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { cookie: c.cookie, origin: server.url, store: 'gb', 'content-type': 'application/json' }, body: JSON.stringify({ query: read }) });
    for (const res of [bearerGet, cookieGet, cookiePost]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('vary')).toMatch(/Authorization/);
      expect(res.headers.get('vary')).toMatch(/Cookie/);
      expect(res.headers.get('vary')).toMatch(/Store/);
    }
  });

  it('leaves an anonymous read cacheable, varying by who asks', async () => {
    const res = await fetch(`${server.url}/graphql?query=%7BstoreConfig%7Bcode%7D%7D`, { headers: { store: 'gb' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/no-store|private/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
  });
});
