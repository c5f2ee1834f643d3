import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { serveForSuite, type TestServer } from '../test/test-app.js';
import { PASSWORD, registerCustomer } from './security-fixtures.js';

/*
 * Checklist items 10 and 47: password guessing is counted per account and per client address, and
 * the forwarding headers a client can set (X-Forwarded-For, X-Real-IP, Forwarded, True-Client-IP)
 * give it no fresh budget: without trusted proxy hops the address is the connection's.
 */

let server: TestServer;
let db: Db;
// RATE_LIMIT_IP_FACTOR 1: the production per-address budgets (the suites share 127.0.0.1 and raise them).
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { RATE_LIMIT_IP_FACTOR: '1' });

async function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { store: 'gb', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe('password guessing behind forged client addresses (checklists 10 and 47)', () => {
  it("refuses the right password once the account's ten attempts are spent, with 429 and Retry-After, however the client address is forged", async () => {
    const c = await registerCustomer(server);
    const forgeries = (i: number): Record<string, string> => ({
      'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}`, forwarded: `for=192.0.2.${i}`, 'true-client-ip': `192.0.2.${i}`, 'user-agent': `agent-${i}`,
    });
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call('POST', '/account/users/authentication/sessions', { headers: forgeries(i), body: { strategy: 'email_password', strategy_data: { identifier: c.email, password: `Wrong-Guess-${i}` } } });
      answers.push(res.status);
    }
    // Ten sign-in attempts per account in 15 minutes (the registration's own sign-in is one of them).
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(answers.slice(9)).toEqual([429, 429, 429]);
    const right = await call('POST', '/account/users/authentication/sessions', { headers: forgeries(99), body: { strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } } });
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe('RATE_LIMITED');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.body.token).toBeUndefined();
    // The guesses opened no session.
    const sessions = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity_session WHERE user_uuid = $1', [c.uuid]);
    expect(sessions.rows[0]!.n).toBe(1);
  });

  it('counts one client address across many accounts, and forged forwarding headers do not give it a fresh budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await call('POST', '/account/users/authentication/sessions', {
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
        body: { strategy: 'email_password', strategy_data: { identifier: `nobody+${randomUUID().slice(0, 8)}@example.com`, password: 'Wrong-Guess-1' } },
      });
      statuses.push(res.status);
    }
    // The production budget is 30 attempts per address in ten minutes (platform limits), minus what earlier tests in this file used.
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
  });

});
