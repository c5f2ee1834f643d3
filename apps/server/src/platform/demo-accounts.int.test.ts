import { describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../test/test-app.js';
import { DEMO_CUSTOMERS, DEMO_PASSWORD, seedDemoCustomers } from './demo-accounts.js';

describe('demo customers', () => {
  let server: TestServer;
  serveForSuite((s) => (server = s));

  const login = (store: string, email: string, password: string) =>
    fetch(`${server.url}/account/users/authentication/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', store },
      body: JSON.stringify({ strategy: 'email_password', strategy_data: { identifier: email, password } }),
    });

  it('signs each market’s demo customer in with the documented password after the demo brand is seeded', async () => {
    for (const c of DEMO_CUSTOMERS) {
      const res = await login(c.store, c.email, DEMO_PASSWORD);
      expect(res.status, c.email).toBe(200);
      const body = (await res.json()) as { user_uuid: string };
      const profile = await fetch(`${server.url}/account/users/${body.user_uuid}/profile`, { headers: { store: c.store, cookie: res.headers.getSetCookie().map((v) => v.split(';')[0]).join('; ') } });
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { personalInfo: { email: string } }).personalInfo.email).toBe(c.email);
    }
    expect((await login('gb', DEMO_CUSTOMERS[0].email, 'Not-The-Password-1')).status).toBe(401);
  });

  it('creates no demo customer in LIVE mode and leaves existing ones alone in TEST mode', async () => {
    const registered: string[] = [];
    const identity = {
      prepareRegistration: async (input: { strategy_data: { identifier: string } }) => input,
      register: async (_tx: unknown, input: { strategy_data: { identifier: string } }) => {
        registered.push(input.strategy_data.identifier);
        return { user_uuid: '00000000-0000-4000-8000-000000000000', created: true };
      },
      registered: (err: unknown) => {
        throw err;
      },
    } as unknown as Parameters<typeof seedDemoCustomers>[1]['identity'];
    expect(await seedDemoCustomers(server.app.db, { identity }, { STORE_MODE: 'LIVE' })).toBe(0);
    expect(registered).toEqual([]);
    expect(await seedDemoCustomers(server.app.db, { identity }, { STORE_MODE: 'TEST' })).toBe(DEMO_CUSTOMERS.length);
    expect(registered).toEqual(DEMO_CUSTOMERS.map((c) => c.email));
    // Against the real service the accounts exist already: a second run creates none and does not fail.
    expect(await seedDemoCustomers(server.app.db, server.app.services, { STORE_MODE: 'TEST' })).toBe(0);
  });
});
