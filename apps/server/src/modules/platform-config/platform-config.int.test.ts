import { restCall } from '@ember/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';

const ADMIN = 'platform-config-suite-admin-token-0123456789';
/** Two instances on one database, as behind a load balancer: an operator's change through one is seen by the other. */
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  one = await startTestServer({ ADMIN_TOKEN: ADMIN });
  two = await startTestServer({ ADMIN_TOKEN: ADMIN });
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
});

const configurationOf = (target: TestServer, store: string) => restCall(target, 'GET', '/api/platform/configuration', undefined, { store });
const put = (target: TestServer, store: string, body: unknown, token: string | null = ADMIN) =>
  restCall(target, 'PUT', `/admin/platform/configuration/${store}`, body, { token: token ?? undefined });

describe('GET /api/platform/configuration', () => {
  it('answers each market\'s settings from what it really has, loyalty as the spec\'s string "true"', async () => {
    const gb = await configurationOf(one, 'gb');
    expect(gb.status).toBe(200);
    expect(gb.body.store_code).toBe('gb');
    expect(gb.body.settings).toMatchObject({
      loyalty_enabled: 'true', trials_enabled: false, subscriptions_enabled: true, devices_enabled: true,
      payment_families: ['card', 'bank_transfer'], request_timeout_ms: 5000, loyalty_timeout_ms: 5000,
      default_cache_time_ms: 300_000, trade_in_stale_time_ms: 5000,
    });
    const trial = await configurationOf(one, 'gb_trial');
    expect(trial.body.settings).toMatchObject({ loyalty_enabled: 'false', trials_enabled: true, subscriptions_enabled: false });
    const de = await configurationOf(one, 'de');
    expect(de.body.settings).toMatchObject({ loyalty_enabled: 'true', trials_enabled: false });
  });

  it('is public and cached for the spec\'s default cache time, per store view', async () => {
    const r = await configurationOf(one, 'ch');
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
    expect(r.headers.get('vary')).toContain('Store');
  });

  it('refuses an unknown store view', async () => {
    const r = await configurationOf(one, 'xx');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('UNKNOWN_STORE');
  });
});

describe('PUT /admin/platform/configuration/{store}', () => {
  it('is seen at once by another instance sharing the database, and is recorded with its operator', async () => {
    // Both instances keep ch's settings in memory first.
    const before = (await configurationOf(two, 'ch')).body.settings.trade_in_stale_time_ms as number;
    await configurationOf(one, 'ch');
    try {
      const r = await put(one, 'ch', { operator: 'Olivia Operator', settings: { trade_in_stale_time_ms: before + 1234 } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.settings.trade_in_stale_time_ms).toBe(before + 1234);
      // The other instance drops its copy on the database's change announcement.
      await expect.poll(async () => (await configurationOf(two, 'ch')).body.settings.trade_in_stale_time_ms, { timeout: 5000 }).toBe(before + 1234);
      const history = await restCall(two, 'GET', '/admin/platform/configuration/ch/history', undefined, { token: ADMIN });
      expect(history.status).toBe(200);
      expect(history.body.changes[0]).toMatchObject({ key: 'trade_in_stale_time_ms', old_value: before, new_value: before + 1234, changed_by: 'Olivia Operator' });
    } finally {
      expect((await put(one, 'ch', { operator: 'Olivia Operator', settings: { trade_in_stale_time_ms: before } })).status).toBe(200);
    }
    await expect.poll(async () => (await configurationOf(two, 'ch')).body.settings.trade_in_stale_time_ms, { timeout: 5000 }).toBe(before);
  });

  it.each([
    ['a value of the wrong type', { loyalty_enabled: true }],
    ['a string flag other than "true" or "false"', { loyalty_enabled: 'yes' }],
    ['a boolean given as a string', { search_enabled: 'false' }],
    ['a timeout out of range', { request_timeout_ms: 10 }],
    ['a fractional timeout', { loyalty_timeout_ms: 5000.5 }],
    ['an unknown payment family', { payment_families: ['cash'] }],
    ['an unknown key', { dark_mode: true }],
    ['no setting at all', {}],
  ])('refuses %s with 400 and changes nothing', async (_what, settings) => {
    const before = (await configurationOf(one, 'ch')).body;
    const r = await put(one, 'ch', { operator: 'Olivia Operator', settings });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect((await configurationOf(one, 'ch')).body).toEqual(before);
  });

  it('names a script\'s change without an operator name as the token, and refuses an unknown store view', async () => {
    const before = (await configurationOf(one, 'ch')).body.settings.trade_in_stale_time_ms as number;
    try {
      expect((await put(one, 'ch', { settings: { trade_in_stale_time_ms: before + 7 } })).status).toBe(200);
      const history = await restCall(one, 'GET', '/admin/platform/configuration/ch/history', undefined, { token: ADMIN });
      expect(history.body.changes[0]).toMatchObject({ key: 'trade_in_stale_time_ms', new_value: before + 7, changed_by: 'ADMIN_TOKEN' });
    } finally {
      expect((await put(one, 'ch', { operator: 'Olivia Operator', settings: { trade_in_stale_time_ms: before } })).status).toBe(200);
    }
    expect((await put(one, 'nowhere', { operator: 'O', settings: { search_enabled: true } })).status).toBe(400);
  });

  it('refuses a caller without the operator token (401)', async () => {
    const r = await put(one, 'ch', { operator: 'Mallory', settings: { search_enabled: false } }, null);
    expect(r.status).toBe(401);
    expect((await put(one, 'ch', { operator: 'Mallory', settings: { search_enabled: false } }, 'not-the-operator-token-0123456789abcdef')).status).toBe(401);
    expect((await restCall(one, 'GET', '/admin/platform/configuration/ch/history')).status).toBe(401);
    expect((await configurationOf(one, 'ch')).body.settings.search_enabled).toBe(true);
  });
});
