import { restCall } from '@ember/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

interface Item { id: string; distance_km: number | null; type: string; opening_hours: { weekday: number; day_name: string; spans: { opens: string; closes: string }[] }[] }
const search = (query: string, store = 'gb') => restCall(server, 'GET', `/api/store-locator/stores${query}`, undefined, { store });

// Geodesic distances on the WGS84 ellipsoid (Vincenty), computed apart from the shop's haversine.
const TRAFALGAR = { lat: 51.508, lng: -0.1281 };
const FROM_TRAFALGAR: [string, number][] = [
  ['gb-london-carnaby', 0.958], ['gb-london-victoria', 1.806], ['gb-london-kings-cross', 2.554], ['gb-london-canary-wharf', 7.262],
  ['gb-manchester', 262.438], ['gb-edinburgh', 534.39], ['gb-glasgow', 555.709],
];
const PARISER_PLATZ = { lat: 52.5163, lng: 13.3777 };
const FROM_PARISER_PLATZ: [string, number][] = [['de-berlin', 0.974], ['de-berlin-alexanderplatz', 2.377], ['de-berlin-kudamm', 3.391], ['de-hamburg', 254.11], ['de-muenchen', 503.744]];

function expectNearestFirst(items: Item[], known: [string, number][]) {
  const distances = items.map((i) => i.distance_km!);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  const ids = items.map((i) => i.id);
  expect(ids.filter((id) => known.some(([k]) => k === id))).toEqual(known.map(([k]) => k));
  for (const [id, expected] of known) {
    const got = items.find((i) => i.id === id)!.distance_km!;
    expect(Math.abs(got - expected) / expected, `${id}: ${got} km, geodesic ${expected} km`).toBeLessThan(0.005);
  }
}

describe('GET /api/store-locator/stores', () => {
  it('answers the store view\'s stores nearest first, with distances within 0.5 % of the geodesic ones', async () => {
    const gb = await search(`?lat=${TRAFALGAR.lat}&lng=${TRAFALGAR.lng}`);
    expect(gb.status, JSON.stringify(gb.body)).toBe(200);
    expect(gb.body.origin).toEqual({ latitude: TRAFALGAR.lat, longitude: TRAFALGAR.lng, label: null });
    expect(gb.body.items[0].id).toBe('gb-london-carnaby');
    expectNearestFirst(gb.body.items, FROM_TRAFALGAR);
    expect(gb.body.items.every((i: { country_code: string }) => i.country_code === 'GB')).toBe(true);
    expect(gb.headers.get('cache-control')).toContain('public');
    const de = await search(`?lat=${PARISER_PLATZ.lat}&lng=${PARISER_PLATZ.lng}`, 'de');
    expectNearestFirst(de.body.items, FROM_PARISER_PLATZ);
    expect(de.body.items.map((i: Item) => i.id)).not.toContain('gb-london-carnaby');
  });

  it('keeps stores within the distance, of the type asked for, up to the limit', async () => {
    const near = await search(`?lat=${TRAFALGAR.lat}&lng=${TRAFALGAR.lng}&distance=3`);
    expect(near.body.items.map((i: Item) => i.id)).toEqual(['gb-london-carnaby', 'gb-london-victoria', 'gb-london-kings-cross']);
    const kiosks = await search(`?lat=${TRAFALGAR.lat}&lng=${TRAFALGAR.lng}&type=kiosk`);
    expect(kiosks.body.items.length).toBeGreaterThan(0);
    expect(kiosks.body.items.every((i: Item) => i.type === 'kiosk')).toBe(true);
    const two = await search(`?lat=${TRAFALGAR.lat}&lng=${TRAFALGAR.lng}&limit=2`);
    expect(two.body.items.map((i: Item) => i.id)).toEqual(['gb-london-carnaby', 'gb-london-victoria']);
  });

  describe('with more than 1000 stores', () => {
    const ids = Array.from({ length: 1005 }, (_, i) => `zz-limit-${String(i).padStart(4, '0')}`);
    afterAll(async () => {
      await db.query(`DELETE FROM store_locator_store WHERE id = ANY($1::text[])`, [ids]);
    });

    it('answers 1000 by default and at most, and refuses a larger limit', async () => {
      // Far out in the southern ocean, seen only by the trial store view, as kiosks of their own.
      await db.query(
        `INSERT INTO store_locator_store (id, external_id, type, name, street, city, country_code, latitude, longitude)
         SELECT id, 'ZZ-' || id, 'kiosk', 'Limit ' || id, 'Street', 'Nowhere', 'GB', -60 - n * 0.0001, 170 FROM unnest($1::text[]) WITH ORDINALITY AS t (id, n)`,
        [ids],
      );
      await db.query(`INSERT INTO store_locator_store_view (store_code, store_id) SELECT 'gb_trial', id FROM unnest($1::text[]) AS id`, [ids]);
      const all = await search('?lat=-60&lng=170&type=kiosk', 'gb_trial');
      expect(all.status).toBe(200);
      expect(all.body.items).toHaveLength(1000);
      expect(all.body.items[0].id).toBe('zz-limit-0000');
      expect((await search('?lat=-60&lng=170&type=kiosk&limit=1000', 'gb_trial')).body.items).toHaveLength(1000);
      const tooMany = await search('?lat=-60&lng=170&limit=1001', 'gb_trial');
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.code).toBe('VALIDATION_FAILED');
    });
  });

  it('finds stores near a postcode or city through the address table', async () => {
    const sw1a = await search('?q=SW1A');
    expect(sw1a.status).toBe(200);
    expect(sw1a.body.origin.label).toMatch(/^SW1A London$/);
    expect(sw1a.body.items[0].distance_km).toBeLessThan(2);
    expect(['gb-london-carnaby', 'gb-london-victoria']).toContain(sw1a.body.items[0].id);
    const berlin = await search('?q=10117', 'de');
    expect(berlin.body.items[0].id).toBe('de-berlin');
    const hamburg = await search('?q=Hamburg', 'de');
    expect(hamburg.body.items[0].id).toMatch(/^de-hamburg/);
    const zurich = await search(`?q=${encodeURIComponent('Zürich')}`, 'ch');
    expect(zurich.body.items[0].id).toMatch(/^ch-zuerich/);
    const unknown = await search('?q=Atlantis');
    expect(unknown.body).toEqual({ origin: null, items: [], map: null });
  });

  it('lists the store view\'s stores without a point, without distances', async () => {
    const r = await search('', 'ch');
    expect(r.body.origin).toBeNull();
    expect(r.body.items.map((i: Item) => i.id)).toEqual(expect.arrayContaining(['ch-zuerich', 'ch-basel', 'ch-geneve', 'ch-bern']));
    expect(r.body.items.every((i: Item) => i.distance_km === null)).toBe(true);
  });

  it.each([
    ['?lat=91&lng=0'], ['?lat=0&lng=181'], ['?lat=abc&lng=0'], ['?lat=1e1&lng=0'], ['?lat=51.5'], ['?lng=0.1'], ['?lat=51&lng=0&distance=-1'],
    ['?lat=51&lng=0&distance=0'], ['?lat=51&lng=0&type=castle'], ['?lat=51&lng=0&limit=0'], ['?lat=51&lng=0&limit=1.5'], ['?lat=51&lng=0&q=SW1A'],
    ['?q=%3Cb%3E'], ['?q=x'], ['?lat=51&lng=0&radius=3'],
  ])('refuses bad input %s with 400', async (query) => {
    const r = await search(query);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/store-locator/stores/{id} and by-external-id', () => {
  it('answers a store\'s page with hours, services and description in the store view\'s language', async () => {
    const en = await restCall(server, 'GET', '/api/store-locator/stores/gb-london-carnaby', undefined, { store: 'gb' });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ id: 'gb-london-carnaby', external_id: 'EMB-GB-0001', type: 'shop', street: '12 Carnaby Street', postcode: 'W1F 9PS', is_pickup: true, timezone: 'Europe/London' });
    expect(en.body.opening_hours[0]).toEqual({ weekday: 1, day_name: 'Monday', spans: [{ opens: '10:00', closes: '20:00' }] });
    expect(en.body.opening_hours[6]).toEqual({ weekday: 7, day_name: 'Sunday', spans: [{ opens: '12:00', closes: '18:00' }] });
    expect(en.body.services.map((s: { label: string }) => s.label)).toContain('Device repair');
    expect(en.body.description).toMatch(/Our own store/);
    expect(en.body).not.toHaveProperty('distance_km');
    const de = await restCall(server, 'GET', '/api/store-locator/stores/de-berlin-kudamm', undefined, { store: 'de' });
    expect(de.body.opening_hours.map((d: { day_name: string }) => d.day_name)).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']);
    expect(de.body.opening_hours[0].spans).toEqual([{ opens: '09:00', closes: '13:00' }, { opens: '14:00', closes: '18:00' }]);
    expect(de.body.opening_hours[6].spans).toEqual([]);
    expect(de.body.services.map((s: { label: string }) => s.label)).toEqual(['Gerätereparatur', 'Geräte-Recycling']);
  });

  it('finds a store by the retail system\'s id', async () => {
    const r = await restCall(server, 'GET', '/api/store-locator/stores/by-external-id/EMB-GB-0010', undefined, { store: 'gb' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: 'gb-manchester', name: 'Ember Store Manchester' });
    const ch = await restCall(server, 'GET', '/api/store-locator/stores/by-external-id/EMB-CH-0020', undefined, { store: 'ch' });
    expect(ch.body.id).toBe('ch-geneve');
  });

  it('answers 404 for an unknown store or one another store view shows, 400 for a malformed id', async () => {
    for (const [path, store] of [['/api/store-locator/stores/gb-nowhere', 'gb'], ['/api/store-locator/stores/gb-manchester', 'de'], ['/api/store-locator/stores/by-external-id/EMB-GB-0010', 'ch'], ['/api/store-locator/stores/by-external-id/NOPE-1', 'gb']]) {
      const r = await restCall(server, 'GET', path!, undefined, { store });
      expect(r.status, path).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
    const bad = await restCall(server, 'GET', '/api/store-locator/stores/Not%20An%20Id', undefined, { store: 'gb' });
    expect(bad.status).toBe(400);
  });
});
