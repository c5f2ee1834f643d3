import { createCustomer, createOperator, restCall, type TestOperator } from '@ember/test-support';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

const TOKEN = 'stores-console-token-0123456789abcdef';
let server: TestServer;
serveForSuite((s) => {
  server = s;
}, { ADMIN_TOKEN: TOKEN });

let marketing: TestOperator;
let support: TestOperator;
let fulfilment: TestOperator;
let owner: TestOperator;
beforeAll(async () => {
  [marketing, support, fulfilment, owner] = await Promise.all([
    createOperator(server, TOKEN, 'marketing'), createOperator(server, TOKEN, 'support'), createOperator(server, TOKEN, 'fulfilment'), createOperator(server, TOKEN, 'owner'),
  ]);
});

const unique = () => randomBytes(4).toString('hex');
const newStore = (over: Record<string, unknown> = {}) => {
  const u = unique();
  return {
    id: `gb-test-${u}`, external_id: `TEST-${u}`, type: 'shop', name: `Ember Covent Garden ${u}`, street: '1 Long Acre', city: 'London', postcode: 'WC2E 9LH',
    country_code: 'GB', telephone: '+442071234567', latitude: 51.5122, longitude: -0.1246, timezone: 'Europe/London', is_active: true,
    store_views: [{ store_code: 'gb', is_pickup: false, position: 50 }],
    texts: [{ language: 'en', description: 'Our shop by the market.' }],
    hours: [{ weekday: 1, opens: '09:00', closes: '13:00' }, { weekday: 1, opens: '14:00', closes: '18:00' }, { weekday: 6, opens: '10:00', closes: '16:00' }],
    services: ['device_repair', 'trial_devices'],
    ...over,
  };
};
const publicStore = (id: string, store = 'gb') => restCall(server, 'GET', `/api/store-locator/stores/${id}`, undefined, { store });

describe('the console\'s stores', () => {
  it('adds a store shoppers find in its store views, changes it, hides and shows it, each audited', async () => {
    const body = newStore();
    const created = await marketing.call('POST', '/admin/stores', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ id: body.id, latitude: 51.5122, hours: body.hours, services: ['device_repair', 'trial_devices'], store_views: body.store_views });
    const seen = await publicStore(body.id);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ name: body.name, description: 'Our shop by the market.' });
    expect((await publicStore(body.id, 'de')).status).toBe(404);
    const near = await restCall(server, 'GET', '/api/store-locator/stores?lat=51.5122&lng=-0.1246&distance=1', undefined, { store: 'gb' });
    expect(near.body.items[0].id).toBe(body.id);

    const list = await support.call('GET', `/admin/stores?q=${encodeURIComponent(body.name)}&store=gb&enabled=true&type=shop`);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id: body.id, store_views: ['gb'], is_active: true })]);
    expect(list.body.page_info.total).toBe(1);

    const { id: _id, ...rest } = body;
    void _id;
    const changed = await marketing.call('PUT', `/admin/stores/${body.id}`, { ...rest, name: `${body.name} (new)`, store_views: [...body.store_views, { store_code: 'de', is_pickup: false, position: 9 }], texts: [...body.texts, { language: 'de', description: 'Unser Laden am Markt.' }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await publicStore(body.id, 'de')).body).toMatchObject({ name: `${body.name} (new)`, description: 'Unser Laden am Markt.' });

    const hidden = await marketing.call('POST', `/admin/stores/${body.id}/state`, { is_active: false });
    expect(hidden.body.is_active).toBe(false);
    expect((await publicStore(body.id)).status).toBe(404);
    expect((await marketing.call('POST', `/admin/stores/${body.id}/state`, { is_active: true })).status).toBe(200);
    expect((await publicStore(body.id)).status).toBe(200);

    const audit = (await owner.call('GET', `/admin/audit?entity_type=store&entity_id=${body.id}`)).body.items as { action: string; before: unknown; after: unknown }[];
    expect(audit.map((a) => a.action)).toEqual(['store.enable', 'store.disable', 'store.update', 'store.create']);
    expect(audit[2]).toMatchObject({ before: { name: body.name }, after: { name: `${body.name} (new)` } });
    expect(audit[1]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
  });

  it('refuses bad stores with 400, taken ids with 409, unknown stores with 404, and other roles and customers', async () => {
    const bads = [
      newStore({ latitude: 91 }), newStore({ longitude: -181 }), newStore({ latitude: 51, longitude: null }), newStore({ id: 'A B' }), newStore({ telephone: '0207' }),
      newStore({ country_code: 'XX' }), newStore({ store_views: [{ store_code: 'nowhere' }] }), newStore({ texts: [{ language: 'fr', description: 'x' }] }),
      newStore({ hours: [{ weekday: 8, opens: '09:00', closes: '10:00' }] }), newStore({ hours: [{ weekday: 1, opens: '18:00', closes: '09:00' }] }),
      newStore({ hours: [{ weekday: 1, opens: '09:00', closes: '12:00' }, { weekday: 1, opens: '11:00', closes: '13:00' }] }), newStore({ hours: [{ weekday: 1, opens: '25:00', closes: '26:00' }] }),
      newStore({ services: ['teleportation'] }), newStore({ timezone: 'Mars/Olympus' }), newStore({ name: '<b>x</b>' }), newStore({ type: 'warehouse' }), newStore({ unknown: true }),
    ];
    for (const bad of bads) {
      const r = await marketing.call('POST', '/admin/stores', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const first = newStore();
    expect((await marketing.call('POST', '/admin/stores', first)).status).toBe(201);
    expect((await marketing.call('POST', '/admin/stores', { ...newStore(), id: first.id })).status).toBe(409);
    expect((await marketing.call('POST', '/admin/stores', { ...newStore(), external_id: first.external_id })).status).toBe(409);
    const { id: _id, ...rest } = newStore();
    void _id;
    expect((await marketing.call('PUT', '/admin/stores/no-such-store', rest)).status).toBe(404);
    const second = newStore();
    expect((await marketing.call('POST', '/admin/stores', second)).status).toBe(201);
    expect((await marketing.call('PUT', `/admin/stores/${first.id}`, { ...rest, external_id: second.external_id })).status).toBe(409);
    expect((await support.call('GET', '/admin/stores/no-such-store')).status).toBe(404);
    expect((await support.call('GET', '/admin/stores?enabled=maybe')).status).toBe(400);
    expect((await support.call('GET', '/admin/store-services')).body.items).toContainEqual(expect.objectContaining({ code: 'device_repair', labels: expect.objectContaining({ de: 'Gerätereparatur' }) }));
    expect((await support.call('POST', '/admin/stores', newStore())).status).toBe(403);
    expect((await support.call('POST', `/admin/stores/${first.id}/state`, { is_active: false })).status).toBe(403);
    expect((await fulfilment.call('GET', '/admin/stores')).status).toBe(403);
    expect((await restCall(server, 'GET', '/admin/stores')).status).toBe(401);
    const customer = await createCustomer(server);
    expect((await restCall(server, 'GET', '/admin/stores', undefined, { token: customer.token })).status).toBe(401);
  });
});
