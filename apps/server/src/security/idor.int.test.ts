import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { restCall, serveForSuite, type TestServer } from '../test/test-app.js';
import { ADDRESS, addAddress, comparable, registerCustomer, snapshotCustomer, type Customer } from './security-fixtures.js';

/*
 * Checklist item 1: every REST route that names a customer in its path (or, for two routes, in its
 * body) is called as customer A with B's uuid, with a well-formed uuid nobody has, and anonymously.
 * The routes come from the served OpenAPI document, so a new customer route without a row here
 * fails the suite instead of going untested.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

/** Path parameters that are not a customer: verification items, payments, QR codes, orders of the caller's session. */
const NOT_A_CUSTOMER = [
  /^\/api\/action-verifications\/items\/\{uuid\}/, /^\/verification-legacy\//, /^\/age-verification\/verifications\/\{uuid\}/,
  /^\/age-verification\/test-provider\//, /^\/api\/payments\/\{uuid\}/, /^\/payments-legacy\/payment\/\{id\}/,
  /^\/api\/loyalty\/earnings\/qr-code\/\{id\}/, /^\/loyalty-legacy\/qr-code\/\{id\}/, /^\/loyalty-legacy\/orders\/\{id\}/,
  /^\/profile\/wallet\/passes\/\{token\}/, /^\/account\/users\/authentication\/password\/change\/\{token\}/,
];

/** A body each route accepts, so the request passes validation and reaches the ownership check. */
const BODIES: Record<string, unknown> = {
  'PATCH /account/users/{uuid}/custom-attributes': { attributes: [{ code: 'preferred_flavour', value: 'mint' }] },
  'POST /account/users/{uuid}/custom-attributes': { attributes: [{ code: 'preferred_flavour', value: 'mint' }] },
  'PATCH /account/users/{uuid}/profile': { firstname: 'Mallory' },
  'POST /account/users/{uuid}/addresses': ADDRESS,
  'PUT /account/users/{uuid}/addresses/{id}': { ...ADDRESS, city: 'Elsewhere' },
  'POST /account/users/{uuid}/profile/wallet': { type: 'apple' },
  'POST /account-legacy/update-profile/personal-details/{uuid}': { firstname: 'Mallory' },
  'POST /account-legacy/consumers/{uuid}/change-password': { email: 'x@example.com', old_password: 'Audit-Pass-2026', new_password: 'Taken-Over-2026', new_password_confirmation: 'Taken-Over-2026' },
  'POST /account-legacy/update-profile/addresses/{uuid}': ADDRESS,
  'PUT /account-legacy/update-profile/addresses/{uuid}/{id}': { ...ADDRESS, city: 'Elsewhere' },
  'POST /account-legacy/profile/{uuid}/wallet': { type: 'apple' },
  'POST /account-legacy/request-update-email/{uuid}': { email: 'mallory@example.com' },
  'POST /account-legacy/update-profile/phone/{uuid}': { phone: '+447911000111', pvs_uuid: randomUUID() },
  'PATCH /account-legacy/update-profile/custom-attributes/{uuid}': { attributes: [{ code: 'preferred_flavour', value: 'mint' }] },
  'POST /account/users/{uuid}/deactivate': { reason: 'Taken over' },
  'POST /account/users/{uuid}/profile/email/request-update': { email: 'mallory@example.com' },
  'PATCH /account/users/{uuid}/profile/phone': { phone: '+447911000111', pvs_uuid: randomUUID() },
  'POST /account/users/{uuid}/profile/phone': { phone: '+447911000111', pvs_uuid: randomUUID() },
  'PATCH /consent/users/{uuid}/consents': { consents: [{ purpose_id: 'marketing_email', granted: true }] },
  'PATCH /account/users/{uuid}/consents': { consents: [{ purpose_id: 'marketing_email', granted: true }] },
  'POST /account/users/{uuid}/av': { age_verification_uuid: randomUUID() },
  'POST /account-legacy/profile/{uuid}/verify-age': { age_verification_uuid: randomUUID() },
  'POST /api/loyalty/consumers/{uuid}/earnings/article': { article_id: 'welcome' },
  'POST /api/loyalty/consumers/{uuid}/earnings/qr-code': { qr_code_id: 'QRCODE01' },
  'POST /api/loyalty/consumers/{uuid}/reward': { reward_uuid: randomUUID() },
  'POST /loyalty-legacy/customers/{id}/eligible-campaigns': {},
  'POST /loyalty-legacy/customers/{id}/points/history': { page: 1, perPage: 10 },
};

/** Query strings the GET routes require. */
const QUERIES: Record<string, string> = {
  'GET /account/users/{uuid}/profile/wallet': '?type=apple',
  'GET /account-legacy/profile/{uuid}/wallet': '?type=apple',
};

interface Route {
  method: string;
  template: string;
  body?: unknown;
  query: string;
}

async function customerRoutes(): Promise<Route[]> {
  const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const routes: Route[] = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    if (!/\{(uuid|id)\}/.test(template) || NOT_A_CUSTOMER.some((re) => re.test(template))) continue;
    for (const method of Object.keys(ops)) {
      const key = `${method.toUpperCase()} ${template}`;
      routes.push({ method: method.toUpperCase(), template, body: BODIES[key] ?? (method === 'get' || method === 'delete' ? undefined : {}), query: QUERIES[key] ?? '' });
    }
  }
  return routes;
}

/** Fills the customer and the second id (an address id, an order reference) into a route template. */
function pathFor(r: Route, customer: string, addressId: number): string {
  return r.template
    .replace(/\{(uuid)\}|(?<=\/(?:customer|customers|profile|achievements|referrer)\/)\{id\}/, customer)
    .replace('{id}', String(addressId))
    .replace('{ref}', 'GB000000001') + r.query;
}

let a: Customer;
let b: Customer;
let bAddress: number;
let routes: Route[];

beforeAll(async () => {
  [a, b] = await Promise.all([registerCustomer(server), registerCustomer(server)]);
  bAddress = await addAddress(server, b);
  routes = await customerRoutes();
});

describe('access to another customer by uuid (checklist 1)', () => {
  it('finds every account, consent, complaint, age, invoice, loyalty and referral route that names a customer', () => {
    const templates = new Set(routes.map((r) => r.template));
    for (const t of [
      '/account/users/{uuid}/profile', '/account/users/{uuid}/addresses/{id}', '/account/users/{uuid}/cancel', '/account-legacy/cancel-account/{uuid}',
      '/account/users/{uuid}/consents', '/account/users/{uuid}/complaints', '/account/users/{uuid}/av', '/account/users/{uuid}/orders/{ref}/invoice',
      '/api/loyalty/consumers/{uuid}/points', '/loyalty-legacy/customers/{id}/points/history', '/referral/customer/{id}', '/referral/referrer/{id}/stats',
    ]) expect(templates).toContain(t);
    expect(routes.length).toBeGreaterThan(50);
  });

  it("answers customer A on B's uuid exactly as on a uuid nobody has, on every route, and B is unchanged", async () => {
    const before = await snapshotCustomer(db, b);
    const nobody = randomUUID();
    const reached: string[] = [];
    for (const r of routes) {
      const asB = await restCall(server, r.method, pathFor(r, b.uuid, bAddress), r.body, { token: a.token, store: 'gb' });
      const asNobody = await restCall(server, r.method, pathFor(r, nobody, bAddress), r.body, { token: a.token, store: 'gb' });
      expect(comparable(asB), `${r.method} ${r.template}`).toEqual(comparable(asNobody));
      expect(asB.status, `${r.method} ${r.template} ${JSON.stringify(asB.body)}`).toBe(404);
      reached.push(r.template);
    }
    expect(reached.length).toBe(routes.length);
    expect(await snapshotCustomer(db, b)).toEqual(before);
  });

  it("answers an anonymous caller 401 on B's uuid and on a uuid nobody has alike, and B is unchanged", async () => {
    const before = await snapshotCustomer(db, b);
    const nobody = randomUUID();
    for (const r of routes) {
      const asB = await restCall(server, r.method, pathFor(r, b.uuid, bAddress), r.body, { store: 'gb' });
      const asNobody = await restCall(server, r.method, pathFor(r, nobody, bAddress), r.body, { store: 'gb' });
      expect(comparable(asB), `${r.method} ${r.template}`).toEqual(comparable(asNobody));
      expect(asB.status, `${r.method} ${r.template}`).toBe(401);
    }
    expect(await snapshotCustomer(db, b)).toEqual(before);
  });

  it("refuses B's uuid named in the body of a prize purchase or a referral parent like a uuid nobody has, and B is unchanged", async () => {
    const before = await snapshotCustomer(db, b);
    const prize = (uuid: string) => restCall(server, 'POST', '/loyalty-legacy/prizes/buy', { consumer_uuid: uuid, prize_uuid: randomUUID() }, { token: a.token, store: 'gb' });
    const parent = (uuid: string) => restCall(server, 'PUT', '/referral/customer', { uuid, referral_code: 'ABCDEF12' }, { token: a.token, store: 'gb' });
    for (const call of [prize, parent]) {
      const asB = await call(b.uuid);
      expect(asB.status).toBe(404);
      expect(comparable(asB)).toEqual(comparable(await call(randomUUID())));
    }
    expect(await snapshotCustomer(db, b)).toEqual(before);
  });

  it("never lets A's own uuid reach B's address by its id", async () => {
    const before = await snapshotCustomer(db, b);
    const otherId = 2_000_000_000;
    for (const [method, path, body] of [
      ['PUT', `/account/users/${a.uuid}/addresses/${bAddress}`, { ...ADDRESS, city: 'Elsewhere' }],
      ['DELETE', `/account/users/${a.uuid}/addresses/${bAddress}`, undefined],
      ['PUT', `/account/users/${a.uuid}/addresses/billing/${bAddress}`, undefined],
      ['PUT', `/account-legacy/update-profile/addresses/${a.uuid}/${bAddress}`, { ...ADDRESS, city: 'Elsewhere' }],
      ['DELETE', `/account-legacy/update-profile/addresses/${a.uuid}/${bAddress}`, undefined],
    ] as const) {
      const foreign = await restCall(server, method, path, body, { token: a.token, store: 'gb' });
      const missing = await restCall(server, method, path.replace(new RegExp(`/${bAddress}$`), `/${otherId}`), body, { token: a.token, store: 'gb' });
      expect(foreign.status, `${method} ${path}`).toBe(404);
      expect(comparable(foreign)).toEqual(comparable(missing));
    }
    expect(await snapshotCustomer(db, b)).toEqual(before);
  });
});
