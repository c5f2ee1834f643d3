import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '@ember/test-support';
import { startTestServer, testDb, type TestServer } from '../test/test-app.js';
import { expectInvariants } from './security-fixtures.js';

/*
 * Checklist item 1: a refused ownership check leaves one warn line, `event: access.denied`, naming
 * the route's pattern, the method and the caller, and never the caller's token or e-mail address
 * nor the uuid they tried. The answer stays the one a uuid nobody has gets.
 */

const lines: Record<string, unknown>[] = [];
let server: TestServer;
let a: TestCustomer;
let b: TestCustomer;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } });
  a = await createCustomer(server);
  b = await createCustomer(server);
});
afterAll(async () => {
  await server.close();
  // The global invariants hold after everything this file did (checklist I1–I6).
  expect(await expectInvariants(await testDb())).toEqual([]);
});

/** A route naming a customer (in the path, or for payments in the body), its pattern and method. */
const ROUTES: { method: string; route: string; path: (uuid: string) => string; body?: (uuid: string) => unknown }[] = [
  { method: 'GET', route: '/account/users/:uuid/profile', path: (u) => `/account/users/${u}/profile` },
  { method: 'PATCH', route: '/account/users/:uuid/profile', path: (u) => `/account/users/${u}/profile`, body: () => ({ firstname: 'Mallory' }) },
  { method: 'GET', route: '/api/loyalty/consumers/:uuid', path: (u) => `/api/loyalty/consumers/${u}` },
  { method: 'POST', route: '/loyalty-legacy/customers/:id/eligible-campaigns', path: (u) => `/loyalty-legacy/customers/${u}/eligible-campaigns`, body: () => ({}) },
  { method: 'GET', route: '/referral/customer/:id', path: (u) => `/referral/customer/${u}` },
  { method: 'PUT', route: '/api/payments/generate-token', path: () => '/api/payments/generate-token', body: (u) => ({ customer_uuid: u, order_id: '100000001' }) },
];

/** The raw answer as a client receives it, with the request's own id taken out. */
async function send(r: (typeof ROUTES)[number], uuid: string, token: string) {
  const body = r.body?.(uuid);
  const res = await fetch(`${server.url}${r.path(uuid)}`, {
    method: r.method,
    headers: { authorization: `Bearer ${token}`, store: 'gb', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const requestId = res.headers.get('x-request-id')!;
  const text = await res.text();
  return { requestId, answer: { status: res.status, type: res.headers.get('content-type'), text: text.replaceAll(requestId, '<id>') } };
}

const deniedLines = (requestId: string) => lines.filter((l) => l.reqId === requestId && l.event === 'access.denied');

describe('refused ownership checks in the log', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.route}`, r] as const))(
    'logs %s with another customer\'s uuid once at warn, naming route, method and caller but no token, e-mail or the uuid tried',
    async (_name, r) => {
      const foreign = await send(r, b.uuid, a.token);
      const missingUuid = randomUUID();
      const missing = await send(r, missingUuid, a.token);
      // Refused exactly as a uuid nobody has: same status, same bytes.
      expect(foreign.answer.status).toBe(404);
      expect(foreign.answer).toEqual(missing.answer);

      const [line, ...more] = deniedLines(foreign.requestId);
      expect(more).toEqual([]);
      expect(line).toMatchObject({ level: 40, event: 'access.denied', route: r.route, method: r.method, reason: 'not-owner', user: a.uuid, msg: 'access denied' });
      const written = JSON.stringify(line);
      for (const secret of [a.token, a.email, b.email, b.uuid]) expect(written).not.toContain(secret);
      // A uuid nobody has is refused by the same check and logged the same way.
      expect(deniedLines(missing.requestId)).toHaveLength(1);
      expect(JSON.stringify(deniedLines(missing.requestId)[0])).not.toContain(missingUuid);
    },
  );

  it('logs nothing when customers read their own records', async () => {
    const own = await send(ROUTES[0]!, a.uuid, a.token);
    expect(own.answer.status).toBe(200);
    expect(deniedLines(own.requestId)).toEqual([]);
    expect(lines.filter((l) => l.reqId === own.requestId && (l.level as number) >= 40)).toEqual([]);
  });
});
