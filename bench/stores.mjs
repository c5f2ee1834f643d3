// The store locator's figures of `npm run bench`: distance searches from points spread over the
// three markets (city centres, suburbs, the countryside between), some within a distance, some of
// one kind of store, each in the store view of its country.
import { URLSearchParams } from 'node:url';

const CENTRES = {
  gb: [[51.5074, -0.1278], [53.4808, -2.2426], [52.4862, -1.8904], [55.9533, -3.1883], [51.4545, -2.5879], [53.8008, -1.5491]],
  de: [[52.52, 13.405], [48.1351, 11.582], [53.5511, 9.9937], [50.9375, 6.9603], [50.1109, 8.6821], [51.3397, 12.3731]],
  ch: [[47.3769, 8.5417], [46.2044, 6.1432], [47.5596, 7.5886], [46.948, 7.4474], [46.5197, 6.6323], [47.0502, 8.3093]],
};

/** `count` searches (default 90): a deterministic walk around each market's centres. */
export function storeSearchRequests(count = 90) {
  const requests = [];
  const stores = Object.keys(CENTRES);
  for (let i = 0; i < count; i++) {
    const store = stores[i % stores.length];
    const centres = CENTRES[store];
    const [lat, lng] = centres[Math.floor(i / stores.length) % centres.length];
    // Up to about 20 km off the centre, a different direction each time.
    const angle = (i * 137.5 * Math.PI) / 180;
    const off = ((i * 7) % 20) / 111;
    const query = new URLSearchParams({ lat: (lat + Math.sin(angle) * off).toFixed(5), lng: (lng + Math.cos(angle) * off).toFixed(5) });
    if (i % 3 === 1) query.set('distance', String(25 + (i % 4) * 100));
    if (i % 5 === 2) query.set('type', 'shop');
    if (i % 4 === 3) query.set('limit', '10');
    requests.push({ method: 'GET', path: `/api/store-locator/stores?${query}`, headers: { store } });
  }
  return requests;
}
