import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, restCall } from '../../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const call = (method: string, path: string, body?: unknown, token?: string) => restCall(server, method, path, body, { token, store: 'gb' });

/** One account family, seen from the storefront: the calls of a customer's life in its paths and field names. */
interface Family {
  name: string;
  register(email: string, password: string): Promise<{ status: number; uuid?: string }>;
  login(email: string, password: string): Promise<{ status: number; uuid?: string; token?: string }>;
  profile(uuid: string, token?: string): Promise<{ status: number; body: any }>;
  updateDetails(uuid: string, token: string, firstname: string): Promise<number>;
  addAddress(uuid: string, token: string, city: string): Promise<{ status: number; id?: number }>;
  setDefaultShipping(uuid: string, token: string, id: number): Promise<number>;
  changePassword(uuid: string, token: string, email: string, current: string, next: string): Promise<number>;
  logout(token: string): Promise<number>;
  validate(token: string): Promise<boolean>;
  deactivate(uuid: string, token: string): Promise<{ status: number; code?: string }>;
}

const address = (city: string) => ({ firstname: 'A', lastname: 'B', street: ['2 Lane'], city, postcode: 'EH1 1AA', country_code: 'GB' });

const second: Family = {
  name: 'second family (/account/users)',
  register: async (email, password) => {
    const r = await call('POST', '/account/users/register', { terms_accepted: true, firstname: 'Grace', lastname: 'Hopper', date_of_birth: '1986-12-09', strategy: 'email_password', strategy_data: { identifier: email, password } });
    return { status: r.status, uuid: r.body?.user_uuid };
  },
  login: async (email, password) => {
    const r = await call('POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password } });
    return { status: r.status, uuid: r.body?.user_uuid, token: r.body?.token };
  },
  profile: (uuid, token) => call('GET', `/account/users/${uuid}/profile`, undefined, token),
  updateDetails: async (uuid, token, firstname) => (await call('PATCH', `/account/users/${uuid}/profile`, { firstname }, token)).status,
  addAddress: async (uuid, token, city) => {
    const r = await call('POST', `/account/users/${uuid}/addresses`, address(city), token);
    return { status: r.status, id: r.body?.id };
  },
  setDefaultShipping: async (uuid, token, id) => (await call('PUT', `/account/users/${uuid}/addresses/shipping/${id}`, undefined, token)).status,
  changePassword: async (_uuid, token, _email, current, next) =>
    (await call('POST', '/profile/change-password', { current_password: current, new_password: next, new_password_confirmation: next }, token)).status,
  logout: async (token) => (await call('DELETE', '/account/users/authentication/sessions', undefined, token)).status,
  validate: async (token) => (await call('POST', '/account/users/authentication/sessions/validate', { token })).body.valid,
  deactivate: async () => ({ status: 0 }),
};

const legacy: Family = {
  name: 'legacy family (/account-legacy)',
  register: async (email, password) => {
    const r = await call('POST', '/account-legacy/register', { terms_accepted: true, firstname: 'Grace', lastname: 'Hopper', dob: '1986-12-09', email, password });
    return { status: r.status, uuid: r.body?.uuid };
  },
  login: async (email, password) => {
    const r = await call('POST', '/account-legacy/login', { email, password });
    return { status: r.status, uuid: r.body?.uuid, token: r.body?.session_token };
  },
  profile: (uuid, token) => call('GET', `/account-legacy/profile/${uuid}`, undefined, token),
  updateDetails: async (uuid, token, firstname) => (await call('POST', `/account-legacy/update-profile/personal-details/${uuid}`, { firstname }, token)).status,
  addAddress: async (uuid, token, city) => {
    const r = await call('POST', `/account-legacy/update-profile/addresses/${uuid}`, address(city), token);
    return { status: r.status, id: r.body?.id };
  },
  setDefaultShipping: async (uuid, token, id) => (await call('PUT', `/account-legacy/update-profile/addresses/${uuid}/${id}/set-default-shipping`, undefined, token)).status,
  changePassword: async (uuid, token, email, current, next) =>
    (await call('POST', `/account-legacy/consumers/${uuid}/change-password`, { email, old_password: current, new_password: next, new_password_confirmation: next }, token)).status,
  logout: async (token) => (await call('POST', '/account-legacy/logout', undefined, token)).status,
  validate: async (token) => (await call('POST', '/account-legacy/validate-session', { token })).body.valid,
  deactivate: async (uuid, token) => {
    const r = await call('POST', `/account-legacy/deactivate/${uuid}`, undefined, token);
    return { status: r.status, code: r.body?.error?.code };
  },
};

describe.each([second, legacy])('the same customer journey through the $name', (family) => {
  it('registers, logs in, edits details and addresses, changes the password, logs out, and refuses strangers', async () => {
    const email = `family+${randomUUID().slice(0, 8)}@example.com`;
    const password = 'First-Pass-1';
    const reg = await family.register(email, password);
    expect(reg.status).toBe(201);
    // A second registration of the address answers like the first (checklist 11) and opens no account.
    const twice = await family.register(email, password);
    expect([twice.status, twice.uuid === reg.uuid]).toEqual([201, false]);
    expect((await family.login(email, 'Wrong-Pass-1')).status).toBe(401);
    const s = await family.login(email, password);
    expect(s).toMatchObject({ status: 200, uuid: reg.uuid });
    expect(await family.validate(s.token!)).toBe(true);

    expect(await family.updateDetails(reg.uuid!, s.token!, 'Amazing Grace')).toBe(200);
    const one = await family.addAddress(reg.uuid!, s.token!, 'Edinburgh');
    const two = await family.addAddress(reg.uuid!, s.token!, 'Glasgow');
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(await family.setDefaultShipping(reg.uuid!, s.token!, two.id!)).toBe(200);
    const profile = await family.profile(reg.uuid!, s.token!);
    expect(profile.body.personalInfo.firstname).toBe('Amazing Grace');
    expect(profile.body.addresses.find((a: any) => a.is_default_shipping).city).toBe('Glasgow');

    // Another customer cannot read this profile (a missing uuid answers the same); anonymous gets 401.
    const otherEmail = `other+${randomUUID().slice(0, 8)}@example.com`;
    await family.register(otherEmail, password);
    const other = await family.login(otherEmail, password);
    expect((await family.profile(reg.uuid!, other.token!)).status).toBe(404);
    expect((await family.profile(randomUUID(), other.token!)).status).toBe(404);
    expect((await family.profile(reg.uuid!)).status).toBe(401);

    expect(await family.changePassword(reg.uuid!, s.token!, email, password, 'Second-Pass-2')).toBe(204);
    expect((await family.login(email, password)).status).toBe(401);
    const again = await family.login(email, 'Second-Pass-2');
    expect(again.status).toBe(200);

    expect(await family.logout(again.token!)).toBe(204);
    expect(await family.validate(again.token!)).toBe(false);
    expect((await family.profile(reg.uuid!, again.token!)).status).toBe(401);
  });
});

describe('families agree', () => {
  it('a customer registered through one family signs in through the other and sees the same profile', async () => {
    const email = `both+${randomUUID().slice(0, 8)}@example.com`;
    const reg = await legacy.register(email, 'Shared-Pass-3');
    const s = await second.login(email, 'Shared-Pass-3');
    const l = await legacy.login(email, 'Shared-Pass-3');
    const a = await second.profile(reg.uuid!, s.token!);
    const b = await legacy.profile(reg.uuid!, l.token!);
    expect(a.body).toEqual(b.body);
  });

  it('the legacy family answers deactivation with its refusal', async () => {
    const email = `deact+${randomUUID().slice(0, 8)}@example.com`;
    const reg = await legacy.register(email, 'Shared-Pass-3');
    const s = await legacy.login(email, 'Shared-Pass-3');
    expect(await legacy.deactivate(reg.uuid!, s.token!)).toEqual({ status: 501, code: 'NOT_AVAILABLE' });
  });

  it('both families refuse another customer\'s uuid like a missing one', async () => {
    const a = await second.register(`a+${randomUUID().slice(0, 8)}@example.com`, 'Shared-Pass-3');
    const bEmail = `b+${randomUUID().slice(0, 8)}@example.com`;
    await second.register(bEmail, 'Shared-Pass-3');
    const b = await second.login(bEmail, 'Shared-Pass-3');
    for (const family of [second, legacy]) {
      const stranger = await family.profile(a.uuid!, b.token!);
      const missing = await family.profile(randomUUID(), b.token!);
      expect([stranger.status, stranger.body.error.code]).toEqual([404, 'NOT_FOUND']);
      expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    }
  });
});
