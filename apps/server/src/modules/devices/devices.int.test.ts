import { randomBytes, randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_CHECK_HEADER, DeviceSchema, deviceCodeWithCheck, hasValidCheckCharacter } from '@ember/contracts';
import { createCustomer, type TestCustomer } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BOT = { BOT_CHECK_COST: '1', BOT_CHECK_MAX_NUMBER: '400' };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(BOT);
});
afterAll(async () => {
  await server?.close();
});

/** A new device in the registry (a fresh serial of the model), unregistered. */
export async function freshSerial(s: TestServer, model = 'EMBER-ONE-SLATE'): Promise<string> {
  const prefix = model.startsWith('EMBER-NOVA') ? 'EN' : 'E1';
  const body = prefix + Array.from(randomBytes(9), (b) => ALPHABET[b % 36]).join('');
  const serial = deviceCodeWithCheck(body);
  await s.app.db.query(`INSERT INTO devices_device (serial, model_code, random_code, tracking_code) VALUES ($1, $2, 'ABC123', $3)`, [serial, model, `TRK-${serial}`]);
  return serial;
}

/** A well-formed code (right check character) that the registry does not hold. */
function unknownSerial(): string {
  return deviceCodeWithCheck('Z9' + Array.from(randomBytes(9), (b) => ALPHABET[b % 36]).join(''));
}

/** The same code with one character changed: the check character no longer matches. */
function typo(serial: string): string {
  const i = 5;
  const swapped = serial[i] === 'A' ? 'B' : 'A';
  return serial.slice(0, i) + swapped + serial.slice(i + 1);
}

/** A solved bot-check token, as the browser widget hands it over. */
export async function solvedToken(s: TestServer): Promise<string> {
  const challenge = (await restCall(s, 'GET', '/api/devices/bot-check')).body;
  expect(challenge.provider).toBe('altcha');
  const solution = await solveChallenge({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

const register = (c: TestCustomer, deviceId: string, store = 'gb', consumerId: string | null = c.uuid) =>
  restCall(server, 'POST', '/api/devices', consumerId === null ? { deviceId } : { consumerId, deviceId }, { token: c.token, store });

const externalId = () => `guest-${randomUUID()}`;

describe('devices: registration by a customer', () => {
  it('registers a device (202) with every spec field, the warranty of the market, and marks the session user', async () => {
    const c = await createCustomer(server);
    const validate = () => restCall(server, 'POST', '/account/users/authentication/sessions/validate', { token: c.token });
    expect((await validate()).body.is_device_registered).toBe(false);
    const serial = await freshSerial(server);
    const r = await register(c, serial.toLowerCase().replace(/(.{4})/g, '$1 '));
    expect(r.status).toBe(202);
    expect(r.body.status).toBe('accepted');
    const d = DeviceSchema.parse(r.body.device);
    expect(d).toMatchObject({
      deviceId: serial, consumerId: c.uuid, userId: c.uuid, externalId: null, countryCode: 'GB', status: 'assigned',
      productId: 'EMBER-ONE-SLATE', productType: 'EMBER-ONE', productColor: 'slate', productName: 'Ember One', isBluetooth: false, isVirtual: false,
      iotTenantCode: 'EMBER-IOT-EU', tenantCode: 7, tenantCodeString: 'EMBER', randomCode: 'ABC123', trackingCode: `TRK-${serial}`, deviceName: null,
    });
    const registered = new Date(d.registrationDate!);
    const expiry = new Date(registered);
    expiry.setUTCMonth(expiry.getUTCMonth() + 12);
    expect(Math.abs(new Date(d.warrantyExpiryDate!).getTime() - expiry.getTime())).toBeLessThan(2 * 86_400_000);
    expect(d.userAssignmentDate).not.toBeNull();
    expect((await validate()).body.is_device_registered).toBe(true);
    const legacy = await restCall(server, 'POST', '/account-legacy/validate-session', { token: c.token });
    expect(legacy.body.is_device_registered).toBe(true);

    const list = await restCall(server, 'GET', `/api/devices?userId=${c.uuid}`, undefined, { token: c.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((x: { deviceId: string }) => x.deviceId)).toEqual([serial]);
    const one = await restCall(server, 'GET', `/api/devices/${serial}`, undefined, { token: c.token });
    expect(one.status).toBe(200);
    expect(one.body.deviceId).toBe(serial);
    // Registering again is answered as accepted, not as someone else's device.
    expect((await register(c, serial)).status).toBe(202);
  });

  it('gives the German market its own warranty period and says 409 in German', async () => {
    const c = await createCustomer(server, { store: 'de' });
    const serial = await freshSerial(server, 'EMBER-NOVA-ROSE');
    const r = await register(c, serial, 'de');
    expect(r.status).toBe(202);
    const d = r.body.device;
    expect(d.countryCode).toBe('DE');
    const months = (new Date(d.warrantyExpiryDate).getTime() - new Date(d.registrationDate).getTime()) / (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(24);
    const other = await createCustomer(server, { store: 'de' });
    const taken = await register(other, serial, 'de');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'DEVICE_REGISTERED_ELSEWHERE', message: 'Dieses Gerät ist bereits für einen anderen Nutzer registriert.' });
  });

  it('answers 406 for a mistyped code (check character) and for a code the registry does not hold', async () => {
    const c = await createCustomer(server);
    const serial = await freshSerial(server);
    expect(hasValidCheckCharacter(typo(serial))).toBe(false);
    const mistyped = await register(c, typo(serial));
    expect(mistyped.status).toBe(406);
    expect(mistyped.body.error).toMatchObject({ code: 'DEVICE_CODE_INVALID', message: 'Invalid registration code.' });
    expect((await register(c, unknownSerial())).status).toBe(406);
    expect((await register(c, 'short')).status).toBe(406);
    const check = await restCall(server, 'GET', `/api/devices/validation/${typo(serial)}`);
    expect(check.status).toBe(406);
    const good = await restCall(server, 'GET', `/api/devices/validation/${serial}`);
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ deviceId: serial, valid: true, productId: 'EMBER-ONE-SLATE', productType: 'EMBER-ONE', productColor: 'slate', productName: 'Ember One', colorLabel: expect.any(String) });
    // The registry never says who holds a code.
    await register(c, serial);
    const held = await restCall(server, 'GET', `/api/devices/validation/${serial}`);
    expect(held.body).toEqual(good.body);
  });

  it('answers the missing identity with the spec\'s words, no session with 401, another consumer id with 401', async () => {
    const c = await createCustomer(server);
    const serial = await freshSerial(server);
    const noConsumer = await register(c, serial, 'gb', null);
    expect(noConsumer.status).toBe(400);
    expect(noConsumer.body.error.message).toBe('Consumer ID is not defined');
    const noUser = await restCall(server, 'GET', '/api/devices', undefined, { token: c.token });
    expect(noUser.status).toBe(400);
    expect(noUser.body.error.message).toBe('User id is not defined');
    const unassignNoConsumer = await restCall(server, 'PUT', `/api/devices/${serial}/unassign`, {}, { token: c.token });
    expect(unassignNoConsumer.status).toBe(400);
    expect(unassignNoConsumer.body.error.message).toBe('Consumer ID is not defined');
    expect((await restCall(server, 'POST', '/api/devices', { consumerId: c.uuid, deviceId: serial })).status).toBe(401);
    expect((await restCall(server, 'GET', `/api/devices?userId=${c.uuid}`)).status).toBe(401);
    const other = await createCustomer(server);
    const foreign = await register(c, serial, 'gb', other.uuid);
    expect(foreign.status).toBe(401);
    expect((await restCall(server, 'GET', `/api/devices/${serial}`, undefined, { token: c.token })).status).toBe(404);
    // Unknown fields and malformed bodies are 400, never 500.
    expect((await restCall(server, 'POST', '/api/devices', { consumerId: c.uuid, deviceId: serial, userId: c.uuid }, { token: c.token })).status).toBe(400);
    expect((await restCall(server, 'POST', '/api/devices', { consumerId: 'not-a-uuid', deviceId: serial }, { token: c.token })).status).toBe(400);
  });

  it('unassigns (202) and renames its own device; the device is then free to register again', async () => {
    const a = await createCustomer(server);
    const b = await createCustomer(server);
    const serial = await freshSerial(server, 'EMBER-ONE-SAGE');
    await register(a, serial);
    const renamed = await restCall(server, 'PATCH', `/api/devices/${serial}/name`, { consumerId: a.uuid, deviceName: 'Kitchen' }, { token: a.token });
    expect(renamed.status).toBe(202);
    expect(renamed.body.device.deviceName).toBe('Kitchen');
    const off = await restCall(server, 'PUT', `/api/devices/${serial}/unassign`, { consumerId: a.uuid }, { token: a.token });
    expect(off).toMatchObject({ status: 202, body: { status: 'accepted', deviceId: serial } });
    expect((await restCall(server, 'GET', `/api/devices?userId=${a.uuid}`, undefined, { token: a.token })).body.items).toEqual([]);
    const again = await register(b, serial);
    expect(again.status).toBe(202);
    expect(again.body.device).toMatchObject({ consumerId: b.uuid, deviceName: null });
  });
});

describe('devices: another customer\'s device answers like an unknown one', () => {
  it('on every device call', async () => {
    const owner = await createCustomer(server);
    const intruder = await createCustomer(server);
    const serial = await freshSerial(server);
    expect((await register(owner, serial)).status).toBe(202);
    const unknown = unknownSerial();
    const as = (code: string) => ({
      get: () => restCall(server, 'GET', `/api/devices/${code}`, undefined, { token: intruder.token }),
      unassign: () => restCall(server, 'PUT', `/api/devices/${code}/unassign`, { consumerId: intruder.uuid }, { token: intruder.token }),
      reassign: () => restCall(server, 'PATCH', `/api/devices/${code}/consumer`, { consumerId: intruder.uuid }, { token: intruder.token }),
      rename: () => restCall(server, 'PATCH', `/api/devices/${code}/name`, { consumerId: intruder.uuid, deviceName: 'Mine' }, { token: intruder.token }),
      guestUnassign: () => restCall(server, 'PATCH', `/api/devices/guest/${code}/unassign`, { externalId: externalId() }),
    });
    for (const call of ['get', 'unassign', 'reassign', 'rename', 'guestUnassign'] as const) {
      const theirs = await as(serial)[call]();
      const none = await as(unknown)[call]();
      expect(theirs.status, call).toBe(404);
      expect(none.status, call).toBe(404);
      expect(theirs.body.error.code, call).toBe(none.body.error.code);
      expect(theirs.body.error.message, call).toBe(none.body.error.message);
    }
    const list = await restCall(server, 'GET', `/api/devices?userId=${owner.uuid}`, undefined, { token: intruder.token });
    expect(list.status).toBe(404);
    // Nothing changed for the owner.
    const mine = await restCall(server, 'GET', `/api/devices/${serial}`, undefined, { token: owner.token });
    expect(mine.body).toMatchObject({ consumerId: owner.uuid, userId: owner.uuid, deviceName: null, status: 'assigned' });
  });
});

describe('devices: guests and the bot check', () => {
  it('refuses guest registration without a token, with a forged token and with a replayed token', async () => {
    const serial = await freshSerial(server);
    const id = externalId();
    const guest = (token?: string) => restCall(server, 'POST', '/api/devices/guest', { deviceId: serial, externalId: id }, { headers: token ? { [BOT_CHECK_HEADER]: token } : {} });
    const none = await guest();
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('BOT_CHECK_FAILED');
    const good = await solvedToken(server);
    // Forged: a key that was not found by the work, the signature of another secret, garbage.
    const payload = JSON.parse(Buffer.from(good, 'base64').toString());
    const key: string = payload.solution.derivedKey;
    const forgedKey = (key[0] === '0' ? '1' : '0') + key.slice(1);
    const forged = Buffer.from(JSON.stringify({ ...payload, solution: { ...payload.solution, derivedKey: forgedKey } })).toString('base64');
    expect((await guest(forged)).body.error?.code).toBe('BOT_CHECK_FAILED');
    const resigned = Buffer.from(JSON.stringify({ ...payload, challenge: { ...payload.challenge, signature: 'ab'.repeat(32) } })).toString('base64');
    expect((await guest(resigned)).body.error?.code).toBe('BOT_CHECK_FAILED');
    expect((await guest('not-a-token')).body.error?.code).toBe('BOT_CHECK_FAILED');
    // A real token works once.
    const first = await guest(good);
    expect(first.status).toBe(202);
    expect(first.body.device).toMatchObject({ deviceId: serial, externalId: id, consumerId: null, userId: null, status: 'guest' });
    const replay = await restCall(server, 'POST', '/api/devices/guest', { deviceId: await freshSerial(server), externalId: id }, { headers: { [BOT_CHECK_HEADER]: good } });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('BOT_CHECK_FAILED');
  });

  it('answers a guest without an external id with the spec\'s words, unassigns with the right one only, and lets an account claim it', async () => {
    const serial = await freshSerial(server, 'EMBER-NOVA-MIDNIGHT');
    const id = externalId();
    const missing = await restCall(server, 'POST', '/api/devices/guest', { deviceId: serial }, { headers: { [BOT_CHECK_HEADER]: await solvedToken(server) } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('User id is not defined');
    expect((await restCall(server, 'POST', '/api/devices/guest', { deviceId: serial, externalId: id }, { headers: { [BOT_CHECK_HEADER]: await solvedToken(server) } })).status).toBe(202);
    // Taken by a guest: a customer's registration is 409.
    const c = await createCustomer(server);
    expect((await register(c, serial)).status).toBe(409);
    // A claim without the external id is answered like an unknown device; with it, the device is the customer's.
    expect((await restCall(server, 'PATCH', `/api/devices/${serial}/consumer`, { consumerId: c.uuid }, { token: c.token })).status).toBe(404);
    expect((await restCall(server, 'PATCH', `/api/devices/${serial}/consumer`, { consumerId: c.uuid, externalId: externalId() }, { token: c.token })).status).toBe(404);
    const claimed = await restCall(server, 'PATCH', `/api/devices/${serial}/consumer`, { consumerId: c.uuid, externalId: id }, { token: c.token });
    expect(claimed.status).toBe(202);
    expect(claimed.body.device).toMatchObject({ consumerId: c.uuid, userId: c.uuid, externalId: null, status: 'assigned' });
    expect((await restCall(server, 'PATCH', `/api/devices/guest/${serial}/unassign`, { externalId: id })).status).toBe(404);

    const second = await freshSerial(server);
    expect((await restCall(server, 'POST', '/api/devices/guest', { deviceId: second, externalId: id }, { headers: { [BOT_CHECK_HEADER]: await solvedToken(server) } })).status).toBe(202);
    const noId = await restCall(server, 'PATCH', `/api/devices/guest/${second}/unassign`, {});
    expect(noId.status).toBe(400);
    expect(noId.body.error.message).toBe('User id is not defined');
    expect((await restCall(server, 'PATCH', `/api/devices/guest/${second}/unassign`, { externalId: externalId() })).status).toBe(404);
    expect((await restCall(server, 'PATCH', `/api/devices/guest/${second}/unassign`, { externalId: id })).status).toBe(202);
  });

  it('accepts an optional token on a customer\'s registration, and refuses a bad one', async () => {
    const c = await createCustomer(server);
    const serial = await freshSerial(server);
    const bad = await restCall(server, 'POST', '/api/devices', { consumerId: c.uuid, deviceId: serial }, { token: c.token, headers: { [BOT_CHECK_HEADER]: 'forged' } });
    expect(bad.status).toBe(400);
    const good = await restCall(server, 'POST', '/api/devices', { consumerId: c.uuid, deviceId: serial }, { token: c.token, headers: { [BOT_CHECK_HEADER]: await solvedToken(server) } });
    expect(good.status).toBe(202);
  });
});

describe('devices: one owner per serial', () => {
  it('gives 20 parallel registrations of one serial by 20 customers exactly one owner', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(server)));
    const serial = await freshSerial(server);
    const results = await Promise.all(customers.map((c) => register(c, serial)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = customers[results.findIndex((r) => r.status === 202)]!;
    const { rows } = await server.app.db.query<{ consumer_uuid: string; state: string }>(`SELECT consumer_uuid::text AS consumer_uuid, state FROM devices_device WHERE serial = $1`, [serial]);
    expect(rows).toEqual([{ consumer_uuid: winner.uuid, state: 'assigned' }]);
  });

  it('refuses a second owner in the database itself', async () => {
    const c = await createCustomer(server);
    const serial = await freshSerial(server);
    await expect(server.app.db.query(`UPDATE devices_device SET state = 'guest', consumer_uuid = $2 WHERE serial = $1`, [serial, c.uuid])).rejects.toThrow();
    await expect(server.app.db.query(`INSERT INTO devices_device (serial, model_code, random_code, tracking_code) VALUES ($1, 'EMBER-ONE-SLATE', 'ABC123', 'TRK-DUPLICATE1')`, [serial])).rejects.toThrow();
  });
});

describe('devices: attempt budgets', () => {
  it('locks an account out after 10 wrong codes, before any lookup', async () => {
    const c = await createCustomer(server);
    for (let i = 0; i < 10; i++) expect((await register(c, unknownSerial())).status).toBe(406);
    const good = await freshSerial(server);
    const locked = await register(c, good);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('RATE_LIMITED');
    expect((await restCall(server, 'GET', `/api/devices/validation/${good}`, undefined, { token: c.token })).status).toBe(429);
    // Another account is not affected.
    expect((await register(await createCustomer(server), good)).status).toBe(202);
  });

  it('limits guests per IP', async () => {
    const strict = await startTestServer({ ...BOT, RATE_LIMIT_IP_FACTOR: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await restCall(strict, 'GET', `/api/devices/validation/${unknownSerial()}`)).status);
      expect(statuses.slice(0, 20).every((s) => s === 406)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it('counts every attempt per IP, right codes too', async () => {
    const strict = await startTestServer({ ...BOT, RATE_LIMIT_IP_FACTOR: '1' });
    try {
      const good = await freshSerial(strict);
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await restCall(strict, 'GET', `/api/devices/validation/${good}`)).status);
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
